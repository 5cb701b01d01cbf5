import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import view from '@generated/api-contract/default/test-data.json';
import InlineText from '@site/src/components/InlineText';
import MethodBadge from '@site/src/components/MethodBadge';
import type {TestValueRow} from '#core/sandbox/compile';
import {credentialRows, familySection} from '#core/sandbox/page';
import styles from './styles.module.css';

interface Props {
  /**
   * Which table, by its key in the view's `sections`: the credentials, the rows of any operation,
   * the test values shared across families, or one family's. plugins/api-contract/remark.ts writes
   * one per section, after its heading, from a bare <TestData /> in the page.
   */
  readonly section: string;
}

/* Cell labels: column heads on wide screens, the label above each cell once rows stack on phones. */
const label = {
  send: () => translate({id: 'testData.send', message: 'Send'}),
  answer: () => translate({id: 'testData.answer', message: 'Answer'}),
  then: () => translate({id: 'testData.then', message: 'Then'}),
  families: () => translate({id: 'testData.families', message: 'Families'}),
  // The twin says the same: NOTHING_FOLLOWS in core/sandbox/page.ts (a test holds them equal).
  nothing: () => translate({id: 'testData.nothing', message: 'Nothing follows'}),
};

/** `IP_NOT_WHITELISTED` with a break opportunity after each underscore, for narrow cells. */
function CodeName({name}: {readonly name: string}): ReactNode {
  return (
    <span className={styles.name}>
      {name.split(/(?<=_)/).map((part, i) => (
        <span key={i}>
          {part}
          <wbr />
        </span>
      ))}
    </span>
  );
}

function Answer({row}: {readonly row: TestValueRow}): ReactNode {
  return (
    <td data-label={label.answer()}>
      <Link to={`/ResponseCode#code-${row.code}`} className={styles.code}>
        {row.code}
      </Link>{' '}
      <CodeName name={row.codeName} />
      <div>
        <InlineText text={row.label} />
      </div>
    </td>
  );
}

function Head({cells}: {readonly cells: readonly string[]}): ReactNode {
  return (
    <thead>
      <tr>
        {cells.map((c) => (
          <th scope="col" key={c}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The Test data page's tables, from the scenario atlas (openapi/scenarios/) through test-data.json. */
export default function TestData({section}: Props): ReactNode {
  if (section === 'credentials') {
    return (
      <table className={styles.plain}>
        <thead>
          <tr>
            <th scope="col">
              <Translate id="testData.what">What</Translate>
            </th>
            <th scope="col">
              <Translate id="testData.value">Value</Translate>
            </th>
          </tr>
        </thead>
        <tbody>
          {credentialRows(view.credentials).map(([what, value]) => (
            <tr key={what}>
              <td>
                <InlineText text={what} />
              </td>
              <td>
                <InlineText text={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (section === 'any' || section === 'shared') {
    const rows: readonly (TestValueRow & {readonly families?: readonly string[]})[] =
      section === 'any' ? view.anyOperation : view.shared;
    return (
      <table className="test-values" data-search-ignore>
        <Head cells={[label.send(), label.answer(), ...(section === 'shared' ? [label.families()] : [])]} />
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.input}-${r.code}`}>
              <td data-label={label.send()}>
                <InlineText text={r.input} />
              </td>
              <Answer row={r} />
              {r.families && <td data-label={label.families()}>{r.families.join(', ')}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const f = view.families.find((x) => familySection(x.name) === section);
  if (!f)
    throw new Error(
      `<TestData section="${section}"> names no section of the Test data page (${view.sections.map((s) => s.key).join(', ')}).`,
    );
  // Out of the search index (see ignoreCssSelectors): field names and operation titles here would
  // outrank the operation pages they belong to; the page is found by its prose and headings.
  return (
    <table className="test-values" data-search-ignore>
      <Head cells={[label.send(), label.answer(), label.then()]} />
      {f.operations.map((op) => (
        <tbody key={op.id}>
          <tr className={styles.op}>
            <th scope="rowgroup" colSpan={3}>
              {op.href ? <Link to={op.href}>{op.summary}</Link> : op.summary}{' '}
              <span className={styles.route}>
                <MethodBadge method={op.method} /> <code>{op.path}</code>
              </span>
            </th>
          </tr>
          {op.rows.map((r, i) => (
            <tr key={i}>
              <td data-label={label.send()}>
                <InlineText text={r.input} />
              </td>
              <Answer row={r} />
              <td data-label={label.then()}>
                <InlineText text={r.follows || label.nothing()} />
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
