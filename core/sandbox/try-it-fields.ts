/**
 * The Try it panel's (src/components/TryIt) fields view and its checks: which inputs it shows, a
 * field left out, and the errors of the draft as the contract's schema sees them, placed beside the
 * input they are about. Pure, with tests/unit/try-it-fields.test.ts. What each input is (required,
 * its allowed values) comes from ./try-it-hints.ts.
 */
import {parsePath, type FieldError} from './body';
import {validateRequest} from './engine/validate';
import {bodyFields, type BodyField, type Draft, type RequestExample} from './try-it';
import type {FamilyValidators, Json, OperationModel} from './model';

/** A field of the fields view; `omitted` when the example has it and the draft has left it out. */
export interface ShownField extends BodyField {
  readonly omitted?: boolean;
}

const fieldsOf = (body: string | undefined): BodyField[] | undefined => {
  if (body === undefined) return undefined;
  try {
    return bodyFields(body);
  } catch {
    return undefined;
  }
};

/**
 * The fields view's inputs: the example's fields in its order, with the draft's values, then fields
 * only the draft has. A field the reader left out (the empty choice of an optional select) stays on
 * screen, empty, so it can be chosen again. Undefined while the draft's body is not JSON.
 */
export function shownFields(draftBody: string | undefined, exampleBody: string | undefined): ShownField[] | undefined {
  const now = fieldsOf(draftBody);
  if (!now) return undefined;
  const byPath = new Map(now.map((f) => [f.path, f]));
  const example = fieldsOf(exampleBody) ?? [];
  const known = new Set(example.map((f) => f.path));
  return [
    ...example.map((f): ShownField => byPath.get(f.path) ?? {...f, value: '', omitted: true}),
    ...now.filter((f) => !known.has(f.path)),
  ];
}

const isList = (value: Json): value is readonly Json[] => Array.isArray(value);

function without(value: Json, keys: readonly (string | number)[]): Json {
  const [key, ...rest] = keys;
  if (key === undefined || value === null || typeof value !== 'object') return value;
  if (isList(value)) {
    if (typeof key !== 'number' || key >= value.length) return value;
    const list = [...value];
    if (rest.length) list[key] = without(list[key] as Json, rest);
    else list.splice(key, 1);
    return list;
  }
  const obj = {...(value as Readonly<Record<string, Json>>)};
  if (typeof key !== 'string' || !(key in obj)) return value;
  if (rest.length) obj[key] = without(obj[key] as Json, rest);
  else delete obj[key];
  return obj;
}

/** The body without the field at `path` (not sent at all), indented as the panel writes it. */
export function withoutField(body: string, path: string): string {
  return JSON.stringify(without(JSON.parse(body) as Json, parsePath(path)), null, 2);
}

/**
 * The draft's errors as the sandbox would list them (code 10, `data.errors`): the same validators
 * and checks (./engine/validate.ts), on the path, query and body as the panel sends them.
 */
export function draftErrors(
  op: Pick<OperationModel, 'id' | 'pathParams' | 'queryParams' | 'hasBody' | 'renamed'>,
  validators: FamilyValidators,
  draft: Draft,
): FieldError[] {
  const checked = validateRequest(op as OperationModel, validators, {
    // Encoded as the request path carries them (./try-it.ts requestPath); empty query values are not sent.
    pathParams: Object.fromEntries(Object.entries(draft.pathParams).map(([k, v]) => [k, encodeURIComponent(v)])),
    query: new URLSearchParams(Object.entries(draft.query).filter(([, v]) => v !== '')),
    contentType: draft.body !== undefined ? 'application/json' : undefined,
    body: draft.body,
  });
  return 'errors' in checked ? checked.errors : [];
}

/** The draft's errors by the input that shows them, and the ones no input shows (said once, together). */
export interface PlacedErrors {
  readonly byInput: Readonly<Record<string, readonly string[]>>;
  readonly rest: readonly FieldError[];
}

/**
 * Puts each error under its input (`inputs`: the body fields' paths and the parameters' names on
 * screen); an error about a field with no input (a missing nested field, the body as a whole) goes
 * to `rest`. A message is the rule in the API's words with its field (`amount must be at least 100`).
 */
export function placeErrors(errors: readonly FieldError[], inputs: readonly string[]): PlacedErrors {
  const shown = new Set(inputs);
  const byInput: Record<string, string[]> = {};
  const rest: FieldError[] = [];
  for (const e of errors) {
    if (shown.has(e.field)) (byInput[e.field] ??= []).push(`${e.field} ${e.rule}`);
    else rest.push(e);
  }
  return {byInput, rest};
}

/** The panel as far as which inputs are on screen: the parameters, and the body's fields in the fields view. */
export interface OnScreen {
  readonly view: 'fields' | 'json';
  readonly draft: Draft;
  readonly example: RequestExample;
}

/** The names of the inputs on screen, as the draft's errors name their fields (placeErrors). */
export function inputsOnScreen({view, draft, example}: OnScreen): string[] {
  const fields = view === 'fields' ? shownFields(draft.body, example.body) : undefined;
  return [...Object.keys(example.pathParams), ...Object.keys(example.query), ...(fields ?? []).map((f) => f.path)];
}
