/**
 * The two client rules about a `referenceid`, derived from the per-(operation, code) table of the
 * behaviour model (core/behaviour/codes.ts) instead of written apart (issue 32, 4): which codes
 * spend a `referenceid` (retry rule `new-ref`: the answer recorded a transaction under it, so a new
 * attempt needs a new one) and which mean "ask the status call, do not resend" (`status`: the
 * transaction is open or its outcome unknown). The journeys walk the same table
 * (core/journeys/checks.ts holds each first answer to it), so a change in the model changes what
 * certify checks, its checklist words and its report line together. Pure.
 */
import {defaultLabels, type Labels} from '../contract/labels';

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
