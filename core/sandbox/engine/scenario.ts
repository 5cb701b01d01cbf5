/**
 * Steps 4 and 5, pick and answer: a test partner's scenario, a status call on a transaction of this
 * session, a repeat of an idempotency key, or the first scenario whose inputs match (else the
 * default); then the answer with the request's carried values, remembered for repeats and status calls.
 */
import {applyCarried, carriedValues, getPath, text, vary} from '../body';
import type {Json, JsonObject, OperationModel, ScenarioModel} from '../model';
import {liven, liveTable, sentStrings, withFacts, type LiveTable, type TimedBody, type TransactionFacts} from './live';
import {valuesOf} from './handover';
import {updatedData} from './updates';
import {envelope, nextSeq, type Answer, type SandboxStore, type Session, type TxRecord} from './types';

type Inputs = Readonly<Record<string, Json>>;

export const scenarioAnswer = (
  s: ScenarioModel,
  carried: Readonly<Record<string, Json>>,
  live?: LiveTable,
): Answer => ({
  status: s.httpStatus,
  body: applyCarried(liven(s.body, live), carried),
  ...(s.headers ? {headers: s.headers} : {}),
  scenario: s.label,
});

/** The scenario a test partner id answers on this operation, before validation. */
export const partnerScenario = (op: OperationModel, partnerId: string): ScenarioModel | undefined =>
  op.scenarios.find((s) => s.partnerId === partnerId);

export const matchesScenario = (s: ScenarioModel, inputs: Inputs): boolean =>
  s.when.every((c) => JSON.stringify(getPath(inputs, c.input)) === JSON.stringify(c.value));

/**
 * The first scenario whose inputs all match, else the default (the one without when:); and its index.
 * `held`: the session holds the transaction the call names (./handover.ts), so a hand-written code 4
 * (a test value's "decided before") is left aside: the engine answers 4 from the record itself.
 */
export function pickScenario(
  op: OperationModel,
  inputs: Inputs,
  held = false,
): {scenario: ScenarioModel; index: number} {
  const matched = op.scenarios.findIndex(
    (s) => !s.partnerId && s.when.length > 0 && !(held && s.code === 4) && matchesScenario(s, inputs),
  );
  const index = matched >= 0 ? matched : op.scenarios.findIndex((s) => !s.partnerId && s.when.length === 0);
  const scenario = op.scenarios[index];
  if (!scenario) throw new Error(`${op.id} has no default scenario in its compiled model.`);
  return {scenario, index};
}

/** The transaction a status call asks about, when it is one of this session's. */
export function lookupTransaction(op: OperationModel, store: SandboxStore, inputs: Inputs): TxRecord | undefined {
  if (!op.lookup) return undefined;
  const key = inputs[op.lookup];
  return key === undefined ? undefined : (store.get(`tx:${op.id}:${text(key)}`) as TxRecord | undefined);
}

/**
 * The status call's answer for a transaction, as it stands `nowMs`: the last stage reached, with what
 * later calls changed in it since (./updates.ts: a transfer refunded) when `store` is given.
 */
export function statusAnswer(
  record: TxRecord,
  scenario: ScenarioModel,
  statusOp: Pick<OperationModel, 'id'>,
  nowMs: number,
  store?: SandboxStore,
): Answer | undefined {
  const elapsed = (nowMs - record.createdAt) / 1000;
  let body = scenario.status;
  for (const stage of scenario.then) if (stage.after <= elapsed && stage.status) body = stage.status;
  if (!body) return undefined;
  const stands = withFacts(applyCarried(liven(body, record.live), record.carried), record.facts);
  const data = store && updatedData(stands.data, statusOp.id, store);
  return {
    status: 200,
    body: data === undefined ? stands : {...stands, data},
    scenario: `${scenario.label} (${statusOp.id} at ${Math.floor(elapsed)} s)`,
  };
}

/** The store key of a request's idempotency key, when the operation has one and the request sends it. */
export function idempotencyKeyOf(op: OperationModel, inputs: Inputs): string | undefined {
  const value = op.idempotencyKey ? inputs[op.idempotencyKey] : undefined;
  return value === undefined ? undefined : `idem:${op.id}:${text(value)}`;
}

/**
 * The codes whose answer creates a transaction (decision 6 of issue 22): a repeat of its key answers
 * 4. Any other answer is a refusal that creates nothing, so the same key may be sent again once the
 * cause is fixed, and is answered afresh.
 */
export const CREATES_TRANSACTION: readonly number[] = [1, 2, 3, 5];

/** What a repeat is answered from: the original answer, and the store key of its tracked transaction. */
export interface OriginalRequest {
  readonly body: JsonObject;
  readonly tx?: string;
  /** Clock milliseconds of the answer: the retention counts from it. */
  readonly at?: number;
}

/** Remembers an answer for repeats of its idempotency key, when it created a transaction. */
export function rememberOriginal(
  op: OperationModel,
  store: SandboxStore,
  inputs: Inputs,
  original: OriginalRequest,
): void {
  const key = idempotencyKeyOf(op, inputs);
  if (key !== undefined && CREATES_TRANSACTION.includes(Number(original.body.response_code)))
    store.set(key, original as unknown as Json);
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The data of a repeat: the original answer's, with the tracked transaction's current data over it
 * (its status and final fields: UTR, amounts, failure reason), so the repeat alone tells the merchant
 * the outcome; the original's alone when nothing is tracked.
 */
export function repeatData(original: Json | undefined, current: Json | undefined): Json | undefined {
  if (isObject(original) && isObject(current)) return {...original, ...current};
  return current ?? original;
}

/** The status call's data for the tracked transaction of a repeat, as it stands now. */
function currentData(op: OperationModel, session: Session, original: OriginalRequest): Json | undefined {
  const record = original.tx === undefined ? undefined : (session.store.get(original.tx) as TxRecord | undefined);
  const scenario = record && op.scenarios[record.scenario];
  if (!record || !scenario || !op.tracking) return undefined;
  return statusAnswer(record, scenario, {id: op.tracking.status}, session.clock.now(), session.store)?.body.data;
}

/**
 * Code 4 when the idempotency key was seen before, with the original transaction's current outcome
 * in `data` (decision 6 of issue 22): the tracked transaction's status and final fields as its status
 * call would answer them now, over the original answer's data.
 */
export function repeatAnswer(op: OperationModel, session: Session, inputs: Inputs): Answer | undefined {
  const key = idempotencyKeyOf(op, inputs);
  const original = key === undefined ? undefined : (session.store.get(key) as OriginalRequest | undefined);
  if (!original || !op.idempotencyKey) return undefined;
  const data = repeatData(original.body.data, currentData(op, session, original));
  if (op.repeatCode === 1)
    return {
      status: 200,
      body: data === undefined ? original.body : {...original.body, data},
      scenario: `repeat of ${op.idempotencyKey} ${text(inputs[op.idempotencyKey] ?? '')}: the original answer`,
    };
  return {
    status: 200,
    body: envelope(4, op.duplicateMessage ?? 'Duplicate request', data),
    scenario: `repeat of ${op.idempotencyKey} ${text(inputs[op.idempotencyKey] ?? '')}`,
  };
}

/** The values the answer copies from the request, and a fresh value for each unique: field (its live one if any). */
export function carriedFor(
  op: OperationModel,
  scenario: ScenarioModel,
  inputs: Inputs,
  store: SandboxStore,
  live?: LiveTable,
): Record<string, Json> {
  const carried = carriedValues(op.carry, inputs);
  const data = scenario.body.data;
  for (const field of op.unique) {
    const value = data && typeof data === 'object' && !Array.isArray(data) ? (data as JsonObject)[field] : undefined;
    if (typeof value === 'string') carried[field] = live?.[value] ?? vary(value, nextSeq(store));
  }
  return carried;
}

/** Every body of a scenario after its answer, with the clock moment it is given at. */
function laterBodies(scenario: ScenarioModel, at: number): TimedBody[] {
  const later: TimedBody[] = scenario.status ? [{body: scenario.status, at}] : [];
  for (const stage of scenario.then) {
    const stageAt = at + stage.after * 1000;
    if (stage.status) later.push({body: stage.status, at: stageAt});
    for (const hook of stage.webhooks) later.push({body: hook.body, at: stageAt + hook.after * 1000});
  }
  return later;
}

/**
 * The live ids and times of an answer that starts a transaction or a session (an operation with an
 * idempotency key, a status call, ids made up per request or deadlines, answering a code that creates
 * one: a fetched bill is new each time); none for any other answer, whose example values are
 * reference data (a bank list, a documented status).
 */
export function liveFor(op: OperationModel, scenario: ScenarioModel, inputs: Inputs, session: Session) {
  const starts = op.idempotencyKey || op.tracking || op.unique.length || op.deadlines;
  if (!CREATES_TRANSACTION.includes(scenario.code) || !starts) return undefined;
  const at = session.clock.now();
  const number = session.ids ?? ((seq: number) => seq);
  const key = op.idempotencyKey;
  const data = scenario.body.data;
  const example = key && isObject(data) ? data[key] : undefined;
  const sent = key ? inputs[key] : undefined;
  const aliases =
    typeof example === 'string' && typeof sent === 'string' && example !== sent ? {[example]: sent} : undefined;
  return liveTable({
    ...(aliases ? {aliases} : {}),
    answer: {body: scenario.body, at},
    later: laterBodies(scenario, at),
    sent: sentStrings(inputs),
    idFields: op.unique,
    ...(op.deadlines ? {deadlines: op.deadlines} : {}),
    next: () => number(nextSeq(session.store)),
  });
}

/**
 * Keeps a tracked transaction for its status call, under the value the status call looks it up by;
 * that store key, which a repeat of the request reads the transaction's current state from.
 */
export function recordTransaction(
  op: OperationModel,
  picked: {scenario: ScenarioModel; index: number},
  carried: Record<string, Json>,
  inputs: Inputs,
  session: Session,
  live?: LiveTable,
  facts?: TransactionFacts,
  body?: JsonObject,
): string | undefined {
  const {scenario} = picked;
  if (!op.tracking || !(scenario.status || scenario.then.some((s) => s.status))) return undefined;
  const value = carried[op.tracking.field] ?? inputs[op.tracking.field];
  if (value === undefined) return undefined;
  const record: TxRecord = {
    operation: op.id,
    scenario: picked.index,
    createdAt: session.clock.now(),
    carried,
    ...(live ? {live} : {}),
    ...(facts ? {facts} : {}),
  };
  const key = `tx:${op.tracking.status}:${text(value)}`;
  session.store.set(key, record as unknown as Json);
  for (const also of op.tracking.also ?? []) {
    const other = carried[also.field] ?? inputs[also.field];
    // A list names its transactions in its items (a dispute's `dispute_id`): each is kept under its own.
    const values = other !== undefined ? [text(other)] : valuesOf(body, also.field);
    for (const v of values) session.store.set(`tx:${also.status}:${v}`, record as unknown as Json);
  }
  return key;
}
