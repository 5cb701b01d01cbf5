/**
 * An escalation refused before its bound (issue 32, 3): the escalation API accepts a reason only once
 * the transaction it names has outlasted the bound of the state the reason is for (a payout
 * PROCESSING 24 hours, a micro-ATM withdrawal PENDING T + 5 days, openapi/behaviour/). Sooner, it
 * answers code 24 (NOT_ESCALATABLE) with the time from which it is accepted, as the contract's
 * `notDue` example does, and opens nothing. A transaction of another session (a documented test
 * value) is left to the scenarios.
 */
import {text} from '../body';
import type {Json, OperationModel, OverdueModel} from '../model';
import {formatLike} from './live';
import {envelope, type Answer, type SandboxStore, type TxRecord} from './types';

/** How `{from}` is written: India time, to the second, as the contract's examples write times. */
const TIME_LIKE = '2025-11-15T23:58:02+05:30';

/** The state a tracked transaction is in now, by its status call's answer. */
export type StateOf = (record: TxRecord, rule: OverdueModel) => Promise<string | undefined>;

/** The rule for the request's reason and the transaction it names, when this session made it. */
function escalated(op: OperationModel, inputs: Readonly<Record<string, Json>>, store: SandboxStore) {
  const rule = op.overdue?.find((r) => r.reason === inputs.reason);
  const reference = inputs.referenceid;
  if (!rule || typeof reference !== 'string') return undefined;
  const record = store.get(`tx:${rule.status}:${reference}`) as TxRecord | undefined;
  return record ? {rule, record, reference} : undefined;
}

/** Code 24 while the escalated transaction is still in the rule's state and sooner than its bound; else undefined. */
export async function overdueAnswer(
  op: OperationModel,
  inputs: Readonly<Record<string, Json>>,
  store: SandboxStore,
  nowMs: number,
  stateOf: StateOf,
): Promise<Answer | undefined> {
  const found = escalated(op, inputs, store);
  if (!found) return undefined;
  const {rule, record, reference} = found;
  const from = record.createdAt + rule.seconds * 1000;
  if (nowMs >= from || (await stateOf(record, rule)) !== rule.state) return undefined;
  const message = rule.message.replaceAll('{referenceid}', reference).replaceAll('{from}', formatLike(from, TIME_LIKE));
  return {status: 200, body: envelope(24, message), scenario: `Not overdue yet: ${rule.reason}`};
}

/** The state field of a status answer's data. */
export function stateIn(data: Json | undefined, field: string): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const value = (data as Readonly<Record<string, Json>>)[field];
  return value === undefined ? undefined : text(value);
}
