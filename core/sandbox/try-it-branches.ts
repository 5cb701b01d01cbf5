/**
 * The `oneOf` choices of a request body in the Try it panel (src/components/TryIt): which branch the
 * draft follows, the required marks that branch adds, and the draft switched to another branch. A
 * field that only one branch requires (`aadhaar_number` on AEPS, `rrn` on a UPI payment lookup) gets
 * its mark from the branch the draft follows, so the mark and the validator's "missing" agree.
 * Pure, with tests/unit/try-it-branches.test.ts. The groups come from ./try-it-hints.ts branchGroups.
 */
import {getPath, setPath} from './body';
import {withoutField, type ShownField} from './try-it-fields';
import type {BranchGroup, FieldHint, FieldHints} from './try-it-hints';
import type {Json} from './model';

const has = (body: Json, path: string): boolean => getPath(body, path) !== undefined;

const parsed = (body: string | undefined): Json | undefined => {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as Json;
  } catch {
    return undefined;
  }
};

/**
 * The index of the branch the body follows: the first whose required fields are all there, else the
 * one with most of them there (the first of a tie), so a half-filled draft keeps the branch it started
 * from. A body that is not JSON follows the first branch.
 */
export function chosenBranch(group: BranchGroup, body: string | undefined): number {
  const json = parsed(body);
  if (json === undefined) return 0;
  const present = group.branches.map((b) => b.required.filter((p) => has(json, p)).length);
  const complete = group.branches.findIndex((b, i) => present[i] === b.required.length && b.required.length > 0);
  if (complete >= 0) return complete;
  return present.reduce((best, n, i) => (n > (present[best] ?? 0) ? i : best), 0);
}

/**
 * The body's hints with the required marks of the branches it follows added: what the fields view
 * marks. The rows inside a branch have no hint of their own (./try-it-hints.ts hintsOf).
 */
export function hintsWithBranches(
  body: FieldHints,
  groups: readonly BranchGroup[] | undefined,
  draftBody: string | undefined,
): FieldHints {
  if (!groups?.length) return body;
  const out: Record<string, FieldHint> = {...body};
  for (const group of groups) {
    const branch = group.branches[chosenBranch(group, draftBody)];
    for (const path of branch?.required ?? []) out[path] = {...out[path], required: true};
  }
  return out;
}

/**
 * The body switched to the branch titled `title` of `group`: the fields only other branches name are
 * taken out, and the branch's required fields that are missing are added with the contract's example
 * (or empty), ready to edit. The body as it was when it is not JSON or has no such branch.
 */
export function switchBranch(body: string, group: BranchGroup, title: string): string {
  const target = group.branches.find((b) => b.title === title);
  let json = parsed(body);
  if (!target || json === undefined) return body;
  const keep = new Set(target.fields);
  const others = group.branches.flatMap((b) => (b === target ? [] : b.fields)).filter((p) => !keep.has(p));
  for (const path of new Set(others))
    if (has(json, path)) json = JSON.parse(withoutField(JSON.stringify(json), path)) as Json;
  for (const path of target.required) if (!has(json, path)) json = setPath(json, path, target.examples[path] ?? '');
  return JSON.stringify(json, null, 2);
}

/** One line of the fields view: a field of the body, or the choice of a `oneOf`'s branch. */
export type BodyLine =
  {readonly kind: 'field'; readonly field: ShownField} | {readonly kind: 'branch'; readonly group: BranchGroup};

/**
 * The fields view in order, with each `oneOf` choice just before its fields: the fields of the branch
 * the draft follows come right after the choice, and a field only other branches name is not shown
 * once it is out of the draft (it is not sent in this branch; switching back brings it back). A
 * choice with no field on screen goes last.
 */
export function linesWithBranches(
  fields: readonly ShownField[],
  groups: readonly BranchGroup[] | undefined,
  body: string | undefined,
): BodyLine[] {
  const owner = new Map<string, BranchGroup>();
  const hidden = new Set<string>();
  for (const group of groups ?? []) {
    const followed = new Set(group.branches[chosenBranch(group, body)]?.fields);
    for (const path of group.branches.flatMap((b) => b.fields)) {
      owner.set(path, group);
      if (!followed.has(path)) hidden.add(path);
    }
  }
  const shown = fields.filter((f) => !(f.omitted && hidden.has(f.path)));
  const placed = new Set<BranchGroup>();
  const lines: BodyLine[] = [];
  // Over every field, hidden ones too: a choice stays where its group's first field was in the example.
  for (const field of fields) {
    const group = owner.get(field.path);
    if (!group) lines.push({kind: 'field', field});
    else if (!placed.has(group)) {
      placed.add(group);
      lines.push({kind: 'branch', group});
      for (const f of shown) if (owner.get(f.path) === group) lines.push({kind: 'field', field: f});
    }
  }
  for (const group of groups ?? []) if (!placed.has(group)) lines.push({kind: 'branch', group});
  return lines;
}
