/**
 * The record of what each published release holds (openapi/releases/record.yaml): one digest per
 * path item, webhook, component and other top-level part of the release file, made once when the
 * release is frozen. The build compares each release file with its record, so an edit to a
 * published release (a new operation slipped into 1.3.0 and its changelog) fails naming the part
 * that changed, where a diff of the whole file could only say "differs". Pure: the digest function
 * is handed in (node:crypto on the file side).
 */

/** Part of a release file -> the digest of its content. */
export type ReleaseRecord = Readonly<Record<string, string>>;

/** A digest of a text (sha-256 in the build). */
export type Digest = (text: string) => string;

type Json = unknown;

/** JSON with every object's keys sorted: the same content gives the same text, whatever the key order in the YAML. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (!value || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value as Record<string, Json>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

const objectOf = (value: Json): Record<string, Json> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Json>) : {};

/**
 * The parts of a release file, by key: a path item by its path (`/service/sms/send`), a webhook as
 * `webhooks/<id>`, a component as `components/<type>/<name>`, any other top-level key by its name
 * (`info`, `servers`, `tags`, ...).
 */
function partsOf(doc: Json): Map<string, Json> {
  const parts = new Map<string, Json>();
  for (const [key, value] of Object.entries(objectOf(doc))) {
    if (key === 'paths') for (const [p, item] of Object.entries(objectOf(value))) parts.set(p, item);
    else if (key === 'webhooks')
      for (const [id, item] of Object.entries(objectOf(value))) parts.set(`webhooks/${id}`, item);
    else if (key === 'components')
      for (const [type, group] of Object.entries(objectOf(value)))
        for (const [name, item] of Object.entries(objectOf(group))) parts.set(`components/${type}/${name}`, item);
    else parts.set(key, value);
  }
  return parts;
}

/** The record of a release file's parsed content. */
export function recordOf(doc: Json, digest: Digest): ReleaseRecord {
  return Object.fromEntries([...partsOf(doc)].map(([key, value]) => [key, digest(canonical(value))]));
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** How a message names a part: an operation by its id, method and path, a webhook by its id. */
function labelOf(key: string, value: Json): string {
  if (key.startsWith('/')) {
    const item = objectOf(value);
    const ops = METHODS.filter((m) => m in item).map((m) => {
      const id = objectOf(item[m]).operationId;
      return `${typeof id === 'string' ? id : '(no operationId)'} (${m.toUpperCase()} ${key})`;
    });
    return ops.length ? `operation ${ops.join(', operation ')}` : `path ${key}`;
  }
  if (key.startsWith('webhooks/')) return `webhook ${key.slice('webhooks/'.length)}`;
  if (key.startsWith('components/')) return `component ${key.slice('components/'.length)}`;
  return `top-level "${key}"`;
}

/** The name each part of a release file goes by in messages, by its key in the record. */
export function partLabels(doc: Json): Readonly<Record<string, string>> {
  return Object.fromEntries([...partsOf(doc)].map(([key, value]) => [key, labelOf(key, value)]));
}

export interface RecordChange {
  readonly kind: 'added' | 'removed' | 'changed';
  readonly key: string;
  /** `operation sms-send (POST /service/sms/send)`, `webhook aeps-transaction`, `component schemas/Amount`. */
  readonly label: string;
}

/**
 * Where a release file differs from its record, in the record's order, then what was added:
 * `recorded` is the record made when the release was frozen, `now` the record of the file as it is,
 * `labels` the names of the file's parts (a removed part is named by its key).
 */
export function recordChanges(
  recorded: ReleaseRecord,
  now: ReleaseRecord,
  labels: Readonly<Record<string, string>>,
): RecordChange[] {
  const label = (key: string): string => labels[key] ?? labelOf(key, undefined);
  const changes: RecordChange[] = [];
  for (const [key, was] of Object.entries(recorded)) {
    if (!(key in now)) changes.push({kind: 'removed', key, label: label(key)});
    else if (now[key] !== was) changes.push({kind: 'changed', key, label: label(key)});
  }
  for (const key of Object.keys(now)) if (!(key in recorded)) changes.push({kind: 'added', key, label: label(key)});
  return changes;
}

/**
 * The build's message for a release file that is not what its record says: each change named, then
 * the fix. A part added to a release is most often a new operation meant for the next version, so the
 * message says where that goes.
 */
export function recordMessage(input: {
  readonly file: string;
  readonly recordFile: string;
  readonly version: string;
  readonly next: string;
  readonly changes: readonly RecordChange[];
}): string {
  const {file, recordFile, version, next, changes} = input;
  const lines = changes.map((c) => `  ${c.kind}: ${c.label}`);
  const added = changes.some((c) => c.kind === 'added' && c.key.startsWith('/'));
  return [
    `${file} is not the ${version} that was published: ${changes.length} part(s) differ from its record in ${recordFile}:`,
    ...lines,
    `A published release is never edited: restore it from git (git log -- ${file} names the commit that froze it; git checkout <that commit> -- ${file}).`,
    ...(added
      ? [
          `A new operation goes into the next version, ${next}: add it to openapi/families/, and a sentence on it to the ${next} summary in openapi/releases/notes.yaml.`,
        ]
      : []),
  ].join('\n');
}
