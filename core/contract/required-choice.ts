/**
 * A `oneOf` / `anyOf` whose branches only name fields the object already lists
 * (`oneOf: [{required: [aadhaar_number]}, {required: [adhaarnumber]}]`) is a rule about those fields,
 * not a choice of shapes (issue 34: the page showed `aadhaar_number` OPTIONAL, then two vague
 * "one of these" rows at the bottom, while Try it marked it required). For the page and its twin the
 * rule moves onto the fields it names, once: each is marked "required: one of" and lists the others.
 * The view keeps its branch rows (Try it and the checks read them); this only changes what is shown.
 */
import type {SchemaRow} from './types';

/** Where the dotted path of a field named in a branch at `head` would be. */
const siblingPath = (head: SchemaRow, name: string): string => {
  const prefix = head.path.slice(0, head.path.lastIndexOf('['));
  return prefix ? `${prefix}.${name}` : name;
};

/** The index after the branches that start at `at`: each branch's head and the rows deeper than it. */
function groupEnd(rows: readonly SchemaRow[], at: number): number {
  const head = rows[at] as SchemaRow;
  let end = at;
  while (end < rows.length) {
    const row = rows[end] as SchemaRow;
    if (row.depth < head.depth || (row.depth === head.depth && row.variant !== head.variant)) break;
    end += 1;
  }
  return end;
}

/**
 * The rows with each group of bare branches (only `required`, no fields of their own) folded into a
 * `choice` on the fields they name. A group with a branch of fields, or naming a field the rows do
 * not list, stays as it is.
 */
export function foldRequiredChoices(rows: readonly SchemaRow[]): SchemaRow[] {
  const out = [...rows];
  for (let at = 0; at < out.length; at += 1) {
    const head = out[at] as SchemaRow;
    if (!head.variant) continue;
    const end = groupEnd(out, at);
    const group = out.slice(at, end);
    const names = group.flatMap((r) => r.requires ?? []);
    const paths = names.map((n) => siblingPath(head, n));
    const bare = group.every((r) => r.depth === head.depth && r.variant && r.requires?.length);
    if (!bare || !paths.every((p) => out.some((r) => !r.variant && r.path === p))) {
      at = end - 1;
      continue;
    }
    const choice = {kind: head.variant, names};
    out.splice(at, end - at);
    for (const [i, r] of out.entries()) if (!r.variant && paths.includes(r.path)) out[i] = {...r, choice};
    at -= 1;
  }
  return out;
}

/** What goes between the `i`th of `count` names and the one before it: `a, b or c`. */
export const choiceSeparator = (i: number, count: number, or: string): string =>
  i === 0 ? '' : i === count - 1 ? ` ${or} ` : ', ';

/** Where the list of fields goes in the rule's words (`api.field.sendOneOf`). */
export const FIELDS = '{fields}';
