import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import blocks from '@generated/api-contract/default/sections/RateLimitTable.json';
import Sections from '@site/src/components/Reference/Sections';
import {rowAnchors} from '#core/contract/sections';

/**
 * Every family's rate limit and the calls with their own, from `x-rate-limit` in the contract, and
 * what Retry-After means in the contract's own words (core/contract/component-sections.ts
 * `rateLimitBlocks`). Each family's row has the anchor `rate-<tag>`.
 */
export default function RateLimitTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const id of rowAnchors(blocks)) brokenLinks.collectAnchor(id);
  return <Sections blocks={blocks} />;
}
