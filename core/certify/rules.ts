/**
 * The go-live rules `npm run certify` checks (certify/), one entry each: the id a check reports under,
 * what the rule holds, and the page that states it. The "Go-live checklist" page renders this list
 * (src/components/GoLiveChecklist, and its Markdown twin through node/contract/components.ts),
 * so the checklist and the checks cannot say different things (issue 27).
 */
import {ACK_TIMEOUT_SECONDS, ROTATION_OVERLAP_HOURS, TIMESTAMP_TOLERANCE_SECONDS} from '../contract/webhook-policy';
import {IAT_TOLERANCE_SECONDS} from '../sandbox/engine/token';
import {clientRuleWords, type RetryTable} from './client-rules';

/** Which run of the tool checks the rule: deliveries to the webhook URL, or a recording of the client's traffic. */
export type RuleMode = 'webhook' | 'client';

export interface GoLiveRule {
  readonly id: string;
  readonly mode: RuleMode;
  readonly title: string;
  /** What the integration must do, in one or two sentences (inline Markdown). */
  readonly holds: string;
  /** The site path of the page that states the rule. */
  readonly page: string;
}

const WEBHOOKS = '/docs/v1/webhooks';
const START = '/docs/v1/';
const CODES = '/ResponseCode';
const TOKENS = '/HeaderMarkdown';

/** The webhook endpoint's rules, in report order. */
const WEBHOOK_RULES: readonly GoLiveRule[] = [
  {
    id: 'webhook-ack',
    mode: 'webhook',
    title: 'Acknowledge a valid delivery in time',
    holds: `A correctly signed delivery is answered with a 2xx status within ${ACK_TIMEOUT_SECONDS} seconds.`,
    page: WEBHOOKS,
  },
  {
    id: 'webhook-duplicate',
    mode: 'webhook',
    title: 'Acknowledge a repeated delivery',
    holds: 'The same `X-Webhook-Id` delivered again is acknowledged with 2xx too (and processed once).',
    page: WEBHOOKS,
  },
  {
    id: 'webhook-body-changed',
    mode: 'webhook',
    title: 'Refuse a changed body',
    holds: 'A delivery whose body differs by one byte from what was signed is refused (any status but 2xx).',
    page: WEBHOOKS,
  },
  {
    id: 'webhook-wrong-secret',
    mode: 'webhook',
    title: 'Refuse a delivery signed with another secret',
    holds: 'A delivery signed with a secret that is not yours is refused.',
    page: WEBHOOKS,
  },
  {
    id: 'webhook-stale-timestamp',
    mode: 'webhook',
    title: 'Refuse a timestamp outside the window',
    holds: `A delivery whose \`X-Webhook-Timestamp\` is more than ${TIMESTAMP_TOLERANCE_SECONDS} seconds from your clock is refused, even when its signature matches.`,
    page: WEBHOOKS,
  },
  {
    id: 'webhook-missing-headers',
    mode: 'webhook',
    title: 'Refuse a delivery without its signature headers',
    holds: 'A delivery without `X-Webhook-Id`, `X-Webhook-Timestamp` and `X-Signature` is refused.',
    page: WEBHOOKS,
  },
  {
    id: 'webhook-rotation',
    mode: 'webhook',
    title: 'Accept both signatures during a secret rotation',
    holds: `A delivery carrying two \`v1=\` values (the new and the old secret, for ${ROTATION_OVERLAP_HOURS} hours after a rotation) is accepted when either matches.`,
    page: WEBHOOKS,
  },
  {
    id: 'webhook-out-of-order',
    mode: 'webhook',
    title: 'Acknowledge events out of order',
    holds:
      'A final event followed by an older pending event of the same transaction: both are acknowledged, and the older one does not undo the final state.',
    page: WEBHOOKS,
  },
];

/** The API client's rules, in report order, the two about a `referenceid` worded from `table`. */
function clientRules(table: RetryTable): GoLiveRule[] {
  const words = clientRuleWords(table);
  return [
    {
      id: 'client-fresh-reference',
      mode: 'client',
      title: 'A fresh `referenceid` for every new payment',
      holds: words.fresh.holds,
      page: START,
    },
    {
      id: 'client-no-resend-after-pending',
      mode: 'client',
      title: 'No resend after a pending or timed-out answer',
      holds: words.resend.holds,
      page: CODES,
    },
    {
      id: 'client-status-cadence',
      mode: 'client',
      title: 'Status asked no more often than documented',
      holds:
        'The first status call comes no sooner than the polling policy allows after the answer, and the next ones no more often than its cadence.',
      page: START,
    },
    {
      id: 'client-stop-when-final',
      mode: 'client',
      title: 'No status call once the state is final',
      holds: 'Once a status call has answered a final state, the transaction is not asked about again.',
      page: START,
    },
    {
      id: 'client-retry-after',
      mode: 'client',
      title: 'Honour `Retry-After`',
      holds: 'After an HTTP 429, the next request waits at least the seconds its `Retry-After` header names.',
      page: CODES,
    },
    {
      id: 'client-token-fresh',
      mode: 'client',
      title: 'A fresh token for every request',
      holds: `Every request carries its own token: a \`reqId\` is never sent twice, and \`iat\` is within ${IAT_TOLERANCE_SECONDS} seconds of the request (one stale token, to test the refusal, is allowed when a fresh one follows).`,
      page: TOKENS,
    },
    {
      id: 'client-no-pii-in-url',
      mode: 'client',
      title: 'No Aadhaar number, PAN or card number in a URL',
      holds:
        'Personal numbers travel in request bodies only, never in a path or query string, where proxies and logs keep them.',
      page: START,
    },
  ];
}

/**
 * Every rule, webhook rules first, in the order the tool reports them. The two rules about a
 * `referenceid` are worded from the code table (./client-rules.ts): given `table`, with the codes it
 * has (certify's report); without, with the retry rules' names only (the checklist page, which
 * links each operation's code table).
 */
export function goLiveRules(table: RetryTable = {}): readonly GoLiveRule[] {
  return [...WEBHOOK_RULES, ...clientRules(table)];
}

export const GO_LIVE_RULES: readonly GoLiveRule[] = goLiveRules();

export type RuleId = (typeof GO_LIVE_RULES)[number]['id'];

export class UnknownRuleError extends Error {}

/** The rule of an id (worded from `table` when given); an unknown id is a bug of the checks, named with the ids there are. */
export function ruleById(id: string, table?: RetryTable): GoLiveRule {
  const rule = (table ? goLiveRules(table) : GO_LIVE_RULES).find((r) => r.id === id);
  if (!rule)
    throw new UnknownRuleError(
      `core/certify/rules.ts has no rule "${id}". Fix: use one of ${GO_LIVE_RULES.map((r) => r.id).join(', ')}.`,
    );
  return rule;
}

/** The rules one mode checks, in report order. */
export const rulesOf = (mode: RuleMode): GoLiveRule[] => GO_LIVE_RULES.filter((r) => r.mode === mode);

const MODE_LABEL: Record<RuleMode, string> = {webhook: 'Webhook endpoint', client: 'API client'};

/** The checklist as rows (mode, title, what it holds, page, id): the page's table and its Markdown twin alike. */
export function checklistRows(): {mode: string; title: string; holds: string; page: string; id: string}[] {
  return GO_LIVE_RULES.map((r) => ({mode: MODE_LABEL[r.mode], title: r.title, holds: r.holds, page: r.page, id: r.id}));
}
