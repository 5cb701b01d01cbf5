/**
 * Step 3, validate: the path and query parameters and the JSON body, through the family's compiled
 * validators, and no query parameter the operation does not declare. Every broken field is listed,
 * in the API's words.
 */
import {bothNamesErrors, fieldErrors, withCurrentNames, type FieldError} from '../body';
import type {FamilyValidators, Json, OperationModel} from '../model';

/** Path and query parameters as strings, the way they come on the wire; the validator coerces them. */
export function requestParams(
  op: Pick<OperationModel, 'pathParams' | 'queryParams'>,
  pathParams: Readonly<Record<string, string>>,
  query: URLSearchParams,
): Record<string, Json> {
  const params: Record<string, Json> = {};
  for (const name of op.pathParams) params[name] = decodeURIComponent(pathParams[name] ?? '');
  for (const name of op.queryParams) {
    const value = query.get(name);
    if (value !== null) params[name] = value;
  }
  return params;
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

/** The body as JSON, or why it cannot be read: a JSON content type and a body that parses. */
export function parseBody(
  contentType: string | undefined,
  raw: string | undefined,
): {body: Json} | {error: FieldError} {
  const text = raw ?? '';
  if (!/^application\/json\b/i.test((contentType ?? '').trim()))
    return {error: {field: '(body)', rule: 'send Content-Type: application/json'}};
  if (!text.trim()) return {error: {field: '(body)', rule: 'is required: send a JSON object'}};
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

/** The request's inputs (body fields and parameters, parameters winning), or every field error. */
export function validateRequest(
  op: OperationModel,
  validators: FamilyValidators,
  parts: RequestParts,
): {inputs: Record<string, Json>} | {errors: FieldError[]} {
  const params = requestParams(op, parts.pathParams, parts.query);
  const errors: FieldError[] = unknownQueryErrors(op, parts.query);
  const validateParams = validators.params[op.id];
  if (validateParams && !validateParams(params)) errors.push(...fieldErrors(validateParams.errors ?? []));
  let body: Json | undefined;
  if (op.hasBody) {
    const parsed = parseBody(parts.contentType, parts.body);
    if ('error' in parsed) errors.push(parsed.error);
    else body = parsed.body;
    errors.push(...bodyErrors(op, validators, body));
  }
  if (errors.length) return {errors};
  return {inputs: withCurrentNames({...(body as Record<string, Json>), ...params}, op.renamed)};
}
