/**
 * Renders the section tree of an operation or a webhook (core/contract/tree.ts): one React
 * component per kind of block, in BLOCKS below. core/markdown/markdown.ts serialises the same blocks for
 * the Markdown twin, so what a page says and what its twin says come from one tree.
 *
 * Everything here is static HTML, readable without JavaScript. Field tables are not hydrated on
 * the page a reader opens (ParamTable -> ServerHtml); code arrives highlighted from the build.
 */
import {Fragment, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import BreakableName from '@site/src/components/BreakableName';
import ChangeBadge from '@site/src/components/ChangeBadge';
import CodeSamples from '@site/src/components/CodeSamples';
import DataTable from '@site/src/components/DataTable';
import InlineText from '@site/src/components/InlineText';
import MethodBadge from '@site/src/components/MethodBadge';
import ParamTable from '@site/src/components/ParamTable';
import RetryLabel from '@site/src/components/RetryLabel';
import StaticCode from '@site/src/components/StaticCode';
import TryIt from '@site/src/components/TryIt';
import type {Block, BlockKind, FieldWords, ReferenceTree} from '#core/contract/tree';
import type {Rendered} from '#core/contract/types';
import {splitAtExamples} from '#core/contract/columns';
import {SEARCH_KEY_SEPARATOR} from '#core/search/keys';
import CodeName from './CodeName';
import Paragraph from './Paragraph';
import styles from './styles.module.css';

/** The tree as the page imports it: code highlighted at build time (see Rendered). */
export type PageTree = Rendered<ReferenceTree>;
type PageBlock = Rendered<Block>;
type BlockOf<K extends BlockKind> = Extract<PageBlock, {readonly kind: K}>;

interface BlockProps<K extends BlockKind> {
  readonly block: BlockOf<K>;
  readonly words: FieldWords;
}

/** Each kind of block and its component. A new kind is a type error until it has one here. */
const BLOCKS: {readonly [K in BlockKind]: (props: BlockProps<K>) => ReactNode} = {
  // Spaces between the parts read as words in the text of the page; a flex line ignores them.
  // The exact keys and the page's kind are read by the search index (plugins/search-index/pages.mjs).
  'request-line': ({block}) => (
    <p
      className={block.via ? styles.eventLine : styles.requestLine}
      data-search-key={block.searchKeys?.join(SEARCH_KEY_SEPARATOR)}
      data-search-kind={block.via ? 'webhook' : 'endpoint'}>
      <MethodBadge method={block.method} /> {block.via && <span>{block.via}</span>}
      {block.via && ' '}
      <code className={block.via ? undefined : styles.path}>
        <BreakableName name={block.path} />
      </code>
      {block.change && ' '}
      {block.change && <ChangeBadge mark={block.change} />}
    </p>
  ),
  paragraph: Paragraph,
  servers: ({block}) => (
    <table className={styles.servers}>
      <caption className="sr-only">{block.caption}</caption>
      <tbody>
        {block.rows.map((row) => (
          <tr key={row.request}>
            <th scope="row">{row.label}</th>
            <td>
              <code>
                <BreakableName name={row.request} />
              </code>
            </td>
          </tr>
        ))}
        {block.facts.map((fact) => (
          <tr key={fact.href} data-search-ignore={fact.searchIgnore || undefined}>
            <th scope="row">{fact.label}</th>
            <td>
              <Link to={fact.href}>{fact.text}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  fields: ({block, words}) =>
    block.summary ? (
      // Open: the fields are what a reader came for (issue 24); the summary still folds them away.
      <details className={styles.fields} data-search-ignore={block.searchIgnore || undefined} open>
        {/* A count ("Response fields (18)") is interface, not something a reader searches for. */}
        <summary data-pagefind-ignore>{block.summary}</summary>
        <ParamTable rows={block.rows} nodes={block.nodes} caption={block.caption} words={words} />
      </details>
    ) : (
      <ParamTable
        rows={block.rows}
        nodes={block.nodes}
        caption={block.caption}
        words={words}
        searchIgnore={block.searchIgnore}
      />
    ),
  examples: ({block}) =>
    block.examples.map((ex, i) => (
      // The request body the samples send is hidden wherever they show (reference.css).
      <div key={i} className={clsx('api-json-example', block.request && i === 0 && 'api-json-example--in-samples')}>
        <StaticCode html={ex.html} language="json" title={ex.title} />
      </div>
    )),
  samples: ({block}) => <CodeSamples samples={block.samples} />,
  // Rows of the /ResponseCode catalogue: searched there, not once per endpoint.
  codes: ({block}) => (
    <DataTable
      className={styles.tableWrap}
      // Cards of labelled cells on phones, as the field tables read there (src/css/custom.css).
      tableClassName="api-stack"
      labelled
      searchIgnore
      head={[block.head.code, block.head.meaning, block.head.retry]}
      rows={block.codes.map((c) => ({
        key: String(c.code),
        cells: [
          <Link key="code" to={c.href}>
            <code>{c.code}</code> <CodeName text={c.name} className={styles.codeName} />
          </Link>,
          <InlineText key="meaning" text={c.meaning} />,
          <RetryLabel key="retry" retry={c.retry} text={c.retryText} />,
        ],
      }))}
    />
  ),
  // The same answers (validation, repeats) on many pages, and values searched on the Sandbox page.
  'sandbox-scenarios': ({block}) => (
    <DataTable
      // As on the Sandbox page (src/css/custom.css): cards on phones, values never broken.
      tableClassName="sandbox-scenarios api-stack"
      labelled
      searchIgnore
      head={[block.head.send, block.head.answer, block.head.then]}
      rows={block.rows.map((r) => ({
        key: `${r.input}-${r.code}`,
        cells: [
          <InlineText key="send" text={r.input} />,
          <Fragment key="answer">
            <Link to={r.href}>
              <code>{r.code}</code> {r.name}
            </Link>
            : <InlineText text={r.label} />
          </Fragment>,
          <InlineText key="then" text={r.then} />,
        ],
      }))}
    />
  ),
  'try-it': ({block}) => <TryIt op={block.op} family={block.family} />,
  links: ({block}) => {
    const items = block.links.map((l) => (
      <>
        <Link to={l.href}>{l.label}</Link>
        {l.note && ` ${l.note}`}
      </>
    ));
    return block.lead ? (
      <p>
        {block.lead}{' '}
        {items.map((item, i) => (
          <span key={block.links[i]?.href}>
            {i > 0 && ', '}
            {item}
          </span>
        ))}
      </p>
    ) : (
      <ul>
        {items.map((item, i) => (
          <li key={block.links[i]?.href}>{item}</li>
        ))}
      </ul>
    );
  },
  notice: ({block, words}) => (
    <div className={styles.notice}>
      <strong>{block.title}</strong>
      <Blocks blocks={block.blocks} words={words} />
    </div>
  ),
};

function Blocks({blocks, words}: {readonly blocks: readonly PageBlock[]; readonly words: FieldWords}): ReactNode {
  return blocks.map((block, i) => {
    const Render = BLOCKS[block.kind] as (props: BlockProps<typeof block.kind>) => ReactNode;
    return <Render key={i} block={block} words={words} />;
  });
}

interface Props {
  readonly tree: PageTree;
  /**
   * The section to show (its key). The remark plugin renders each section after its heading;
   * without it, every section is shown, without headings.
   */
  readonly section?: string;
  /**
   * Each section's first examples in a column beside the blocks before them (a webhook's payload
   * beside its fields, src/css/served/reference.css), the blocks in their order. A section marked
   * `columns` in the tree (an operation's response) is shown so without it.
   */
  readonly columns?: boolean;
}

function ColumnBlocks({blocks, words}: {readonly blocks: readonly PageBlock[]; readonly words: FieldWords}): ReactNode {
  const {main, side, after} = splitAtExamples(blocks);
  if (!side.length) return <Blocks blocks={blocks} words={words} />;
  return (
    <div className="api-columns">
      <div className="api-columns__main">
        <Blocks blocks={main} words={words} />
      </div>
      <div className="api-columns__side">
        <Blocks blocks={side} words={words} />
      </div>
      <div className="api-columns__after">
        <Blocks blocks={after} words={words} />
      </div>
    </div>
  );
}

export default function Reference({tree, section, columns}: Props): ReactNode {
  const sections = section === undefined ? tree.sections : tree.sections.filter((s) => s.key === section);
  return sections.map((s) =>
    columns || s.columns ? (
      <ColumnBlocks key={s.key} blocks={s.blocks} words={tree.words} />
    ) : (
      <Blocks key={s.key} blocks={s.blocks} words={tree.words} />
    ),
  );
}
