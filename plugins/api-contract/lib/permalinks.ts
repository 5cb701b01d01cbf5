/**
 * Where Docusaurus serves each content file: the permalinks the docs, pages and blog plugins
 * loaded, by source file. The reference links an operation's page by the route Docusaurus gave
 * the file that shows it, instead of working the route out from the file's path and front matter.
 * Pure: the plugins' loaded content in, a map out.
 */

/** The parts of the content plugins' loaded content read here. */
export interface LoadedContent {
  readonly 'docusaurus-plugin-content-docs'?: Readonly<
    Record<string, {readonly loadedVersions: readonly {readonly docs: readonly Sourced[]}[]} | undefined>
  >;
  readonly 'docusaurus-plugin-content-pages'?: Readonly<Record<string, readonly Sourced[] | undefined>>;
  readonly 'docusaurus-plugin-content-blog'?: Readonly<
    Record<string, {readonly blogPosts: readonly {readonly metadata: Sourced}[]} | undefined>
  >;
}

interface Sourced {
  /** `@site/docs/v1/service/aeps/withdrawal.mdx` */
  readonly source: string;
  readonly permalink: string;
}

/** Site-relative source file (`docs/v1/...mdx`) -> permalink, for every loaded doc, page and post. */
export function permalinksBySource(all: LoadedContent): Map<string, string> {
  const sourced: Sourced[] = [
    ...Object.values(all['docusaurus-plugin-content-docs'] ?? {}).flatMap(
      (docs) => docs?.loadedVersions.flatMap((v) => v.docs) ?? [],
    ),
    ...Object.values(all['docusaurus-plugin-content-pages'] ?? {}).flatMap((pages) => pages ?? []),
    ...Object.values(all['docusaurus-plugin-content-blog'] ?? {}).flatMap(
      (blog) => blog?.blogPosts.map((p) => p.metadata) ?? [],
    ),
  ];
  return new Map(sourced.map((s) => [s.source.replace(/^@site\//, ''), s.permalink]));
}
