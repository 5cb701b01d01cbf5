/**
 * The journeys at build time, as the pages show them: reads openapi/journeys/<family>.arazzo.yaml
 * (openapi/DECISIONS.md, "Where journeys live") into the view of core/journeys/view.ts, each step's
 * operation and webhook checked against the contract; and checks that a page's
 * `<Journeys family>` names a family with a journey file. Used by the contract loader (./load.ts),
 * so the build and `npm run lint:contract` stop on the same problems.
 */
import path from 'node:path';
import {listOperations, type OpenApiDocument} from '#core/contract/openapi';
import type {JourneyFile as JourneyModelFile} from '#core/journeys/model';
import {journeyView, type JourneyFile} from '#core/journeys/view';
import {closest} from '#core/util/closest';
import {readJourneys} from './behaviour';
import {CONTRACT_DIR} from './paths';

/** One Arazzo file per money-moving family. */
export const JOURNEY_FILES_DIR = path.join(CONTRACT_DIR, 'journeys');

const SUFFIX = '.arazzo.yaml';

/**
 * The pages' view of journey files already read (./behaviour.ts `readJourneys`, the one reading of
 * them: the build parses each file once, for the model's check and for the pages), each step's
 * operation and webhook checked against the contract.
 */
export function journeyViews(
  deref: OpenApiDocument,
  files: readonly JourneyModelFile[],
): {journeys: JourneyFile[]; problems: string[]} {
  const located = listOperations(deref);
  const ctx = {
    operations: new Set(located.filter((l) => l.kind === 'operation').map((l) => l.op.operationId)),
    webhooks: new Set(located.filter((l) => l.kind === 'webhook').map((l) => l.op.operationId)),
  };
  const journeys: JourneyFile[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const parsed = journeyView(file, ctx);
    problems.push(...parsed.problems);
    if (parsed.journeys) journeys.push(parsed.journeys);
  }
  return {journeys, problems};
}

/** Every journey file of `dir`, read and checked against the contract's operations and webhooks. */
export function loadJourneyViews(
  deref: OpenApiDocument,
  dir = JOURNEY_FILES_DIR,
): {journeys: JourneyFile[]; problems: string[]} {
  return journeyViews(deref, readJourneys(dir));
}

/** A component use on a page, as ./load.ts `pageUses` reads it. */
interface Use {
  readonly component: string;
  readonly id: string;
  readonly file: string;
  readonly line: number;
}

/** Every `<Journeys family>` whose family has no journey file, with its page, line and fix. */
export function journeyUseProblems(uses: readonly Use[], journeys: readonly JourneyFile[]): string[] {
  const known = journeys.map((j) => j.family);
  return uses
    .filter((u) => u.component === 'Journeys' && !known.includes(u.id))
    .map((u) => {
      const near = closest(u.id, known);
      return `${u.file}:${u.line}: <Journeys family="${u.id}" /> names a family without a journey file. Fix: ${near.length ? `use ${near.join(', ')}, or ` : ''}add openapi/journeys/${u.id}${SUFFIX} (openapi/DECISIONS.md, "Where journeys live").`;
    });
}
