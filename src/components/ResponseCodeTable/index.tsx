import type {ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import codes from '@generated/api-contract/default/response-codes.json';
import DataTable from '@site/src/components/DataTable';
import InlineText from '@site/src/components/InlineText';
import RetryLabel from '@site/src/components/RetryLabel';
import styles from './styles.module.css';

/** The catalogue of `response_code` values, from openapi/response-codes.yaml. Each row has an anchor `code-N`. */
export default function ResponseCodeTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  // Rows are link targets (/ResponseCode#code-4); register them for the build's anchor check.
  for (const c of codes) brokenLinks.collectAnchor(`code-${c.code}`);
  return (
    <DataTable
      className={styles.wrap}
      tableClassName={styles.table}
      head={[
        translate({id: 'codes.code', message: 'Code'}),
        translate({id: 'codes.meaning', message: 'Meaning'}),
        translate({id: 'codes.action', message: 'What to do'}),
        translate({id: 'codes.retry', message: 'Retry'}),
      ]}
      rows={codes.map((c) => ({
        key: String(c.code),
        id: `code-${c.code}`,
        cells: [
          // The catalogue is where a code is explained: its number and name weigh more in the search
          // index than the same number in an amount or a date elsewhere ("code 14").
          <div key="code" data-pagefind-weight="8">
            <code className={styles.code}>{c.code}</code>
            <div className={styles.name}>{c.name}</div>
            {'common' in c && c.common && (
              <div className={styles.name}>
                <Translate id="codes.common">Any operation</Translate>
              </div>
            )}
          </div>,
          <InlineText key="meaning" text={c.meaning} />,
          <InlineText key="action" text={c.action} />,
          <RetryLabel key="retry" retry={c.retry} text={c.retryText} />,
        ],
      }))}
    />
  );
}
