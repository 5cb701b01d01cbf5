/**
 * The deprecations open now, read from the contract: every property marked `deprecated: true` with
 * the property that replaces it (`x-replaced-by`) and the last day the old name works (`x-sunset`),
 * grouped by what it is (a request field, a response field, a webhook field) with the operations and
 * webhooks that carry it. The versioning page's <Deprecations /> table is built from these
 * (./component-sections.ts `deprecationBlocks`), so a rename cannot be announced in one place and
 * missing from the other. The sandbox's check (core/sandbox/compile/deprecated.ts) walks the same
 * properties and fails one that lacks its replacement or its sunset.
 */
import {listOperations, type FormTransition, type Located, type OpenApiDocument} from './openapi';
import {mergeAllOf, type JsonSchema} from './schema';

/** One property marked deprecated, where it sits (`data.last_aadhar`) and the object it belongs to. */
export interface DeprecatedProperty {
  readonly path: string;
  readonly name: string;
  readonly schema: JsonSchema;
  readonly siblings: Readonly<Record<string, JsonSchema>>;
}

/** Every deprecated property of `input`, at any depth (through allOf, items, oneOf and anyOf). */
export function deprecatedProperties(input: JsonSchema | undefined, path = '', depth = 0): DeprecatedProperty[] {
  // The contract's deepest payload is far shallower; the bound only stops a cycle a bad $ref could make.
  if (!input || depth > 12) return [];
  const schema = mergeAllOf(input);
  const props = schema.properties ?? {};
  const own = Object.entries(props).flatMap(([name, child]) => {
    const at = path ? `${path}.${name}` : name;
    const self = child.deprecated === true ? [{path: at, name, schema: child, siblings: props}] : [];
    return [...self, ...deprecatedProperties(child, at, depth + 1)];
  });
  const nested = [schema.items, ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((s) =>
    deprecatedProperties(s, path, depth + 1),
  );
  return [...own, ...nested];
}

/**
 * What a deprecated property is to a client: a field it sends, one it reads in an answer, or in a
 * delivery; or `form`, an old form that is no property (`x-transitions`), its words as written.
 */
export type DeprecationPart = 'request' | 'response' | 'webhook' | 'form';

/** One schema of an operation or webhook: its part, and how messages name it (`request`, `200 response`). */
export interface PartSchema {
  readonly part: DeprecationPart;
  readonly what: string;
  readonly schema: JsonSchema | undefined;
}

const jsonSchemaOf = (content: Record<string, {schema?: JsonSchema}> | undefined): JsonSchema | undefined =>
  Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1].schema;

/** The request body and every response of one operation or webhook (a webhook's body is the delivery). */
export function partSchemas(l: Located): PartSchema[] {
  return [
    {
      part: l.kind === 'webhook' ? 'webhook' : 'request',
      what: 'request',
      schema: jsonSchemaOf(l.op.requestBody?.content),
    },
    ...Object.entries(l.op.responses ?? {}).map(([status, res]): PartSchema => ({
      part: 'response',
      what: `${status} response`,
      schema: jsonSchemaOf(res.content),
    })),
  ];
}

/**
 * One old name, what replaces it, until when, and the operations and webhooks (ids) that carry it;
 * for a form of a security scheme no ids: every call carries it.
 */
export interface Deprecation {
  readonly part: DeprecationPart;
  readonly old: string;
  readonly replacement: string;
  readonly sunset: string;
  readonly entries: readonly string[];
}

/**
 * Every complete deprecation of the contract (both `x-replaced-by` and `x-sunset` set; the sandbox's
 * check fails the others), in the order the contract first shows each, its entries in contract order.
 */
export function contractDeprecations(doc: OpenApiDocument): Deprecation[] {
  const found = new Map<string, {readonly row: Omit<Deprecation, 'entries'>; readonly entries: Set<string>}>();
  for (const l of listOperations(doc))
    for (const {part, schema} of partSchemas(l))
      for (const p of deprecatedProperties(schema)) {
        const replacement = p.schema['x-replaced-by'];
        const sunset = p.schema['x-sunset'];
        if (typeof replacement !== 'string' || typeof sunset !== 'string') continue;
        const key = [part, p.name, replacement, sunset].join(' ');
        const group = found.get(key) ?? {row: {part, old: p.name, replacement, sunset}, entries: new Set<string>()};
        group.entries.add(l.op.operationId);
        found.set(key, group);
      }
  const renamed = [...found.values()].map(({row, entries}) => ({...row, entries: [...entries]}));
  return [...renamed, ...formTransitions(doc)];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with one `x-transitions` entry, or undefined: the table would drop it silently. */
export function transitionProblem(t: Partial<Record<keyof FormTransition, unknown>>): string | undefined {
  for (const key of ['old', 'replacement'] as const)
    if (typeof t[key] !== 'string' || t[key] === '')
      return `an x-transitions entry has no ${key}. Give old, replacement and sunset: 'YYYY-MM-DD' (quoted).`;
  if (typeof t.sunset !== 'string' || !ISO_DATE.test(t.sunset))
    return `the x-transitions entry "${String(t.old)}" has no sunset date. Add sunset: 'YYYY-MM-DD' (quoted), the last day the old form works.`;
  return undefined;
}

/** The complete `x-transitions` of the security schemes (every call), then of each operation. */
export function formTransitions(doc: OpenApiDocument): Deprecation[] {
  const row = (t: FormTransition, entries: string[]): Deprecation => ({
    part: 'form',
    old: t.old,
    replacement: t.replacement,
    sunset: t.sunset,
    entries,
  });
  const complete = (list: FormTransition[] | undefined) => (list ?? []).filter((t) => !transitionProblem(t));
  const schemes = Object.values(doc.components?.securitySchemes ?? {}).flatMap((s) =>
    complete(s['x-transitions']).map((t) => row(t, [])),
  );
  const ops = listOperations(doc).flatMap((l) =>
    complete(l.op['x-transitions']).map((t) => row(t, [l.op.operationId])),
  );
  return [...schemes, ...ops];
}
