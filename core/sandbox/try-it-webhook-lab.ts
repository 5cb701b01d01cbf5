/**
 * The state of the webhook lab (src/components/WebhookLab/Lab.tsx) as a pure reducer, and the check
 * it runs: the delivery the reader pastes (body, headers, secret, their clock) and the verdict.
 * tests/unit/try-it-webhook-lab.test.ts runs it without a browser.
 */
import {
  WEBHOOK_ID_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  parseHeaderLines,
  verifyWebhookSignature,
  type SignatureFailure,
  type VerifyInput,
} from './signature';

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
  /** The id and timestamp the lab signed the example with, to name a header changed after signing. */
  readonly signed?: SignedHeaders;
  readonly result?: LabVerdict;
}

/** The headers the signature covers besides the body, as the lab signed them (lower-case names). */
export type SignedHeaders = Readonly<Record<string, string>>;

/** Failures only the lab can name: it knows what it signed, and what the reader left empty. */
export type LabFailure = 'no-secret' | 'timestamp-changed' | 'id-changed';

export type LabVerdict =
  | {readonly valid: true; readonly message: string}
  | {readonly valid: false; readonly reason: SignatureFailure | LabFailure; readonly message: string};

export type LabAction =
  | ({readonly type: 'prefilled'} & Omit<LabState, 'result'>)
  | {readonly type: 'edit'; readonly field: LabField; readonly value: string}
  | {readonly type: 'verified'; readonly result: LabVerdict};

export const EMPTY_LAB: LabState = {chosen: '', body: '', headers: '', secret: '', clock: ''};

export function labReducer(state: LabState, action: LabAction): LabState {
  switch (action.type) {
    case 'prefilled': {
      const {type: _, ...filled} = action;
      return filled;
    }
    case 'edit': {
      // A verdict is about the form as it was checked: any edit makes it stale, so it goes.
      const {result: _stale, ...rest} = state;
      return {...rest, [action.field]: action.value};
    }
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
export type Outcome = 'ok' | SignatureFailure | LabFailure;

export const outcome = (verdict: LabVerdict): Outcome => (verdict.valid ? 'ok' : verdict.reason);

/** The covered headers of a signed delivery, to keep beside the form (see `LabState.signed`). */
export const signedHeaders = (headers: Readonly<Record<string, string>>): SignedHeaders =>
  Object.fromEntries(
    [WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER].map((name) => [name.toLowerCase(), headers[name] ?? '']),
  );

const CHANGED: readonly {readonly header: string; readonly reason: LabFailure}[] = [
  {header: WEBHOOK_TIMESTAMP_HEADER, reason: 'timestamp-changed'},
  {header: WEBHOOK_ID_HEADER, reason: 'id-changed'},
];

/**
 * A mismatch explained by one covered header changed after signing: with that header put back as
 * the lab signed it, the delivery verifies. Undefined when no single header explains it.
 */
async function changedHeader(input: VerifyInput, signed: SignedHeaders): Promise<LabVerdict | undefined> {
  for (const {header, reason} of CHANGED) {
    const key = header.toLowerCase();
    const original = signed[key];
    const now = input.headers[key];
    if (!original || now === undefined || now === original) continue;
    const restored = await verifyWebhookSignature({...input, headers: {...input.headers, [key]: original}});
    if (restored.valid)
      return {
        valid: false,
        reason,
        message: `${header} was changed after signing (${original} to ${now}). The signature covers it with the id and the body, so pass it exactly as it arrived.`,
      };
  }
  return undefined;
}

/**
 * The lab's check: asks for a secret instead of hashing with none, and names a covered header the
 * reader changed, rather than "wrong secret, or a changed body".
 */
export async function checkDelivery(state: LabState, testSecret: string, nowSeconds: number): Promise<LabVerdict> {
  if (!state.secret.trim()) {
    return {
      valid: false,
      reason: 'no-secret',
      message: 'Enter the secret: the webhook secret of the environment that sent the delivery.',
    };
  }
  const input = verifyInput(state, testSecret, nowSeconds);
  const verdict = await verifyWebhookSignature(input);
  if (verdict.valid || verdict.reason !== 'signature-mismatch' || !state.signed) return verdict;
  return (await changedHeader(input, state.signed)) ?? verdict;
}
