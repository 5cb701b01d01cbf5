/**
 * The rows of a field table as the page shows them (issue 34: nested fields fold under their parent,
 * as Stripe and Scalar fold them). The view keeps rows flat and depth first (./schema.ts
 * `schemaToRows`), which the Markdown twin prints by dotted path; the page nests each row's deeper
 * rows under it. Computed at build time (node/contract/data.ts `renderTree`), with the
 * words around them, so the page only renders given data: the table's component is in the bundle
 * every page loads first (tests/e2e/budget.spec.ts), whether or not it shows a table.
 */
import type {FieldRow, FieldsBlock, FieldWords} from './tree';
import type {FieldNode, PageFieldRow, SchemaRow} from './types';
import {choiceSeparator, FIELDS} from './required-choice';
import {fieldAnchors} from './field-anchors';
import {interpolate} from './labels';

export type {FieldNode} from './types';

/** One row, where it stands in the flat list (its anchor's index), and the rows nested under it. */
export interface RowNode<R> {
  readonly row: R;
  readonly index: number;
  readonly children: readonly RowNode<R>[];
}

interface Building<R> {
  readonly row: R;
  readonly index: number;
  readonly children: Building<R>[];
}

/**
 * Nests flat rows by depth: each row's children are the rows after it that are deeper, up to the
 * next row at its own depth or shallower. A row without `depth` (a header or query parameter) is at 0.
 */
export function nestRows<R extends object>(rows: readonly R[]): RowNode<R>[] {
  const top: Building<R>[] = [];
  const open: {readonly depth: number; readonly node: Building<R>}[] = [];
  rows.forEach((row, index) => {
    const depth = 'depth' in row && typeof row.depth === 'number' ? row.depth : 0;
    while (open.length && (open.at(-1)?.depth ?? 0) >= depth) open.pop();
    const node: Building<R> = {row, index, children: []};
    (open.at(-1)?.node.children ?? top).push(node);
    open.push({depth, node});
  });
  return top;
}

/** How many rows a node holds at every depth below it. */
export const descendants = <R>(node: RowNode<R>): number =>
  node.children.reduce((sum, child) => sum + 1 + descendants(child), 0);

/** `Send exactly one of `aadhaar_number` or `adhaarnumber`.`: the rule of a required choice. */
export function choiceRule(choice: NonNullable<SchemaRow['choice']>, words: FieldWords): string {
  const list = choice.names.map((n, i) => `${choiceSeparator(i, choice.names.length, words.or)}\`${n}\``).join('');
  return words.choice[choice.kind].lead.replace(FIELDS, list);
}

/**
 * The rows of one table nested for the page, each with its anchor when the table has an `anchor`
 * prefix. `unfolded` (a response's fields, whose `data` is what the call returns): the fields nested
 * under top-level rows show open; deeper ones stay folded.
 */
export function fieldNodes(
  rows: readonly FieldRow[],
  words: FieldWords,
  {anchor, unfolded}: Pick<FieldsBlock, 'anchor' | 'unfolded'> = {},
): FieldNode[] {
  const ids = anchor
    ? fieldAnchors(
        anchor,
        rows.map((r) => ('path' in r ? {name: r.name, path: r.path} : r)),
      )
    : [];
  const build = (nodes: readonly RowNode<FieldRow>[], level: number): FieldNode[] =>
    nodes.map((node) => {
      const choice = 'choice' in node.row ? node.row.choice : undefined;
      return {
        row: node.index,
        ...(ids[node.index] !== undefined && {id: ids[node.index]}),
        ...(choice && {rule: choiceRule(choice, words)}),
        ...(node.children.length > 0 && {
          nested: {
            summary: interpolate(words.children, {count: descendants(node)}),
            ...(unfolded && level === 0 && {open: true as const}),
            nodes: build(node.children, level + 1),
          },
        }),
      };
    });
  return build(nestRows(rows), 0);
}

/** A row as the page gets it (PageFieldRow): its nodes carry its anchor and nesting instead. */
export function pageRow(row: FieldRow): PageFieldRow {
  if ('in' in row) {
    const {in: _in, ...param} = row;
    return param;
  }
  const {path: _path, depth: _depth, requires: _requires, ...field} = row;
  return field;
}
