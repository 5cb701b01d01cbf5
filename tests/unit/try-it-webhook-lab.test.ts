import {describe, expect, it} from 'vitest';
import {EMPTY_LAB, firstEvent, labReducer, outcome, verifyInput, type LabState} from '#core/sandbox/try-it-webhook-lab';

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

  it('changes the one field the reader edits and keeps the verdict until the next check', () => {
    const verified = labReducer(FILLED, {type: 'verified', result: {valid: true, message: 'ok'}});
    const edited = labReducer(verified, {type: 'edit', field: 'body', value: '{"id": "T1"}'});
    expect(edited).toEqual({...FILLED, body: '{"id": "T1"}', result: {valid: true, message: 'ok'}});
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
