/**
 * The two client rules about a `referenceid`, derived from the per-(operation, code) table of the
 * behaviour model (core/behaviour/codes.ts) instead of written apart (issue 32, 4): which codes
 * spend a `referenceid` (retry rule `new-ref`: the answer recorded a transaction under it, so a new
 * attempt needs a new one) and which mean "ask the status call, do not resend" (`status`: the
 * transaction is open or its outcome unknown). The journeys walk the same table
 * (core/journeys/checks.ts holds each first answer to it), so a change in the model changes what
 * certify checks, its checklist words and its report line together; where the table is silent (an
 * operation that moves no money itself, such as an escalation or a session's opening), the
 * journeys' duplicate and retry workflows say what a repeat answers (`withJourneys`). Pure.
 */
import {defaultLabels, type Labels} from '../contract/labels';
import type {JourneyFile} from '../journeys/model';

export type RetryRule = 'safe' | 'new-ref' | 'status' | 'no';

/** Money-moving operation id -> `response_code` -> its retry rule (certify's `ClientModel.retry`). */
export type RetryTable = Readonly<Record<string, Readonly<Record<string, RetryRule>>>>;

/** A code with a rule: for every operation that answers it, or only for some (named). */
export interface CodeWith {
  readonly code: number;
  /** The operations where the code has the rule; all of those that answer it when `everywhere`. */
  readonly operations: readonly string[];
  readonly everywhere: boolean;
}

/** The codes that have `rule` for at least one operation, in code order. */
export function codesWith(table: RetryTable, rule: RetryRule): CodeWith[] {
  const byCode = new Map<number, {with: string[]; all: number}>();
  for (const [operation, codes] of Object.entries(table))
    for (const [code, r] of Object.entries(codes)) {
      const entry = byCode.get(Number(code)) ?? {with: [], all: 0};
      entry.all += 1;
      if (r === rule) entry.with.push(operation);
      byCode.set(Number(code), entry);
    }
  return [...byCode.entries()]
    .filter(([, e]) => e.with.length)
    .sort(([a], [b]) => a - b)
    .map(([code, e]) => ({code, operations: e.with.sort(), everywhere: e.with.length === e.all}));
}

const joined = (words: readonly string[], or: string): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${or} ${words.at(-1)}`;

/** `2, 5 or 22; 1 for 7 operations`: the codes that have the rule everywhere, then those of some operations. */
export function codeList(codes: readonly CodeWith[], or = 'or'): string {
  const everywhere = joined(
    codes.filter((c) => c.everywhere).map((c) => String(c.code)),
    or,
  );
  const some = joined(
    codes
      .filter((c) => !c.everywhere)
      .map((c) => `${c.code} for ${c.operations.length} operation${c.operations.length > 1 ? 's' : ''}`),
    or,
  );
  return [everywhere, some].filter(Boolean).join('; ');
}

export interface ClientRuleWords {
  /** What the rule holds (inline Markdown), as the checklist and certify's report say it. */
  readonly holds: string;
  /** Certify's line when the recording passes. */
  readonly pass: (moneyRequests: number) => string;
}

/**
 * The words of `client-fresh-reference` and `client-no-resend-after-pending` from the table: the
 * retry rules named as the operations' code tables name them (core/contract/labels.ts), the codes
 * that carry them as the table has them.
 */
export function clientRuleWords(
  table: RetryTable,
  labels: Labels = defaultLabels(),
): {fresh: ClientRuleWords; resend: ClientRuleWords} {
  const spent = codesWith(table, 'new-ref');
  const open = codesWith(table, 'status');
  const again = [...codesWith(table, 'safe'), ...codesWith(table, 'no')].filter((c) => c.everywhere);
  const spentText = spent.length ? ` (code ${codeList(spent)})` : '';
  const againCodes = [...new Map(again.map((c) => [c.code, c])).values()].sort((a, b) => a.code - b.code);
  const againText = `; after one whose rule is "${labels['api.retry.safe']}" or "${labels['api.retry.no']}", which created nothing${againCodes.length ? ` (code ${codeList(againCodes)})` : ''}, the same one may be sent again once the cause is fixed`;
  return {
    fresh: {
      holds: `After an answer whose retry rule in the operation's code table is "${labels['api.retry.newRef']}"${spentText}, which recorded a transaction under its \`referenceid\`, a new attempt carries a new \`referenceid\`${againText}.`,
      pass: (n) =>
        `${n} money-moving request(s), none reusing a referenceid spent by ${spent.length ? `code ${codeList(spent)}` : 'an answer'}`,
    },
    resend: {
      holds: `After an answer whose retry rule in the operation's code table is "${labels['api.retry.status']}"${open.length ? ` (code ${codeList(open)})` : ''}, which left the transaction open or its outcome unknown, the same payment is never sent again: ask its status call instead (a resend risks paying twice).`,
      pass: () => `no payment sent again after ${open.length ? `code ${codeList(open)}` : 'an open answer'}`,
    },
  };
}

/**
 * What a journey shows a repeat answers (issue 32, 4): a step that sends the identity of an earlier
 * step to the same operation again (a duplicate or a retry workflow), the code the first answer
 * gave and the code the repeat got.
 */
export interface JourneyRepeat {
  readonly operation: string;
  /** The first answer's `response_code`. */
  readonly after: number;
  /** The repeat's `response_code`. */
  readonly answers: number;
  readonly workflow: string;
}

/** Every repeat the workflows walk, in file and step order. */
export function journeyRepeats(files: readonly JourneyFile[]): JourneyRepeat[] {
  return files.flatMap((file) =>
    file.workflows.flatMap((workflow) => {
      const answered = new Map<string, {operation: string; code: number}>();
      return workflow.steps.flatMap((step): JourneyRepeat[] => {
        if (step.operationId === undefined || step.code === undefined) return [];
        const first = step.uses.map((id) => answered.get(id)).find((a) => a?.operation === step.operationId);
        if (!first) {
          answered.set(step.stepId, {operation: step.operationId, code: step.code});
          return [];
        }
        return [{operation: step.operationId, after: first.code, answers: step.code, workflow: workflow.workflowId}];
      });
    }),
  );
}

/**
 * The retry table with the journeys filling what it is silent on: where a workflow sends an
 * identity again after code N of an operation and gets another code back (the repeat answer), the
 * first answer recorded something under that identity, so code N spends it (`new-ref`). The
 * derived code table wins wherever it has the pair; `from` names the workflow of each pair added.
 */
export function withJourneys(
  table: RetryTable,
  repeats: readonly JourneyRepeat[],
): {table: RetryTable; from: ReadonlyMap<string, string>} {
  const out: Record<string, Record<string, RetryRule>> = Object.fromEntries(
    Object.entries(table).map(([op, codes]) => [op, {...codes}]),
  );
  const from = new Map<string, string>();
  for (const r of repeats) {
    if (r.answers === r.after || table[r.operation]?.[String(r.after)] !== undefined) continue;
    (out[r.operation] ??= {})[String(r.after)] = 'new-ref';
    if (!from.has(`${r.operation} ${r.after}`)) from.set(`${r.operation} ${r.after}`, r.workflow);
  }
  return {table: out, from};
}
