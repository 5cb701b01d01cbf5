import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import table from '@generated/api-contract/default/rate-limits.json';
import DataTable from '@site/src/components/DataTable';
import InlineText from '@site/src/components/InlineText';
import {rateText} from '#core/contract/rate-limits';

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
      <DataTable
        head={[
          translate({id: 'rateLimits.family', message: 'Family'}),
          translate({id: 'rateLimits.limit', message: 'Family limit'}),
          translate({id: 'rateLimits.own', message: 'Calls with their own limit too'}),
        ]}
        rows={table.rows.map((row) => ({
          key: row.tag,
          id: `rate-${row.tag}`,
          cells: [
            row.label,
            rateText(row.limit),
            row.operations.length === 0 ? (
              <Translate id="rateLimits.none">None</Translate>
            ) : (
              <ul>
                {row.operations.map((op) => (
                  <li key={op.id}>
                    {op.href ? <Link to={op.href}>{op.summary}</Link> : op.summary}: {rateText(op.limit)}
                  </li>
                ))}
              </ul>
            ),
          ],
        }))}
      />
    </>
  );
}
