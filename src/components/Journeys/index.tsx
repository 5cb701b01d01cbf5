import {Fragment, lazy, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import OnDemand from '@site/src/components/OnDemand';
import Sections from '@site/src/components/Reference/Sections';
import {rowAnchors, type SectionBlock} from '#core/contract/sections';
import {byWorkflow, pickJourneys} from '#core/journeys/select';

// The Try it panel's chunk (the same name): one entry in the runtime every page loads, and the
// engine it shares with Try it downloads once.
const Run = lazy(() => import(/* webpackChunkName: "sandbox" */ './Run'));

interface Props {
  /**
   * The family's journeys, built at build time from openapi/journeys/<family>.arazzo.yaml
   * (core/journeys/sections.ts `journeysBlocks`); the remark plugin imports them in place of `family`.
   */
  readonly data: readonly SectionBlock[];
  /** Only these workflows (ids, space-separated): the main journey where the page teaches the flow. */
  readonly workflows?: string;
  /** Every workflow but these: the recovery paths, below the main journey shown higher up. */
  readonly except?: string;
}

/** The blocks of the picked workflows; a wrong pick fails the build (the twin's writer says the same). */
function picked({data, workflows, except}: Props): readonly SectionBlock[] {
  if (workflows === undefined && except === undefined) return data;
  const result = pickJourneys(data, {workflows, except}, '<Journeys>');
  if ('problem' in result) throw new Error(result.problem);
  return result.blocks;
}

/**
 * A family's journeys as numbered steps, each workflow under its own heading, each step anchored
 * `journey-<workflow>-<step>`, and after each workflow a button that runs it step by step against
 * the sandbox in this page (./Run.tsx, loaded when pressed). No heading of its own: the overview
 * page writes it. `workflows` or `except` picks some of the family's workflows (core/journeys/select.ts). The same blocks make the page's Markdown twin.
 */
export default function Journeys(props: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  const shown = picked(props);
  for (const id of rowAnchors(shown)) brokenLinks.collectAnchor(id);
  return byWorkflow(shown).map(({workflow, blocks}, i) => (
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
