/**
 * The state of the webhook lab (src/components/WebhookLab/Lab.tsx) as a pure reducer, and the check
 * it runs: the delivery the reader pastes (body, headers, secret, their clock) and the verdict.
 * tests/unit/try-it-webhook-lab.test.ts runs it without a browser.
 */
import {parseHeaderLines, type SignatureFailure, type SignatureVerdict, type VerifyInput} from './signature';

/** What the reader can edit. */
export type LabField = 'body' | 'headers' | 'secret' | 'clock';

export interface LabState {
  /** The example event the form was last filled with. */
  readonly chosen: string;
  readonly body: string;
  /** `Name: value` lines. */
  readonly headers: string;
  readonly secret: string;
  /** The receiver's clock in Unix seconds, as text; empty or not a number means now. */
  readonly clock: string;
  readonly result?: SignatureVerdict;
}

export type LabAction =
  | ({readonly type: 'prefilled'} & Omit<LabState, 'result'>)
  | {readonly type: 'edit'; readonly field: LabField; readonly value: string}
  | {readonly type: 'verified'; readonly result: SignatureVerdict};

export const EMPTY_LAB: LabState = {chosen: '', body: '', headers: '', secret: '', clock: ''};

export function labReducer(state: LabState, action: LabAction): LabState {
  switch (action.type) {
    case 'prefilled': {
      const {type: _, ...filled} = action;
      return filled;
    }
    case 'edit':
      return {...state, [action.field]: action.value};
    case 'verified':
      return {...state, result: action.result};
  }
}

/** The event the lab opens with: the page's when it has an example, the first with one otherwise. */
export function firstEvent(examples: Readonly<Record<string, string>>, event?: string): string {
  return event && event in examples ? event : (Object.keys(examples)[0] ?? '');
}

/** What the signature check gets: the form as typed, and the test secret to name if it signed instead. */
export function verifyInput(state: LabState, testSecret: string, nowSeconds: number): VerifyInput {
  return {
    payload: state.body,
    headers: parseHeaderLines(state.headers),
    secret: state.secret,
    nowSeconds: Number(state.clock) || nowSeconds,
    // A delivery signed with the test secret and checked with another is named as such.
    otherSecrets: [{name: 'the sandbox test secret', secret: testSecret}],
  };
}

/** The verdict in one word: 'ok', or the reason the check failed (the headline the lab shows). */
export type Outcome = 'ok' | SignatureFailure;

export const outcome = (verdict: SignatureVerdict): Outcome => (verdict.valid ? 'ok' : verdict.reason);
