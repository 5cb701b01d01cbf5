/**
 * Renders the generic blocks of the section tree (core/contract/sections.ts): tables, lists,
 * ordered steps and the spans of their cells. The site-wide API components (the response-code
 * catalogue, the rate limits, a family's operations, the downloads, a flow) are these blocks,
 * built at build time; core/markdown/markdown.ts `sectionsMarkdown` serialises the same blocks
 * for the Markdown twin. Kept apart from ./index.tsx so that a page with a catalogue does not
 * ship the reference's code samples and Try it.
 */
/* eslint-disable @docusaurus/no-html-links -- a file link is a static file, not a route: <Link> would hand it to the client router */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import BreakableName from '@site/src/components/BreakableName';
import DataTable from '@site/src/components/DataTable';
import CodeName from './CodeName';
import InlineText from '@site/src/components/InlineText';
import MethodBadge from '@site/src/components/MethodBadge';
import RetryLabel from '@site/src/components/RetryLabel';
import type {
  Cell,
  HeadingBlock,
  LinkSpan,
  ListBlock,
  ListItem,
  SectionBlock,
  Span,
  TableBlock,
  TableGroup,
  TableRow,
} from '#core/contract/sections';
import {BadgeMark, StrongMark} from './ChangeMarks';
import Paragraph from './Paragraph';
import Steps from './Steps';
import styles from './sections.module.css';

/** A static file: saved (a download) unless the browser opens it (a feed). */
function FileLink({span}: {readonly span: LinkSpan}): ReactNode {
  return (
    <a href={useBaseUrl(span.href)} download={!span.open || undefined}>
      {span.text}
    </a>
  );
}

/** One span: the counterpart of `spanNodes` in core/markdown/markdown.ts. */
function SpanView({span}: {readonly span: Span}): ReactNode {
  if (typeof span === 'string') return <InlineText text={span} />;
  switch (span.kind) {
    case 'call':
      // The space reads as a word in the text of the page.
      return (
        <>
          {span.webhook ? <span className={styles.hook}>{span.webhook}</span> : <MethodBadge method={span.method} />}{' '}
          <code className={styles.path}>
            <BreakableName name={span.path} />
          </code>
        </>
      );
    case 'link':
      if (span.external)
        return (
          <a href={span.href} target="_blank" rel="noopener noreferrer">
            {span.text}
          </a>
        );
      return span.file ? (
        <FileLink span={span} />
      ) : (
        <Link to={span.href} className={span.strong && styles.strong}>
          {span.text}
        </Link>
      );
    case 'code':
      return (
        <code className={span.strong && styles.strong}>
          <BreakableName name={span.text} />
        </code>
      );
    case 'line':
      return span.name ? (
        <div className={styles.line}>
          <CodeName text={span.text} />
        </div>
      ) : (
        <div>
          <InlineText text={span.text} />
        </div>
      );
    case 'name':
      return <CodeName text={span.text} className={styles.name} />;
    case 'retry':
      return <RetryLabel retry={span.retry} text={span.text} />;
    case 'items':
      return (
        <ul>
          {span.items.map((item, i) => (
            <li key={i}>
              <CellView cell={item} />
            </li>
          ))}
        </ul>
      );
    case 'method':
      return <MethodBadge method={span.method} />;
    case 'strong':
      return <StrongMark span={span} />;
    case 'badge':
      return <BadgeMark span={span} />;
  }
}

export function CellView({cell}: {readonly cell: Cell}): ReactNode {
  return cell.map((span, i) => <SpanView key={i} span={span} />);
}

/** Cell labels: column heads on wide screens, the label above each cell once rows stack on phones. */
function Row({row, head}: {readonly row: TableRow; readonly head: readonly string[]}): ReactNode {
  return (
    <tr>
      {row.cells.map((cell, i) => (
        <td key={i} data-label={head[i]}>
          <CellView cell={cell} />
        </td>
      ))}
    </tr>
  );
}

/**
 * A table's classes: its look, and `api-stack` (src/css/custom.css) where its rows stack into
 * labelled cards on phones instead of scrolling sideways (sandbox scenarios, code and state tables).
 */
const tableClass = (block: TableBlock): string | undefined =>
  clsx(
    block.look === 'plain' ? styles.plain : block.look,
    (block.stack || block.look === 'sandbox-scenarios') && 'api-stack',
  ) || undefined;

/** A table whose rows stand in groups, each under a head row that spans it (an operation's sandbox scenarios). */
function GroupedTable({
  block,
  groups,
}: {
  readonly block: TableBlock;
  readonly groups: readonly TableGroup[];
}): ReactNode {
  return (
    <table className={tableClass(block)} data-search-ignore={block.searchIgnore}>
      <thead>
        <tr>
          {block.head.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      {groups.map((g) => (
        <tbody key={g.key}>
          <tr className={styles.group}>
            <th scope="rowgroup" colSpan={block.head.length}>
              <CellView cell={g.head} />
            </th>
          </tr>
          {g.rows.map((r) => (
            <Row key={r.key} row={r} head={block.head} />
          ))}
        </tbody>
      ))}
    </table>
  );
}

function TableView({block}: {readonly block: TableBlock}): ReactNode {
  if (block.groups) return <GroupedTable block={block} groups={block.groups.list} />;
  return (
    <DataTable
      className={block.wide && styles.wide}
      scrolls={block.wide}
      tableClassName={tableClass(block)}
      labelled={block.look === 'sandbox-scenarios' || block.stack}
      searchIgnore={block.searchIgnore}
      head={block.head}
      rows={block.rows.map((row) => ({
        key: row.key,
        id: row.id,
        cells: row.cells.map((cell, i) =>
          i === 0 && block.searchWeight ? (
            <div key={i} data-pagefind-weight={block.searchWeight}>
              <CellView cell={cell} />
            </div>
          ) : (
            <CellView key={i} cell={cell} />
          ),
        ),
      }))}
    />
  );
}

/** Items without bullets, each a paragraph over its own list (`detailed`), or one line each. */
function ListView({block}: {readonly block: ListBlock}): ReactNode {
  const detailed = block.look === 'detailed';
  const item = (i: ListItem): ReactNode =>
    detailed ? (
      <li key={i.key} id={i.id}>
        <p>
          <CellView cell={i.cell} />
        </p>
        {i.items && i.items.length > 0 && <ListView block={{kind: 'list', items: i.items}} />}
      </li>
    ) : (
      <li key={i.key} id={i.id}>
        <CellView cell={i.cell} />
      </li>
    );
  const className = detailed ? 'clean-list' : block.look && styles[block.look];
  return block.ordered ? (
    <ol className={className}>{block.items.map(item)}</ol>
  ) : (
    <ul className={className}>{block.items.map(item)}</ul>
  );
}

function HeadingView({block}: {readonly block: HeadingBlock}): ReactNode {
  return (
    <Heading as={`h${block.depth}`} id={block.id}>
      {block.text}
      {block.note && (
        <>
          {' '}
          <small>{block.note}</small>
        </>
      )}
    </Heading>
  );
}

type SectionOf<K extends SectionBlock['kind']> = Extract<SectionBlock, {readonly kind: K}>;

/** Each generic kind of block and its component. */
export const SECTION_BLOCKS: {
  readonly [K in SectionBlock['kind']]: (props: {readonly block: SectionOf<K>}) => ReactNode;
} = {
  paragraph: Paragraph,
  table: ({block}) => <TableView block={block} />,
  text: ({block}) => (
    <p>
      <CellView cell={block.cell} />
    </p>
  ),
  heading: HeadingView,
  list: ListView,
  steps: Steps,
};

/** The blocks of a site-wide component, in order. */
export default function Sections({blocks}: {readonly blocks: readonly SectionBlock[]}): ReactNode {
  return blocks.map((block, i) => {
    const Render = SECTION_BLOCKS[block.kind] as (props: {readonly block: SectionBlock}) => ReactNode;
    return <Render key={i} block={block} />;
  });
}
