import {Fragment, lazy, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import OnDemand from '@site/src/components/OnDemand';
import Sections from '@site/src/components/Reference/Sections';
import {rowAnchors, type SectionBlock} from '#core/contract/sections';
import {workflowOfAnchor} from '#core/journeys/names';

// The Try it panel's chunk (the same name): one entry in the runtime every page loads, and the
// engine it shares with Try it downloads once.
const Run = lazy(() => import(/* webpackChunkName: "sandbox" */ './Run'));

interface Props {
  /**
   * The family's journeys, built at build time from openapi/journeys/<family>.arazzo.yaml
   * (core/journeys/sections.ts `journeysBlocks`); the remark plugin imports them in place of `family`.
   */
  readonly data: readonly SectionBlock[];
}

/** The blocks by workflow: each starts at its heading (`journey-<workflow>`). */
function byWorkflow(data: readonly SectionBlock[]): {workflow?: string; blocks: SectionBlock[]}[] {
  const groups: {workflow?: string; blocks: SectionBlock[]}[] = [];
  for (const block of data) {
    const workflow = block.kind === 'heading' ? workflowOfAnchor(block.id) : undefined;
    const last = groups.at(-1);
    if (workflow || !last) groups.push({...(workflow ? {workflow} : {}), blocks: [block]});
    else last.blocks.push(block);
  }
  return groups;
}

/**
 * A family's journeys as numbered steps, each workflow under its own heading, each step anchored
 * `journey-<workflow>-<step>`, and after each workflow a button that runs it step by step against
 * the sandbox in this page (./Run.tsx, loaded when pressed). No heading of its own: the overview
 * page writes it. The same blocks make the page's Markdown twin.
 */
export default function Journeys({data}: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const id of rowAnchors(data)) brokenLinks.collectAnchor(id);
  return byWorkflow(data).map(({workflow, blocks}, i) => (
    // No wrapper element: the search index reads what follows a heading among its siblings.
    <Fragment key={workflow ?? i}>
      <Sections blocks={blocks} />
      {workflow && (
        <OnDemand label={translate({id: 'journeys.run', message: 'Run this journey in the sandbox'})}>
          {() => <Run workflow={workflow} />}
        </OnDemand>
      )}
    </Fragment>
  ));
}
