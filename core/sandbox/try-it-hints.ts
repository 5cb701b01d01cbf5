/**
 * What the Try it panel (src/components/TryIt) knows of each input from the contract: whether it is
 * required (a mark beside its label) and its allowed values (a select instead of a text box). Written
 * at build time into the family's example requests (`sandbox/<family>.requests.json`, ./try-it.ts
 * requestExamples), so the panel needs no schema in the browser. Tested in tests/unit/try-it-fields.test.ts.
 */
import type {FieldFacts, Scalar} from '../contract/types';

/** What the panel shows of one input beyond its value: a required mark, a select of its values. */
export interface FieldHint {
  readonly required?: true;
  readonly enum?: readonly Scalar[];
}

/** Hints by input: a body field by its row path (`customerparams[].value`), a parameter by its name. */
export type FieldHints = Readonly<Record<string, FieldHint>>;

export interface RequestHints {
  readonly body: FieldHints;
  readonly params: FieldHints;
}

/** A row of a field table as far as the hints need it: a schema row's path, or a parameter's name. */
type HintSource = Pick<FieldFacts, 'required' | 'enumValues'> & {readonly key: string};

/**
 * The hints of a list of rows, only for rows that have one (the file stays small). Rows inside a
 * `oneOf` branch (`[title]` in the path) are left out: their "required" holds only in that branch.
 */
export function hintsOf(rows: readonly HintSource[]): FieldHints {
  const out: Record<string, FieldHint> = {};
  for (const {key, required, enumValues} of rows) {
    if (/\[[^\]]/.test(key) || (!required && !enumValues)) continue;
    out[key] = {...(required ? {required: true} : {}), ...(enumValues ? {enum: enumValues} : {})};
  }
  return out;
}

/**
 * The hint of a body field by its path in the draft (`documents[0].type` -> `documents[].type`). An
 * item of an array of values (`tags[0]`) takes the array's allowed values, not its required mark.
 */
export function hintFor(hints: FieldHints, path: string): FieldHint | undefined {
  const key = path.replace(/\[\d+\]/g, '[]');
  const found = hints[key];
  if (found || !key.endsWith('[]')) return found;
  const list = hints[key.slice(0, -2)]?.enum;
  return list ? {enum: list} : undefined;
}
