/**
 * The API changelog: what changed between the last published contract (openapi/releases/<v>.yaml)
 * and the current one. The diff and its classes (breaking, non-breaking, annotation, deprecated)
 * are api-smart-diff's. ./changelog-diff.ts runs the tool on both documents normalised (so that it
 * compares what clients see) and with rules for `webhooks`, which its OpenAPI rules leave out. This
 * module then
 *
 *   - classifies the few kinds of change the tool leaves unclassified that we can name (examples,
 *     our `x-` extensions, tag metadata); any other unclassified change fails the build,
 *   - corrects one class (correctedType),
 *   - groups the changes by operation and webhook, for the changelog page, its Markdown twin, the
 *     feeds and the "Changed in" badge of each operation page.
 *
 * Pure, and free of the diff tool itself, so that pages can import the helpers below;
 * node/contract/changelog.ts reads and dereferences the two documents.
 */
import type {Diff} from 'api-smart-diff';
import {listOf} from '../util/list';
import {WriterError} from '../util/writer-error';

export type ChangeType = 'breaking' | 'deprecated' | 'non-breaking' | 'annotation';

export interface ChangeLine {
  readonly type: ChangeType;
  readonly text: string;
  /** Why the class is not the tool's: the reason of the override (openapi/changelog-overrides.yaml). */
  readonly reason?: string;
}

/**
 * One entry of openapi/changelog-overrides.yaml (read by ./overrides.ts): the class a change really
 * has on the wire where the diff tool cannot see it (a header's format, a schema that now refuses
 * what it accepted), and why.
 */
export interface ChangeOverride {
  /** The release the change came in. */
  readonly release: string;
  /** The operation or webhook id, or `*` for every one. */
  readonly operation: string;
  /** Dotted path below the operation (`*` one key, `**` any number); parameters by name. */
  readonly field: string;
  readonly type: ChangeType;
  readonly reason: string;
  /** `openapi/changelog-overrides.yaml:12`, for messages. */
  readonly at: string;
}

export interface ChangedItem {
  readonly kind: 'operation' | 'webhook';
  readonly id: string;
  readonly method: string;
  /** API path for operations, webhook key for webhooks. */
  readonly path: string;
  readonly summary: string;
  /** The docs page that shows it (none for a removed one). */
  readonly href?: string;
  readonly status: 'added' | 'removed' | 'changed';
  /** True when one of its own changes (not one of everyOperation) is breaking. */
  readonly breaking: boolean;
  readonly changes: readonly ChangeLine[];
}

export interface Release {
  readonly version: string;
  readonly previous: string;
  /** ISO date, `2026-11-24`. */
  readonly date: string;
  /** Changes made to every operation that exists in both versions, listed once. */
  readonly everyOperation: readonly ChangeLine[];
  /** Changes outside operations and webhooks: servers, security, tags. */
  readonly api: readonly ChangeLine[];
  readonly items: readonly ChangedItem[];
}

/**
 * A change that several entries of a release make alike (the same words, class and reason): the
 * page, its twin and the badges list it once, with the entries it applies to, instead of under each.
 */
export interface RepeatedChange {
  readonly line: ChangeLine;
  /** The ids of the entries it applies to, in the release's order. */
  readonly ids: readonly string[];
  /** Its anchor on the changelog page (`v1.4.0-shared-2`). */
  readonly anchor: string;
}

/** The badge of one operation or webhook page: where its entry is, and whether it is breaking. */
export interface ChangeBadge {
  readonly version: string;
  readonly status: 'added' | 'changed';
  readonly breaking: boolean;
  /** Site path of its changelog entry. */
  readonly href: string;
}

export class ChangelogError extends WriterError {}

/** The site path of the changelog page. */
export const CHANGELOG_PATH = '/docs/v1/changelog';

/** Where the changelog's feeds are served (core/changelog/feed.ts writes them). */
export const CHANGELOG_FEEDS = {
  rss: `${CHANGELOG_PATH}/rss.xml`,
  atom: `${CHANGELOG_PATH}/atom.xml`,
} as const;

type Json = unknown;

/**
 * The class of a change the tool left unclassified, where we can name it: examples and tag metadata
 * are documentation; our `x-` extensions are documentation too, except `x-response-codes`, whose
 * codes a client branches on (a code added or removed changes nothing on the wire, so not breaking).
 * Undefined for anything else: the build stops rather than publish a change nobody classified.
 */
export function residualType(diff: Diff): ChangeType | undefined {
  const keys = diff.path.map(String);
  if (keys.includes('example') || keys.includes('examples')) return 'annotation';
  const extension = keys.find((k) => k.startsWith('x-'));
  if (extension === 'x-response-codes') return 'non-breaking';
  if (extension) return 'annotation';
  if (keys[0] === 'tags') return 'annotation';
  // A conditional subschema (if/then/else) narrows what a request may send (payout's per-mode amount
  // ranges, issue 32): breaking there, as any rule that accepts less; elsewhere it only describes.
  const last = keys.at(-1);
  if (last === 'if' || last === 'then' || last === 'else')
    return keys[3] === 'requestBody' ? 'breaking' : 'non-breaking';
  return undefined;
}

const valueAt = (doc: Json, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    doc,
  );

/**
 * Our one correction of the tool's classes. It judges a request property's removal by that schema
 * alone: a client that still sends the field is fine, so non-breaking. But where the request now
 * rejects fields it does not declare (`additionalProperties: false`), that client is refused: breaking.
 */
export function correctedType(diff: Diff, type: ChangeType | undefined, after: Json): ChangeType | undefined {
  const keys = diff.path.map(String);
  const removedRequestProperty =
    diff.action === 'remove' && keys[0] === 'paths' && keys[3] === 'requestBody' && keys.at(-2) === 'properties';
  if (type !== 'non-breaking' || !removedRequestProperty) return type;
  const schema = valueAt(after, diff.path.slice(0, -2)) as {additionalProperties?: unknown} | undefined;
  return schema?.additionalProperties === false ? 'breaking' : type;
}

interface Located {
  readonly kind: 'operation' | 'webhook';
  readonly section: 'paths' | 'webhooks';
  readonly key: string;
  readonly method: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** The operations or webhooks a diff belongs to (a path-level diff belongs to every method of the path). */
function targets(diff: Diff, before: Json, after: Json): Located[] {
  const [section, key, method] = diff.path.map(String);
  if ((section !== 'paths' && section !== 'webhooks') || key === undefined) return [];
  const kind = section === 'paths' ? 'operation' : 'webhook';
  if (method !== undefined && METHODS.has(method)) return [{kind, section, key, method}];
  const methods = new Set<string>();
  for (const doc of [before, after]) {
    const item = (doc as Record<string, Record<string, Record<string, unknown>>>)[section]?.[key] ?? {};
    for (const m of Object.keys(item)) if (METHODS.has(m)) methods.add(m);
  }
  return [...methods].map((m) => ({kind, section, key, method: m}));
}

interface OperationLike {
  readonly operationId?: string;
  readonly summary?: string;
  readonly 'x-response-codes'?: readonly number[];
  readonly 'x-related'?: readonly string[];
}

const operationAt = (doc: Json, at: Located): OperationLike | undefined =>
  (doc as Record<string, Record<string, Record<string, OperationLike>>>)[at.section]?.[at.key]?.[at.method];

const ACTIONS: Readonly<Record<Diff['action'], string>> = {
  add: 'Added',
  remove: 'Removed',
  replace: 'Replaced',
  rename: 'Renamed',
};

/**
 * The tool's words for a change, or, where it has none, the action and where it happened (counted
 * from `from`, the first key below the operation), tags named rather than numbered.
 */
function describe(diff: Diff, from: number, before: Json, after: Json): string {
  const text = diff.description?.replace(/\s+/g, ' ').trim();
  if (text && !text.startsWith('in ')) return `${text}${valuesOf(diff)}`;
  const keys = diff.path.map(String);
  const action = `[${ACTIONS[diff.action]}]`;
  if (keys[0] === 'tags' && keys[1] !== undefined) {
    const doc = diff.action === 'remove' ? before : after;
    const name = (doc as {tags?: {name?: string}[]}).tags?.[Number(keys[1])]?.name ?? keys[1];
    const rest = keys.slice(2).join('.');
    return rest ? `${action} \`${rest}\` of tag \`${name}\`` : `${action} tag \`${name}\``;
  }
  return `${action} \`${keys.slice(from).join('.') || keys.join('.')}\`${valuesOf(diff)}`;
}

/** Longest value a line quotes: a limit or a pattern, not a paragraph. */
const MAX_QUOTED = 80;

/**
 * ` (was `13`, now `15`)` for a rule of the wire whose value was replaced (a maximum, a pattern,
 * one of the possible values), so a reader sees what to change without diffing the contracts; ''
 * for anything else (a description, an example, a value too long or not a single one).
 */
export function valuesOf(diff: Pick<Diff, 'action' | 'type' | 'before' | 'after'>): string {
  if (diff.action !== 'replace' || diff.type === 'annotation') return '';
  const quote = (v: unknown): string | undefined => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined;
    const s = String(v);
    return s.length <= MAX_QUOTED && !s.includes('`') ? `\`${s}\`` : undefined;
  };
  const [was, now] = [quote(diff.before), quote(diff.after)];
  return was && now ? ` (was ${was}, now ${now})` : '';
}

/** `[Added] 4 and 7; [Removed] 11 and 12` for an array extension compared as sets. */
function setChange(name: string, before: readonly unknown[] = [], after: readonly unknown[] = []): string {
  const added = after.filter((x) => !before.includes(x)).map(String);
  const removed = before.filter((x) => !after.includes(x)).map(String);
  return [
    added.length ? `[Added] ${listOf(added)} to \`${name}\`` : '',
    removed.length ? `[Removed] ${listOf(removed)} from \`${name}\`` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

const RANK: Readonly<Record<ChangeType, number>> = {breaking: 0, deprecated: 1, 'non-breaking': 2, annotation: 3};

/**
 * Lines that differ only in the response status they name become one line naming all of them
 * ("in Responses 200, 400 and 429"), then lines are ordered breaking first.
 */
export function mergeLines(lines: readonly ChangeLine[]): ChangeLine[] {
  const groups = new Map<string, ChangeLine & {statuses: string[]}>();
  for (const line of lines) {
    const status = /\bResponse (\w+)\b/.exec(line.text)?.[1];
    const key = `${line.type}\n${line.text.replace(/\bResponse \w+\b/, 'Response *')}\n${line.reason ?? ''}`;
    const group = groups.get(key);
    if (!group) groups.set(key, {...line, statuses: status ? [status] : []});
    else if (status && !group.statuses.includes(status)) group.statuses.push(status);
  }
  return [...groups.values()]
    .map(({statuses, ...line}) => ({
      ...line,
      text: statuses.length > 1 ? line.text.replace(/\bResponse \w+\b/, `Responses ${listOf(statuses)}`) : line.text,
    }))
    .sort((a, b) => RANK[a.type] - RANK[b.type]);
}

export interface BuildReleaseInput {
  readonly version: string;
  readonly previous: string;
  readonly date: string;
  readonly diffs: readonly Diff[];
  /** The two documents as compared (./changelog-diff.ts), to name operations and read the schemas. */
  readonly before: Json;
  readonly after: Json;
  /** Operation or webhook id -> the site path of its page. */
  readonly pages: ReadonlyMap<string, string>;
  /** The overrides of every release; those of this one apply, and `used` collects the ones that matched. */
  readonly overrides?: readonly ChangeOverride[];
  readonly used?: Set<ChangeOverride>;
}

/** `*` matches one key, `**` any number of keys (none included). */
export function fieldMatches(pattern: readonly string[], keys: readonly string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return keys.length === 0;
  if (head === '**') return keys.some((_, i) => fieldMatches(rest, keys.slice(i))) || fieldMatches(rest, []);
  const [key, ...more] = keys;
  return key !== undefined && (head === '*' || head === key) && fieldMatches(rest, more);
}

/**
 * The keys of a diff below its operation, each `parameters.<n>` named `parameters.<name>`, so an
 * override can name a header, not an index.
 */
export function fieldKeys(diff: Diff, before: Json, after: Json): string[] {
  const keys = diff.path.map(String);
  return keys.slice(3).map((key, i) => {
    if (keys[i + 2] !== 'parameters' || !/^\d+$/.test(key)) return key;
    const at = diff.path.slice(0, i + 4);
    // The tool pairs parameters by name and gives the index in the older document, except for one added.
    const [first, second] = diff.action === 'add' ? [after, before] : [before, after];
    const param = (valueAt(first, at) ?? valueAt(second, at)) as {name?: unknown} | undefined;
    return typeof param?.name === 'string' ? param.name : key;
  });
}

/** The override of this release that covers the diff on this item, if any (the first in the file). */
export function overrideOf(diff: Diff, id: string, input: BuildReleaseInput): ChangeOverride | undefined {
  const keys = fieldKeys(diff, input.before, input.after);
  return input.overrides?.find(
    (o) =>
      o.release === input.version &&
      (o.operation === '*' || o.operation === id) &&
      fieldMatches(o.field.split('.'), keys),
  );
}

/** What the diffs say about one operation or webhook, before its lines are merged. */
interface ItemChanges {
  at: Located;
  status: ChangedItem['status'];
  lines: ChangeLine[];
  op: OperationLike;
}

/** The diffs sorted: per operation or webhook, about the rest of the document, and those no class covers. */
interface ClassifiedDiffs {
  readonly items: Map<string, ItemChanges>;
  readonly api: ChangeLine[];
  readonly unknown: string[];
}

/** The line one diff adds to an item's changes, if any (`arrays` keeps each array compared once). */
function itemLine(
  diff: Diff,
  type: ChangeType,
  id: string,
  at: Located,
  input: BuildReleaseInput,
  arrays: Set<string>,
): ChangeLine | undefined {
  const key = diff.path.map(String)[3];
  if (key === 'x-response-codes' || key === 'x-related') {
    // Arrays are compared index by index; as sets they say what a reader needs.
    if (arrays.has(`${id}\n${key}`)) return undefined;
    arrays.add(`${id}\n${key}`);
    const text = setChange(key, operationAt(input.before, at)?.[key], operationAt(input.after, at)?.[key]);
    return text ? {type, text} : undefined;
  }
  if (diff.path.map(String).some((k) => k === 'example' || k === 'examples'))
    return {type, text: '[Replaced] examples'};
  if (diff.path.length !== 3) return {type, text: describe(diff, 3, input.before, input.after)};
  return undefined;
}

/** Each diff classified and put with the operation or webhook it changes, or with the document's changes. */
function classifyDiffs(input: BuildReleaseInput): ClassifiedDiffs {
  const {diffs, before, after} = input;
  const out: ClassifiedDiffs = {items: new Map(), api: [], unknown: []};
  const arrays = new Set<string>();
  for (const diff of diffs) {
    const type = correctedType(diff, diff.type === 'unclassified' ? residualType(diff) : diff.type, after);
    if (!type) {
      out.unknown.push(`${diff.path.map(String).join('.')} (${diff.action})`);
      continue;
    }
    const located = targets(diff, before, after);
    if (!located.length) out.api.push({type, text: describe(diff, 0, before, after)});
    for (const at of located) {
      const op = operationAt(after, at) ?? operationAt(before, at) ?? {};
      const id = op.operationId ?? `${at.method.toUpperCase()} ${at.key}`;
      const whole = diff.path.length === 3;
      const status =
        whole && diff.action === 'add' ? 'added' : whole && diff.action === 'remove' ? 'removed' : 'changed';
      const entry = out.items.get(id) ?? {at, status, lines: [], op};
      if (whole) entry.status = status;
      out.items.set(id, entry);
      const override = overrideOf(diff, id, input);
      if (override) input.used?.add(override);
      const line = itemLine(diff, override?.type ?? type, id, at, input, arrays);
      if (line) entry.lines.push(override ? {...line, reason: override.reason} : line);
    }
  }
  return out;
}

/** A ChangelogError naming each change that no class covers (the first 20). */
function unclassifiedError(unknown: readonly string[], input: BuildReleaseInput): ChangelogError {
  return new ChangelogError(
    `api-smart-diff left ${unknown.length} change(s) between ${input.previous} and ${input.version} unclassified, and core/changelog/changelog.ts has no class for them:\n${unknown
      .slice(0, 20)
      .map((u) => `  ${u}`)
      .join(
        '\n',
      )}${unknown.length > 20 ? `\n  ... and ${unknown.length - 20} more` : ''}\n  Fix: write the contract so the tool can classify the change, or give residualType() a class for it, with a test.`,
  );
}

/** The ids of the operations present in both versions. */
function operationsInBoth(before: Json, after: Json): Set<string | undefined> {
  return new Set(
    Object.entries((before as {paths?: Record<string, Record<string, OperationLike>>}).paths ?? {}).flatMap(
      ([key, item]) =>
        Object.entries(item)
          .filter(([m]) => METHODS.has(m) && operationAt(after, {kind: 'operation', section: 'paths', key, method: m}))
          .map(([, op]) => op.operationId),
    ),
  );
}

/** A change line with any response named as `Response *`, so the same change to different responses compares equal. */
const wildcard = (l: ChangeLine): string =>
  `${l.type}\n${l.text.replace(/\bResponse \w+\b/, 'Response *')}\n${l.reason ?? ''}`;

/**
 * The changes every operation present in both versions has (whichever of its responses it
 * touches): listed once, under everyOperation, rather than on each of them.
 */
function sharedChanges(
  all: readonly (ItemChanges & {id: string})[],
  existing: ReadonlySet<string | undefined>,
): {everyOperation: ChangeLine[]; shared: Set<string>} {
  const common = all.filter((e) => e.at.kind === 'operation' && e.status === 'changed');
  const sharedKeys =
    existing.size > 1 && common.length === existing.size
      ? [...new Set((common[0]?.lines ?? []).map(wildcard))].filter((k) =>
          common.every((e) => e.lines.some((l) => wildcard(l) === k)),
        )
      : [];
  const everyOperation = mergeLines(
    sharedKeys.map((k) => {
      const [type, text, reason] = k.split('\n') as [ChangeType, string, string];
      return {type, text: text.replace('Response *', 'every response'), ...(reason ? {reason} : {})};
    }),
  );
  return {everyOperation, shared: new Set(sharedKeys)};
}

/** One item of the release; an added or removed one lists no changes. */
function changedItem(e: ItemChanges & {id: string}): ChangedItem {
  const lines = e.status === 'changed' ? e.lines : [];
  return {
    kind: e.at.kind,
    id: e.id,
    method: e.at.method.toUpperCase(),
    path: e.at.key,
    summary: e.op.summary ?? e.id,
    status: e.status,
    breaking: e.status === 'removed' || lines.some((l) => l.type === 'breaking'),
    changes: lines,
  };
}

/**
 * Diffs -> the release: one item per operation or webhook added, removed or changed, changes that
 * every operation shares listed once, and the rest of the document's changes. Throws a
 * ChangelogError naming each change that no class covers.
 */
export function buildRelease(input: BuildReleaseInput): Release {
  const {items, api, unknown} = classifyDiffs(input);
  if (unknown.length) throw unclassifiedError(unknown, input);
  const all = [...items.entries()].map(([id, e]) => ({id, ...e}));
  const {everyOperation, shared} = sharedChanges(all, operationsInBoth(input.before, input.after));
  const out = all
    .map((e) => changedItem({...e, lines: mergeLines(e.lines.filter((l) => !shared.has(wildcard(l))))}))
    // Removed ones last: their pages are gone, and a reader looks for what exists first.
    .sort((a, b) => Number(a.status === 'removed') - Number(b.status === 'removed'));
  return linkRelease(
    {
      version: input.version,
      previous: input.previous,
      date: input.date,
      everyOperation,
      api: mergeLines(api),
      items: out,
    },
    input.pages,
  );
}

/**
 * The release with each entry linked to the page that shows it (a removed one has no page). The
 * build compares the contracts before Docusaurus has routed the pages, and links them after.
 */
export function linkRelease(release: Release, pages: ReadonlyMap<string, string>): Release {
  return {
    ...release,
    items: release.items.map((item) => {
      const href = pages.get(item.id);
      return href && item.status !== 'removed' ? {...item, href} : item;
    }),
  };
}

/** `v1.1.0`: the anchor of a release on the changelog page (the feeds link it). */
export const releaseAnchor = (version: string): string => `v${version}`;

/** The anchor of a part of a release on the changelog page (`v1.1.0-breaking`): every release is on one page. */
export const partAnchor = (version: string, part: string): string => `${releaseAnchor(version)}-${part}`;

/** The anchor of an item's entry in one release on the changelog page. */
export const changeAnchor = (version: string, id: string): string => `change-${version}-${id}`;

/**
 * The badge of every operation and webhook a release added or changed, by id, naming the newest
 * release that did (`releases` newest first, as the page lists them).
 */
export function changeBadges(releases: readonly Release[]): Map<string, ChangeBadge> {
  const badges = new Map<string, ChangeBadge>();
  for (const release of releases) {
    const {anchors} = releaseParts(release);
    for (const item of release.items) {
      if (item.status === 'removed' || badges.has(item.id)) continue;
      const anchor = anchors.get(item.id) ?? changeAnchor(release.version, item.id);
      badges.set(item.id, {
        version: release.version,
        status: item.status,
        breaking: item.breaking,
        href: `${CHANGELOG_PATH}#${anchor}`,
      });
    }
  }
  return badges;
}

/** `1.1.0` > `1.0.0`: numeric comparison of dotted versions. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

const count = (n: number, one: string, many = `${one}s`, none = `no ${many}`): string =>
  n === 0 ? none : `${n} ${n === 1 ? one : many}`;

/**
 * One sentence for the page, its twin and the feeds: `1.1.0 adds 19 operations and no webhooks,
 * changes 78 operations and webhooks (23 of them in ways that can break a client) and removes none,
 * compared with 1.0.0.`
 */
export function releaseSummary(release: Release): string {
  const of = (status: ChangedItem['status'], kind?: ChangedItem['kind']): ChangedItem[] =>
    release.items.filter((i) => i.status === status && (!kind || i.kind === kind));
  const changed = release.items.filter((i) => i.status === 'changed');
  const breaking = changed.filter((i) => i.breaking).length;
  const removed = of('removed').length;
  return `${release.version} adds ${count(of('added', 'operation').length, 'operation')} and ${count(of('added', 'webhook').length, 'webhook')}, changes ${count(changed.length, 'operation or webhook', 'operations and webhooks', 'no operations or webhooks')}${breaking ? ` (${breaking} of them in ways that can break a client)` : ''} and removes ${count(removed, 'operation or webhook', 'operations and webhooks', 'none')}, compared with ${release.previous}.`;
}

/** The sections of a release's page and twin, in their order. */
export interface ReleaseParts {
  /** Breaking changes every operation shares, listed first among the breaking ones. */
  readonly breakingEveryOperation: readonly ChangeLine[];
  readonly breaking: readonly ChangedItem[];
  readonly added: readonly ChangedItem[];
  /** Changes several entries share, each listed once (breaking first). */
  readonly repeated: readonly RepeatedChange[];
  /**
   * Items with changes of their own, without the repeated ones (an item changed only as every
   * operation was, or only as others were, is not repeated here).
   */
  readonly changed: readonly ChangedItem[];
  readonly removed: readonly ChangedItem[];
  /**
   * Where each item's changes are on the page, by id: its own entry, else the first repeated change
   * it shares, else the changes to every operation. The badges and the breaking list link it.
   */
  readonly anchors: ReadonlyMap<string, string>;
}

/** A change's identity across entries: its class, words and reason. */
const lineKey = (l: ChangeLine): string => `${l.type}\n${l.text}\n${l.reason ?? ''}`;

/**
 * The changes that two or more changed entries of the release share, breaking first and otherwise
 * in the order they first appear. A 60-word reason repeated under 13 operations was most of the
 * changelog's height (issue 34).
 */
export function repeatedChanges(release: Release): RepeatedChange[] {
  const byKey = new Map<string, {line: ChangeLine; ids: string[]}>();
  for (const item of release.items.filter((i) => i.status === 'changed'))
    for (const line of item.changes) {
      const group = byKey.get(lineKey(line)) ?? {line, ids: []};
      if (group.ids.at(-1) !== item.id) group.ids.push(item.id);
      byKey.set(lineKey(line), group);
    }
  return [...byKey.values()]
    .filter((g) => g.ids.length > 1)
    .sort((a, b) => RANK[a.line.type] - RANK[b.line.type])
    .map((g, n) => ({...g, anchor: partAnchor(release.version, `shared-${n + 1}`)}));
}

export function releaseParts(release: Release): ReleaseParts {
  const repeated = repeatedChanges(release);
  const shared = new Set(repeated.map((g) => lineKey(g.line)));
  const changed = release.items
    .filter((i) => i.status === 'changed')
    .map((i) => ({...i, changes: i.changes.filter((l) => !shared.has(lineKey(l)))}));
  const withOwn = new Set(changed.filter((i) => i.changes.length > 0).map((i) => i.id));
  const anchors = new Map<string, string>();
  for (const item of release.items) {
    const own = item.status !== 'changed' || withOwn.has(item.id);
    const group = repeated.find((g) => g.ids.includes(item.id));
    const anchor = own
      ? changeAnchor(release.version, item.id)
      : (group?.anchor ?? partAnchor(release.version, 'every-operation'));
    anchors.set(item.id, anchor);
  }
  return {
    breakingEveryOperation: release.everyOperation.filter((l) => l.type === 'breaking'),
    breaking: release.items.filter((i) => i.breaking),
    added: release.items.filter((i) => i.status === 'added'),
    repeated,
    changed: changed.filter((i) => i.changes.length > 0),
    removed: release.items.filter((i) => i.status === 'removed'),
    anchors,
  };
}
