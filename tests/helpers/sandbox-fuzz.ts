/**
 * Issue 33's fuzz, in process: what an outside OpenAPI fuzzer (schemathesis) does to every operation,
 * against the sandbox engine's handler. For an operation of the checked contract it generates
 * conforming requests from the operation's own schemas (tests/helpers/schema-arbitrary.ts), negative
 * ones (one mutation of a conforming request), and requests with bad credentials; it signs each as
 * the contract requires (a token of today's form, the RFC 9421 signature of the marked calls, the
 * webhook secret proof where the header is required), and lists what is wrong with an answer.
 * Used by tests/unit/sandbox-fuzz.test.ts.
 */
import fc from 'fast-check';
import type {Located, Parameter} from '#core/contract/openapi';
import {getPath, setPath, text} from '#core/sandbox/body';
import {SECRET_PROOF_HEADER} from '#core/sandbox/engine/secret-proof';
import type {Json, JsonObject} from '#core/sandbox/model';
import {checkOf, flatten, schemaArbitrary, type Schema} from './schema-arbitrary';

/** The request headers the fuzz makes itself, never from a schema: the credentials of a call. */
const SIGNATURE_HEADERS = ['Content-Digest', 'Signature-Input', 'Signature'];

/** One operation as the fuzz reads it. */
export interface FuzzOperation {
  readonly l: Located;
  readonly id: string;
  /** Path and query parameters. */
  readonly params: readonly Parameter[];
  readonly body?: Schema;
  /** The call is marked `x-signed-request`: signed with the sandbox's test key. */
  readonly signed: boolean;
  /** Its signature headers are required (no transition window): an unsigned call is refused. */
  readonly mustSign: boolean;
  /** The call requires `X-Webhook-Secret-Proof`. */
  readonly proof: boolean;
}

export function fuzzOperation(l: Located): FuzzOperation {
  const all = [...l.itemParams, ...(l.op.parameters ?? [])];
  for (const p of all)
    if (p.in === 'cookie' || (p.in === 'header' && ![...SIGNATURE_HEADERS, SECRET_PROOF_HEADER].includes(p.name)))
      throw new Error(
        `${l.op.operationId}: the fuzz cannot make the ${p.in} parameter ${p.name} (tests/helpers/sandbox-fuzz.ts)`,
      );
  const media = Object.entries(l.op.requestBody?.content ?? {});
  if (media.some(([type]) => type !== 'application/json'))
    throw new Error(`${l.op.operationId}: the fuzz sends JSON bodies only, not ${media.map(([t]) => t).join(', ')}`);
  const body = media[0]?.[1].schema;
  return {
    l,
    id: l.op.operationId,
    params: all.filter((p) => p.in === 'path' || p.in === 'query'),
    ...(body ? {body} : {}),
    signed: l.op['x-signed-request'] === true,
    mustSign: all.some((p) => p.name === 'Signature' && p.required === true),
    proof: all.some((p) => p.name === SECRET_PROOF_HEADER && p.required === true),
  };
}

/** A request of an operation: parameters by name, the body, and what a mutation changed on the wire. */
export interface FuzzRequest {
  readonly params: Readonly<Record<string, Json>>;
  readonly body?: Json;
  /** Sent as they are, percent-encoding and all (a broken path segment). */
  readonly rawPath?: Readonly<Record<string, string>>;
  /** Query parameters the operation does not declare. */
  readonly extraQuery?: Readonly<Record<string, string>>;
  readonly contentType?: string;
  /** The body text as sent, when it is not `JSON.stringify(body)`. */
  readonly rawBody?: string;
  /** What the negative kind broke and the field the refusal should name (`(body)` for the body as a whole). */
  readonly mutation?: {readonly kind: string; readonly field: string};
}

/** Conforming requests: every parameter and the body from their schemas; optional parameters sometimes. */
export function conforming(op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const params = Object.fromEntries(
    op.params.map((p) => [p.name, schemaArbitrary(p.schema as Schema, `${op.id} ${p.in} ${p.name}`)]),
  );
  const requiredKeys = op.params.filter((p) => p.required).map((p) => p.name);
  return fc.record({
    params: fc.record(params, {requiredKeys}),
    ...(op.body ? {body: schemaArbitrary(op.body, `${op.id} body`)} : {}),
  });
}

/** `agent.device.ip`, `customerparams[0].value`: a body path as the sandbox names a field. */
const fieldName = (path: readonly (string | number)[]): string =>
  path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');

/** A place in a request one mutation can break: a body value (or a missing one) with its schema. */
interface Site {
  readonly path: readonly (string | number)[];
  readonly schema: Schema;
  readonly value: Json | undefined;
  readonly required: boolean;
}

/** Every value of the body with the schema it answers to, down to the leaves; not into oneOf/anyOf branches. */
function bodySites(value: Json | undefined, schema: Schema, path: (string | number)[] = [], required = true): Site[] {
  const flat = flatten(schema, 'site').schema;
  const here: Site = {path, schema: flat, value, required};
  if (value === undefined) return [here];
  const branched = (flat.oneOf !== undefined && !flat.properties) || flat.anyOf !== undefined;
  if (branched) return [here];
  if (Array.isArray(value) && flat.items)
    return [here, ...value.flatMap((v, i) => bodySites(v as Json, flat.items as Schema, [...path, i]))];
  const props = flat.properties as Record<string, Schema> | undefined;
  if (!props || typeof value !== 'object' || value === null || Array.isArray(value)) return [here];
  const req = new Set((flat.required as string[] | undefined) ?? []);
  return [
    here,
    ...Object.entries(props).flatMap(([name, s]) =>
      name in value || req.has(name) ? bodySites((value as JsonObject)[name], s, [...path, name], req.has(name)) : [],
    ),
  ];
}

/** The name of a property or parameter no schema of the contract declares. */
const EXTRA = 'fuzz_extra';

/** A value of another JSON type than the schema's. */
function wrongType(schema: Schema): Json {
  const type = schema.type ?? (schema.properties ? 'object' : 'string');
  if (type === 'string') return 12345;
  if (type === 'object') return ['not', 'an', 'object'];
  if (type === 'array') return {not: 'an array'};
  return 'not a number';
}

/** Strings the schema refuses for its pattern, format, enum or const. */
function refusedString(schema: Schema): fc.Arbitrary<string> | undefined {
  const s = schema;
  if (s.type !== 'string' && !s.enum && s.const === undefined) return undefined;
  if (!s.pattern && !s.format && !s.enum && s.const === undefined) return undefined;
  const check = checkOf(Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'minLength' && k !== 'maxLength')));
  return fc
    .oneof(fc.string({unit: 'binary', maxLength: 24}), fc.constantFrom('', ' ', 'NOT_DOCUMENTED', '0', '%', 'null'))
    .filter((v) => !check(v));
}

/** Values outside the schema's bounds: below its minimum or length, above its maximum. */
function outOfRange(schema: Schema, value: Json | undefined): Json[] {
  const out: Json[] = [];
  const s = schema as Record<string, number | undefined>;
  const step = s.multipleOf ?? (schema.type === 'integer' ? 1 : 0.01);
  if (s.minimum !== undefined) out.push(Number((s.minimum - step).toFixed(6)));
  if (s.maximum !== undefined) out.push(Number((s.maximum + step).toFixed(6)));
  if (typeof value === 'string' && s.minLength) out.push([...value].slice(0, s.minLength - 1).join(''));
  if (s.maxLength !== undefined) out.push('9'.repeat(s.maxLength + 1));
  if (Array.isArray(value) && s.minItems) out.push(value.slice(0, s.minItems - 1));
  if (Array.isArray(value) && s.maxItems !== undefined && value.length)
    out.push(Array.from({length: s.maxItems + 1}, () => value[0] as Json));
  return out;
}

/** The one-change variants of a body value at `site`, each with its kind. */
function siteMutations(site: Site): {kind: string; value: fc.Arbitrary<Json | undefined>}[] {
  const out: {kind: string; value: fc.Arbitrary<Json | undefined>}[] = [];
  if (site.required && site.path.length) out.push({kind: 'drop a required field', value: fc.constant(undefined)});
  if (site.value === undefined) return out;
  out.push({kind: 'wrong type', value: fc.constant(wrongType(site.schema))});
  const range = outOfRange(site.schema, site.value);
  if (range.length) out.push({kind: 'out of range', value: fc.constantFrom(...range)});
  const refused = refusedString(site.schema);
  if (refused) out.push({kind: site.schema.enum ? 'bad enum' : 'bad pattern or format', value: refused});
  const closed = site.schema.additionalProperties === false || site.schema.unevaluatedProperties === false;
  if (closed && typeof site.value === 'object' && site.value !== null && !Array.isArray(site.value))
    out.push({kind: 'extra property', value: fc.constant({...site.value, [EXTRA]: 'x'})});
  return out;
}

/** The body with `value` at `path`, or without the field when `value` is undefined. */
function placed(body: Json | undefined, path: readonly (string | number)[], value: Json | undefined): Json | undefined {
  if (!path.length) return value;
  if (value !== undefined) return setPath(body, fieldName(path), value);
  const parentPath = path.slice(0, -1);
  const parent = parentPath.length ? getPath(body, fieldName(parentPath)) : body;
  const {[String(path.at(-1))]: _dropped, ...rest} = parent as JsonObject;
  return parentPath.length ? setPath(body, fieldName(parentPath), rest) : rest;
}

/** The body's mutations, each kept only when the contract's ajv refuses the result. */
function bodyMutations(op: FuzzOperation, req: FuzzRequest): fc.Arbitrary<FuzzRequest>[] {
  if (!op.body) return [];
  const check = checkOf(op.body);
  return bodySites(req.body, op.body).flatMap((site) =>
    siteMutations(site).map(({kind, value}) => {
      // An extra property is named by its own name, as an unknown field is.
      const path = kind === 'extra property' ? [...site.path, EXTRA] : site.path;
      return value
        .map((v): FuzzRequest => ({
          ...req,
          ...(placed(req.body, site.path, v) === undefined ? {} : {body: placed(req.body, site.path, v)}),
          mutation: {kind, field: fieldName(path) || '(body)'},
        }))
        .filter((r) => r.body === undefined || !check(r.body));
    }),
  );
}

/** The parameters' mutations: a required one dropped, a value its schema refuses, a name it does not declare. */
function paramMutations(op: FuzzOperation, req: FuzzRequest): fc.Arbitrary<FuzzRequest>[] {
  const out: fc.Arbitrary<FuzzRequest>[] = [];
  const withParam = (name: string, kind: string) => (v: Json | undefined) => {
    const {[name]: _old, ...rest} = req.params;
    return {...req, params: v === undefined ? rest : {...rest, [name]: v}, mutation: {kind, field: name}};
  };
  for (const p of op.params) {
    const schema = flatten(p.schema as Schema, p.name).schema;
    if (p.in === 'path') {
      const segment = encodeURIComponent(text(req.params[p.name]));
      out.push(
        fc.constantFrom('%E0%A4%A', '%', '%ZZ', '%C3').map((broken) => ({
          ...req,
          rawPath: {[p.name]: `${segment}${broken}`},
          mutation: {kind: 'broken percent-encoding', field: p.name},
        })),
      );
    } else if (p.required) out.push(fc.constant(withParam(p.name, 'drop a required parameter')(undefined)));
    if (schema.type === 'integer') out.push(fc.constant(withParam(p.name, 'wrong type')('x1')));
    const range = outOfRange(schema, req.params[p.name]).filter((v) => v !== '');
    if (range.length) out.push(fc.constantFrom(...range).map(withParam(p.name, 'out of range')));
    const refused = refusedString(schema);
    // An empty segment, `.` or `..` names another path (URLs drop dot segments): the route answers, not the parameter.
    if (refused)
      out.push(
        refused
          .filter((v) => p.in !== 'path' || !['', '.', '..'].includes(v))
          .map(withParam(p.name, 'bad pattern, format or enum')),
      );
  }
  out.push(fc.constant({...req, extraQuery: {[EXTRA]: '1'}, mutation: {kind: 'extra parameter', field: EXTRA}}));
  return out;
}

/** The body sent as another media type, or as text that is not UTF-8 (an unpaired surrogate). */
function wireMutations(op: FuzzOperation, req: FuzzRequest): fc.Arbitrary<FuzzRequest>[] {
  if (!op.body) return [];
  const json = JSON.stringify(req.body);
  return [
    fc
      .constantFrom(
        'text/plain',
        'application/json; charset=latin1',
        'application/json-patch+json',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      )
      .map((contentType) => ({...req, contentType, mutation: {kind: 'wrong content type', field: '(body)'}})),
    fc.nat({max: Math.max(0, json.length - 1)}).map((at) => {
      // Inside a string where there is one, so the JSON still parses: only the encoding is wrong.
      const quote = json.indexOf('"', at);
      const cut = quote < 0 ? json.length : quote + 1;
      return {
        ...req,
        rawBody: `${json.slice(0, cut)}\uD800${json.slice(cut)}`,
        mutation: {kind: 'body not UTF-8', field: '(body)'},
      };
    }),
  ];
}

/** Negative requests: a conforming one with one mutation the contract refuses. */
export function negative(op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  return conforming(op).chain((req) =>
    fc.oneof(...paramMutations(op, req), ...bodyMutations(op, req), ...wireMutations(op, req)),
  );
}

/** The credentials of a call gone wrong, each answered HTTP 401 by the documented API. */
export const BAD_AUTH = [
  'no Authorization',
  'not Bearer',
  'another secret',
  'an expired token',
  'a token from the future',
  'a reused reqId',
  'another audience',
  'an unknown kid',
  'a revoked kid',
  'an unknown partner',
  'a garbled token',
  'a bad request signature',
  'no request signature',
  'a wrong secret proof',
] as const;
export type BadAuth = (typeof BAD_AUTH)[number];

/** The credentials that apply to an operation (a signature only to a signed call, a proof only where required). */
export const badAuthFor = (op: FuzzOperation): BadAuth[] =>
  BAD_AUTH.filter(
    (b) =>
      (b !== 'a bad request signature' || op.signed) &&
      (b !== 'no request signature' || op.mustSign) &&
      (b !== 'a wrong secret proof' || op.proof),
  );
