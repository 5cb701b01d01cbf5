import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import blocks from '@generated/api-contract/default/sections/PanStatusTable.json';
import Sections from '@site/src/components/Reference/Sections';
import {rowAnchors} from '#core/contract/sections';

/**
 * PAN application status values, from the `PanStatus` schema in openapi/families/pan.yaml
 * (core/contract/component-sections.ts `panStatusBlocks`). Each row has the anchor `status-<value>`.
 */
export default function PanStatusTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const id of rowAnchors(blocks)) brokenLinks.collectAnchor(id);
  return <Sections blocks={blocks} />;
}
