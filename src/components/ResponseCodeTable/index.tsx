import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import codes from '@generated/api-contract/response-codes.json';
import InlineText from '@site/src/components/InlineText';
import RetryLabel from '@site/src/components/RetryLabel';
import styles from './styles.module.css';

/** The catalogue of `response_code` values, from openapi/response-codes.yaml. Each row has an anchor `code-N`. */
export default function ResponseCodeTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  // Rows are link targets (/ResponseCode#code-4); register them for the build's anchor check.
  for (const c of codes) brokenLinks.collectAnchor(`code-${c.code}`);
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">
              <Translate id="codes.code">Code</Translate>
            </th>
            <th scope="col">
              <Translate id="codes.meaning">Meaning</Translate>
            </th>
            <th scope="col">
              <Translate id="codes.action">What to do</Translate>
            </th>
            <th scope="col">
              <Translate id="codes.retry">Retry</Translate>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((c) => (
            <tr key={c.code} id={`code-${c.code}`}>
              {/* The catalogue is where a code is explained: its number and name weigh more in the
                  search index than the same number in an amount or a date elsewhere ("code 14"). */}
              <td data-pagefind-weight="8">
                <code className={styles.code}>{c.code}</code>
                <div className={styles.name}>{c.name}</div>
                {'common' in c && c.common && (
                  <div className={styles.name}>
                    <Translate id="codes.common">Any operation</Translate>
                  </div>
                )}
              </td>
              <td>
                <InlineText text={c.meaning} />
              </td>
              <td>
                <InlineText text={c.action} />
              </td>
              <td>
                <RetryLabel retry={c.retry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
