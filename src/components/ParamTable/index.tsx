import {Fragment, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import InlineText from '@site/src/components/InlineText';
import ServerHtml from '@site/src/components/ServerHtml';
import type {Scalar, SchemaRow} from '#core/contract/types';
import type {FieldRow, FieldWords} from '#core/contract/tree';
import {fieldAnchors} from '#core/contract/field-anchors';
import {descendants, nestRows, type RowNode} from '#core/contract/field-tree';
import {choiceSeparator, FIELDS} from '#core/contract/required-choice';
import BreakableName from '@site/src/components/BreakableName';
import styles from './styles.module.css';

interface Props {
  readonly rows: readonly FieldRow[];
  /** Accessible caption, e.g. "Request body fields". */
  readonly caption: string;
  /** The words of every row (from the section tree, the same the Markdown twin uses). */
  readonly words: FieldWords;
  /** Leave the whole table out of the search index (the same table is on every endpoint page). */
  readonly searchIgnore?: boolean;
  /** Gives each row an anchor starting with this, and a link to it on hover (`request` -> `#request-amount`). */
  readonly anchor?: string;
  /** The fields nested under top-level rows show open (a response's `data`); deeper ones fold. */
  readonly unfolded?: boolean;
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
          <code>{JSON.stringify(v)}</code>
        </span>
      ))}
    </span>
  );
}

/** `Send exactly one of `aadhaar_number` or `adhaarnumber`.`: the rule of a required choice, on each field it names. */
function ChoiceRule({
  choice,
  words,
}: {
  readonly choice: NonNullable<SchemaRow['choice']>;
  readonly words: FieldWords;
}): ReactNode {
  const [before, after] = words.choice[choice.kind].lead.split(FIELDS);
  return (
    <p className={styles.description}>
      {before}
      {choice.names.map((n, i) => (
        <span key={n}>
          {choiceSeparator(i, choice.names.length, words.or)}
          <code>{n}</code>
        </span>
      ))}
      {after}
    </p>
  );
}

interface RowsProps {
  readonly nodes: readonly RowNode<FieldRow>[];
  readonly ids: readonly (string | undefined)[];
  readonly words: FieldWords;
  /** Nested fields under rows of this level show open (FieldsBlock `unfolded`: level 0). */
  readonly openBelow: number;
  readonly level: number;
}

/**
 * The fields nested under a row, folded in a `<details>` in a row of their own under it, across the
 * table's width (issue 34: as Stripe and Scalar fold child attributes). Without JavaScript the summary still opens it. A link
 * to a field inside opens it by the browser's own rule (HTML's auto-expanding details: Chromium on
 * a load and a same-page link, tests/e2e/reference-layout.spec.ts): no site-wide script for it,
 * since every page's first visit would carry it and no page links another's field anchors. The
 * Markdown twin lists every field by its dotted path.
 */
function Children({nodes, ids, words, openBelow, level, count}: RowsProps & {readonly count: number}): ReactNode {
  return (
    <tr className="api-fields__nest">
      <td colSpan={2}>
        <details className="api-fields__children" open={level < openBelow || undefined}>
          {/* A count is interface, not something a reader searches for. */}
          <summary data-pagefind-ignore>{words.children.replace('{count}', String(count))}</summary>
          <table className={clsx(styles.table, 'api-fields__table')}>
            <tbody>
              <Rows nodes={nodes} ids={ids} words={words} openBelow={openBelow} level={level + 1} />
            </tbody>
          </table>
        </details>
      </td>
    </tr>
  );
}

function Rows({nodes, ids, words, openBelow, level}: RowsProps): ReactNode {
  return nodes.map((node) => {
    const {row, index} = node;
    const id = ids[index];
    const key = 'path' in row ? row.path : `${row.in}:${row.name}`;
    const choice = 'choice' in row ? row.choice : undefined;
    const children = node.children.length > 0 && (
      <Children
        nodes={node.children}
        ids={ids}
        words={words}
        openBelow={openBelow}
        level={level}
        count={descendants(node)}
      />
    );
    if ('variant' in row && row.variant) {
      // The head of one oneOf/anyOf branch: its title, then its fields folded under it.
      return (
        <Fragment key={key}>
          <tr id={id} className={clsx(styles.variant, level > 0 && styles.nested)}>
            <td className={styles.nameCell}>
              <span className={styles.variantName}>{row.name}</span>
              <div className={styles.type}>{row.type}</div>
              <RowLink id={id} name={row.name} />
            </td>
            <td>{row.description && <InlineText text={row.description} />}</td>
          </tr>
          {children}
        </Fragment>
      );
    }
    return (
      <Fragment key={key}>
        <tr
          id={id}
          className={clsx(level > 0 && styles.nested)}
          data-search-ignore={('shared' in row && row.shared) || undefined}>
          <td className={styles.nameCell}>
            {/* The page that documents a field comes first when a reader searches its name
              (Pagefind weighs words by this attribute; plain text weighs 1). */}
            <code className={styles.name} data-pagefind-weight="3">
              <BreakableName name={row.name} />
            </code>
            <div className={styles.type}>{row.type}</div>
            {choice ? (
              <span className={styles.required}>{words.choice[choice.kind].badge}</span>
            ) : row.required ? (
              <span className={styles.required}>{words.isRequired}</span>
            ) : (
              <span className={styles.optional}>{words.isOptional}</span>
            )}
            <RowLink id={id} name={row.name} />
          </td>
          <td>
            {choice && <ChoiceRule choice={choice} words={words} />}
            {row.description && (
              <p className={styles.description}>
                <InlineText text={row.description} />
              </p>
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
                {words.default} <code>{row.defaultValue}</code>
              </div>
            )}
            {row.example !== undefined && (
              <div className={styles.meta}>
                {words.example} <code>{row.example}</code>
              </div>
            )}
          </td>
        </tr>
        {children}
      </Fragment>
    );
  });
}

/** Parameters or schema fields: name, type, required, rules, description. Nested rows fold under their parent. */
export default function ParamTable({rows, caption, words, searchIgnore, anchor, unfolded}: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  const ids = anchor
    ? fieldAnchors(
        anchor,
        rows.map((r) => ('path' in r ? {name: r.name, path: r.path} : r)),
      )
    : [];
  // The rows' links point at these: register them with the build's anchor check.
  for (const id of ids) brokenLinks.collectAnchor(id);
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
          <Rows nodes={nestRows(rows)} ids={ids} words={words} openBelow={unfolded ? 1 : 0} level={0} />
        </ServerHtml>
      </table>
    </div>
  );
}
