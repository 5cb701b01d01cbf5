import {describe, expect, it} from 'vitest';
import {hmacHex} from '../../src/lib/mock/crypto';
import {parseHeaderLines, signDelivery, signedContent, verifyDelivery} from '../../src/lib/mock/signature';

// The signed example of /docs/v1/webhooks (docs/v1/webhooks/index.mdx): its secret, headers, body and clock.
const SECRET = 'whsec_test_4f1d2c';
const ID = 'evt_01JCZ5V8Q2M4K7T9W3X6Y1B5D8';
const TS = 1763097127;
const BODY =
  '{"event":"PAYOUT_ORDER_UPDATE","order_id":"pout_7Hd2Lq9Xc4Wm2A","referenceid":"RR-PO-20251114-000413","contact_id":"cont_Q8m2Xh4Lp0Zr7T","amount":240000,"charges":11.8,"mode":"NEFT","status":"SUCCESS","response_code":1,"utr":"RRBKN25318041883","updated_at":"2025-11-14T11:30:12+05:30"}';
const NOW = 1763097157;

describe('webhook signatures: signDelivery', () => {
  it('signs <id>.<timestamp>.<raw body> as the deliveries page shows', async () => {
    expect(signedContent('a', '1', 'b')).toBe('a.1.b');
    expect(await signDelivery(SECRET, ID, TS, BODY)).toEqual({
      'Content-Type': 'application/json',
      'X-Webhook-Id': ID,
      'X-Webhook-Timestamp': '1763097127',
      'X-Signature': 'v1=415eccb9ca51c2e50f5f1806bd5f9fe8a5c611bb4e1e3e08771d8de52e979477',
    });
  });
});

describe('webhook signatures: verifyDelivery says why a delivery fails', () => {
  const signed = async (): Promise<Record<string, string>> => signDelivery(SECRET, ID, TS, BODY);

  it('verifies the documented example at its clock', async () => {
    expect(await verifyDelivery({headers: await signed(), body: BODY, secret: SECRET, now: NOW})).toEqual({
      reason: 'ok',
      message:
        'The signature matches the raw body with this secret, and X-Webhook-Timestamp is within 300 seconds of the clock: process the delivery (once per X-Webhook-Id).',
    });
  });

  it('accepts a rotation header with two v1= values, header names in any case', async () => {
    const headers = await signed();
    const other = await hmacHex('whsec_old', signedContent(ID, String(TS), BODY));
    const result = await verifyDelivery({
      headers: {
        'x-webhook-id': ID,
        'X-WEBHOOK-TIMESTAMP': String(TS),
        'x-signature': `v1=${other} ${headers['X-Signature']}`,
      },
      body: BODY,
      secret: SECRET,
      now: NOW,
    });
    expect(result.reason).toBe('ok');
  });

  it('names every missing header', async () => {
    const result = await verifyDelivery({headers: {'X-Webhook-Id': ID}, body: BODY, secret: SECRET, now: NOW});
    expect(result).toEqual({
      reason: 'missing-header',
      message:
        'Missing X-Webhook-Timestamp, X-Signature: every delivery carries X-Webhook-Id, X-Webhook-Timestamp and X-Signature; copy all three from the request as it arrived.',
    });
  });

  it('rejects a timestamp that is not ten digits', async () => {
    const headers = {...(await signed()), 'X-Webhook-Timestamp': '2025-11-14T11:30:12Z'};
    expect(await verifyDelivery({headers, body: BODY, secret: SECRET, now: NOW})).toEqual({
      reason: 'malformed-header',
      message: 'X-Webhook-Timestamp must be Unix seconds, ten digits; it reads "2025-11-14T11:30:12Z".',
    });
  });

  it('rejects a signature without v1= and 64 hex characters', async () => {
    const headers = {...(await signed()), 'X-Signature': 'sha256=415eccb9'};
    expect(await verifyDelivery({headers, body: BODY, secret: SECRET, now: NOW})).toEqual({
      reason: 'malformed-header',
      message:
        'X-Signature must hold v1= and 64 lower-case hex characters (two such values, separated by a space, during a secret rotation); it reads "sha256=415eccb9".',
    });
  });

  it('recognises a body that was parsed and written again with other whitespace', async () => {
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 2);
    const result = await verifyDelivery({headers: await signed(), body: reserialised, secret: SECRET, now: NOW});
    expect(result).toEqual({
      reason: 'reserialised',
      message:
        'The signature matches the same JSON written with other whitespace: the body was parsed and re-serialised, or its spaces or line ends changed, before it was hashed. Hash the raw body bytes exactly as they arrived.',
    });
    const trailingNewline = await verifyDelivery({
      headers: await signed(),
      body: `${BODY}\n`,
      secret: SECRET,
      now: NOW,
    });
    expect(trailingNewline.reason).toBe('reserialised');
  });

  it('blames the secret (or a changed body) when no form of the body matches', async () => {
    const wrong = await verifyDelivery({headers: await signed(), body: BODY, secret: 'whsec_live_x', now: NOW});
    expect(wrong).toEqual({
      reason: 'wrong-secret',
      message:
        'The signature matches neither this body nor any re-spacing of it with this secret: the secret is not the one of this environment (sandbox and production differ; after a rotation both sign for 24 hours), or the body content was changed.',
    });
    const changed = await verifyDelivery({
      headers: await signed(),
      body: BODY.replace('240000', '2400000'),
      secret: SECRET,
      now: NOW,
    });
    expect(changed.reason).toBe('wrong-secret');
  });

  it('rejects a right signature outside the 300-second window, either way', async () => {
    const late = await verifyDelivery({headers: await signed(), body: BODY, secret: SECRET, now: TS + 301});
    expect(late).toEqual({
      reason: 'timestamp',
      message:
        'The signature is right, but X-Webhook-Timestamp is 301 seconds in the past, outside the 300-second window: reject it (a replay, or a clock out of sync: use NTP).',
    });
    const early = await verifyDelivery({headers: await signed(), body: BODY, secret: SECRET, now: TS - 400});
    expect(early.message).toContain('is 400 seconds in the future');
    expect((await verifyDelivery({headers: await signed(), body: BODY, secret: SECRET, now: TS + 300})).reason).toBe(
      'ok',
    );
  });

  it('reads pasted header lines, skipping lines that are not headers', () => {
    expect(parseHeaderLines('POST /hook HTTP/1.1\r\nX-Webhook-Id: evt_1\r\nx-signature:  v1=ab  \n\n')).toEqual({
      'x-webhook-id': 'evt_1',
      'x-signature': 'v1=ab',
    });
  });
});
