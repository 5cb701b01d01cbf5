/**
 * Each operation's `response_code` as an enum in its response schemas, made at bundle time from
 * `x-response-codes` and the catalogue (openapi/response-codes.yaml), so that a code generator
 * (openapi-typescript) gives every operation a literal union of the codes it can answer instead of
 * `number` (issue 26, "Types a generator can trust"). Written once here rather than by hand in
 * every family file, so the enum and `x-response-codes` cannot drift apart. Pure: the document is
 * copied where it changes, never mutated (a dereferenced document shares objects between operations).
 */
import {listOperations, type OpenApiDocument, type Operation, type Response} from './openapi';
import type {JsonSchema} from './schema';
import type {ResponseCodeView} from './types';

/**
 * The HTTP status an answer with this `response_code` is sent with, as the contract's shared
 * responses give it (components/common.yaml#/responses): the one mapping the sandbox answers by too.
 */
export function httpStatusOf(code: number): number {
  if (code === 10) return 400;
  if (code === 11 || code === 12) return 401;
  if (code === 18) return 429;
  return 200;
}

type Catalogue = readonly Pick<ResponseCodeView, 'code' | 'common'>[];

/**
 * The codes a response with HTTP `status` can carry for an operation listing `listed`: on 200, the
 * listed codes and the common ones (22) that answer 200; on any other status, every catalogued code
 * that answers with it (a 400 carries 10 even on an operation that takes no input: a wrong method).
 */
export function codesAnsweredWith(status: number, listed: readonly number[], catalogue: Catalogue): number[] {
  const own = status === 200 ? catalogue.filter((c) => c.common || listed.includes(c.code)) : catalogue;
  return own
    .map((c) => c.code)
    .filter((code) => httpStatusOf(code) === status)
    .sort((a, b) => a - b);
}

/** The schema narrowed to these codes: the original, and `response_code` as a required integer enum. */
export const withCodeEnum = (schema: JsonSchema, codes: readonly number[]): JsonSchema => ({
  allOf: [
    schema,
    {
      type: 'object',
      required: ['response_code'],
      properties: {response_code: {type: 'integer', enum: [...codes]}},
    },
  ],
});

type RefOr<T> = T | {$ref: string};
const isRef = (value: unknown): value is {$ref: string} =>
  typeof value === 'object' && value !== null && typeof (value as {$ref?: unknown}).$ref === 'string';

/** The response with its JSON schema narrowed to `codes` (a copy), or as it is when it has no JSON body. */
function narrowResponse(response: Response, codes: readonly number[]): Response {
  const content = response.content;
  const json = content?.['application/json'];
  if (!content || !json?.schema || !codes.length) return response;
  return {...response, content: {...content, 'application/json': {...json, schema: withCodeEnum(json.schema, codes)}}};
}

/** `#/components/responses/<name>` -> `<name>`. */
const sharedName = (ref: string): string | undefined => /^#\/components\/responses\/([^/]+)$/.exec(ref)?.[1];

/**
 * The operation with every inline response narrowed; a shared response it refers to (bundled, refs
 * kept) is recorded in `shared` with its HTTP status, to be narrowed once in `components.responses`.
 */
function narrowOperation(op: Operation, catalogue: Catalogue, shared: Map<string, number>): Operation {
  const responses: Record<string, RefOr<Response>> = {};
  for (const [status, response] of Object.entries(op.responses as Record<string, RefOr<Response>>)) {
    const codes = codesAnsweredWith(Number(status), op['x-response-codes'] ?? [], catalogue);
    if (!isRef(response)) responses[status] = narrowResponse(response, codes);
    else {
      const name = sharedName(response.$ref);
      if (name) shared.set(name, Number(status));
      responses[status] = response;
    }
  }
  return {...op, responses: responses as Record<string, Response>};
}

/** The shared responses, each narrowed to the codes of the HTTP status operations use it for. */
function narrowShared(
  components: Record<string, unknown>,
  shared: ReadonlyMap<string, number>,
  catalogue: Catalogue,
): Record<string, unknown> {
  const responses = {...(components.responses as Record<string, Response> | undefined)};
  for (const [name, status] of shared) {
    const response = responses[name];
    if (response) responses[name] = narrowResponse(response, codesAnsweredWith(status, [], catalogue));
  }
  return {...components, responses};
}

/** The extension that lists a payload's codes, on its `response_code` property, as operations list theirs. */
export const LISTED_CODES = 'x-response-codes';

type Schemaish = Record<string, unknown>;
const isSchemaish = (value: unknown): value is Schemaish =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The codes a schema's `response_code` property lists (`x-response-codes`), if it lists any. */
function listedCodes(schema: Schemaish): number[] | undefined {
  const properties = schema.properties;
  const code = isSchemaish(properties) ? properties.response_code : undefined;
  const listed = isSchemaish(code) ? code[LISTED_CODES] : undefined;
  return Array.isArray(listed) ? (listed as number[]) : undefined;
}

/**
 * The document with every schema whose `response_code` lists its codes (webhook payloads, a status
 * item: issue 33) narrowed as an operation's answer is, so a generated client gets a union there too,
 * not `number`. Walks the whole document (bundled or dereferenced; a dereferenced document shares
 * and may nest objects, so each is copied once); an uncatalogued code fails, naming where it is.
 */
export function withListedCodeEnums(doc: OpenApiDocument, catalogue: Catalogue): OpenApiDocument {
  const known = new Set(catalogue.map((c) => c.code));
  // Each object once: its result, or itself while its own children are walked (a cycle stays as it is).
  const done = new WeakMap<object, unknown>();
  const walk = (value: unknown, where: string): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (done.has(value)) return done.get(value);
    done.set(value, value);
    const entries = Object.entries(value).map(([key, item]) => [key, walk(item, `${where}/${key}`)] as const);
    const changed = entries.some(([key, item]) => item !== (value as Schemaish)[key]);
    // Unchanged parts stay the very same objects: only what holds a listed code is copied.
    let out: unknown = value;
    if (changed) out = Array.isArray(value) ? entries.map(([, item]) => item) : Object.fromEntries(entries);
    const codes = isSchemaish(out) ? listedCodes(out) : undefined;
    if (codes) {
      const unknown = codes.filter((c) => !known.has(c));
      if (unknown.length)
        throw new Error(
          `${where}/properties/response_code: ${LISTED_CODES} lists ${unknown.join(', ')}, which openapi/response-codes.yaml does not catalogue. List catalogued codes only, or add the code to the catalogue.`,
        );
      out = withCodeEnum(out as JsonSchema, codes);
    }
    done.set(value, out);
    return out;
  };
  return walk(doc, '#') as OpenApiDocument;
}

/**
 * The document with `response_code` narrowed, on every operation's responses (webhooks are
 * deliveries to the partner: their responses carry no envelope), to the codes it answers with
 * each HTTP status. Works on the bundled document (shared responses narrowed once, in
 * `components.responses`) and on the dereferenced one (every operation's responses narrowed).
 */
export function withResponseCodeEnums(source: OpenApiDocument, catalogue: Catalogue): OpenApiDocument {
  const doc = withListedCodeEnums(source, catalogue);
  const shared = new Map<string, number>();
  const paths: OpenApiDocument['paths'] = {};
  const narrowed = new Map(
    listOperations({...doc, webhooks: {}}).map((l) => [l.op, narrowOperation(l.op, catalogue, shared)] as const),
  );
  for (const [path, item] of Object.entries(doc.paths)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([key, value]) => [key, narrowed.get(value as Operation) ?? value]),
    );
  }
  const components = doc.components as Record<string, unknown> | undefined;
  return {
    ...doc,
    paths,
    ...(components ? {components: narrowShared(components, shared, catalogue)} : {}),
  };
}
