/**
 * JSON Schema (already dereferenced) -> rows of a parameter table.
 * Pure functions; tested in tests/unit/schema.test.ts.
 */
import type {Scalar, SchemaRow} from './types';

export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly title?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly allOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly if?: JsonSchema;
  readonly then?: JsonSchema;
  readonly enum?: readonly Scalar[];
  readonly const?: Scalar;
  readonly default?: unknown;
  readonly examples?: readonly unknown[];
  readonly example?: unknown;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly contentEncoding?: string;
  readonly nullable?: boolean;
  readonly [key: string]: unknown;
};

/** Folds `allOf` into one schema: properties and `required` are unioned, later parts win. */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const {allOf, ...rest} = schema;
  const parts = [...allOf.map(mergeAllOf), rest as JsonSchema];
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  let merged: Record<string, unknown> = {};
  for (const part of parts) {
    const {properties: props, required: req, ...other} = part;
    merged = {...merged, ...other};
    for (const [name, value] of Object.entries(props ?? {})) {
      properties[name] = properties[name] ? mergeAllOf({allOf: [properties[name], value]}) : value;
    }
    for (const name of req ?? []) required.add(name);
  }
  return {
    ...merged,
    ...(Object.keys(properties).length ? {properties} : {}),
    ...(required.size ? {required: [...required]} : {}),
  };
}

/** The branches of a `oneOf` / `anyOf`, and which of the two it is. */
export function branchesOf(
  schema: JsonSchema,
): {kind: 'one of' | 'any of'; branches: readonly JsonSchema[]} | undefined {
  if (schema.oneOf) return {kind: 'one of', branches: schema.oneOf};
  if (schema.anyOf) return {kind: 'any of', branches: schema.anyOf};
  return undefined;
}

/**
 * True for a `oneOf` / `anyOf` whose branches only name a format (`anyOf: [{format: ipv4},
 * {format: ipv6}]`): it reads as one type, `string (ipv4 or ipv6)`, not as branches.
 */
export function isFormatChoice(schema: JsonSchema): boolean {
  const branches = branchesOf(schema)?.branches ?? [];
  return branches.length > 0 && branches.every((b) => Object.keys(b).every((k) => k === 'format'));
}

function baseType(schema: JsonSchema): string {
  const t = schema.type;
  if (Array.isArray(t)) return t.filter((x) => x !== 'null').join(' or ');
  if (typeof t === 'string') return t;
  if (schema.properties) return 'object';
  if (schema.const !== undefined) return typeof schema.const;
  if (schema.enum?.length) return typeof schema.enum[0];
  // A field that is one of several shapes has the type its branches have (`object`).
  const branches = branchesOf(schema)?.branches.map((b) => baseType(mergeAllOf(b))) ?? [];
  if (branches.length && !branches.includes('any')) return [...new Set(branches)].join(' or ');
  return 'any';
}

/** `string (date-time)`, `array of object`, `integer`, `string (ipv4 or ipv6)`. */
export function describeType(input: JsonSchema): string {
  const schema = mergeAllOf(input);
  const type = baseType(schema);
  if (type === 'array' && schema.items) return `array of ${describeType(schema.items)}`;
  const choice = isFormatChoice(schema)
    ? branchesOf(schema)
        ?.branches.map((b) => b.format)
        .join(' or ')
    : undefined;
  const format = choice ?? schema.format ?? (schema.contentEncoding ? schema.contentEncoding : undefined);
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  return `${type}${format ? ` (${format})` : ''}${nullable ? ', nullable' : ''}`;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n);
}

/** Readable validation rules of one schema, in a stable order. */
export function describeConstraints(input: JsonSchema): string[] {
  const s = mergeAllOf(input);
  const out: string[] = [];
  const min = s.minimum ?? s.exclusiveMinimum;
  const max = s.maximum ?? s.exclusiveMaximum;
  if (min !== undefined && max !== undefined) out.push(`${formatNumber(min)} to ${formatNumber(max)}`);
  else if (min !== undefined)
    out.push(`${s.exclusiveMinimum !== undefined ? 'more than' : 'at least'} ${formatNumber(min)}`);
  else if (max !== undefined)
    out.push(`${s.exclusiveMaximum !== undefined ? 'less than' : 'at most'} ${formatNumber(max)}`);
  if (s.multipleOf !== undefined) {
    out.push(s.multipleOf === 0.01 ? 'up to 2 decimal places' : `multiple of ${formatNumber(s.multipleOf)}`);
  }
  if (s.minLength !== undefined && s.maxLength !== undefined) {
    out.push(
      s.minLength === s.maxLength ? `exactly ${s.minLength} characters` : `${s.minLength} to ${s.maxLength} characters`,
    );
  } else if (s.minLength !== undefined) out.push(`at least ${s.minLength} characters`);
  else if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minItems !== undefined) out.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.pattern) out.push(`pattern ${s.pattern}`);
  if (s.const !== undefined) out.push(`always ${JSON.stringify(s.const)}`);
  return out;
}

export function exampleOf(input: JsonSchema): string | undefined {
  const s = mergeAllOf(input);
  const value = s.examples?.[0] ?? s.example;
  if (value === undefined || (typeof value === 'object' && value !== null)) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function row(name: string, path: string, depth: number, schema: JsonSchema, required: boolean): SchemaRow {
  const s = mergeAllOf(schema);
  const items = s.type === 'array' && s.items ? mergeAllOf(s.items) : undefined;
  const enumValues = s.enum ?? items?.enum;
  return {
    name,
    path,
    depth,
    type: describeType(s),
    required,
    ...(s.description ? {description: s.description} : {}),
    constraints: describeConstraints(
      items && !s.pattern && s.minimum === undefined ? {...items, minItems: s.minItems, maxItems: s.maxItems} : s,
    ),
    ...(enumValues ? {enumValues} : {}),
    ...(s.default !== undefined ? {defaultValue: JSON.stringify(s.default)} : {}),
    ...(exampleOf(s) !== undefined && !enumValues ? {example: exampleOf(s)} : {}),
  };
}

/**
 * The rows of the `oneOf` / `anyOf` branches of `schema`: one row per branch, named by its `title`
 * (what to send instead of the others), then that branch's own fields one level deeper. A branch
 * that only names required fields (`{required: [rrn]}`) says so in its description.
 */
function branchRows(schema: JsonSchema, prefix: string, depth: number): SchemaRow[] {
  const found = branchesOf(schema);
  if (!found || isFormatChoice(schema)) return [];
  const {kind, branches} = found;
  return branches.flatMap((raw, i) => {
    const branch = mergeAllOf(raw);
    const title = branch.title ?? `option ${i + 1}`;
    const path = `${prefix}[${title}]`;
    const needs = branch.properties ? undefined : branch.required;
    const description =
      branch.description ?? (needs?.length ? `Send ${needs.map((n) => `\`${n}\``).join(' and ')}.` : undefined);
    const head: SchemaRow = {
      name: title,
      path,
      depth,
      type: kind === 'one of' ? 'one of these' : 'any of these',
      required: false,
      ...(description ? {description} : {}),
      constraints: [],
      variant: kind,
      ...(branch.required?.length ? {requires: branch.required} : {}),
    };
    return [head, ...schemaToRows(branch, path, depth + 1)];
  });
}

/**
 * Flattens an object schema into table rows, depth first, so nested objects and
 * arrays of objects read as indented sub-rows under their parent, and the branches of a
 * `oneOf` / `anyOf` read as labelled groups of rows (see `branchRows`).
 */
export function schemaToRows(input: JsonSchema | undefined, prefix = '', depth = 0): SchemaRow[] {
  if (!input) return [];
  const schema = mergeAllOf(input);
  const target = schema.type === 'array' && schema.items ? mergeAllOf(schema.items) : schema;
  const props = target.properties ?? {};
  const required = new Set(target.required ?? []);
  const rows: SchemaRow[] = [];
  for (const [name, child] of Object.entries(props)) {
    const path = prefix ? `${prefix}.${name}` : name;
    rows.push(row(name, path, depth, child, required.has(name)));
    const merged = mergeAllOf(child);
    const items = merged.type === 'array' && merged.items ? mergeAllOf(merged.items) : undefined;
    if (merged.properties) rows.push(...schemaToRows(merged, path, depth + 1));
    else if (items) {
      // An array of objects, or of one of several shapes: the items' fields or branches, under `name[]`.
      if (items.properties) rows.push(...schemaToRows(items, `${path}[]`, depth + 1));
      else rows.push(...branchRows(items, `${path}[]`, depth + 1));
    }
    if (!merged.properties) rows.push(...branchRows(merged, path, depth + 1));
  }
  rows.push(...branchRows(target, prefix, depth));
  return rows;
}
