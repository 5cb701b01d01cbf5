import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import blocks from '@generated/api-contract/default/sections/ResponseCodeTable.json';
import Sections from '@site/src/components/Reference/Sections';
import {rowAnchors} from '#core/contract/sections';

/**
 * The catalogue of `response_code` values, from openapi/response-codes.yaml, as built at build time
 * (core/contract/component-sections.ts `responseCodeBlocks`), code 5 with how each family resolves
 * it (openapi/behaviour/, core/behaviour/sections.ts `code5Cell`). Each row has an anchor `code-N`.
 */
export default function ResponseCodeTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  // Rows are link targets (/ResponseCode#code-4); register them for the build's anchor check.
  for (const id of rowAnchors(blocks)) brokenLinks.collectAnchor(id);
  return <Sections blocks={blocks} />;
}
