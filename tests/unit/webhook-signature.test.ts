/**
 * core/sandbox/signature.ts: the one implementation of the scheme in our own code (the sandbox
 * signs with it, the MCP server verifies with it). It must agree with the published Node.js sample
 * (samples/verify/verify.mjs, which tests/integration/samples.test.ts runs) on the same vectors, and say
 * why a delivery fails, word for word.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {WEBHOOK_BODY, WEBHOOK_ID, WEBHOOK_SECRET, WEBHOOK_SIGNATURE, WEBHOOK_TS} from './webhook-vector';
import {
  parseHeaderLines,
  signatureValue,
  signDelivery,
  verifyWebhookSignature,
  type VerifyInput,
} from '#core/sandbox/signature';

const [ID, TS, BODY, SECRET, SIGNATURE] = [WEBHOOK_ID, WEBHOOK_TS, WEBHOOK_BODY, WEBHOOK_SECRET, WEBHOOK_SIGNATURE];
const OTHER = 'whsec_live_2b9e';
const NOW = Number(TS) + 30;

const sign = (secret: string, body = BODY, ts = TS): string =>
  `v1=${crypto.createHmac('sha256', secret).update(`${ID}.${ts}.${body}`).digest('hex')}`;
const headers = (signature: string, ts = TS) => ({
  'x-webhook-id': ID,
  'X-Webhook-Timestamp': ts,
  'X-SIGNATURE': signature,
});
const verify = (over: Partial<VerifyInput> = {}) =>
  verifyWebhookSignature({payload: BODY, headers: headers(SIGNATURE), secret: SECRET, nowSeconds: NOW, ...over});

describe('webhook signature', () => {
  it('signs the fixed vector as the samples do', async () => {
    expect(await signatureValue(SECRET, ID, TS, BODY)).toBe(SIGNATURE);
  });

  it('signs a delivery with its three headers, at whole seconds', async () => {
    expect(await signDelivery(SECRET, ID, Number(TS) + 0.9, BODY)).toEqual({
      'Content-Type': 'application/json',
      'X-Webhook-Id': ID,
      'X-Webhook-Timestamp': TS,
      'X-Signature': SIGNATURE,
    });
  });

  it('reads pasted header lines, names in any case, other lines skipped', () => {
    expect(
      parseHeaderLines(`POST /hooks HTTP/1.1\r\nX-Webhook-Id:  ${ID}\nx-signature: ${SIGNATURE} \n\nnot a header`),
    ).toEqual({
      'x-webhook-id': ID,
      'x-signature': SIGNATURE,
    });
  });

  it('agrees with the published Node.js sample on valid and invalid deliveries', async () => {
    const {verifyWebhook} = (await import(path.resolve(__dirname, '../../samples/verify/verify.mjs'))) as {
      verifyWebhook: (body: Buffer, id: string, ts: string, sig: string, secrets: string[], now: number) => boolean;
    };
    const rotating = `${sign(OTHER)} ${SIGNATURE}`;
    const cases: [string, string, string, string, number][] = [
      ['signed', BODY, SIGNATURE, SECRET, NOW],
      ['body with a space', `${BODY} `, SIGNATURE, SECRET, NOW],
      ['301 seconds old', BODY, SIGNATURE, SECRET, Number(TS) + 301],
      ['300 seconds ahead', BODY, SIGNATURE, SECRET, Number(TS) - 300],
      ['other secret', BODY, SIGNATURE, OTHER, NOW],
      ['rotation, new secret', BODY, rotating, SECRET, NOW],
      ['rotation, old secret', BODY, rotating, OTHER, NOW],
      ['empty header', BODY, '', SECRET, NOW],
    ];
    const ours = await Promise.all(
      cases.map(async ([what, payload, sig, secret, now]) => [
        what,
        (await verifyWebhookSignature({payload, headers: headers(sig), secret, nowSeconds: now})).valid,
      ]),
    );
    expect(ours).toEqual(
      cases.map(([what, payload, sig, secret, now]) => [
        what,
        verifyWebhook(Buffer.from(payload), ID, TS, sig, [secret], now),
      ]),
    );
  });

  it('says why a delivery fails', async () => {
    expect(await verify()).toEqual({
      valid: true,
      message: 'Valid: X-Signature matches the body, and the timestamp is 30 seconds from now.',
    });
    expect(await verify({headers: {'X-Webhook-Id': ID}})).toEqual({
      valid: false,
      reason: 'missing-header',
      message:
        'Missing header: X-Webhook-Timestamp, X-Signature. Every delivery carries X-Webhook-Id, X-Webhook-Timestamp and X-Signature; pass them as they arrived.',
    });
    expect(await verify({headers: headers(SIGNATURE, '2025-11-14')})).toEqual({
      valid: false,
      reason: 'malformed-header',
      message: 'X-Webhook-Timestamp must be Unix seconds (10 digits), not "2025-11-14".',
    });
    expect(await verify({headers: headers(`v1=${'A'.repeat(64)}`)})).toEqual({
      valid: false,
      reason: 'malformed-header',
      message: `X-Signature must be "v1=" and 64 lower-case hex digits (two such values, space-separated, during a secret rotation), not "v1=${'A'.repeat(64)}".`,
    });
    expect(await verify({nowSeconds: Number(TS) + 301})).toEqual({
      valid: false,
      reason: 'timestamp-outside-window',
      message:
        'X-Webhook-Timestamp is 301 seconds old; deliveries more than 300 seconds from your clock are rejected (a replay, or a clock that is off).',
    });
    expect((await verify({nowSeconds: Number(TS) - 400})).message).toMatch(
      /^X-Webhook-Timestamp is 400 seconds in the future;/,
    );
  });

  it('tells a wrong secret from a changed body where it can', async () => {
    expect(await verify({secret: OTHER, otherSecrets: [{name: 'the sandbox test secret', secret: SECRET}]})).toEqual({
      valid: false,
      reason: 'wrong-secret',
      message: 'Wrong secret: this delivery was signed with the sandbox test secret, not with the secret you passed.',
    });
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 2);
    expect(await verify({payload: reserialised})).toEqual({
      valid: false,
      reason: 'body-changed',
      message:
        'Body changed: the signature matches the same JSON written differently (spacing, key order or a trailing newline). Hash the raw body bytes exactly as they arrived, before any JSON parsing.',
    });
    expect(await verify({payload: `${BODY}\n`})).toMatchObject({reason: 'body-changed'});
    expect(await verify({secret: OTHER})).toEqual({
      valid: false,
      reason: 'signature-mismatch',
      message:
        'X-Signature does not match: either the secret is not the one this delivery was signed with, or the body is not the raw body as it arrived.',
    });
    expect(await verify({payload: BODY.replace('SUCCESS', 'FAILED')})).toMatchObject({reason: 'signature-mismatch'});
  });

  // The 1.0.0 sample, as 1.0.0 published it (samples/verify/verify.mjs at 5a1f82c): the whole header
  // is the hex HMAC of the raw body. An unchanged client built on it must verify an endpoint in the
  // 1.0.0 form until the sunset, while an unchanged 1.1.0 client verifies the default form.
  const verify100 = (rawBody: string, header: string, secret: string): boolean => {
    const expected = crypto.createHmac('sha256', secret).update(rawBody).digest();
    const received = Buffer.from(header, 'hex');
    return received.length === expected.length && crypto.timingSafeEqual(received, expected);
  };

  it('signs in the 1.0.0 form for an endpoint set to it, which an unchanged 1.0.0 client verifies', async () => {
    const old = await signDelivery(SECRET, ID, Number(TS), BODY, '1.0.0');
    expect(old['X-Signature']).toBe(crypto.createHmac('sha256', SECRET).update(BODY).digest('hex'));
    expect(old['X-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(verify100(BODY, old['X-Signature'] as string, SECRET)).toBe(true);
    expect(verify100(`${BODY} `, old['X-Signature'] as string, SECRET)).toBe(false);
  });

  it('signs in the 1.1.0 form by default, which an unchanged 1.1.0 client verifies', async () => {
    const {verifyWebhook} = (await import(path.resolve(__dirname, '../../samples/verify/verify.mjs'))) as {
      verifyWebhook: (body: Buffer, id: string, ts: string, sig: string, secrets: string[], now: number) => boolean;
    };
    const current = await signDelivery(SECRET, ID, Number(TS), BODY);
    expect(current).toEqual(await signDelivery(SECRET, ID, Number(TS), BODY, '1.1.0'));
    expect(verifyWebhook(Buffer.from(BODY), ID, TS, current['X-Signature'] as string, [SECRET], NOW)).toBe(true);
    expect(verify100(BODY, current['X-Signature'] as string, SECRET)).toBe(false);
  });

  it('verifies and explains a 1.0.0-form signature (the webhook lab and the MCP tool)', async () => {
    const legacy = crypto.createHmac('sha256', SECRET).update(BODY).digest('hex');
    expect(await verify({headers: {'X-Signature': legacy}})).toEqual({
      valid: true,
      message:
        'Valid in the 1.0.0 form: X-Signature is the HMAC of the body alone, which does not protect against a replay. Endpoints can keep this form until 2027-03-31; move to the 1.1.0 form (v1=) before then.',
    });
    expect(await verify({headers: {'X-Signature': legacy}, secret: OTHER})).toEqual({
      valid: false,
      reason: 'signature-mismatch',
      message:
        'X-Signature is in the 1.0.0 form (bare hex of the body) and does not match: either the secret is not the one this delivery was signed with, or the body is not the raw body as it arrived.',
    });
  });
});
