/**
 * The service families, from the contract's tags: the one list that the home page cards, the
 * footer, the llms.txt summary and /api read. Adding a family is a tag in openapi/openapi.yaml
 * (with `x-displayName`, `description`, its group in `x-tagGroups` and, where it has one, its
 * overview page in `x-overview`), its pages and its sidebar entry; nothing here changes.
 *
 * Pure: tag views in, families out.
 */
import type {OpenApiDocument} from './openapi';
import type {IndexEntry, TagView} from './types';

/**
 * Every tag of the contract with its group and its operations and webhooks, group by group in the
 * order of `x-tagGroups`, each group's tags as it lists them (tags in no group last, as "Other").
 */
export function tagViews(doc: Pick<OpenApiDocument, 'tags' | 'x-tagGroups'>, index: readonly IndexEntry[]): TagView[] {
  const groups = doc['x-tagGroups'] ?? [];
  // Group by group, each group's tags in the order it lists them; stable for tags in no group.
  const rank = (name: string): number => {
    const at = groups.findIndex((g) => g.tags.includes(name));
    return at < 0 ? Number.MAX_SAFE_INTEGER : at * 1000 + (groups[at]?.tags.indexOf(name) ?? 0);
  };
  return [...doc.tags]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((t) => ({
      name: t.name,
      label: t['x-displayName'] ?? t.name,
      description: t.description,
      group: groups.find((g) => g.tags.includes(t.name))?.name ?? 'Other',
      ...(t['x-overview'] ? {overview: t['x-overview']} : {}),
      entries: index.filter((e) => e.tag === t.name),
    }));
}

export interface Family {
  /** The first tag of the family (`aeps`). */
  readonly name: string;
  /** `x-displayName` of that tag: "Aadhaar banking (AEPS)". */
  readonly label: string;
  readonly description: string;
  /** Its group in `x-tagGroups`: "Banking". */
  readonly group: string;
  /** The page that introduces it: `x-overview`, else the first page of its operations. */
  readonly href: string;
}

/**
 * One family per page that introduces one: tags that share an overview page (`aeps` and
 * `aeps-airtel` both open /docs/v1/aeps) are one family, named by the first of them in the
 * contract's order. A tag whose operations have no page yet has no family (draft builds).
 */
export function familiesOf(tags: readonly TagView[]): Family[] {
  const byHref = new Map<string, Family>();
  for (const tag of tags) {
    const href = tag.overview ?? tag.entries.find((e) => e.href)?.href;
    if (!href || byHref.has(href)) continue;
    byHref.set(href, {name: tag.name, label: tag.label, description: tag.description, group: tag.group, href});
  }
  return [...byHref.values()];
}

/** Families by group, groups in the order they first appear. */
export function familiesByGroup<T extends Pick<Family, 'group'>>(
  families: readonly T[],
): {group: string; families: T[]}[] {
  const groups = new Map<string, T[]>();
  for (const f of families) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return [...groups].map(([group, list]) => ({group, families: list}));
}
