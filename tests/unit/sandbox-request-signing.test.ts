/**
 * The sandbox's side of issue 33's security changes, through the engine over the real contract and
 * scenarios, on the engine's clock (no sleeps): request signatures on marked calls (signed, unsigned
 * in the transition with Deprecation and Sunset, each refusal's message), key registration and
 * rotation, the proof on the signature-form switch, the payment controls (cooling-off and both caps),
 * and the operator look-up's query form in its transition.
 */
import fs from 'node:fs';
import {afterAll, describe, expect, it} from 'vitest';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {signToken} from '#core/sandbox/crypto';
import {SECRET_PROOF_HEADER, secretProof} from '#core/sandbox/engine/secret-proof';
import {SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {memoryStore, type SandboxResponse} from '#core/sandbox/engine';
import {checkRequestSignature} from '#core/sandbox/engine/request-signature';
import {keyRing} from '#core/sandbox/engine/signing-keys';
import {importPrivateKey} from '#core/signing/keys';
import {signRequest} from '#core/signing/message';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {writtenSandbox} from '../helpers/contract';
import {clockedSandbox} from './sandbox-harness';

const START = Date.parse('2026-12-02T04:30:00Z');
const dir = tempSandboxDir('request-signing');
// The run's compiled contract (tests/contract-setup.ts), written for the engine to load.
const compiled: CompiledSandbox = (await writtenSandbox(dir)).sandbox;
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

const TEST_KEY = compiled.index.credentials.signingKey!;
const ORDER = {
  contact_id: 'cont_Q8m2Xh4Lp0Zr7T',
  amount: 1500,
  mode: 'IMPS',
  purpose: 'VENDOR_PAYMENT',
  narration: 'Invoice 1',
  referenceid: 'RR-PO-1',
};

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  /** Sign with this key (PKCS#8 base64) and key id; undefined: unsigned. */
  readonly sign?: {readonly key: string; readonly keyid: string} | undefined;
  /** Change the signature's parameters or headers after signing (a broken signer). */
  readonly nonce?: string;
  readonly tamper?: (headers: Record<string, string>) => Record<string, string>;
  readonly headers?: Record<string, string>;
}

function session() {
  const h = clockedSandbox(compiled, dir, START, 33);
  let n = 0;
  const send = async (c: Call): Promise<SandboxResponse> => {
    const reqId = `sig-${++n}`;
    // The 1.3.0 token (kid, exp, aud), so the clock can pass the 1.2.0 form's sunset.
    const iat = Math.floor(h.now() / 1000);
    const claims = {
      partnerId: compiled.index.credentials.partnerId,
      iat,
      exp: iat + 300,
      aud: TOKEN_AUDIENCE.sandbox,
      reqId,
    };
    const authorization = `Bearer ${await signToken(claims, compiled.index.credentials.jwtSecret, SANDBOX_KEY_ID)}`;
    const body = c.body === undefined ? '' : JSON.stringify(c.body);
    const path = `${compiled.index.basePath}${c.path}`;
    let signature: Record<string, string> = {};
    if (c.sign) {
      const params = {
        created: Math.floor(h.now() / 1000),
        keyid: c.sign.keyid,
        alg: 'ed25519' as const,
        nonce: c.nonce ?? reqId,
      };
      const key = await importPrivateKey(c.sign.key, 'ed25519');
      signature = {...(await signRequest({method: c.method, path, body, authorization}, params, key))};
    }
    return h.sandbox.send({
      method: c.method,
      url: path,
      headers: {
        Authorization: authorization,
        ...(c.body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(c.tamper ? c.tamper(signature) : signature),
        ...c.headers,
      },
      ...(c.body === undefined ? {} : {body}),
    });
  };
  return {...h, send};
}

const testKey = {key: TEST_KEY.privateKey, keyid: TEST_KEY.keyId};
/** A payout order, signed with the test key unless `sign` says otherwise (null: unsigned). */
const order = (extra: Partial<typeof ORDER> = {}, sign: Call['sign'] | null = testKey): Call => ({
  method: 'POST',
  path: '/service/payout/orders',
  body: {...ORDER, ...extra},
  sign: sign ?? undefined,
});
const outcome = (r: SandboxResponse) => [r.status, r.json.response_code, r.json.message];

describe('request signatures on marked calls', () => {
  it('accepts a signed call without transition headers, and an unsigned one with Deprecation and Sunset', async () => {
    const s = session();
    const signed = await s.send(order());
    expect(signed.json.response_code).toBe(1);
    expect(signed.headers.Deprecation).toBeUndefined();
    const unsigned = await s.send(order({referenceid: 'RR-PO-2'}, null));
    expect(unsigned.json.response_code).toBe(1);
    expect([unsigned.headers.Deprecation, unsigned.headers.Sunset]).toEqual([
      `@${Date.parse('2026-12-01T00:00:00+05:30') / 1000}`,
      'Thu, 30 Sep 2027 18:30:00 GMT',
    ]);
  });

  it('refuses a bad signature, a wrong nonce, an unknown and a revoked key with 401 and the check that failed', async () => {
    const s = session();
    const flip = (h: Record<string, string>) => ({...h, Signature: h.Signature!.replace(/^sig1=:./, 'sig1=:A')});
    const cases: [Call, string][] = [
      [
        {...order(), tamper: flip},
        'The signature does not match: sign the base of this method, path, Content-Digest and Authorization with key sbx-ed25519-1',
      ],
      [
        {...order(), nonce: 'sig-999'},
        'The signature\'s nonce "sig-999" is not this request\'s token reqId: sign each request with its own reqId',
      ],
      [
        order({}, {key: TEST_KEY.privateKey, keyid: 'nobody-1'}),
        'Unknown keyid nobody-1: register the public key first, or sign with a registered key',
      ],
      [
        order({}, {key: TEST_KEY.privateKey, keyid: 'sbx-ed25519-0'}),
        'Key sbx-ed25519-0 was revoked: sign with an active key',
      ],
    ];
    for (const [call, message] of cases) expect(outcome(await s.send(call))).toEqual([401, 11, message]);
    // Nothing was paid: the order goes through once signed properly.
    expect((await s.send(order())).json.response_code).toBe(1);
  });

  it('refuses an unsigned call after the sunset, and on a call signed from the start', async () => {
    const s = session();
    const update = {method: 'POST', path: '/common/account/controls/update', body: {cooling_off_minutes: 0}};
    expect(outcome(await s.send(update))).toEqual([
      401,
      11,
      'This call must be signed: send Content-Digest, Signature-Input and Signature with a registered key (Headers and tokens shows how)',
    ]);
    s.advance((Date.parse('2027-10-01T00:00:00+05:30') - START) / 1000);
    expect(outcome(await s.send(order({}, null)))).toEqual([
      401,
      11,
      'Unsigned calls ended on 2027-09-30. This call must be signed: send Content-Digest, Signature-Input and Signature with a registered key (Headers and tokens shows how)',
    ]);
  });
});

describe('signing keys', () => {
  it('registers a second key, signs with it, revokes the first, and refuses the revoked one', async () => {
    const s = session();
    const {generateKeyPairSync} = await import('node:crypto');
    const pair = generateKeyPairSync('ed25519');
    const next = {key: pair.privateKey.export({format: 'der', type: 'pkcs8'}).toString('base64'), keyid: 'partner-2'};
    const jwk = pair.publicKey.export({format: 'jwk'});
    const register = (key_id: string, sign: Call['sign'] | null = testKey): Call => ({
      method: 'POST',
      path: '/common/account/signing-keys',
      body: {key_id, jwk},
      sign: sign ?? undefined,
    });
    expect((await s.send(register('partner-2', null))).status).toBe(401);
    expect((await s.send(register('partner-2'))).json).toMatchObject({
      response_code: 1,
      data: {key_id: 'partner-2', status: 'ACTIVE'},
    });
    expect((await s.send(register('partner-3'))).json.data).toEqual({
      errors: [{field: 'key_id', rule: 'you have 2 active keys: revoke the one you rotate away from first'}],
    });
    expect((await s.send(order({referenceid: 'RR-PO-K1'}, next))).json.response_code).toBe(1);
    const revoke = {method: 'POST', path: '/common/account/signing-keys/sbx-ed25519-1/revoke', sign: next};
    expect((await s.send(revoke)).json).toMatchObject({response_code: 1, data: {status: 'REVOKED'}});
    expect(outcome(await s.send(order({referenceid: 'RR-PO-K2'})))).toEqual([
      401,
      11,
      'Key sbx-ed25519-1 was revoked: sign with an active key',
    ]);
    const last = {method: 'POST', path: '/common/account/signing-keys/partner-2/revoke', sign: next};
    expect((await s.send(last)).json.data).toEqual({
      errors: [{field: 'keyId', rule: 'partner-2 is your only active key: register its successor first'}],
    });
  });
});

describe('the webhook signature form', () => {
  it('is switched only with the proof of the current webhook secret (a security fix, no window)', async () => {
    const s = session();
    const call = (proof?: string): Call => ({
      method: 'PUT',
      path: '/webhooks/signature-form',
      body: {form: '1.0.0'},
      sign: testKey,
      ...(proof ? {headers: {[SECRET_PROOF_HEADER]: proof}} : {}),
    });
    expect(outcome(await s.send(call()))).toEqual([
      401,
      11,
      'Missing X-Webhook-Secret-Proof: send v1= and the HMAC-SHA256 of "<reqId>.<raw body>" with your current webhook secret, or rotate in the dashboard',
    ]);
    // The proof is bound to the reqId the next call's token carries (session() numbers them sig-1, sig-2...).
    const proof = await secretProof(compiled.index.credentials.webhookSecret, 'sig-2', '{"form":"1.0.0"}');
    expect((await s.send(call(proof))).json).toMatchObject({response_code: 1, data: {form: '1.0.0'}});
  });
});

describe('payment controls', () => {
  const contact = {
    method: 'POST',
    path: '/service/payout/contacts',
    body: {name: 'Kavita Menon', type: 'EMPLOYEE', account_type: 'VPA', vpa: 'kavita.menon@rrbank'},
    sign: testKey,
  };

  const setControls = (body: Record<string, number>): Call => ({
    method: 'POST',
    path: '/common/account/controls/update',
    body,
    sign: testKey,
  });

  it('are off until set: an RTGS payout of 5,00,000 rupees to a contact just added is paid, then refused once a cap is set', async () => {
    const s = session();
    const read = await s.send({method: 'GET', path: '/common/account/controls'});
    expect(read.json.data).toEqual({cooling_off_minutes: 0, per_transaction_cap: 0, daily_cap: 0, used_today: 0});
    const bank = {
      name: 'Farhan Qureshi',
      type: 'VENDOR',
      account_type: 'BANK_ACCOUNT',
      account_number: '000111222333',
      ifsc: 'RRBK0000123',
    };
    const id = ((await s.send({...contact, body: bank})).json.data as {contact_id: string}).contact_id;
    const rtgs = {contact_id: id, amount: 500_000, mode: 'RTGS'};
    expect(outcome(await s.send(order({...rtgs, referenceid: 'RR-PO-R1'})))).toEqual([200, 1, expect.any(String)]);
    expect((await s.send(setControls({per_transaction_cap: 300_000}))).json.response_code).toBe(1);
    expect(outcome(await s.send(order({...rtgs, referenceid: 'RR-PO-R2'})))).toEqual([
      200,
      26,
      'Amount above your per-transaction cap of 300000 rupees',
    ]);
    // 0 turns the cap off again.
    expect((await s.send(setControls({per_transaction_cap: 0}))).json.response_code).toBe(1);
    expect((await s.send(order({...rtgs, referenceid: 'RR-PO-R3'}))).json.response_code).toBe(1);
  });

  it('holds a new contact for its cooling-off once one is set, on the engine clock', async () => {
    const s = session();
    expect((await s.send(setControls({cooling_off_minutes: 30}))).json.response_code).toBe(1);
    const created = await s.send(contact);
    const id = (created.json.data as {contact_id: string}).contact_id;
    expect(id).not.toBe(ORDER.contact_id);
    const first = await s.send(order({contact_id: id}));
    expect(first.json.response_code).toBe(25);
    expect(first.json.message).toMatch(
      new RegExp(`^Contact ${id} is in its 30-minute cooling-off: it can be paid from 2026-12-02T10:30:00\\+05:30$`),
    );
    s.advance(30 * 60);
    expect((await s.send(order({contact_id: id, referenceid: 'RR-PO-C2'}))).json.response_code).toBe(1);
  });

  it('refuses an order above the per-transaction cap and one past the daily cap, as set by a signed call', async () => {
    const s = session();
    const set = await s.send(setControls({per_transaction_cap: 5000, daily_cap: 8000}));
    expect(set.json.data).toEqual({cooling_off_minutes: 0, per_transaction_cap: 5000, daily_cap: 8000, used_today: 0});
    expect(outcome(await s.send(order({amount: 5000.01})))).toEqual([
      200,
      26,
      'Amount above your per-transaction cap of 5000 rupees',
    ]);
    expect((await s.send(order({amount: 5000, referenceid: 'RR-PO-D1'}))).json.response_code).toBe(1);
    expect(outcome(await s.send(order({amount: 3500, referenceid: 'RR-PO-D2'})))).toEqual([
      200,
      27,
      'Over your daily cap of 8000 rupees: 3000 rupees left today',
    ]);
    const read = await s.send({method: 'GET', path: '/common/account/controls'});
    expect(read.json.data).toMatchObject({used_today: 5000});
    // The next India day starts at 18:30 UTC: the cap counts again from nothing.
    s.advance((Date.parse('2026-12-03T00:00:00+05:30') - s.now()) / 1000);
    expect((await s.send(order({amount: 3500, referenceid: 'RR-PO-D3'}))).json.response_code).toBe(1);
  });
});

describe('the token form without kid, exp and aud', () => {
  it('is answered with Deprecation from 1.3.0 and the Sunset of partnerJwt, and the current form without them', async () => {
    const h = clockedSandbox(compiled, dir, START, 33);
    const list = async (authorization: string) =>
      h.sandbox.send({
        method: 'GET',
        url: `${compiled.index.basePath}/service/recharge/operators`,
        headers: {authorization},
      });
    const old = await list(`Bearer ${await h.token()}`);
    expect([old.json.response_code, old.headers.Deprecation, old.headers.Sunset]).toEqual([
      1,
      `@${Date.parse('2026-11-27T00:00:00+05:30') / 1000}`,
      'Wed, 30 Jun 2027 18:30:00 GMT',
    ]);
    const iat = Math.floor(h.now() / 1000);
    const claims = {exp: iat + 300, aud: TOKEN_AUDIENCE.sandbox};
    const today = await signToken(
      {partnerId: compiled.index.credentials.partnerId, iat, reqId: 'today-1', ...claims},
      compiled.index.credentials.jwtSecret,
      SANDBOX_KEY_ID,
    );
    const current = await list(`Bearer ${today}`);
    expect([current.json.response_code, current.headers.Deprecation, current.headers.Sunset]).toEqual([
      1,
      undefined,
      undefined,
    ]);
  });
});

describe("the operator list's number in the query", () => {
  it('is answered with Deprecation and Sunset until 2027-06-30, then refused; the look-up takes it in the body', async () => {
    const s = session();
    const old = await s.send({method: 'GET', path: '/service/recharge/operators?mobilenumber=9000000001'});
    expect([old.json.response_code, old.headers.Sunset]).toEqual([1, 'Wed, 30 Jun 2027 18:30:00 GMT']);
    const plain = await s.send({method: 'GET', path: '/service/recharge/operators'});
    expect(plain.headers.Deprecation).toBeUndefined();
    const lookup = await s.send({
      method: 'POST',
      path: '/service/recharge/operators/lookup',
      body: {mobilenumber: '9000000001'},
    });
    expect([lookup.json.response_code, lookup.headers.Deprecation]).toEqual([1, undefined]);
    s.advance((Date.parse('2027-07-01T00:00:00+05:30') - START) / 1000);
    const ended = await s.send({method: 'GET', path: '/service/recharge/operators?mobilenumber=9000000001'});
    expect(ended.json.data).toEqual({
      errors: [{field: 'mobilenumber', rule: 'in the query ended on 2027-06-30: use recharge-operator-lookup'}],
    });
  });
});

describe('the first key', () => {
  it('is registered with the webhook-secret proof while no key is active, and only then', async () => {
    const secret = compiled.index.credentials.webhookSecret;
    const body = '{"key_id":"first-1"}';
    const input = (ring: Parameters<typeof checkRequestSignature>[1]['ring'], proof?: string) => ({
      method: 'POST',
      path: '/api/v1/common/account/signing-keys',
      body,
      headers: {authorization: 'Bearer x', ...(proof ? {'x-webhook-secret-proof': proof} : {})},
      reqId: 'first',
      nowMs: START,
      ring,
      webhookSecret: secret,
    });
    const proof = await secretProof(secret, 'first', body);
    expect(await checkRequestSignature({proofInstead: true}, input([], proof))).toEqual({});
    expect(await checkRequestSignature({proofInstead: true}, input([], 'v1=00'))).toEqual({
      answer: {
        status: 401,
        body: {
          status: false,
          response_code: 11,
          message:
            'No key of yours is active, so prove the webhook secret. X-Webhook-Secret-Proof does not match: sign "<reqId>.<raw body>" of this request with your current webhook secret',
        },
        scenario: 'signature:proof',
      },
    });
    const ring = keyRing(memoryStore(), compiled.index.credentials);
    expect(await checkRequestSignature({proofInstead: true}, input(ring, proof))).toMatchObject({
      answer: {status: 401, body: {response_code: 11}},
    });
  });
});
