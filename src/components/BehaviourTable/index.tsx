import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Sections from '@site/src/components/Reference/Sections';
import {rowAnchors, type SectionBlock} from '#core/contract/sections';

interface Props {
  /**
   * The family's table, built at build time from openapi/behaviour/<family>.yaml
   * (core/behaviour/sections.ts `behaviourBlocks`); the remark plugin imports it in place of `family`.
   */
  readonly data: readonly SectionBlock[];
}

/**
 * What can happen to a family's transaction after it is sent: per operation, its first answers and
 * its states. No heading of its own: the overview page writes "What can happen to a ..." above it.
 * Each row has the anchor `<operation>-<state>`.
 */
export default function BehaviourTable({data}: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const id of rowAnchors(data)) brokenLinks.collectAnchor(id);
  return <Sections blocks={data} />;
}
