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
  readonly tableClassName?: string;
  /** Leave the table out of the search index (rows searched on the page that explains them). */
  readonly searchIgnore?: boolean;
}

/**
 * A reference table: a head row and rows of cells. The catalogues (response codes, PAN statuses,
 * delivery policy), a family's operations and an operation's response codes all use it.
 */
export default function DataTable({head, rows, className, tableClassName, searchIgnore}: Props): ReactNode {
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
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return className || searchIgnore ? (
    <div className={className} data-search-ignore={searchIgnore || undefined}>
      {table}
    </div>
  ) : (
    table
  );
}
