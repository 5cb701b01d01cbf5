/**
 * A confirmation refused once what it confirms has expired: the engine times the starter's code 1
 * answer (a refund OTP sent) and refuses the confirmation (the refund) that comes too late for the
 * same key, as the API does, instead of confirming with an expired OTP.
 */
import {text} from '../body';
import type {Json, OperationModel} from '../model';
import type {Answer, Session} from './types';

type Inputs = Readonly<Record<string, Json>>;

const startKey = (starter: string, value: Json): string => `started:${starter}:${text(value)}`;

/** Keeps the time of a timed operation's code 1 answer, under its key's value. */
export function recordStart(op: OperationModel, inputs: Inputs, answer: Answer, session: Session): void {
  const value = op.timedBy === undefined ? undefined : inputs[op.timedBy];
  if (value === undefined || answer.body.response_code !== 1) return;
  session.store.set(startKey(op.id, value), session.clock.now());
}

/** The expiry answer, when the confirmation comes more than its `seconds` after the starter answered. */
export function expiredAnswer(op: OperationModel, inputs: Inputs, session: Session): Answer | undefined {
  const expiry = op.expiry;
  const value = expiry ? inputs[expiry.key] : undefined;
  if (!expiry || value === undefined) return undefined;
  const started = session.store.get(startKey(expiry.starter, value));
  if (typeof started !== 'number' || session.clock.now() - started <= expiry.seconds * 1000) return undefined;
  return {status: expiry.httpStatus, body: expiry.body, scenario: expiry.label};
}
