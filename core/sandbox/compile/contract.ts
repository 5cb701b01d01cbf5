/**
 * The contract side of the scenarios: what each operation offers a scenario (its parameters, sample
 * request, codes, named examples, response schemas), and the request checks a scenario goes through.
 */
import type {Located, Parameter} from '../../contract/openapi';
import {mergeAllOf, type JsonSchema} from '../../contract/schema';
import {fieldError, parsePath, setPath} from '../body';
import type {Condition, Json, JsonObject, RenamedField, ValidatorError} from '../model';

/** Validates `data` against `schema`; the errors ajv reports (empty when valid). */
export type SchemaCheck = (schema: JsonSchema, data: unknown) => readonly ValidatorError[];

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const JSON_TYPE = (content: Record<string, {schema?: JsonSchema}> | undefined): JsonSchema | undefined =>
  Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1].schema;

/** HTTP status of an answer with this code: one mapping, shared with the contract's response enums. */
export {httpStatusOf} from '../../contract/response-enums';

/** The schema of path and query parameters of an operation, for the (coercing) params validator. */
export function paramsSchema(params: readonly Parameter[]): JsonSchema | undefined {
  const own = params.filter((p) => p.in === 'path' || p.in === 'query');
  if (!own.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema ?? {}])),
    required: own.filter((p) => p.required || p.in === 'path').map((p) => p.name),
  };
}

export interface OpInfo {
  readonly located: Located;
  readonly id: string;
  readonly family: string;
  readonly params: readonly Parameter[];
  readonly paramsSchema?: JsonSchema;
  readonly bodySchema?: JsonSchema;
  readonly sampleBody?: Json;
  /** Every request example of the body, the first (`sampleBody`) included. */
  readonly sampleBodies: readonly Json[];
  readonly sampleParams: Record<string, Json>;
  readonly codes: readonly number[];
  /** Named examples of each response, by HTTP status. */
  readonly examples: Readonly<Record<string, readonly {name: string; value: JsonObject}[]>>;
  readonly responseSchemas: Readonly<Record<string, JsonSchema>>;
}

export function opInfo(l: Located): OpInfo {
  const params = [...l.itemParams, ...(l.op.parameters ?? [])];
  const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
  const sampleBodies = (
    media?.example !== undefined ? [media.example] : Object.values(media?.examples ?? {}).map((e) => e.value)
  ) as Json[];
  const sampleBody = sampleBodies[0];
  const examples: Record<string, {name: string; value: JsonObject}[]> = {};
  const responseSchemas: Record<string, JsonSchema> = {};
  for (const [status, res] of Object.entries(l.op.responses)) {
    const m = Object.entries(res.content ?? {}).find(([t]) => t.includes('json'))?.[1];
    const schema = JSON_TYPE(res.content);
    if (schema) responseSchemas[status] = schema;
    if (!m) continue;
    examples[status] = m.examples
      ? Object.entries(m.examples).map(([name, ex]) => ({name, value: ex.value as JsonObject}))
      : m.example !== undefined
        ? [{name: 'example', value: m.example as JsonObject}]
        : [];
  }
  const sampleParams: Record<string, Json> = {};
  for (const p of params) {
    if (p.in !== 'query' && p.in !== 'path') continue;
    const value = (p.example ?? (p.schema?.examples as Json[] | undefined)?.[0]) as Json | undefined;
    if (value !== undefined) sampleParams[p.name] = value;
  }
  const ps = paramsSchema(params);
  return {
    located: l,
    id: l.op.operationId,
    family: l.op.tags[0] ?? 'untagged',
    params,
    ...(ps ? {paramsSchema: ps} : {}),
    ...(JSON_TYPE(l.op.requestBody?.content) ? {bodySchema: JSON_TYPE(l.op.requestBody?.content)} : {}),
    ...(sampleBody !== undefined ? {sampleBody} : {}),
    sampleBodies,
    sampleParams,
    codes: l.op['x-response-codes'] ?? [],
    examples,
    responseSchemas,
  };
}

/** Whether `path` (`customerparams[0].value`) names a field the schema describes. */
export function schemaHasPath(schema: JsonSchema | undefined, path: string): boolean {
  const walk = (s: JsonSchema | undefined, keys: (string | number)[]): boolean => {
    if (!s) return false;
    const m = mergeAllOf(s);
    if (!keys.length) return true;
    const [key, ...rest] = keys;
    const branches = [...(m.oneOf ?? []), ...(m.anyOf ?? [])];
    if (branches.some((b) => walk(b, keys))) return true;
    if (typeof key === 'number') return walk(m.items, rest);
    return walk(m.properties?.[key as string], rest);
  };
  return walk(schema, parsePath(path));
}

/**
 * Paths in a merge patch that the schema does not define (`data.stauts`): payload schemas are often
 * open, so a misspelt key would otherwise pass validation and reach the answer unnoticed.
 */
export function unknownPatchKeys(schema: JsonSchema | undefined, patch: Json, at = ''): string[] {
  if (!schema || !isRecord(patch)) return [];
  const s = mergeAllOf(schema);
  const branches = [...(s.oneOf ?? []), ...(s.anyOf ?? [])].map(mergeAllOf);
  const props = {...s.properties, ...Object.assign({}, ...branches.map((b) => b.properties ?? {}))} as Record<
    string,
    JsonSchema
  >;
  if (!Object.keys(props).length && s.additionalProperties !== false) return [];
  return Object.entries(patch).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    const child = props[key];
    if (!child) return [path];
    const c = mergeAllOf(child);
    return unknownPatchKeys(c.type === 'array' ? c.items : c, value, path);
  });
}

/**
 * The request body's renamed fields: each property marked `deprecated: true` with `x-replaced-by`
 * naming another property of the same body (the old name of a field, accepted until its sunset).
 */
export function renamedFields(schema: JsonSchema | undefined): RenamedField[] {
  const props = schema ? (mergeAllOf(schema).properties ?? {}) : {};
  return Object.entries(props).flatMap(([old, child]) => {
    const current = child['x-replaced-by'];
    return child.deprecated === true && typeof current === 'string' && current in props ? [{old, current}] : [];
  });
}

/** Validator errors as indented lines, `field rule`, each once. */
export function errorLines(errors: readonly ValidatorError[]): string {
  const lines = errors.map((e) => {
    const f = fieldError(e);
    return `    ${f.field || '(the whole body)'} ${f.rule}`;
  });
  return [...new Set(lines)].join('\n');
}

export function conditions(when: Record<string, Json>): Condition[] {
  return Object.entries(when).map(([input, value]) => ({input, value}));
}

const isParam = (o: Pick<OpInfo, 'params'>, key: string): boolean =>
  o.params.some((p) => p.name === key && (p.in === 'query' || p.in === 'path'));

/** Whether `key` names a path or query parameter or a body field of the operation's request. */
export const isInput = (o: OpInfo, key: string): boolean => isParam(o, key) || schemaHasPath(o.bodySchema, key);

export interface SampleRequest {
  params: Record<string, Json>;
  body?: Json;
}

/** The sample request of an operation with `when` applied: the contract's first example, then the values. */
export function requestOf(o: OpInfo, when: Record<string, Json>): SampleRequest {
  const params = {...o.sampleParams};
  let body = o.sampleBody;
  for (const [key, value] of Object.entries(when)) {
    if (isParam(o, key)) params[key] = value;
    else body = setPath(body, key, value);
  }
  return {params, ...(body !== undefined ? {body} : {})};
}

/**
 * The request a scenario that does not answer code 10 is checked with: the first request example
 * that, with `when` applied, the schema accepts, else the first example. A scenario may select a
 * value that the first example's other fields do not fit (payout's `mode` `RTGS` starts at 2,00,000,
 * above the first, IMPS, example's amount): the contract's example for that value shows it reachable.
 */
export function reachableRequest(
  check: SchemaCheck,
  o: OpInfo,
  when: Record<string, Json>,
): {request: SampleRequest; errors: readonly ValidatorError[]} {
  const first = requestOf(o, when);
  const firstErrors = requestErrors(check, o, first);
  if (!firstErrors.length) return {request: first, errors: firstErrors};
  for (const sampleBody of o.sampleBodies.slice(1)) {
    const request = requestOf({...o, sampleBody}, when);
    if (!requestErrors(check, o, request).length) return {request, errors: []};
  }
  return {request: first, errors: firstErrors};
}

/** What the engine's validators would say of a request: empty when it is valid. */
export const requestErrors = (check: SchemaCheck, o: OpInfo, req: SampleRequest): readonly ValidatorError[] => [
  ...(o.paramsSchema ? check(o.paramsSchema, req.params) : []),
  ...(o.bodySchema ? check(o.bodySchema, req.body ?? null) : []),
];

/** A value that breaks `schema`, for the derived code 10 row and test; undefined when none is found. */
export function invalidValue(schema: JsonSchema | undefined): Json | undefined {
  if (!schema) return undefined;
  const s = mergeAllOf(schema);
  if (s.enum) return 'NOT_AN_OPTION';
  if (s.type === 'integer' || s.type === 'number') return s.minimum !== undefined ? s.minimum - 1 : 'not a number';
  if (s.type === 'string') {
    if (s.pattern || s.format) return '!';
    if (s.minLength) return '';
    return 12345;
  }
  if (s.type === 'boolean') return 'yes';
  return undefined;
}

/** The sample request with one field made invalid (or, for a body, an unknown field added). */
export function invalidRequest(
  o: Pick<OpInfo, 'params' | 'sampleParams' | 'sampleBody' | 'bodySchema' | 'paramsSchema'>,
):
  | {
      request: {params: Record<string, Json>; body?: Json};
      description: string;
      field: string;
    }
  | undefined {
  if (o.bodySchema && isRecord(o.sampleBody)) {
    return {
      request: {params: {...o.sampleParams}, body: {...o.sampleBody, unknown_field: 'x'}},
      description: 'Any field the request does not define, such as `unknown_field`',
      field: 'unknown_field',
    };
  }
  for (const p of o.params.filter((x) => x.in === 'query' || x.in === 'path')) {
    const value = invalidValue(p.schema);
    if (value === undefined) continue;
    return {
      request: {
        params: {...o.sampleParams, [p.name]: value},
        ...(o.sampleBody !== undefined ? {body: o.sampleBody} : {}),
      },
      description: `\`${p.name}\` \`${typeof value === 'string' ? value : JSON.stringify(value)}\``,
      field: p.name,
    };
  }
  return undefined;
}
