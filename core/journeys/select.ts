/**
 * Which of a family's workflows one `<Journeys>` shows (issue 32, 4): a family overview renders its
 * main journey where the page teaches the flow (`workflows="bbps-paid"`) and the recovery paths
 * further down (`except="bbps-paid"`), in place of step lists written by hand. The page and its
 * Markdown twin pick through this one function, so the two show the same workflows. Pure, and
 * imports nothing but names and types: the family page's chunk takes it.
 */
import type {SectionBlock} from '../contract/sections';
import {workflowOfAnchor} from './names';

/** The two props of `<Journeys>` that pick workflows: ids separated by spaces or commas. */
export interface JourneyPick {
  /** Only these workflows, in the order the file lists them. */
  readonly workflows?: string;
  /** Every workflow but these. */
  readonly except?: string;
}

/** The blocks of each workflow, each group starting at its heading; blocks before any heading stay first. */
export function byWorkflow(blocks: readonly SectionBlock[]): {workflow?: string; blocks: SectionBlock[]}[] {
  const groups: {workflow?: string; blocks: SectionBlock[]}[] = [];
  for (const block of blocks) {
    const workflow = block.kind === 'heading' ? workflowOfAnchor(block.id) : undefined;
    const last = groups.at(-1);
    if (workflow || !last) groups.push({...(workflow ? {workflow} : {}), blocks: [block]});
    else last.blocks.push(block);
  }
  return groups;
}

const ids = (list: string | undefined): string[] => (list ?? '').split(/[\s,]+/).filter(Boolean);

/**
 * The blocks of the workflows `pick` names, or a message naming `where`, the unknown id and the
 * family's ids. Both props at once, or a pick that leaves nothing, is a mistake of the page too.
 */
export function pickJourneys(
  blocks: readonly SectionBlock[],
  pick: JourneyPick,
  where: string,
): {blocks: SectionBlock[]} | {problem: string} {
  const groups = byWorkflow(blocks);
  const known = groups.flatMap((g) => (g.workflow ? [g.workflow] : []));
  const only = ids(pick.workflows);
  const except = ids(pick.except);
  if (only.length && except.length)
    return {problem: `${where}: <Journeys> takes workflows="..." or except="...", not both.`};
  const unknown = [...only, ...except].find((id) => !known.includes(id));
  if (unknown !== undefined)
    return {
      problem: `${where}: <Journeys> names the workflow "${unknown}", which its family's journey file does not have. Fix: use one of ${known.join(', ')}.`,
    };
  const kept = groups.filter((g) =>
    g.workflow === undefined ? true : only.length ? only.includes(g.workflow) : !except.includes(g.workflow),
  );
  if (!kept.some((g) => g.workflow))
    return {problem: `${where}: <Journeys except="..."> leaves no workflow to show. Fix: drop the element.`};
  return {blocks: kept.flatMap((g) => g.blocks)};
}
