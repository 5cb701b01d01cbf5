/**
 * The partner's payment controls (issue 33): a cooling-off period before a new payout contact can be
 * paid, and a per-transaction and a daily cap, read and set by calls (openapi/families/common.yaml)
 * and applied to payout orders before anything moves, each refusal with its own code (25, 26, 27 in
 * openapi/response-codes.yaml). Days are India days, as the daily cap is; time is the engine's clock,
 * so tests move it instead of waiting. DMT transfers are made on the hosted journey's pages, which
 * apply the same controls; no API call of the sandbox makes one, so only payouts are checked here.
 *
 * Every control is off until the partner sets it (0 means off): the first defaults (30 minutes,
 * 2,00,000 and 10,00,000 rupees) refused every RTGS payout, whose range starts at 2,00,000, and any
 * default cap is one a valid batch of payouts can reach, so no default refuses a valid request
 * (openapi/DECISIONS.md, "Payment controls").
 */
import type {Json, JsonObject} from '../model';
import {formatLike} from './live';
import {envelope, validationAnswer, type Answer, type SandboxStore} from './types';

export const CONTROLS_OPERATION = 'account-controls';
export const CONTROLS_UPDATE_OPERATION = 'account-controls-update';
/** The operation whose new contacts wait out the cooling-off. */
export const CONTACT_OPERATION = 'payout-create-contact';
/** The operations the controls apply to (codes 25, 26, 27). */
export const CONTROLLED_OPERATIONS: ReadonlySet<string> = new Set(['payout-create-order']);

export interface Controls {
  readonly cooling_off_minutes: number;
  readonly per_transaction_cap: number;
  readonly daily_cap: number;
}

/** An account that never set its controls: all off (0), as the contract's descriptions say. */
export const DEFAULT_CONTROLS: Controls = {cooling_off_minutes: 0, per_transaction_cap: 0, daily_cap: 0};

/** Codes a payment answers that count towards the daily cap: accepted, pending or not known yet. */
const COUNTED_CODES: ReadonlySet<number> = new Set([1, 2, 5]);

/**
 * New contacts kept for their cooling-off: those of the longest period the contract allows (1440
 * minutes), at most this many, oldest dropped first, so a load test that creates contacts without end
 * keeps the sandbox's memory bounded (as ./retention.ts does for transactions).
 */
const MAX_CONTACTS_KEPT = 10_000;
const LONGEST_COOLING_OFF_MS = 1440 * 60_000;

const IST_OFFSET_MS = 5.5 * 3_600_000;
const istDay = (ms: number): string => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
const rupees = (n: number): string => `${Math.round(n * 100) / 100} rupees`;
/** A request value as text (ids are strings; anything else names nothing). */
const textOf = (value: Json | undefined): string => (typeof value === 'string' ? value : '');
const round2 = (n: number): number => Math.round(n * 100) / 100;

export const controlsOf = (store: SandboxStore): Controls =>
  (store.get('controls') as unknown as Controls | undefined) ?? DEFAULT_CONTROLS;

const usedOn = (store: SandboxStore, nowMs: number): number => Number(store.get(`controls-used:${istDay(nowMs)}`) ?? 0);

const shown = (store: SandboxStore, nowMs: number): JsonObject => ({
  ...controlsOf(store),
  used_today: usedOn(store, nowMs),
});

/** The answer of the read and set calls, or undefined for any other operation. */
export function controlsAnswer(
  operationId: string,
  inputs: Readonly<Record<string, Json>>,
  store: SandboxStore,
  nowMs: number,
): Answer | undefined {
  if (operationId === CONTROLS_OPERATION)
    return {status: 200, body: envelope(1, 'Payment controls fetched', shown(store, nowMs)), scenario: 'controls'};
  if (operationId !== CONTROLS_UPDATE_OPERATION) return undefined;
  const next = {...controlsOf(store)};
  for (const field of ['cooling_off_minutes', 'per_transaction_cap', 'daily_cap'] as const)
    if (typeof inputs[field] === 'number') next[field] = inputs[field];
  if (next.per_transaction_cap > 0 && next.daily_cap > 0 && next.per_transaction_cap > next.daily_cap)
    return validationAnswer([
      {field: 'per_transaction_cap', rule: `must not be above the daily cap (${rupees(next.daily_cap)})`},
    ]);
  store.set('controls', {...next});
  return {status: 200, body: envelope(1, 'Payment controls set', shown(store, nowMs)), scenario: 'controls'};
}

const refusal = (code: number, message: string): Answer => ({
  status: 200,
  body: envelope(code, message),
  scenario: 'controls',
});

const contactsAdded = (store: SandboxStore): Readonly<Record<string, number>> =>
  (store.get('contacts-added') as Readonly<Record<string, number>> | undefined) ?? {};

/** Records a new contact's time, dropping those past the longest cooling-off and the oldest beyond the bound. */
function addContact(store: SandboxStore, contactId: string, nowMs: number): void {
  const kept = Object.entries(contactsAdded(store)).filter(
    ([id, at]) => id !== contactId && at > nowMs - LONGEST_COOLING_OFF_MS,
  );
  store.set('contacts-added', Object.fromEntries([...kept.slice(-(MAX_CONTACTS_KEPT - 1)), [contactId, nowMs]]));
}

/** The refusal of a payment the controls do not allow, checked in the order 25, 26, 27; undefined when allowed. */
export function controlsRefusal(
  operationId: string,
  inputs: Readonly<Record<string, Json>>,
  store: SandboxStore,
  nowMs: number,
): Answer | undefined {
  if (!CONTROLLED_OPERATIONS.has(operationId)) return undefined;
  const c = controlsOf(store);
  const contact = textOf(inputs.contact_id);
  const added = contactsAdded(store)[contact];
  if (typeof added === 'number' && nowMs < added + c.cooling_off_minutes * 60_000) {
    const from = formatLike(added + c.cooling_off_minutes * 60_000, '2025-11-14T10:42:07+05:30');
    return refusal(
      25,
      `Contact ${contact} is in its ${c.cooling_off_minutes}-minute cooling-off: it can be paid from ${from}`,
    );
  }
  const amount = Number(inputs.amount);
  if (c.per_transaction_cap > 0 && amount > c.per_transaction_cap)
    return refusal(26, `Amount above your per-transaction cap of ${rupees(c.per_transaction_cap)}`);
  const used = usedOn(store, nowMs);
  if (c.daily_cap > 0 && used + amount > c.daily_cap)
    return refusal(
      27,
      `Over your daily cap of ${rupees(c.daily_cap)}: ${rupees(round2(c.daily_cap - used))} left today`,
    );
  return undefined;
}

/** What an answer changes for the controls: a new contact's time, or a payment's amount towards today's cap. */
export function recordForControls(
  operationId: string,
  inputs: Readonly<Record<string, Json>>,
  answer: Answer,
  store: SandboxStore,
  nowMs: number,
): void {
  const code = Number(answer.body.response_code);
  const data = answer.body.data as JsonObject | undefined;
  if (operationId === CONTACT_OPERATION && code === 1 && typeof data?.contact_id === 'string')
    addContact(store, data.contact_id, nowMs);
  if (CONTROLLED_OPERATIONS.has(operationId) && COUNTED_CODES.has(code))
    store.set(`controls-used:${istDay(nowMs)}`, round2(usedOn(store, nowMs) + Number(inputs.amount)));
}
