/**
 * Money fields, marked once in the contract with `x-money: true` (issue 26): an amount in rupees whose
 * `multipleOf` gives its step (0.01 for paise, 50 for AEPS cash). The build refuses a number with
 * `multipleOf: 0.01` that is not marked, so a new amount cannot escape the sandbox's money property
 * test (tests/unit/sandbox-money.property.test.ts), which finds the fields through the marker alone.
 */
import {mergeAllOf, type JsonSchema} from './schema';
import type {Located, MediaType, Operation} from './openapi';

export const MONEY_MARKER = 'x-money';

/** A field of a request or response: where it sits and its schema (allOf folded). */
export interface SchemaField {
  /** `amount`, `bill.total_due`, `transfers[0].amount`: the path body.ts reads and writes. */
  readonly path: string;
  readonly schema: JsonSchema;
}

export const isMoney = (schema: JsonSchema): boolean => schema[MONEY_MARKER] === true;

const isNumeric = (s: JsonSchema): boolean =>
  [s.type].flat().some((t) => t === 'number' || t === 'integer') || s.multipleOf !== undefined;

const join = (at: string, name: string): string => (at ? `${at}.${name}` : name);

/** Every number or integer field of a schema, through allOf, oneOf/anyOf branches, properties and items. */
export function numberFields(input: JsonSchema | undefined, at = ''): SchemaField[] {
  if (!input) return [];
  const schema = mergeAllOf(input);
  const own = isNumeric(schema) ? [{path: at, schema}] : [];
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((b) => numberFields(b, at));
  const props = Object.entries(schema.properties ?? {}).flatMap(([name, p]) => numberFields(p, join(at, name)));
  const items = schema.items ? numberFields(schema.items, `${at}[0]`) : [];
  const all = [...own, ...branches, ...props, ...items];
  return all.filter((f, i) => all.findIndex((g) => g.path === f.path) === i);
}

const jsonSchema = (content: Record<string, MediaType> | undefined): JsonSchema | undefined =>
  Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1]?.schema;

/** Where a request's fields come from: its path and query parameters by name, its JSON body by path. */
export interface RequestMoneyField extends SchemaField {
  readonly in: 'body' | 'query' | 'path';
}

/** The marked money fields of an operation's request: parameters, then the body. */
export function requestMoneyFields(l: Pick<Located, 'op' | 'itemParams'>): RequestMoneyField[] {
  const params = [...l.itemParams, ...(l.op.parameters ?? [])]
    .filter((p) => (p.in === 'query' || p.in === 'path') && p.schema && isMoney(mergeAllOf(p.schema)))
    .map((p) => ({in: p.in as 'query' | 'path', path: p.name, schema: mergeAllOf(p.schema as JsonSchema)}));
  const body = numberFields(jsonSchema(l.op.requestBody?.content))
    .filter((f) => isMoney(f.schema))
    .map((f) => ({...f, in: 'body' as const}));
  return [...params, ...body];
}

/** A range an amount must fall in: the field's own, narrowed by the request's other values. */
export interface MoneyRange {
  readonly minimum?: number;
  readonly maximum?: number;
}

/**
 * The range of a top-level body field for one request: its own range (`own`, the field's schema), narrowed by each
 * `allOf` branch whose `if` holds for the request (payout's per-mode ranges: `mode` `RTGS` makes the
 * amount start at 2,00,000). Only an `if` of `const` properties is read, the one form the contract
 * uses; any other `if` fails loudly rather than being taken as true or false.
 */
export function rangeFor(
  body: JsonSchema | undefined,
  request: Readonly<Record<string, unknown>>,
  field: string,
  own: MoneyRange,
): MoneyRange {
  let minimum = own.minimum;
  let maximum = own.maximum;
  for (const part of body?.allOf ?? []) {
    if (!part.if || !part.then) continue;
    const conditions = Object.entries(part.if.properties ?? {});
    if (!conditions.length || conditions.some(([, s]) => s.const === undefined))
      throw new Error(
        `rangeFor: an allOf branch's if is not a set of const properties (${JSON.stringify(part.if)}). Write it as if: {properties: {<field>: {const: <value>}}, required: [<field>]}.`,
      );
    if (!conditions.every(([name, s]) => request[name] === s.const)) continue;
    const narrowed = part.then.properties?.[field];
    if (narrowed?.minimum !== undefined) minimum = Math.max(minimum ?? -Infinity, narrowed.minimum);
    if (narrowed?.maximum !== undefined) maximum = Math.min(maximum ?? Infinity, narrowed.maximum);
  }
  return {...(minimum !== undefined ? {minimum} : {}), ...(maximum !== undefined ? {maximum} : {})};
}

/** Every schema an operation shows, named for a message: parameters, body, responses. */
function allSchemas(op: Operation): {at: string; schema: JsonSchema | undefined}[] {
  return [
    ...(op.parameters ?? []).map((p) => ({at: `parameter ${p.name}`, schema: p.schema})),
    {at: 'body', schema: jsonSchema(op.requestBody?.content)},
    ...Object.entries(op.responses).map(([status, r]) => ({at: `response ${status}`, schema: jsonSchema(r.content)})),
  ];
}

/** What is wrong with one numeric field's money marking, if anything. */
export function moneyFieldProblem(where: string, schema: JsonSchema): string | undefined {
  const marked = isMoney(schema);
  if (!marked && schema.multipleOf === 0.01)
    return `the number at ${where} has \`multipleOf: 0.01\` (an amount in rupees and paise) but no \`${MONEY_MARKER}: true\`. Add \`${MONEY_MARKER}: true\` beside its \`multipleOf\` (in the shared schema, if the field references one): the sandbox's money test finds amounts by this marker.`;
  if (marked && schema.multipleOf === undefined)
    return `the amount at ${where} is marked \`${MONEY_MARKER}: true\` but has no \`multipleOf\`. Add \`multipleOf: 0.01\` (or its step, 50 for whole multiples of 50 rupees): the marker promises a step the sandbox checks.`;
  return undefined;
}

/** The build's check: every amount in paise is marked, and every marked amount states its step. */
export function moneyMarkerProblems(op: Operation): {key: string; message: string}[] {
  return allSchemas(op).flatMap(({at, schema}) =>
    numberFields(schema).flatMap((f) => {
      const message = moneyFieldProblem(f.path ? `${at}: ${f.path}` : at, f.schema);
      return message
        ? [{key: at.startsWith('response') ? 'responses' : at === 'body' ? 'requestBody' : 'parameters', message}]
        : [];
    }),
  );
}
