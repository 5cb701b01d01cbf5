/**
 * `<Journeys family>`: a family's journeys (./view.ts) as section blocks (core/contract/sections.ts)
 * that the overview page renders and the Markdown twin serialises, the same path as
 * `<BehaviourTable>`: per workflow its title, its description and its steps, numbered, each with
 * its prose, the operation it calls (linked), what it must answer (`response_code` and state), and
 * the steps Arazzo cannot express marked as what they are. Pure.
 */
import type {Labels} from '../contract/labels';
import type {Cell, ListItem, SectionBlock, Span} from '../contract/sections';
import {linkOr} from '../contract/component-sections';
import type {Criterion, Journey, JourneyFile, JourneyStep} from './view';
import {journeyAnchor, stepAnchor} from './names';

export {journeyAnchor, journeyFile, stepAnchor, workflowOfAnchor} from './names';

/** What the blocks need from the rest of the build: each operation's and webhook's title and page. */
export interface JourneyLinks {
  readonly entry: (id: string) => {readonly summary: string; readonly href?: string} | undefined;
}

/** The key of a family's journeys among the component sections. */
export const journeysKey = (family: string): string => `Journeys/${family}`;

/** An operation or webhook by its title, linked to its page, then its id. */
function named(id: string, links: JourneyLinks): Span[] {
  const entry = links.entry(id);
  return [linkOr(entry?.summary ?? id, entry?.href), ' ', {kind: 'code', text: id}];
}

/**
 * `response_code` 2, state `PROCESSING`: the criteria the page can word, the others as written.
 * `$statusCode == 200` goes unsaid: every envelope answer is a 200, and a marked step's is the
 * journeys proxy's, which the pages never show.
 */
function criteriaCell(criteria: readonly Criterion[], labels: Labels): Cell {
  return criteria
    .filter((c) => c.on !== 'http-status')
    .flatMap((c, i): Span[] => {
      const sep = i ? [', '] : [];
      switch (c.on) {
        case 'response_code':
          return [...sep, {kind: 'code', text: 'response_code'}, ` ${c.value}`];
        case 'state': {
          const [before, after] = labels['api.journey.state'].split('{state}');
          const spans: Span[] = [...sep, before ?? '', {kind: 'code', text: c.value}, after ?? ''];
          return spans.filter((s) => s !== '');
        }
        case 'signed-with': {
          const name = {previous: 'api.journey.secretPrevious', current: 'api.journey.secretCurrent'} as const;
          const secrets = c.value.map((n) => labels[name[n]]).join(` ${labels['api.journey.and']} `);
          return [...sep, labels['api.journey.signedWith'].replace('{secrets}', secrets)];
        }
        default:
          return [...sep, {kind: 'code', text: c.condition}];
      }
    });
}

/**
 * What the customer does on a hosted page, written to follow the page's name ("signs in with the
 * mobile OTP ..."), as the sentence it is after the full stop: "dmt-session. signs in" read as a
 * slip on the page (issue 34).
 */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The lines under a step's prose: what it calls (or what arrives, or which page), and what it must answer. */
function stepLines(step: JourneyStep, labels: Labels, links: JourneyLinks): Cell[] {
  const criteria = criteriaCell(step.criteria, labels);
  const what: Cell[] =
    step.kind === 'call' && step.operationId
      ? [[`${labels['api.journey.calls']}: `, ...named(step.operationId, links)]]
      : step.kind === 'webhook' && step.webhook
        ? [[`${labels['api.journey.arrives']}: `, ...named(step.webhook, links)]]
        : step.kind === 'hosted-page' && step.page
          ? [[`${labels['api.journey.page']}: `, {kind: 'code', text: step.page}, `. ${sentence(step.does ?? '')}`]]
          : [];
  return [...what, ...(criteria.length ? [[`${labels['api.journey.succeeds']}: `, ...criteria]] : [])];
}

const MARKS = {
  webhook: 'api.journey.webhook',
  'hosted-page': 'api.journey.hostedPage',
  clock: 'api.journey.clock',
} as const;

function stepItem(journey: Journey, step: JourneyStep, labels: Labels, links: JourneyLinks): ListItem {
  const mark: Span[] = step.kind === 'call' ? [] : [{kind: 'strong', text: labels[MARKS[step.kind]]}, ' '];
  const lines = stepLines(step, labels, links);
  return {
    key: step.id,
    id: stepAnchor(journey.id, step.id),
    cell: [...mark, step.description, ...(lines.length ? [{kind: 'items', items: lines} as const] : [])],
  };
}

/** The blocks of one workflow: its title as a heading, its description, its numbered steps. */
export function journeyBlocks(journey: Journey, labels: Labels, links: JourneyLinks): SectionBlock[] {
  return [
    {kind: 'heading', depth: 3, text: journey.summary, id: journeyAnchor(journey.id)},
    ...(journey.description ? [{kind: 'paragraph', text: journey.description} as const] : []),
    {kind: 'list', ordered: true, items: journey.steps.map((s) => stepItem(journey, s, labels, links))},
  ];
}

/** <Journeys family>: every workflow of the family's file, in its order. No heading of its own. */
export function journeysBlocks(file: JourneyFile, labels: Labels, links: JourneyLinks): SectionBlock[] {
  return file.journeys.flatMap((j) => journeyBlocks(j, labels, links));
}
