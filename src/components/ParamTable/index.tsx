import {Fragment, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import InlineText from '@site/src/components/InlineText';
import ServerHtml from '@site/src/components/ServerHtml';
import type {FieldNode, PageFieldRow, Scalar} from '#core/contract/types';
import type {FieldWords} from '#core/contract/tree';
import BreakableName from '@site/src/components/BreakableName';
import styles from './styles.module.css';

interface Props {
  readonly rows: readonly PageFieldRow[];
  /** Accessible caption, e.g. "Request body fields". */
  readonly caption: string;
  /** The words of every row (from the section tree, the same the Markdown twin uses). */
  readonly words: FieldWords;
  /** Leave the whole table out of the search index (the same table is on every endpoint page). */
  readonly searchIgnore?: boolean;
  /** The rows as the table shows them, nested (core/contract/field-tree.ts, at build time). */
  readonly nodes: readonly FieldNode[];
}

/** The hover link to a row's anchor, as headings have (Docusaurus' `hash-link`). */
function RowLink({id, name}: {readonly id: string | undefined; readonly name: string}): ReactNode {
  return id ? <Link className={clsx('hash-link', styles.rowLink)} to={`#${id}`} aria-label={`#${name}`} /> : null;
}

function Values({values, label}: {readonly values: readonly Scalar[]; readonly label: string}): ReactNode {
  return (
    <span className={styles.enum}>
      {label}{' '}
      {values.map((v, i) => (
        <span key={String(v)}>
          {i > 0 && ', '}
          <code>
            <BreakableName name={JSON.stringify(v)} />
          </code>
        </span>
      ))}
    </span>
  );
}

interface RowsProps {
  readonly nodes: readonly FieldNode[];
  readonly rows: readonly PageFieldRow[];
  readonly words: FieldWords;
  /** Rows nested under another (shaded). */
  readonly nested?: boolean;
}

/**
 * The rows, each followed by the fields nested under it, folded in a `<details>` in a row of its own
 * across the table's width (issue 34: as Stripe and Scalar fold child attributes). The nesting, the
 * counts and the rules come from the build (core/contract/field-tree.ts), so this only renders them.
 * Without JavaScript the summary still opens a fold. A link to a field inside opens it by the
 * browser's own rule (HTML's auto-expanding details: Chromium on a load and a same-page link,
 * tests/e2e/reference-layout.spec.ts): no site-wide script for it, since every page's first visit
 * would carry it and no page links another's field anchors. The Markdown twin lists every field by
 * its dotted path.
 */
function Rows({nodes, rows, words, nested}: RowsProps): ReactNode {
  const brokenLinks = useBrokenLinks();
  return nodes.map(({row: index, id, rule, nested: fold}) => {
    const row = rows[index] as PageFieldRow;
    // The rows' links point at their anchors: registered with the build's anchor check.
    if (id) brokenLinks.collectAnchor(id);
    const choice = 'choice' in row ? row.choice : undefined;
    const variant = 'variant' in row && row.variant;
    return (
      <Fragment key={index}>
        <tr
          id={id}
          className={clsx(variant && styles.variant, nested && styles.nested)}
          data-search-ignore={('shared' in row && row.shared) || undefined}>
          {variant ? (
            // The head of one oneOf/anyOf branch: its title, then its fields folded under it.
            <td className={styles.nameCell}>
              <span className={styles.variantName}>{row.name}</span>
              <div className={styles.type}>{row.type}</div>
              <RowLink id={id} name={row.name} />
            </td>
          ) : (
            <td className={styles.nameCell}>
              {/* The page that documents a field comes first when a reader searches its name
                (Pagefind weighs words by this attribute; plain text weighs 1). */}
              <code className={styles.name} data-pagefind-weight="3">
                <BreakableName name={row.name} />
              </code>
              <div className={styles.type}>{row.type}</div>
              <span className={row.required || choice ? styles.required : styles.optional}>
                {choice ? words.choice[choice.kind].badge : row.required ? words.isRequired : words.isOptional}
              </span>
              <RowLink id={id} name={row.name} />
            </td>
          )}
          {variant ? (
            <td>{row.description && <InlineText text={row.description} />}</td>
          ) : (
            <td>
              {[rule, row.description].map(
                (text, i) =>
                  text && (
                    <p key={i} className={styles.description}>
                      <InlineText text={text} />
                    </p>
                  ),
              )}
              {row.enumValues && <Values values={row.enumValues} label={words.oneOf} />}
              {row.constraints.length > 0 && (
                <ul className={styles.rules}>
                  {row.constraints.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              )}
              {'defaultValue' in row && row.defaultValue !== undefined && (
                <div className={styles.meta}>
                  {words.default}{' '}
                  <code>
                    <BreakableName name={row.defaultValue} />
                  </code>
                </div>
              )}
              {row.example !== undefined && (
                <div className={styles.meta}>
                  {words.example}{' '}
                  <code>
                    <BreakableName name={row.example} />
                  </code>
                </div>
              )}
            </td>
          )}
        </tr>
        {fold && (
          <tr className="api-fields__nest">
            <td colSpan={2}>
              <details className="api-fields__children" open={fold.open}>
                {/* A count is interface, not something a reader searches for. */}
                <summary data-pagefind-ignore>{fold.summary}</summary>
                <table className={clsx(styles.table, 'api-fields__table')}>
                  <tbody>
                    <Rows nodes={fold.nodes} rows={rows} words={words} nested />
                  </tbody>
                </table>
              </details>
            </td>
          </tr>
        )}
      </Fragment>
    );
  });
}

/** Parameters or schema fields: name, type, required, rules, description. Nested rows fold under their parent. */
export default function ParamTable({rows, nodes, caption, words, searchIgnore}: Props): ReactNode {
  return (
    <div className={styles.wrap} data-search-ignore={searchIgnore || undefined}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{words.name}</th>
            <th scope="col">{words.description}</th>
          </tr>
        </thead>
        {/* Static rows: not hydrated on the page a reader opens (see ServerHtml). */}
        <ServerHtml as="tbody">
          <Rows nodes={nodes} rows={rows} words={words} />
        </ServerHtml>
      </table>
    </div>
  );
}
