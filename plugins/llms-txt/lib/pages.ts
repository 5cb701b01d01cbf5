/**
 * Which pages get a Markdown twin and in which order llms.txt and llms-full.txt list them: the
 * docs plugin's docs and the pages plugin's MDX pages, ordered by the sidebar. Pure: Docusaurus'
 * loaded content in, pages out.
 */
import path from 'node:path';
import type {DocMetadata, LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';

/** One page the plugin writes a twin for. */
export interface Page {
  /** Route with base URL, as Docusaurus gives it ('/docs/v1/service/aeps/withdrawal'). */
  readonly permalink: string;
  readonly title: string;
  readonly description: string;
  /** Absolute path of the MDX source. */
  readonly file: string;
}

/** The parts of a loaded sidebar item read here (see @docusaurus/plugin-content-docs sidebars/types). */
export type SidebarItem =
  | {readonly type: 'doc' | 'ref'; readonly id: string}
  | {readonly type: 'link'; readonly href: string}
  | {
      readonly type: 'category';
      readonly label: string;
      readonly items: readonly SidebarItem[];
      readonly link?: {readonly type: string; readonly id?: string};
    }
  | {readonly type: 'html'};

export interface Section {
  readonly title: string;
  readonly pages: readonly Page[];
}

export interface SitePages {
  /** Every doc, with its id and whether it is unlisted. */
  readonly docs: readonly {readonly id: string; readonly page: Page; readonly unlisted: boolean}[];
  /** MDX pages of src/pages (not unlisted). */
  readonly extra: readonly Page[];
}

/** `@site/docs/x.mdx` -> the absolute path of the file. */
export function sourceFile(source: string, siteDir: string): string {
  return path.resolve(source.replace(/^@site\//, `${siteDir}/`));
}

function toPage(doc: Pick<DocMetadata, 'permalink' | 'title' | 'description' | 'source'>, siteDir: string): Page {
  return {
    permalink: doc.permalink,
    title: doc.title,
    description: doc.description,
    file: sourceFile(doc.source, siteDir),
  };
}

/** The docs of one version and the MDX pages, as pages with their source files. */
export function sitePages(version: LoadedVersion, pages: PagesContent, siteDir: string): SitePages {
  return {
    docs: version.docs.map((d) => ({id: d.id, page: toPage(d, siteDir), unlisted: Boolean(d.unlisted)})),
    extra: pages.flatMap((p) =>
      p.type === 'mdx' && !p.unlisted
        ? [
            toPage(
              {
                permalink: p.permalink,
                source: p.source,
                title: p.title ?? p.permalink,
                description: p.description ?? '',
              },
              siteDir,
            ),
          ]
        : [],
    ),
  };
}

/** Every doc the sidebar shows, in sidebar order, grouped by top-level category. */
export function sidebarSections(
  items: readonly SidebarItem[],
  docById: ReadonlyMap<string, Page>,
  pageByPath: ReadonlyMap<string, Page>,
): Section[] {
  const sections: Section[] = [];
  const loose: Page[] = [];
  const collect = (item: SidebarItem, into: Page[]): void => {
    if (item.type === 'doc' || item.type === 'ref') {
      const page = docById.get(item.id);
      if (page) into.push(page);
    } else if (item.type === 'link') {
      const page = pageByPath.get(item.href.replace(/[?#].*$/, ''));
      if (page) into.push(page);
    } else if (item.type === 'category') {
      if (item.link?.type === 'doc' && item.link.id) {
        const page = docById.get(item.link.id);
        if (page) into.push(page);
      }
      for (const child of item.items) collect(child, into);
    }
  };
  for (const item of items) {
    if (item.type === 'category') {
      const pages: Page[] = [];
      collect(item, pages);
      sections.push({title: item.label, pages});
    } else {
      collect(item, loose);
    }
  }
  return loose.length ? [{title: 'Docs', pages: loose}, ...sections] : sections;
}

/**
 * The sections of llms.txt: the sidebar's, then the extra pages and the docs it does not list.
 * Unlisted docs get a twin (their page exists) but stay out of the indexes, as they stay out of
 * the sidebar, the sitemap and search.
 */
export function llmsSections(site: SitePages, sidebar: readonly SidebarItem[], baseUrl: string): Section[] {
  const listedDocs = site.docs.filter((d) => !d.unlisted);
  const docById = new Map(listedDocs.map((d) => [d.id, d.page]));
  const pageByPath = new Map(site.extra.map((p) => [`/${p.permalink.slice(baseUrl.length)}`, p]));
  const sections = sidebarSections(sidebar, docById, pageByPath);
  const listed = new Set(sections.flatMap((s) => s.pages));
  const rest = (pages: readonly Page[]): Page[] => pages.filter((p) => !listed.has(p));
  return [
    ...sections,
    {title: 'Reference', pages: rest(site.extra)},
    {title: 'Other docs', pages: rest(listedDocs.map((d) => d.page))},
  ];
}

/** Every page that gets a twin: all docs (unlisted ones too) and the extra pages. */
export const twinPages = (site: SitePages): Page[] => [...site.docs.map((d) => d.page), ...site.extra];
