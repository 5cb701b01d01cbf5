import type {ReactNode} from 'react';
import InlineText from '@site/src/components/InlineText';

export interface TwoColumnRow {
  readonly key: string;
  /** The left cell: a name, a value in code, a rule. */
  readonly label: ReactNode;
  /** The right cell, as inline Markdown (backticks become code). */
  readonly text: string;
  /** Anchor of the row, when other pages link to it. */
  readonly id?: string;
}

interface Props {
  readonly head: readonly [ReactNode, ReactNode];
  readonly rows: readonly TwoColumnRow[];
}

/** A two-column reference table (a name and what it means): PAN statuses, the delivery policy. */
export default function TwoColumnTable({head, rows}: Props): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} id={row.id}>
            <td>{row.label}</td>
            <td>
              <InlineText text={row.text} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
