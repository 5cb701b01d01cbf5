import type {ReactNode} from 'react';

export interface DataRow {
  readonly key: string;
  /** Anchor of the row, when other pages link to it. */
  readonly id?: string;
  readonly cells: readonly ReactNode[];
}

interface Props {
  readonly head: readonly ReactNode[];
  readonly rows: readonly DataRow[];
  /** On a wrapping element (scrolling on narrow screens); the table itself takes `tableClassName`. */
  readonly className?: string;
  /**
   * The wrapping element scrolls sideways when the table is wider than its column: it takes the
   * keyboard focus then, so the arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
   */
  readonly scrolls?: boolean;
  readonly tableClassName?: string;
  /** Leave the table out of the search index (rows searched on the page that explains them). */
  readonly searchIgnore?: boolean;
  /** Give each cell its column's head as `data-label`: for a table that stacks into cards on phones. */
  readonly labelled?: boolean;
}

/**
 * A reference table: a head row and rows of cells. The catalogues (response codes, PAN statuses,
 * delivery policy), a family's operations and an operation's response codes all use it.
 */
export default function DataTable({
  head,
  rows,
  className,
  tableClassName,
  searchIgnore,
  labelled,
  scrolls,
}: Props): ReactNode {
  const label = (i: number): string | undefined => {
    const h = head[i];
    return labelled && typeof h === 'string' ? h : undefined;
  };
  const table = (
    <table className={tableClassName}>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} id={row.id}>
            {row.cells.map((cell, i) => (
              <td key={i} data-label={label(i)}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return className || searchIgnore ? (
    <div className={className} data-search-ignore={searchIgnore || undefined} tabIndex={scrolls ? 0 : undefined}>
      {table}
    </div>
  ) : (
    table
  );
}
