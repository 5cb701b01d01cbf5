/**
 * What the Try it panel (src/components/TryIt) knows of each input from the contract: whether it is
 * required (a mark beside its label) and its allowed values (a select instead of a text box). Written
 * at build time into the family's example requests (`sandbox/<family>.requests.json`, ./try-it.ts
 * requestExamples), so the panel needs no schema in the browser. Tested in tests/unit/try-it-fields.test.ts.
 */
import type {FieldFacts, Scalar, SchemaRow} from '../contract/types';

/** What the panel shows of one input beyond its value: a required mark, a select of its values. */
export interface FieldHint {
  readonly required?: true;
  readonly enum?: readonly Scalar[];
}

/** Hints by input: a body field by its row path (`customerparams[].value`), a parameter by its name. */
export type FieldHints = Readonly<Record<string, FieldHint>>;

export interface RequestHints {
  readonly body: FieldHints;
  /** Path, query and header parameters by name. */
  readonly params: FieldHints;
  /** The body's `oneOf` choices, where the body has any (./try-it-branches.ts). */
  readonly branches?: readonly BranchGroup[];
}

/** One branch of a `oneOf` in the body: its title, and its fields by their path in the body. */
export interface BranchHint {
  readonly title: string;
  /** The fields the branch requires (`aadhaar_number`, `device.terminalid`). */
  readonly required: readonly string[];
  /** Every field the branch names: switching to another branch takes the ones it does not share out. */
  readonly fields: readonly string[];
  /** A value to start each required field with when the reader switches to the branch. */
  readonly examples: Readonly<Record<string, Scalar>>;
}

/** A `oneOf` of the body: the object it applies to (`` for the body, `device`) and its branches. */
export interface BranchGroup {
  readonly at: string;
  readonly branches: readonly BranchHint[];
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

/** A row's example as the value a field starts with: a number for a numeric field, text otherwise. */
function exampleValue(row: SchemaRow | undefined): Scalar {
  const text = row?.example ?? '';
  if (/^(integer|number)/.test(row?.type ?? '') && Number.isFinite(Number(text)) && text !== '') return Number(text);
  return text;
}

/** One branch from its row and the rows after it (its own fields, under `<head path>.`). */
function branchOf(head: SchemaRow, at: string, rows: readonly SchemaRow[]): BranchHint {
  const inBody = (name: string): string => (at ? `${at}.${name}` : name);
  const own = rows.filter((r) => r.depth === head.depth + 1 && r.path.startsWith(`${head.path}.`));
  const required = (head.requires ?? []).map(inBody);
  const rowOf = (name: string): SchemaRow | undefined =>
    own.find((r) => r.name === name) ?? rows.find((r) => r.path === inBody(name) && !r.variant);
  return {
    title: head.name,
    required,
    fields: [...new Set([...required, ...own.map((r) => inBody(r.name))])],
    examples: Object.fromEntries((head.requires ?? []).map((n) => [inBody(n), exampleValue(rowOf(n))])),
  };
}

/**
 * The body's `oneOf` choices from its field rows (core/contract/schema.ts branchRows): one group per
 * object with a `oneOf`, each branch with the fields it requires. A `oneOf` inside an array item or
 * inside another branch is left out: the fields view has no one place to choose it.
 */
export function branchGroups(rows: readonly SchemaRow[]): BranchGroup[] {
  const groups = new Map<string, BranchHint[]>();
  for (const head of rows) {
    const found = head.variant === 'one of' ? /^(.*)\[([^\]]*)\]$/.exec(head.path) : null;
    const at = found?.[1];
    if (at === undefined || at.includes('[')) continue;
    const list = groups.get(at) ?? [];
    list.push(branchOf(head, at, rows));
    groups.set(at, list);
  }
  return [...groups].map(([at, branches]) => ({at, branches}));
}
