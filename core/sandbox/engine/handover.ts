/**
 * One transaction, several calls (issue 32, UPI disputes): a transaction that no call of the partner
 * starts (a payer's dispute) appears in a list that is its own status call, and a later call of the
 * partner acts on it (the answer to the dispute). All of them read and change one record:
 *
 * - The list keeps its record under each item's id too (`tracking.also` with a field the answer's
 *   items carry), so the status call by that id answers the item as the list reports it now.
 * - The call that acts on it takes the record over: its own record (its stages, its webhooks) replaces
 *   the list's under that id, starting from the transaction's facts as they stand (ids, amount,
 *   `raised_at`, `respond_by`), and the list's pending webhooks about it are dropped (they told a
 *   future that no longer comes).
 * - The list reports a taken-over item as its new record stands now, so list and status agree.
 * - The call acts only while the transaction is in one of the states of `tracking.from`; in any
 *   other (decided already), it answers code 4 with the transaction as it stands, as a repeat does.
 */
import {text} from '../body';
import type {Json, JsonObject, OperationModel} from '../model';
import {transactionFacts, type TransactionFacts} from './live';
import {pendingWebhooks} from './webhooks';
import {envelope, type Answer, type SandboxStore, type TxRecord} from './types';

type Inputs = Readonly<Record<string, Json>>;

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every string value of `field` in the objects of a body, at any depth (the ids of a list's items). */
export function valuesOf(body: Json | undefined, field: string): string[] {
  if (Array.isArray(body)) return (body as Json[]).flatMap((v) => valuesOf(v, field));
  if (!isObject(body)) return [];
  const own = typeof body[field] === 'string' ? [body[field]] : [];
  return [...own, ...Object.values(body).flatMap((v) => valuesOf(v, field))];
}

/** The object of a body whose `field` is `value` (an item of a list, or `data` itself). */
function itemOf(body: Json | undefined, field: string, value: string): JsonObject | undefined {
  if (Array.isArray(body)) {
    for (const v of body as Json[]) {
      const found = itemOf(v, field, value);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(body)) return undefined;
  if (body[field] === value) return body;
  return itemOf(Object.values<Json>(body), field, value);
}

/**
 * A status call's answer read from a list's record: the list's item it asks about as its `data`.
 * Unchanged when `data` is that transaction already, or names it in no item (another family's
 * record kept under a second status call, whose answer is about it as a whole).
 */
export function itemAnswer(answer: Answer, field: string, value: string): Answer {
  const data = answer.body.data;
  if (isObject(data) && data[field] === value) return answer;
  const item = itemOf(data, field, value);
  return item ? {...answer, body: {...answer.body, data: item}} : answer;
}

/** A status call by an item's id on a list's record (another operation's): that item's answer. */
export function statusOfItem(op: OperationModel, record: TxRecord, tracked: Answer, inputs: Inputs): Answer {
  const lookup = op.lookup;
  const value = lookup === undefined ? undefined : inputs[lookup];
  if (lookup === undefined || value === undefined || record.operation === op.id) return tracked;
  return itemAnswer(tracked, lookup, text(value));
}

/** The record of the transaction `op` acts on (another operation's), under its tracking key. */
export function priorRecord(op: OperationModel, store: SandboxStore, inputs: Inputs): TxRecord | undefined {
  const value = op.tracking ? inputs[op.tracking.field] : undefined;
  if (!op.tracking || value === undefined) return undefined;
  const record = store.get(`tx:${op.tracking.status}:${text(value)}`) as TxRecord | undefined;
  return record && record.operation !== op.id ? record : undefined;
}

/** Whether `data` (the transaction as it stands) is in a state `from` allows acting in. */
const actsFrom = (from: Readonly<Record<string, readonly string[]>>, data: JsonObject): boolean =>
  Object.entries(from).every(([field, states]) => states.includes(text(data[field] ?? '')));

/**
 * Code 4 with the transaction as it stands, when `op` may act only from some states (`tracking.from`)
 * and the transaction it names is in none of them (decided already); undefined otherwise.
 */
export function settledAnswer(op: OperationModel, current: JsonObject | undefined, key: string): Answer | undefined {
  const from = op.tracking?.from;
  const data = current?.data;
  if (!from || !isObject(data) || actsFrom(from, data)) return undefined;
  return {
    status: 200,
    body: envelope(4, op.duplicateMessage ?? 'Duplicate request', data),
    scenario: `${key}: decided before this call, answered as it stands`,
  };
}

/** The facts of a transaction as it stands (its item's non-state fields), which the call taking it over keeps. */
export const standingFacts = (current: JsonObject | undefined): TransactionFacts =>
  current ? transactionFacts(current) : {};

/** Drops the pending webhooks `prior`'s operation queued about the transaction `field` = `value`. */
export function dropPendingAbout(store: SandboxStore, prior: TxRecord, field: string, value: string): void {
  const queue = pendingWebhooks(store);
  const kept = queue.filter(
    (w) => w.operationId !== prior.operation || !valuesOf(JSON.parse(w.body) as Json, field).includes(value),
  );
  if (kept.length !== queue.length) store.set('webhooks', kept as unknown as Json);
}

/** The other status calls a list's record is kept under, by a field its items carry (`tracking.also`). */
export type AlsoTracking = NonNullable<NonNullable<OperationModel['tracking']>['also']>;

/** The records of a list's items that another call took over: status call and id -> that record. */
export function takenOver(
  data: Json | undefined,
  record: TxRecord,
  also: AlsoTracking | undefined,
  store: SandboxStore,
) {
  return (also ?? []).flatMap(({status, field}) =>
    valuesOf(data, field).flatMap((id) => {
      const other = store.get(`tx:${status}:${id}`) as TxRecord | undefined;
      return other && other.operation !== record.operation ? [{status, field, id, other}] : [];
    }),
  );
}

/** A list's data with the item whose `field` is `id` replaced by `item` (the transaction as it stands now). */
export function replaceItem(data: Json | undefined, field: string, id: string, item: JsonObject): Json | undefined {
  if (Array.isArray(data)) return (data as Json[]).map((v) => replaceItem(v, field, id, item) as Json);
  if (!isObject(data)) return data;
  if (data[field] === id) return item;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, replaceItem(v, field, id, item) as Json]));
}
