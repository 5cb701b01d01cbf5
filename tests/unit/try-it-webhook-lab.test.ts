import {describe, expect, it} from 'vitest';
import {
  EMPTY_LAB,
  checkDelivery,
  firstEvent,
  labReducer,
  outcome,
  signedHeaders,
  verifyInput,
  type LabState,
} from '#core/sandbox/try-it-webhook-lab';
import {signDelivery} from '#core/sandbox/signature';
import {headerLines} from '#core/sandbox/try-it';

const FILLED: LabState = {
  chosen: 'payment.settled',
  body: '{"id":"T1"}',
  headers: 'X-Webhook-Id: wh_1\nX-Webhook-Timestamp: 1700000000\nX-Signature: v1=abc',
  secret: 'whsec_test_1',
  clock: '1700000000',
};

describe('webhook lab: the form', () => {
  it('opens empty, with no verdict', () => {
    expect(EMPTY_LAB).toEqual({chosen: '', body: '', headers: '', secret: '', clock: ''});
  });

  it('fills every field from a signed example and drops the last verdict', () => {
    const verified = labReducer(EMPTY_LAB, {type: 'verified', result: {valid: true, message: 'ok'}});
    expect(labReducer(verified, {type: 'prefilled', ...FILLED})).toEqual(FILLED);
  });

  it('changes the one field the reader edits and drops the verdict, which was about the form before the edit', () => {
    const verified = labReducer(FILLED, {type: 'verified', result: {valid: true, message: 'ok'}});
    expect(labReducer(verified, {type: 'edit', field: 'body', value: '{"id": "T1"}'})).toEqual({
      ...FILLED,
      body: '{"id": "T1"}',
    });
    expect(labReducer(verified, {type: 'edit', field: 'secret', value: ''})).toEqual({...FILLED, secret: ''});
  });

  it('starts with the page event when it has an example, the first example otherwise', () => {
    const examples = {'payment.settled': '{}', 'refund.done': '{}'};
    expect(firstEvent(examples, 'refund.done')).toBe('refund.done');
    expect(firstEvent(examples, 'unknown')).toBe('payment.settled');
    expect(firstEvent(examples)).toBe('payment.settled');
    expect(firstEvent({})).toBe('');
  });
});

describe('webhook lab: the check', () => {
  it('checks the body as typed, the headers by name, at the clock given', () => {
    expect(verifyInput(FILLED, 'whsec_test_sandbox', 1800000000)).toEqual({
      payload: '{"id":"T1"}',
      headers: {'x-webhook-id': 'wh_1', 'x-webhook-timestamp': '1700000000', 'x-signature': 'v1=abc'},
      secret: 'whsec_test_1',
      nowSeconds: 1700000000,
      otherSecrets: [{name: 'the sandbox test secret', secret: 'whsec_test_sandbox'}],
    });
  });

  it('checks at the current time when the clock is empty or not a number', () => {
    expect(verifyInput({...FILLED, clock: ''}, 's', 1800000000).nowSeconds).toBe(1800000000);
    expect(verifyInput({...FILLED, clock: 'soon'}, 's', 1800000000).nowSeconds).toBe(1800000000);
  });

  it('names the outcome: ok, or the reason the check failed', () => {
    expect(outcome({valid: true, message: 'Verified'})).toBe('ok');
    expect(outcome({valid: false, reason: 'wrong-secret', message: '...'})).toBe('wrong-secret');
  });
});

describe('webhook lab: what only the lab can name', () => {
  const SECRET = 'whsec_test_4f1d2c';
  const NOW = 1700000000;
  async function signedLab(): Promise<LabState> {
    const headers = await signDelivery(SECRET, 'wh_1', NOW, '{"id":"T1"}');
    return {
      ...FILLED,
      secret: SECRET,
      headers: headerLines(headers),
      clock: String(NOW),
      signed: signedHeaders(headers),
    };
  }

  it('keeps the id and timestamp it signed with', async () => {
    expect((await signedLab()).signed).toEqual({'x-webhook-id': 'wh_1', 'x-webhook-timestamp': String(NOW)});
  });

  it('asks for the secret instead of checking with an empty one', async () => {
    const lab = {...(await signedLab()), secret: '  '};
    expect(await checkDelivery(lab, SECRET, NOW)).toEqual({
      valid: false,
      reason: 'no-secret',
      message: 'Enter the secret: the webhook secret of the environment that sent the delivery.',
    });
  });

  it('names a timestamp or id changed after signing', async () => {
    const lab = await signedLab();
    const later = {
      ...lab,
      headers: lab.headers.replace(`X-Webhook-Timestamp: ${NOW}`, `X-Webhook-Timestamp: ${NOW + 5}`),
    };
    expect(await checkDelivery(later, SECRET, NOW)).toEqual({
      valid: false,
      reason: 'timestamp-changed',
      message: `X-Webhook-Timestamp was changed after signing (${NOW} to ${NOW + 5}). The signature covers it with the id and the body, so pass it exactly as it arrived.`,
    });
    const other = {...lab, headers: lab.headers.replace('X-Webhook-Id: wh_1', 'X-Webhook-Id: wh_2')};
    expect(outcome(await checkDelivery(other, SECRET, NOW))).toBe('id-changed');
  });

  it("leaves the signature's own verdict when a changed header does not explain it", async () => {
    const lab = await signedLab();
    expect(outcome(await checkDelivery(lab, SECRET, NOW))).toBe('ok');
    const both = {
      ...lab,
      body: '{"id":"T2"}',
      headers: lab.headers.replace(`X-Webhook-Timestamp: ${NOW}`, `X-Webhook-Timestamp: ${NOW + 5}`),
    };
    expect(outcome(await checkDelivery(both, SECRET, NOW))).toBe('signature-mismatch');
    expect(outcome(await checkDelivery({...both, signed: undefined}, SECRET, NOW))).toBe('signature-mismatch');
  });
});
