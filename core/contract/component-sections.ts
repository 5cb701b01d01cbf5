/**
 * One pure builder per site-wide API component: the data the contract loader made (catalogue,
 * rate limits, families, downloads) and the labels in, the component's blocks (./sections.ts)
 * out. The api-contract plugin runs them at build time into the files the components import,
 * and the Markdown twin serialises the same blocks, so the words and the order are decided here
 * once for both.
 */
import {interpolate, type LabelId, type Labels} from './labels';
import {rateText, type RateLimitTable} from './rate-limits';
import {retryText} from './tree';
import type {Cell, Collapsed, ListBlock, ListItem, SectionBlock, Span, TableBlock, TableRow} from './sections';
import type {BreakingNote, ReleaseNote} from '../changelog/notes';
import type {DownloadLink} from './downloads';
import type {IndexEntry, ResponseCodeView, TagView} from './types';
import {
  CHANGELOG_FEEDS,
  changeAnchor,
  partAnchor,
  releaseAnchor,
  releaseParts,
  type RepeatedChange,
  releaseSummary,
  type ChangedItem,
  type ChangeLine,
  type ChangeType,
  type Release,
} from '../changelog/changelog';
import type {Deprecation, DeprecationPart} from './deprecations';
import {LEGACY_SIGNATURE_DEPRECATION, SIGNATURE_FORM_OPERATION} from './webhook-policy';

export interface PanStatus {
  readonly value: string;
  readonly meaning: string;
}

/** A link where the entry has a page, its words alone where it has none (draft builds). */
export const linkOr = (text: string, href: string | undefined): Span => (href ? {kind: 'link', text, href} : text);

/** `POST /path`, or the webhook word and the event's key. */
export const callOf = (entry: Pick<IndexEntry, 'kind' | 'method' | 'path'>, labels: Labels): Span => ({
  kind: 'call',
  method: entry.method,
  path: entry.path,
  ...(entry.kind === 'webhook' ? {webhook: labels['api.list.webhook']} : {}),
});

/**
 * <ResponseCodeTable>: the `response_code` catalogue; each row has the anchor `code-N` that pages link.
 * `code5` (core/behaviour/sections.ts `code5Cell`) goes after code 5's action: a link to `after`, the
 * blocks under the table (`code5Blocks`: per family, how it resolves); `code7` (`code7Cell`) under
 * code 7's: per status call, from when its 7 is final.
 */
export function responseCodeBlocks(
  codes: readonly ResponseCodeView[],
  labels: Labels,
  code5: Cell = [],
  byOperation: (code: number) => Cell = () => [],
  code7: Cell = [],
  after: readonly SectionBlock[] = [],
): SectionBlock[] {
  const table: TableBlock = {
    kind: 'table',
    wide: true,
    stack: true,
    searchWeight: 8,
    head: [
      labels['api.catalogue.code'],
      labels['api.catalogue.meaning'],
      labels['api.catalogue.action'],
      labels['api.catalogue.retry'],
    ],
    rows: codes.map((c) => ({
      key: String(c.code),
      id: `code-${c.code}`,
      cells: [
        [
          {kind: 'code', text: String(c.code), strong: true},
          {kind: 'line', text: c.name, name: true},
          ...(c.common ? [{kind: 'line', text: labels['api.catalogue.common'], name: true} as const] : []),
        ],
        [c.meaning],
        c.code === 5 ? [c.action, ...code5] : c.code === 7 ? [c.action, ...code7] : [c.action],
        // No catalogue rule: it differs by operation, and the derived table says how (`byOperation`).
        c.retry ? [{kind: 'retry', retry: c.retry, text: retryText(c.retry, labels)}] : byOperation(c.code),
      ],
    })),
  };
  return [table, ...after];
}

/** <RateLimitTable>: what Retry-After means, then every family's limit and the calls with their own. */
export function rateLimitBlocks(data: RateLimitTable, labels: Labels): SectionBlock[] {
  const own = (row: RateLimitTable['rows'][number]): Cell =>
    row.operations.length
      ? [{kind: 'items', items: row.operations.map((op) => [linkOr(op.summary, op.href), `: ${rateText(op.limit)}`])}]
      : [labels['api.limits.none']];
  return [
    {kind: 'paragraph', text: interpolate(labels['api.limits.retryAfter'], {meaning: data.retryAfter})},
    {
      kind: 'table',
      head: [labels['api.limits.family'], labels['api.limits.limit'], labels['api.limits.own']],
      rows: data.rows.map((row) => ({
        key: row.tag,
        id: `rate-${row.tag}`,
        cells: [[row.label], [rateText(row.limit)], own(row)],
      })),
    },
  ];
}

/** <PanStatusTable>: the values of a PAN application's `status`, each row anchored `status-<value>`. */
export function panStatusBlocks(statuses: readonly PanStatus[], labels: Labels): SectionBlock[] {
  return [
    {
      kind: 'table',
      head: [labels['api.pan.value'], labels['api.pan.meaning']],
      rows: statuses.map((s) => ({
        key: s.value,
        id: `status-${s.value.toLowerCase()}`,
        cells: [[{kind: 'code', text: s.value}], [s.meaning]],
      })),
    },
  ];
}

const DEPRECATION_PARTS: Readonly<Record<DeprecationPart, LabelId>> = {
  request: 'api.deprecations.request',
  response: 'api.deprecations.response',
  webhook: 'api.deprecations.webhook',
  form: 'api.deprecations.form',
};

/** One row: a renamed field as code after its part, or an old form (`x-transitions`) in its own words. */
function deprecationRow(d: Deprecation, labels: Labels, linkTo: (id: string) => Span): TableRow {
  const where: Span[] =
    d.part === 'form' && d.entries.length === 0
      ? [labels['api.deprecations.everyCall']]
      : [{kind: 'items', items: d.entries.map((id) => [linkTo(id)])}];
  const names: [Span[], Span[]] =
    d.part === 'form'
      ? [[d.old], [d.replacement]]
      : [[`${labels[DEPRECATION_PARTS[d.part]]} `, {kind: 'code', text: d.old}], [{kind: 'code', text: d.replacement}]];
  return {key: `${d.part}-${d.old}-${d.replacement}`, cells: [...names, where, [d.sunset]]};
}

/**
 * <Deprecations>: every old form still working, from the contract (./deprecations.ts
 * `contractDeprecations`), then the 1.0.0 webhook signature form (./webhook-policy.ts), each with
 * what replaces it, the operations and webhooks that carry it, linked, and its sunset date.
 */
export function deprecationBlocks(
  deprecations: readonly Deprecation[],
  labels: Labels,
  entry: (id: string) => IndexEntry | undefined,
): SectionBlock[] {
  const linkTo = (id: string): Span => {
    const found = entry(id);
    return found ? linkOr(found.summary, found.href) : {kind: 'code', text: id};
  };
  const legacy = LEGACY_SIGNATURE_DEPRECATION;
  const signature = {
    key: 'signature-1.0.0',
    cells: [
      [legacy.old],
      [legacy.replacement],
      spansOf(labels['api.deprecations.signatureWhere'], {call: linkTo(SIGNATURE_FORM_OPERATION)}),
      [legacy.sunset],
    ],
  };
  const table: TableBlock = {
    kind: 'table',
    wide: true,
    head: [
      labels['api.deprecations.old'],
      labels['api.deprecations.replacement'],
      labels['api.deprecations.where'],
      labels['api.deprecations.sunset'],
    ],
    rows: [...deprecations.map((d) => deprecationRow(d, labels, linkTo)), signature],
  };
  return [table];
}

/**
 * <DownloadLinks>: the contract and the Postman collection, files the build emits. No item `key`:
 * it would repeat the link's path, and the component keys each item by it (these blocks ship in the
 * home page's first visit, tests/e2e/budget.spec.ts).
 */
export function downloadBlocks(downloads: readonly DownloadLink[]): SectionBlock[] {
  const list: ListBlock = {
    kind: 'list',
    look: 'buttons',
    items: downloads.map((d) => ({cell: [{kind: 'link', text: d.label, href: d.path, file: true}]})),
  };
  return [list];
}

/** <OperationList tag>: every operation, then every webhook, of one family. */
export function operationListBlocks(tag: TagView, labels: Labels): SectionBlock[] {
  const ordered = [
    ...tag.entries.filter((e) => e.kind === 'operation'),
    ...tag.entries.filter((e) => e.kind === 'webhook'),
  ];
  return [
    {
      kind: 'table',
      wide: true,
      head: [labels['api.list.call'], labels['api.list.what']],
      rows: ordered.map((e) => ({key: e.id, cells: [[callOf(e, labels)], [linkOr(e.summary, e.href)]]})),
    },
  ];
}

/**
 * <ApiIndex>: every family with operations or webhooks, under its heading (anchored by the
 * family's name), its description and overview, then one line per entry.
 */
export function apiIndexBlocks(tags: readonly TagView[], labels: Labels): SectionBlock[] {
  return tags
    .filter((t) => t.entries.length > 0)
    .flatMap((t): SectionBlock[] => [
      {kind: 'heading', depth: 2, text: t.label, id: t.name},
      {
        kind: 'paragraph',
        text: t.overview
          ? `${t.description} [${interpolate(labels['api.index.overview'], {family: t.label})}](${t.overview})`
          : t.description,
      },
      {
        kind: 'list',
        look: 'entries',
        items: t.entries.map((e) => ({key: e.id, cell: [callOf(e, labels), ' ', linkOr(e.summary, e.href)]})),
      },
    ]);
}

/** `{name}` placeholders of a label replaced by spans (links in a sentence), the words between kept. */
export function spansOf(message: string, values: Readonly<Record<string, Span>>): Cell {
  return message
    .split(/\{(\w+)\}/)
    .flatMap((part, i): Span[] => (i % 2 === 0 ? (part ? [part] : []) : [values[part] ?? `{${part}}`]));
}

const CHANGE_TYPES: Readonly<Record<ChangeType, LabelId>> = {
  breaking: 'api.changelog.typeBreaking',
  deprecated: 'api.changelog.typeDeprecated',
  'non-breaking': 'api.changelog.typeNonBreaking',
  annotation: 'api.changelog.typeAnnotation',
};

/** `**Breaking**: [Removed] ...`: each change under its class, breaking ones in their colour. */
function changeItems(lines: readonly ChangeLine[], labels: Labels): ListItem[] {
  return lines.map((l) => ({
    cell: [
      {kind: 'strong', text: labels[CHANGE_TYPES[l.type]], ...(l.type === 'breaking' ? {breaking: true} : {})},
      `: ${l.text}`,
      ...(l.reason ? [interpolate(labels['api.changelog.override'], {reason: l.reason})] : []),
    ],
  }));
}

/** `1 docs-only change`, `3 docs-only changes`: the label of the disclosure that holds them. */
const docsOnlyLabel = (count: number, labels: Labels): string =>
  count === 1
    ? labels['api.changelog.docsOnlyOne']
    : interpolate(labels['api.changelog.docsOnly'], {count: String(count)});

/** Changes a client acts on, shown; docs-only ones (nothing on the wire) behind a disclosure. */
function splitChanges(lines: readonly ChangeLine[], labels: Labels): {items: ListItem[]; more?: Collapsed} {
  const docs = lines.filter((l) => l.type === 'annotation');
  const items = changeItems(
    lines.filter((l) => l.type !== 'annotation'),
    labels,
  );
  return docs.length
    ? {items, more: {label: docsOnlyLabel(docs.length, labels), items: changeItems(docs, labels)}}
    : {items};
}

/** `Shared with other entries: Breaking, Docs only`: each class linking the repeated change the entry is in. */
function sharedLine(groups: readonly RepeatedChange[], labels: Labels): ListItem[] {
  if (!groups.length) return [];
  const links = groups.flatMap((g, i): Span[] => [
    ...(i ? [', '] : []),
    {kind: 'link', text: labels[CHANGE_TYPES[g.line.type]], href: `#${g.anchor}`},
  ]);
  return [{cell: [{kind: 'strong', text: labels['api.changelog.sharedWith']}, ': ', ...links]}];
}

/**
 * An entry, anchored for the operation pages' badges and the feeds: method, title, path, then its
 * own changes, and links to the changes it shares with other entries (`repeated`), listed once above.
 */
function entryItem(
  item: ChangedItem,
  version: string,
  labels: Labels,
  repeated: readonly RepeatedChange[] = [],
): ListItem {
  const cell: Span[] = [{kind: 'method', method: item.method}, ' ', linkOr(item.summary, item.href), ' '];
  cell.push({kind: 'code', text: item.path});
  if (item.kind === 'webhook') cell.push(` ${labels['api.changelog.webhook']}`);
  if (item.breaking) cell.push(' ', {kind: 'badge', text: labels['api.changelog.breakingItem']});
  const {items: own, more} = splitChanges(item.changes, labels);
  const items = [
    ...own,
    ...sharedLine(
      repeated.filter((g) => g.ids.includes(item.id)),
      labels,
    ),
  ];
  return {id: changeAnchor(version, item.id), cell, ...(items.length ? {items} : {}), ...(more ? {more} : {})};
}

/** A repeated change, once: its class and words, then the entries it applies to, each linking its page. */
function repeatedItem(group: RepeatedChange, release: Release, labels: Labels): ListItem {
  const [line] = changeItems([group.line], labels);
  const entries = new Map(release.items.map((i) => [i.id, i]));
  const names = group.ids.flatMap((id, i): Span[] => {
    const e = entries.get(id);
    return [...(i ? [', '] : []), linkOr(e?.summary ?? id, e?.href)];
  });
  const applies = interpolate(labels['api.changelog.appliesTo'], {count: String(group.ids.length)});
  return {id: group.anchor, cell: line?.cell ?? [], items: [{cell: [{kind: 'strong', text: applies}, ': ', ...names]}]};
}

/** The repeated changes of a release: those a client acts on shown, the docs-only ones closed. */
function repeatedBlocks(release: Release, repeated: readonly RepeatedChange[], labels: Labels): ListBlock[] {
  const item = (g: RepeatedChange): ListItem => repeatedItem(g, release, labels);
  const wire = repeated.filter((g) => g.line.type !== 'annotation').map(item);
  const docs = repeated.filter((g) => g.line.type === 'annotation').map(item);
  return [
    ...(wire.length ? [{kind: 'list', look: 'detailed', items: wire} as const] : []),
    ...(docs.length
      ? [{kind: 'list', look: 'detailed', collapsed: docsOnlyLabel(docs.length, labels), items: docs} as const]
      : []),
  ];
}

/** Every breaking change first: the ones every operation shares, then each entry with one, linked below. */
function breakingItems(release: Release, labels: Labels): ListItem[] {
  const parts = releaseParts(release);
  return [
    ...parts.breakingEveryOperation.map((l): ListItem => ({
      cell: [
        {
          kind: 'link',
          text: labels['api.changelog.everyOperationShort'],
          href: `#${partAnchor(release.version, 'every-operation')}`,
        },
        `: ${l.text}`,
      ],
    })),
    ...parts.breaking.map((i): ListItem => ({
      cell: [
        {kind: 'link', text: i.summary, href: `#${parts.anchors.get(i.id) ?? changeAnchor(release.version, i.id)}`},
        ' ',
        {kind: 'code', text: i.id},
      ],
    })),
  ];
}

/** One item of a release's checklist: the change, then what to do and until when the old form works. */
function checklistItem(note: BreakingNote, version: string, labels: Labels): ListItem {
  const sunset = note.sunset
    ? interpolate(labels['api.changelog.sunsetDate'], {date: note.sunset})
    : interpolate(labels['api.changelog.noWindow'], {version});
  return {
    cell: [note.change],
    items: [
      {cell: [{kind: 'strong', text: labels['api.changelog.action']}, ': ', note.action]},
      {cell: [{kind: 'strong', text: labels['api.changelog.sunset']}, ': ', sunset]},
    ],
  };
}

/**
 * A release's breaking changes, always under their heading: the checklist of its notes (or None),
 * then, closed, every breaking change the diff found, each linked to its entry below.
 */
function breakingBlocks(release: Release | undefined, note: ReleaseNote, labels: Labels): SectionBlock[] {
  const found = release ? breakingItems(release, labels) : [];
  return [
    {kind: 'heading', depth: 3, text: labels['api.changelog.breaking'], id: partAnchor(note.version, 'breaking')},
    note.breaking.length
      ? {kind: 'list', look: 'checklist', items: note.breaking.map((b) => checklistItem(b, note.version, labels))}
      : {kind: 'paragraph', text: labels['api.changelog.none']},
    ...(found.length
      ? [
          {
            kind: 'list',
            collapsed: interpolate(labels['api.changelog.breakingFound'], {count: String(found.length)}),
            items: found,
          } as const,
        ]
      : []),
  ];
}

/** A part of the release under its heading (anchored `id`), left out when it has nothing to list. */
function releasePart(id: string, title: string, parts: readonly SectionBlock[]): SectionBlock[] {
  const empty = parts.every((b) => b.kind === 'list' && b.items.length === 0);
  return empty ? [] : [{kind: 'heading', depth: 3, text: title, id}, ...parts];
}

/** The notes' words of a release (summary, checklist), which the build checks exist for every release. */
const releaseNote = (notes: readonly ReleaseNote[], version: string, date: string): ReleaseNote =>
  notes.find((n) => n.version === version) ?? {version, date, summary: '', breaking: []};

/**
 * <ApiChangelog>: every release, newest first (`releases` in that order), each opening with the
 * words of its notes (openapi/releases/notes.yaml); the feeds once at the top; the first release,
 * which nothing came before, last, with its notes alone. Links within the page are `#anchor`: the
 * twin's serialiser makes them absolute.
 */
export function changelogBlocks(
  releases: readonly Release[],
  labels: Labels,
  notes: readonly ReleaseNote[],
  pending = false,
): SectionBlock[] {
  const feed = (href: string, text: string): Span => ({kind: 'link', text, href, file: true, open: true});
  const compared = new Set(releases.map((r) => r.version));
  return [
    {
      kind: 'text',
      cell: spansOf(labels['api.changelog.feeds'], {
        rss: feed(CHANGELOG_FEEDS.rss, labels['api.changelog.rss']),
        atom: feed(CHANGELOG_FEEDS.atom, labels['api.changelog.atom']),
      }),
    },
    ...(pending ? [{kind: 'text' as const, cell: spansOf(labels['api.changelog.pending'], {})}] : []),
    ...releases.flatMap((r) => releaseBlocks(r, releaseNote(notes, r.version, r.date), labels)),
    ...notes.filter((n) => !compared.has(n.version)).flatMap((n) => noteBlocks(n, undefined, labels)),
  ];
}

/** A release's heading (anchored `v<version>`, which the feeds link), its summary and its breaking changes. */
function noteBlocks(note: ReleaseNote, release: Release | undefined, labels: Labels): SectionBlock[] {
  return [
    {kind: 'heading', depth: 2, text: note.version, id: releaseAnchor(note.version), note: note.date},
    ...(note.summary ? [{kind: 'paragraph', text: note.summary} as const] : []),
    {kind: 'paragraph', text: release ? releaseSummary(release) : labels['api.changelog.first']},
    ...breakingBlocks(release, note, labels),
  ];
}

/** The lines of a part: changes a client acts on, then the docs-only ones, closed. */
function lineBlocks(lines: readonly ChangeLine[], labels: Labels): ListBlock[] {
  const {items, more} = splitChanges(lines, labels);
  return [
    ...(items.length ? [{kind: 'list', items} as const] : []),
    ...(more ? [{kind: 'list', collapsed: more.label, items: more.items} as const] : []),
  ];
}

/**
 * One release: its notes' words and breaking changes (noteBlocks), then its parts in the order of
 * core/changelog/changelog.ts `releaseParts`, each anchored within the release.
 */
function releaseBlocks(release: Release, note: ReleaseNote, labels: Labels): SectionBlock[] {
  const {added, repeated, changed, removed} = releaseParts(release);
  const part = (id: string, title: string, blocks: readonly SectionBlock[]): SectionBlock[] =>
    releasePart(partAnchor(release.version, id), title, blocks);
  const entries = (items: readonly ChangedItem[]): ListBlock[] => [
    {kind: 'list', look: 'detailed', items: items.map((i) => entryItem(i, release.version, labels, repeated))},
  ];
  return [
    ...noteBlocks(note, release, labels),
    ...part('added', labels['api.changelog.added'], entries(added)),
    ...part('every-operation', labels['api.changelog.everyOperation'], lineBlocks(release.everyOperation, labels)),
    ...part('shared', labels['api.changelog.shared'], repeatedBlocks(release, repeated, labels)),
    ...part('changed', labels['api.changelog.changed'], entries(changed)),
    ...part('removed', labels['api.changelog.removed'], entries(removed)),
    ...part('api-wide', labels['api.changelog.api'], lineBlocks(release.api, labels)),
  ];
}
