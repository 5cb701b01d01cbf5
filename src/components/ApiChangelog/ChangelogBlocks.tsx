/**
 * The changelog's blocks: the generic renderer (src/components/Reference/Sections.tsx) for every
 * kind, except lists, which here also show a checklist (a release's breaking changes, a box per
 * item a reader ticks) and disclosures (docs-only changes, closed until opened). Only this page
 * has those, so they live here: every other page that renders blocks (the budget test's extra
 * pages) stays as light as it was. core/markdown/markdown.ts writes the same lists for the twin.
 */
import type {ReactNode} from 'react';
import {CellView, SECTION_BLOCKS} from '@site/src/components/Reference/Sections';
import type {ListBlock, ListItem, SectionBlock} from '#core/contract/sections';
import styles from './styles.module.css';

/** Items behind a disclosure, closed until the reader opens it. */
function Disclosure({label, children}: {readonly label: string; readonly children: ReactNode}): ReactNode {
  return (
    <details className={styles.disclosure}>
      <summary>{label}</summary>
      {children}
    </details>
  );
}

/** The first line of an item: a paragraph over its lists, after a checkbox in a checklist. */
function ItemLine({item, look}: {readonly item: ListItem; readonly look: ListBlock['look']}): ReactNode {
  const cell = <CellView cell={item.cell} />;
  if (look === 'checklist')
    return (
      <p>
        <label className={styles.check}>
          <input type="checkbox" /> {cell}
        </label>
      </p>
    );
  return look === 'detailed' ? <p>{cell}</p> : cell;
}

const listClass = (look: ListBlock['look']): string | undefined =>
  look === 'checklist' ? `clean-list ${styles.checklist}` : look === 'detailed' ? 'clean-list' : undefined;

/** A list: entries (`detailed`), a checklist, or lines; an item's `more` and a `collapsed` list behind a disclosure. */
function ChangelogList({block}: {readonly block: ListBlock}): ReactNode {
  // A changelog line has no key of its own (core/contract/sections.ts leaves it out to keep the page
  // small); the lists never reorder, so its place is its key.
  const item = (i: ListItem, n: number): ReactNode => (
    <li key={i.key ?? i.id ?? n} id={i.id}>
      <ItemLine item={i} look={block.look} />
      {i.items && i.items.length > 0 && <ChangelogList block={{kind: 'list', items: i.items}} />}
      {i.more && (
        <Disclosure label={i.more.label}>
          <ChangelogList block={{kind: 'list', items: i.more.items}} />
        </Disclosure>
      )}
    </li>
  );
  const list = <ul className={listClass(block.look)}>{block.items.map((i, n) => item(i, n))}</ul>;
  return block.collapsed ? <Disclosure label={block.collapsed}>{list}</Disclosure> : list;
}

/** The changelog's blocks, in order. */
export default function ChangelogBlocks({blocks}: {readonly blocks: readonly SectionBlock[]}): ReactNode {
  return blocks.map((block, i) => {
    if (block.kind === 'list') return <ChangelogList key={i} block={block} />;
    const Render = SECTION_BLOCKS[block.kind] as (props: {readonly block: SectionBlock}) => ReactNode;
    return <Render key={i} block={block} />;
  });
}
