import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import table from '@generated/api-contract/rate-limits.json';
import InlineText from '@site/src/components/InlineText';
import {rateText} from '@site/src/lib/rate-limits';

/**
 * Every family's rate limit and the calls with their own, from `x-rate-limit` in the contract, and
 * what Retry-After means in the contract's own words. Each family's row has the anchor `rate-<tag>`.
 */
export default function RateLimitTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const row of table.rows) brokenLinks.collectAnchor(`rate-${row.tag}`);
  return (
    <>
      <p>
        <Translate id="rateLimits.retryAfter" values={{header: <InlineText text="`Retry-After`" />}}>
          {'{header} on a 429 answer:'}
        </Translate>{' '}
        <InlineText text={table.retryAfter} />
      </p>
      {/* Infima's tables scroll sideways on a narrow screen by themselves: no wrapper needed. */}
      <table>
        <thead>
          <tr>
            <th scope="col">
              <Translate id="rateLimits.family">Family</Translate>
            </th>
            <th scope="col">
              <Translate id="rateLimits.limit">Family limit</Translate>
            </th>
            <th scope="col">
              <Translate id="rateLimits.own">Calls with their own limit too</Translate>
            </th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.tag} id={`rate-${row.tag}`}>
              <th scope="row">{row.label}</th>
              <td>{rateText(row.limit)}</td>
              <td>
                {row.operations.length === 0 ? (
                  <Translate id="rateLimits.none">None</Translate>
                ) : (
                  <ul>
                    {row.operations.map((op) => (
                      <li key={op.id}>
                        {op.href ? <Link to={op.href}>{op.summary}</Link> : op.summary}: {rateText(op.limit)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
