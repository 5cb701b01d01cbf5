/**
 * Step 3, validate: the path and query parameters and the JSON body, through the family's compiled
 * validators. Every broken field is listed, in the API's words.
 */
import {fieldErrors, type FieldError} from '../body';
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
  const errors: FieldError[] = [];
  const validateParams = validators.params[op.id];
  if (validateParams && !validateParams(params)) errors.push(...fieldErrors(validateParams.errors ?? []));
  let body: Json | undefined;
  if (op.hasBody) {
    const parsed = parseBody(parts.contentType, parts.body);
    if ('error' in parsed) errors.push(parsed.error);
    else body = parsed.body;
    const validateBody = validators.body[op.id];
    if (body !== undefined && validateBody && !validateBody(body))
      errors.push(...fieldErrors(validateBody.errors ?? []));
  }
  if (errors.length) return {errors};
  return {inputs: {...(body as Record<string, Json>), ...params}};
}
