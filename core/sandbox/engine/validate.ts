/**
 * Step 3, validate: the path and query parameters and the JSON body, through the family's compiled
 * validators, and no query parameter the operation does not declare. Every broken field is listed,
 * in the API's words.
 */
import {bothNamesErrors, fieldErrors, withCurrentNames, type FieldError} from '../body';
import type {FamilyValidators, Json, OperationModel} from '../model';

/**
 * A path parameter as sent, decoded; a broken percent-encoding (`%E0%A4%A`) is the sender's error, a
 * field error like any other bad value (issue 33: `decodeURIComponent` threw and the sandbox answered 500).
 */
export function decodePathParam(name: string, raw: string): {value: string} | {error: FieldError} {
  try {
    return {value: decodeURIComponent(raw)};
  } catch {
    return {error: {field: name, rule: 'is not valid percent-encoded UTF-8: encode each byte as %XX'}};
  }
}

/**
 * Path and query parameters as strings, the way they come on the wire (the validator coerces them),
 * and the path parameters that cannot be decoded.
 */
export function requestParams(
  op: Pick<OperationModel, 'pathParams' | 'queryParams'>,
  pathParams: Readonly<Record<string, string>>,
  query: URLSearchParams,
): {params: Record<string, Json>; errors: FieldError[]} {
  const params: Record<string, Json> = {};
  const errors: FieldError[] = [];
  for (const name of op.pathParams) {
    const decoded = decodePathParam(name, pathParams[name] ?? '');
    if ('error' in decoded) errors.push(decoded.error);
    else params[name] = decoded.value;
  }
  for (const name of op.queryParams) {
    const value = query.get(name);
    if (value !== null) params[name] = value;
  }
  return {params, errors};
}

/**
 * Query parameters the operation does not declare, refused as an unknown body field is: the docs
 * promise code 10 for an unknown field (issue 26 found the sandbox ignoring them in the query).
 */
export function unknownQueryErrors(op: Pick<OperationModel, 'queryParams'>, query: URLSearchParams): FieldError[] {
  const known = new Set(op.queryParams);
  return [...new Set(query.keys())]
    .filter((name) => !known.has(name))
    .map((name) => ({field: name, rule: 'is not a parameter of this request'}));
}

/**
 * The one media type a body is read as: `application/json`, with at most a UTF-8 charset, as
 * /BodyParam says (bodies are JSON encoded as UTF-8). `application/json-patch+json` or
 * `charset=latin1` is another format, refused with code 10 (issue 33: a `\b` regex took both as JSON).
 */
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;[ \t]*charset[ \t]*=[ \t]*("utf-8"|utf-8)[ \t]*)?$/i;

export const isJsonMediaType = (contentType: string | undefined): boolean =>
  JSON_MEDIA_TYPE.test((contentType ?? '').trim());

/** The rule an unsupported Content-Type breaks, as the refusal names it. */
export const MEDIA_TYPE_RULE = 'send Content-Type: application/json (optionally with charset=utf-8)';

/** The rule a body that is not UTF-8 breaks; `npm run sandbox` answers bytes that are not with the same words. */
export const UTF8_RULE = 'must be UTF-8: the body has bytes that are not';

/**
 * An unpaired surrogate: text no UTF-8 can carry. The engine gets the body as a string (Try it, the
 * MCP server), so this is what a body that is not UTF-8 looks like here (issue 33's fuzz: it was read).
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The body as JSON, or why it cannot be read: a JSON content type and a UTF-8 body that parses. */
export function parseBody(
  contentType: string | undefined,
  raw: string | undefined,
): {body: Json} | {error: FieldError; unsupported?: true} {
  const text = raw ?? '';
  if (!isJsonMediaType(contentType)) return {error: {field: '(body)', rule: MEDIA_TYPE_RULE}, unsupported: true};
  if (!text.trim()) return {error: {field: '(body)', rule: 'is required: send a JSON object'}};
  if (LONE_SURROGATE.test(text)) return {error: {field: '(body)', rule: UTF8_RULE}};
  try {
    return {body: JSON.parse(text) as Json};
  } catch (e) {
    return {error: {field: '(body)', rule: `must be valid JSON (${(e as Error).message})`}};
  }
}

/**
 * The body's field errors. A renamed field sent under both names breaks the schema's `oneOf`, whose
 * own error names no field: the error naming the old name says what to drop instead.
 */
export function bodyErrors(op: OperationModel, validators: FamilyValidators, body: Json | undefined): FieldError[] {
  const validateBody = validators.body[op.id];
  if (body === undefined || !validateBody || validateBody(body)) return [];
  const errors = fieldErrors(validateBody.errors ?? []);
  const both = bothNamesErrors(body, op.renamed);
  return both.length ? [...errors.filter((e) => e.field !== '(body)'), ...both] : errors;
}

export interface RequestParts {
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly contentType: string | undefined;
  readonly body: string | undefined;
}

/**
 * The request's inputs (body fields and parameters, parameters winning), or every field error;
 * `unsupportedMediaType` when the body is not sent as JSON (answered "Unsupported media type").
 */
export function validateRequest(
  op: OperationModel,
  validators: FamilyValidators,
  parts: RequestParts,
): {inputs: Record<string, Json>} | {errors: FieldError[]; unsupportedMediaType?: true} {
  const {params, errors: decodeErrors} = requestParams(op, parts.pathParams, parts.query);
  const errors: FieldError[] = [...decodeErrors, ...unknownQueryErrors(op, parts.query)];
  const validateParams = validators.params[op.id];
  // An undecodable parameter is left out of `params`: only its decoding error is named.
  const known = new Set(decodeErrors.map((e) => e.field));
  if (validateParams && !validateParams(params))
    errors.push(...fieldErrors(validateParams.errors ?? []).filter((e) => !known.has(e.field)));
  let body: Json | undefined;
  if (op.hasBody) {
    const parsed = parseBody(parts.contentType, parts.body);
    if ('unsupported' in parsed) return {errors: [parsed.error], unsupportedMediaType: true};
    if ('error' in parsed) errors.push(parsed.error);
    else body = parsed.body;
    errors.push(...bodyErrors(op, validators, body));
  }
  if (errors.length) return {errors};
  return {inputs: withCurrentNames({...(body as Record<string, Json>), ...params}, op.renamed)};
}
