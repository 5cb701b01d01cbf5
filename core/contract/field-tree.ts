/**
 * The rows of a field table as a tree (issue 34: nested fields fold under their parent, as Stripe
 * and Scalar fold them). The view keeps rows flat and depth first (./schema.ts `schemaToRows`), which
 * the Markdown twin prints by dotted path; the page nests each row's deeper rows under it. Kept
 * apart from ./tree.ts, like ./field-anchors.ts: the page's bundle imports this file alone.
 */

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
