/**
 * What a code 1 answer changes in a status call's later answers (`updates:` of a scenario entry): a
 * DMT refund confirmed makes the session's status call report that transfer `refund_status`
 * REFUNDED from then on, where the session's scenario, written before the refund, still says
 * PENDING_OTP. The change is kept per status call and matched on the request's key (`transfer_id`).
 */
import {text} from '../body';
import type {Json, JsonObject, OperationModel} from '../model';
import type {Answer, SandboxStore} from './types';

type Inputs = Readonly<Record<string, Json>>;
/** key field -> key value -> fields set, per status call. */
type Changes = Record<string, Record<string, JsonObject>>;

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const storeKey = (statusOp: string): string => `updated:${statusOp}`;

/**
 * `body` with `set` merged into every object that has a `key` field for which `change(value)` gives
 * one (an item of a list, or `data` itself); `hits` counts them. The compile step checks with it too.
 */
export function mergeInto(
  body: Json,
  key: string,
  change: (value: string) => JsonObject | undefined,
  hits = {count: 0},
): Json {
  if (Array.isArray(body)) return (body as Json[]).map((v) => mergeInto(v, key, change, hits));
  if (!isObject(body)) return body;
  const own = typeof body[key] === 'string' ? change(body[key]) : undefined;
  const inner = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, mergeInto(v, key, change, hits)]));
  if (!own) return inner;
  hits.count += 1;
  return {...inner, ...own};
}

/** Keeps what a code 1 answer of an operation with `updates` changes, under its key's value. */
export function recordUpdate(op: OperationModel, inputs: Inputs, answer: Answer, store: SandboxStore): void {
  const u = op.updates;
  const value = u ? inputs[u.key] : undefined;
  if (!u || value === undefined || answer.body.response_code !== 1) return;
  const changes = (store.get(storeKey(u.status)) ?? {}) as Changes;
  const byKey = {...changes[u.key], [text(value)]: u.set};
  store.set(storeKey(u.status), {...changes, [u.key]: byKey});
}

/** A status call's data with every change recorded for it merged in (unchanged when there is none). */
export function updatedData(data: Json | undefined, statusOp: string, store: SandboxStore): Json | undefined {
  const changes = store.get(storeKey(statusOp)) as Changes | undefined;
  if (!changes || data === undefined) return data;
  return Object.entries(changes).reduce<Json>((d, [key, byValue]) => mergeInto(d, key, (v) => byValue[v]), data);
}
