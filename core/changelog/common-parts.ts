/**
 * What two documents have in common, taken out before api-smart-diff compares them (issue 35, a
 * writer's first page). The tool walks every node of both documents and runs its transforms
 * (allOf merging, schema normalisation) at each, equal or not: the changelog's four comparisons
 * took 24 s of CPU on a first start, most of it in parts no release changed (an operation whose
 * only change is one response still carries every other response, example and property).
 *
 * An entry that is equal on both sides gives no diff, so it is dropped from both sides wherever
 * the tool matches entries key by key and no rule reads it from elsewhere. Each rule below names
 * what of the tool (1.0.6, `openapi3Rules`) would otherwise read the dropped entry:
 *
 * - paths and webhooks: not an entry whose shape (parameter names blanked) another entry shares,
 *   since the tool matches paths by that shape, first match first;
 * - an operation of a path item: only when the item's other fields are equal, since the tool
 *   copies them into each operation;
 * - responses, examples of a media type: matched by key;
 * - media types: only where no key has a wildcard type or subtype or a parameter after `;`,
 *   which the tool matches to other keys;
 * - properties of a schema: not in a schema with `oneOf`, `anyOf`, `allOf`, `not`, `if`/`then`/
 *   `else` or a discriminator (the tool copies siblings into the branches and pairs branches by
 *   how many diffs each pairing gives), and not a property whose `required` changes (the tool
 *   reads its `default` to classify that change); into `items` too.
 *
 * Arrays are never touched (parameters, `required`, `enum`, branches: the tool pairs their items
 * itself), nor anything else: the diffs, their paths and their classes are the tool's on the whole
 * documents (tests/integration/changelog-diff.test.ts holds that on the real releases). Pure.
 */
import {isDeepStrictEqual} from 'node:util';

type Json = unknown;
type Node = Record<string, Json>;
type Pair = [Json, Json];
type Prune = (before: Json, after: Json) => Pair;

const isNode = (value: Json): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const COMBINERS = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', 'discriminator'];

/**
 * The two maps without their equal entries; an entry on both sides that differs goes through
 * `inner`, one in `keep` stays as it is. Key order is kept: the tool reports in the order it walks.
 */
function pruneMap(before: Node, after: Node, inner: Prune, keep: ReadonlySet<string> = new Set()): [Node, Node] {
  const [b, a]: [Node, Node] = [{}, {}];
  for (const key of Object.keys(before)) {
    if (!(key in after) || keep.has(key)) b[key] = before[key];
    else if (!isDeepStrictEqual(before[key], after[key])) b[key] = inner(before[key], after[key])[0];
  }
  for (const key of Object.keys(after)) {
    if (!(key in before) || keep.has(key)) a[key] = after[key];
    else if (!isDeepStrictEqual(before[key], after[key])) a[key] = inner(before[key], after[key])[1];
  }
  return [b, a];
}

const asIs: Prune = (before, after) => [before, after];

/** `field` of both nodes pruned by `inner` (left as is where either side lacks it as an object). */
function pruneField(before: Node, after: Node, field: string, inner: Prune): [Node, Node] {
  if (!isNode(before[field]) || !isNode(after[field])) return [before, after];
  const [b, a] = inner(before[field], after[field]);
  return [
    {...before, [field]: b},
    {...after, [field]: a},
  ];
}

const requiredOf = (schema: Node): Set<string> =>
  new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);

const pruneSchema: Prune = (before, after) => {
  if (!isNode(before) || !isNode(after)) return [before, after];
  if (COMBINERS.some((k) => k in before || k in after)) return [before, after];
  const [rb, ra] = [requiredOf(before), requiredOf(after)];
  const changedRequired = new Set([...rb, ...ra].filter((name) => rb.has(name) !== ra.has(name)));
  const [b, a] = pruneField(before, after, 'properties', (p, q) =>
    pruneMap(p as Node, q as Node, pruneSchema, changedRequired),
  );
  return pruneField(b, a, 'items', pruneSchema);
};

const pruneMediaType: Prune = (before, after) => {
  if (!isNode(before) || !isNode(after)) return [before, after];
  const [b, a] = pruneField(before, after, 'schema', pruneSchema);
  return pruneField(b, a, 'examples', (p, q) => pruneMap(p as Node, q as Node, asIs));
};

/** Keys the tool pairs only with themselves: no wildcard, no parameters (`;`). */
const plainMediaTypes = (content: Node): boolean => Object.keys(content).every((k) => !/[*;]/.test(k));

/** A response or a request body: its `content`. */
const pruneBody: Prune = (before, after) => {
  if (!isNode(before) || !isNode(after)) return [before, after];
  return pruneField(before, after, 'content', (p, q) =>
    plainMediaTypes(p as Node) && plainMediaTypes(q as Node) ? pruneMap(p as Node, q as Node, pruneMediaType) : [p, q],
  );
};

const pruneOperation: Prune = (before, after) => {
  if (!isNode(before) || !isNode(after)) return [before, after];
  const [b, a] = pruneField(before, after, 'responses', (p, q) => pruneMap(p as Node, q as Node, pruneBody));
  return pruneField(b, a, 'requestBody', pruneBody);
};

const withoutMethods = (item: Node): Node => Object.fromEntries(Object.entries(item).filter(([k]) => !METHODS.has(k)));

const prunePathItem: Prune = (before, after) => {
  if (!isNode(before) || !isNode(after) || !isDeepStrictEqual(withoutMethods(before), withoutMethods(after)))
    return [before, after];
  return pruneMap(before, after, pruneOperation);
};

/** A path as the tool matches it: parameter names blanked. */
const pathShape = (key: string): string => key.replace(/\{.*?\}/g, '*');

/** Paths (or webhooks) whose shape another entry of either side shares. */
function sharedShapes(before: Node, after: Node): Set<string> {
  const count = new Map<string, number>();
  for (const key of [...Object.keys(before), ...Object.keys(after)])
    count.set(pathShape(key), (count.get(pathShape(key)) ?? 0) + 1);
  // A key on both sides counts twice.
  return new Set(Object.keys(before).filter((key) => (count.get(pathShape(key)) ?? 0) > 2));
}

/**
 * The two documents without what they have in common where the tool would find nothing (see the
 * top of this file): what api-smart-diff is handed. Neither input is changed.
 */
export function withoutCommonParts(before: Node, after: Node, sections: readonly string[]): [Node, Node] {
  let [b, a] = [before, after];
  for (const section of sections)
    [b, a] = pruneField(b, a, section, (p, q) =>
      pruneMap(p as Node, q as Node, prunePathItem, sharedShapes(p as Node, q as Node)),
    );
  return [b, a];
}
