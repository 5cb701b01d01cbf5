/**
 * Typed `oneOf` / `anyOf` branches in the published contract, so that code generators turn each
 * choice into a union of real types (issue 26, "Types a generator can trust"). The sources write
 * two short forms that JSON Schema validators read correctly but generators cannot type:
 *
 * - a branch that only names the fields it requires (`oneOf: [{required: [rrn]}, {required:
 *   [payment_id]}]` beside `properties`): openapi-typescript makes `{rrn?; payment_id?} & (unknown |
 *   unknown)`, so `{}` compiles. Written out, each branch is an object with those fields, and the
 *   generator gives `{rrn: ...} | {payment_id: ...}`, so one of them must be sent;
 * - a branch that only names a format (`anyOf: [{format: ipv4}, {format: ipv6}]` on a string):
 *   written out with the parent's `type`, or the generator makes `string | unknown | unknown`.
 *
 * Only the published document (the downloads, the release snapshots) is written out: the pages
 * render the short forms as they are ("Send `rrn`", "string (ipv4 or ipv6)"), and the expanded
 * branches would show each field twice. What either form accepts is the same. Pure: the document is
 * copied where it changes, never mutated.
 */
import type {OpenApiDocument} from './openapi';
import type {JsonSchema} from './schema';

/** Keys that give a branch a type of its own: a branch with none of them inherits its parent's. */
const TYPING_KEYS = ['type', '$ref', 'properties', 'const', 'enum', 'allOf', 'oneOf', 'anyOf', 'items'] as const;

/** Keys that only describe a branch (how the reference names it), not what it accepts. */
const NAMING_KEYS = new Set(['title', 'description']);

const isUntyped = (branch: JsonSchema): boolean => !TYPING_KEYS.some((key) => key in branch);

/** The branch with the parent's type and, for a required-only branch, the parent's required fields. */
export function typedBranch(branch: JsonSchema, parent: JsonSchema): JsonSchema {
  const shortForm = Object.keys(branch).every((key) => NAMING_KEYS.has(key) || key === 'required' || key === 'format');
  if (!isUntyped(branch) || !shortForm || parent.type === undefined) return branch;
  const required = branch.required ?? [];
  const fields = Object.fromEntries(
    required.flatMap((name) => (parent.properties?.[name] ? [[name, parent.properties[name]] as const] : [])),
  );
  return {...branch, type: parent.type, ...(required.length ? {properties: fields} : {})};
}

/**
 * The short form of a branch `typedBranch` wrote out (its parent's type, and fields that are the
 * parent's own, unchanged): how the changelog reads a published release beside the sources, so that
 * writing the branches out is no change to a client (core/changelog/diff.ts `normalise`). Any other
 * branch is returned as it is.
 */
export function untypedBranch(branch: JsonSchema, parent: JsonSchema): JsonSchema {
  if (parent.type === undefined || branch.type !== parent.type) return branch;
  const extra = Object.keys(branch).filter(
    (key) => !NAMING_KEYS.has(key) && key !== 'required' && key !== 'format' && key !== 'type' && key !== 'properties',
  );
  const own = Object.entries(branch.properties ?? {});
  const copied = own.every(([name, field]) => JSON.stringify(field) === JSON.stringify(parent.properties?.[name]));
  if (extra.length || !copied) return branch;
  const {type: _type, properties: _properties, ...short} = branch;
  return short;
}

/** Walks any JSON value, typing the branches of every schema-shaped object it finds. */
function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    // Examples are data, not schemas: a payload that happens to hold a `oneOf` key stays as written.
    out[key] = key === 'example' || key === 'examples' ? child : walk(child);
  }
  const schema = out as JsonSchema;
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const branches: readonly JsonSchema[] | undefined = schema[kind];
    if (branches) out[kind] = branches.map((b) => typedBranch(b, schema));
  }
  return out;
}

/** The document with every untyped `oneOf` / `anyOf` branch given its parent's type (see above). */
export function withTypedBranches(doc: OpenApiDocument): OpenApiDocument {
  return walk(doc) as OpenApiDocument;
}

/**
 * Where a branch still has no type of its own after `withTypedBranches`: a generator would make it
 * `unknown`. JSON pointers into the document, for the message that names the fix.
 */
export function untypedBranches(value: unknown, pointer = '#'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => untypedBranches(v, `${pointer}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (key === 'example' || key === 'examples') continue;
    const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(child))
      child.forEach((b: JsonSchema, i) => {
        if (isUntyped(b)) out.push(`${at}/${i}`);
      });
    out.push(...untypedBranches(child, at));
  }
  return out;
}
