/**
 * Try it's request signature (issue 33, core/sandbox/try-it-signing.ts): the request the panel builds
 * and signs is accepted by the sandbox's own check, with the published test key in the page's
 * sandbox (no Deprecation) and with a reader's ECDSA key; a key that cannot sign is refused before
 * anything is sent, naming the field; an unsigned call says until when it is accepted; and the
 * reader's key never reaches the tab's storage.
 */
import fs from 'node:fs';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {memoryStore} from '#core/sandbox/engine';
import {checkRequestSignature} from '#core/sandbox/engine/request-signature';
import {keyRing} from '#core/sandbox/engine/signing-keys';
import type {Credentials, SignatureRule, SigningTestKey} from '#core/sandbox/model';
import {buildRequest, type RequestExample} from '#core/sandbox/try-it';
import {initialPanelState, keyToRemember, panelReducer} from '#core/sandbox/try-it-panel';
import {
  importSigningKey,
  NO_READER_KEY,
  signingPlan,
  signingProblem,
  signSentRequest,
  unsignedNotice,
} from '#core/sandbox/try-it-signing';
import {base64Encode} from '#core/signing/fields';
import {verifyRequest} from '#core/signing/message';

/** The sandbox's published test key, from where the engine reads it (openapi/scenarios/sandbox.yaml). */
const TEST_KEY = (parse(fs.readFileSync('openapi/scenarios/sandbox.yaml', 'utf8')) as {signingKey: SigningTestKey})
  .signingKey;
const RULE: SignatureRule = {sunset: '2027-09-30'};
const ORDER: RequestExample = {
  method: 'POST',
  path: '/service/payout/orders',
  pathParams: {},
  query: {},
  body: '{\n  "contact_id": "cont_Q8m2Xh4Lp0Zr7T",\n  "amount": 1500,\n  "referenceid": "RR-PO-1"\n}',
};
const NOW_MS = Date.parse('2026-12-02T04:30:00Z');
const CREATED = Math.floor(NOW_MS / 1000);
const REQ_ID = 'tryit-4f1c';
const built = buildRequest(
  'http://127.0.0.1:4010/api/v1',
  ORDER,
  {pathParams: {}, query: {}, body: ORDER.body!, partnerId: 'PS001234'},
  'eyJ.fake.token',
);

const pemOf = async (key: CryptoKey): Promise<string> =>
  `-----BEGIN PRIVATE KEY-----\n${base64Encode(new Uint8Array(await crypto.subtle.exportKey('pkcs8', key)))}\n-----END PRIVATE KEY-----\n`;

/** What the panel's send does with a plan: check it, import the key, sign the built request. */
async function signedAs(plan: ReturnType<typeof signingPlan>) {
  if (plan.kind !== 'sign') throw new Error(`expected a plan that signs, got ${plan.kind}`);
  expect(signingProblem(plan, '2026-12-02')).toBeUndefined();
  const imported = await importSigningKey(plan.pem, plan.alg);
  if ('error' in imported) throw new Error(imported.error);
  expect(imported.key.extractable).toBe(false);
  return signSentRequest(built, imported.key, {keyId: plan.keyId, alg: plan.alg, nonce: REQ_ID, created: CREATED});
}

const lower = (headers: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe('Try it signs money-moving calls', () => {
  it("in the page's sandbox, with the test key: the engine's check accepts it and adds no Deprecation", async () => {
    const sent = await signedAs(signingPlan('page', RULE, NO_READER_KEY, TEST_KEY));
    expect(sent.headers['Signature-Input']).toBe(
      `sig1=("@method" "@path" "content-digest" "authorization");created=${CREATED};keyid="sbx-ed25519-1";alg="ed25519";nonce="${REQ_ID}"`,
    );
    const credentials: Credentials = {partnerId: 'PS001234', jwtSecret: 'x', webhookSecret: 'y', signingKey: TEST_KEY};
    const outcome = await checkRequestSignature(RULE, {
      method: sent.method,
      path: new URL(sent.url).pathname,
      body: sent.body ?? '',
      headers: lower(sent.headers),
      reqId: REQ_ID,
      nowMs: NOW_MS,
      ring: keyRing(memoryStore(), credentials),
      webhookSecret: 'y',
    });
    expect(outcome).toEqual({});
  });

  it("against the real sandbox, with the reader's ECDSA P-256 key: verifyRequest accepts the raw r || s", async () => {
    const pair = await crypto.subtle.generateKey({name: 'ECDSA', namedCurve: 'P-256'}, true, ['sign', 'verify']);
    const reader = {pem: await pemOf(pair.privateKey), keyId: ' partner-p256-1 ', alg: 'ecdsa-p256-sha256' as const};
    const sent = await signedAs(signingPlan('real', RULE, reader, TEST_KEY));
    const verified = await verifyRequest(
      {
        method: 'POST',
        path: '/api/v1/service/payout/orders',
        body: ORDER.body!,
        authorization: 'Bearer eyJ.fake.token',
      },
      lower(sent.headers),
      {
        nonce: REQ_ID,
        nowSeconds: CREATED,
        keyFor: (kid) =>
          kid === 'partner-p256-1' ? {status: 'active', key: pair.publicKey, alg: 'ecdsa-p256-sha256'} : undefined,
      },
    );
    expect(verified).toEqual({ok: true, keyid: 'partner-p256-1', alg: 'ecdsa-p256-sha256'});
  });

  it('refuses a key that cannot sign before anything is sent, naming the field', async () => {
    const plan = (pem: string, keyId = 'k1') =>
      signingPlan('real', RULE, {pem, keyId, alg: 'ecdsa-p256-sha256'}, TEST_KEY);
    expect(signingProblem(plan('ssh-ed25519 AAAAC3Nz reader@laptop'), '2026-12-02')).toBe(
      'Signing key (PKCS#8 PEM): paste the private key as PKCS#8 PEM, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.',
    );
    expect(signingProblem(plan(TEST_KEY.privateKey, ''), '2026-12-02')).toBe(
      'Signing key id: enter the id you registered the public key under.',
    );
    expect(await importSigningKey(TEST_KEY.privateKey, 'ecdsa-p256-sha256')).toEqual({
      error:
        'Signing key (PKCS#8 PEM): this is an ed25519 key, not ecdsa-p256-sha256: choose ed25519 as its algorithm.',
    });
    expect(await importSigningKey('QUJDRA==', 'ed25519')).toEqual({
      error:
        'Signing key (PKCS#8 PEM): this is not an ed25519 private key in PKCS#8 (an "EC PRIVATE KEY" or "OPENSSH PRIVATE KEY" is another format): convert it with openssl pkcs8 -topk8 -nocrypt.',
    });
  });

  it('sends unsigned to the real sandbox with no key, saying until when that is accepted; refuses after', () => {
    const plan = signingPlan('real', RULE, NO_READER_KEY, TEST_KEY);
    expect(plan).toEqual({kind: 'unsigned', sunset: '2027-09-30'});
    expect(unsignedNotice(RULE, '2027-09-30')).toEqual({
      refused: false,
      text: 'Without a signing key this call goes unsigned. The sandbox accepts that until 2027-09-30, its last day, answering with Deprecation and Sunset headers, and refuses it after (HTTP 401, code 11).',
    });
    expect(signingProblem(plan, '2027-09-30')).toBeUndefined();
    expect(signingProblem(plan, '2027-10-01')).toBe(
      'This call must be signed since the transition ended on 2027-09-30: paste your Signing key (PKCS#8 PEM) and its key id.',
    );
  });

  it("keeps the reader's key in the panel's state only: never in what the tab remembers", () => {
    const start = initialPanelState({example: ORDER, testPartnerId: 'PS001234', choices: [], signature: RULE});
    const state = [
      {type: 'mode', mode: 'real'},
      {type: 'remember', remember: true},
      {type: 'key', partnerId: 'PS009876', secret: 'jwt_test_abc', keyId: 'k-1'},
      {type: 'signing-key', key: {pem: TEST_KEY.privateKey, keyId: 'partner-ed-1'}},
    ].reduce((s, a) => panelReducer(s, a as Parameters<typeof panelReducer>[1]), start);
    expect(state.signing).toEqual({pem: TEST_KEY.privateKey, keyId: 'partner-ed-1', alg: 'ed25519'});
    expect(keyToRemember(state)).toEqual({partnerId: 'PS009876', secret: 'jwt_test_abc', keyId: 'k-1'});
  });
});
