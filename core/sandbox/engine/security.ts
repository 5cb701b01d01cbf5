/**
 * The 1.4.0 security steps (issue 33), each wired into the engine's chain by one call so the chain in
 * ../engine.ts stays readable: the request signature (after the token), a deprecated query parameter
 * (after validation), the calls the sandbox answers from its session state (signing keys, payment
 * controls), and the controls on a payment (before its scenario) with what an answer records for them.
 */
import type {Credentials, Json, OperationModel} from '../model';
import {controlsAnswer, controlsRefusal, recordForControls} from './controls';
import {checkRequestSignature, type SignatureCheckInput} from './request-signature';
import {keyRing, signingKeyAnswer} from './signing-keys';
import {transitionHeaders, withinWindow} from './transition';
import {validationAnswer, type Answer, type Session} from './types';

/** Answer headers a step adds to whatever the call answers in the end (a transition's). */
export type ExtraHeaders = Record<string, string>;

/** The signature of a marked call: an answer when refused, else on (with a transition's headers). */
export async function signatureStep(
  op: OperationModel,
  input: SignatureCheckInput,
  extra: ExtraHeaders,
): Promise<Answer | undefined> {
  if (!op.signature) return undefined;
  const outcome = await checkRequestSignature(op.signature, input);
  if ('answer' in outcome) return outcome.answer;
  Object.assign(extra, outcome.headers);
  return undefined;
}

/** A deprecated query parameter: its transition's headers, or after its sunset a refusal naming what replaces it. */
export function deprecatedQueryStep(
  op: OperationModel,
  query: URLSearchParams,
  nowMs: number,
  extra: ExtraHeaders,
): Answer | undefined {
  for (const d of op.deprecatedQuery ?? []) {
    if (!query.has(d.name)) continue;
    if (!withinWindow(d.sunset, nowMs))
      return validationAnswer([{field: d.name, rule: `in the query ended on ${d.sunset}: use ${d.replacedBy}`}]);
    Object.assign(extra, transitionHeaders(d.sunset));
  }
  return undefined;
}

/** The answer of a call the sandbox answers from its session state (keys, controls), if this is one. */
export function sessionStateAnswer(
  op: OperationModel,
  inputs: Readonly<Record<string, Json>>,
  session: Session,
  credentials: Credentials,
): Answer | undefined {
  const {store, clock} = session;
  const nowMs = clock.now();
  return (
    signingKeyAnswer(op.id, inputs, store, keyRing(store, credentials), nowMs) ??
    controlsAnswer(op.id, inputs, store, nowMs)
  );
}

export {controlsRefusal, recordForControls};
