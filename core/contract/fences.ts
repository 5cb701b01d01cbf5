/**
 * JSON written in prose is checked against the contract: a fenced ```json block that shows an API
 * body says which one in its info string, and the build validates it against that schema.
 *
 *   ```json op="payout-create-order" part="request"
 *   ```json op="payout-order-status" part="response" status="200"
 *   ```json op="bbps-biller-by-id" part="response" field="data.customerparams"
 *   ```json part="other"        (JSON that is not an API body: a config, a JWT's claims)
 *
 * Pure: the caller passes the operations' schemas and a validator (ajv at build time).
 */
import {closest} from '../util/closest';
import {listOperations, type OpenApiDocument} from './openapi';
import {envelopeMismatch} from './envelope';
import {mergeAllOf, type JsonSchema} from './schema';

export interface FenceMeta {
  readonly op?: string;
  readonly part?: string;
  readonly status?: string;
  readonly field?: string;
}

/** The body schemas of one operation or webhook, by where they travel. */
export interface BodySchemas {
  readonly request?: JsonSchema;
  /** By HTTP status: '200', '400' ... */
  readonly responses: Readonly<Record<string, JsonSchema>>;
}

/** Validates `data` against `schema`; returns one line per error, empty when valid. */
export type Validate = (schema: JsonSchema, data: unknown) => string[];

const ATTR = /\b(op|part|status|field)=(["'])(.*?)\2/g;

export function parseFenceMeta(meta: string | null | undefined): FenceMeta {
  const out: Record<string, string> = {};
  for (const m of (meta ?? '').matchAll(ATTR)) out[m[1] as string] = m[3] as string;
  return out;
}

const EXAMPLE = '```json op="<operation or webhook id>" part="request" (or part="response", or part="other")';

/** The schema at a dotted path (`data.customerparams`, `items[]`) inside `schema`. */
export function schemaAt(schema: JsonSchema, field: string): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const raw of field.split('.')) {
    const isItems = raw.endsWith('[]');
    const name = isItems ? raw.slice(0, -2) : raw;
    at = at && (name ? mergeAllOf(at).properties?.[name] : at);
    if (isItems) at = at?.items;
    if (!at) return undefined;
  }
  return at;
}

/**
 * The problem with one ```json block, or undefined when it is fine. `where` is `file:line` for the
 * message.
 */
export function checkJsonFence(
  value: string,
  metaText: string | null | undefined,
  where: string,
  bodies: ReadonlyMap<string, BodySchemas>,
  validate: Validate,
): string | undefined {
  const meta = parseFenceMeta(metaText);
  if (meta.part === 'other') return undefined;
  if (!meta.op || (meta.part !== 'request' && meta.part !== 'response')) {
    return `${where}: a JSON block must say what it shows, so the build can check it against the contract. Write ${EXAMPLE}.`;
  }
  const body = bodies.get(meta.op);
  if (!body) {
    const near = closest(meta.op, bodies.keys());
    return `${where}: op="${meta.op}" names no operation or webhook of the contract.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`;
  }
  const status = meta.status ?? '200';
  let schema = meta.part === 'request' ? body.request : body.responses[status];
  if (!schema) {
    const has =
      meta.part === 'request'
        ? 'no request body'
        : `no ${status} response body (it has ${Object.keys(body.responses).join(', ') || 'none'})`;
    return `${where}: ${meta.op} has ${has}. Fix part= or status=.`;
  }
  if (meta.field) {
    schema = schemaAt(schema, meta.field);
    if (!schema) return `${where}: the ${meta.part} of ${meta.op} has no field ${meta.field}.`;
  }
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch (e) {
    return `${where}: the JSON does not parse: ${(e as Error).message}.`;
  }
  const errors = validate(schema, data);
  if (!errors.length) {
    // The schema cannot say that status follows response_code; the contract's examples are held to
    // it by envelopeCheck, and prose examples here, in the same words.
    const mismatch = envelopeMismatch(data);
    return mismatch && `${where}: ${mismatch}`;
  }
  const what = `the ${meta.part}${meta.part === 'response' ? ` ${status}` : ''} of ${meta.op}${meta.field ? `, field ${meta.field}` : ''}`;
  return `${where}: this JSON is not valid as ${what}:\n${errors.map((e) => `    ${e}`).join('\n')}\n  Fix the JSON (the contract is the source of truth), or the meta if it names the wrong body.`;
}

/** Every operation's and webhook's JSON body schemas, by id, from the dereferenced contract. */
export function bodySchemas(doc: OpenApiDocument): Record<string, BodySchemas> {
  const json = (content: Record<string, {schema?: JsonSchema}> | undefined): JsonSchema | undefined =>
    Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1].schema;
  const out: Record<string, BodySchemas> = {};
  for (const {op} of listOperations(doc)) {
    const request = json(op.requestBody?.content);
    const responses: Record<string, JsonSchema> = {};
    for (const [status, res] of Object.entries(op.responses)) {
      const schema = json(res.content);
      if (schema) responses[status] = schema;
    }
    out[op.operationId] = {...(request ? {request} : {}), responses};
  }
  return out;
}
