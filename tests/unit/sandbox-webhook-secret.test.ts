/**
 * The sandbox's webhook secret rotation (core/sandbox/engine/webhook-secret.ts): the new secret in
 * the contract's form, the proof of the next trust call made with it, both secrets signing for the
 * 24 hours of the overlap and the new one alone after, and a second rotation ending the older
 * overlap. Driven through the journey runner's port (core/journeys/engine-port.ts), which holds the
 * secrets as a partner does (core/journeys/secrets.ts).
 */
import fs from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {enginePort} from '#core/journeys/engine-port';
import type {RunnerRequest} from '#core/journeys/run';
import {afterAnswer, signedWith} from '#core/journeys/secrets';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {SECRET_PROOF_HEADER, secretProof} from '#core/sandbox/engine/secret-proof';
import {signWithSecrets} from '#core/sandbox/engine/webhook-secret';
import {verifyWebhookSignature} from '#core/sandbox/signature';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {writtenSandbox} from '../helpers/contract';
import {testKeySignature} from './sandbox-harness';
import {listOperations, type Located} from '#core/contract/openapi';

const START = Date.parse('2025-11-20T04:30:00Z');
const DAY = 86_400;
const dir = tempSandboxDir('webhook-secret');
let compiled: CompiledSandbox;
let located: Map<string, Located>;

beforeAll(async () => {
  const {deref, sandbox} = await writtenSandbox(dir);
  compiled = sandbox;
  located = new Map(listOperations(deref).map((l) => [l.op.operationId, l]));
});

afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/** A port over a new engine; `proofWith` replaces the proof with one made with that secret. */
function port(proofWith?: () => string | undefined) {
  let n = 0;
  return enginePort({
    index: compiled.index,
    loadFamily: (family) => loadWrittenFamily(dir, family),
    start: START,
    seed: 3,
    uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    extraHeaders: async (request, authorization, reqId, nowMs) => {
      const l = located.get(request.route.id);
      const signed = l
        ? await testKeySignature(compiled, l, {url: request.url, authorization, body: request.body}, nowMs)
        : {};
      const secret = proofWith?.();
      return secret ? {...signed, [SECRET_PROOF_HEADER]: await secretProof(secret, reqId, request.body ?? '')} : signed;
    },
  });
}

type Port = ReturnType<typeof port>;
interface Answer {
  readonly response_code: number;
  readonly message?: string;
  readonly data: Readonly<Record<string, string>>;
}

async function call(p: Port, operationId: string, body: unknown): Promise<{status: number; json: Answer}> {
  const route = p.routes.find((r) => r.id === operationId);
  if (!route) throw new Error(`the sandbox has no route ${operationId}`);
  const request: RunnerRequest = {
    route,
    method: route.method,
    url: `${p.basePath}${route.path}`,
    body: JSON.stringify(body),
  };
  const answer = await p.send(request);
  return {status: answer.status, json: JSON.parse(answer.body) as Answer};
}

const rotate = (p: Port) => call(p, 'webhook-secret-rotate', {reason: 'Scheduled quarterly rotation'});

/** A payout paid at once (openapi/journeys/payout.arazzo.yaml, payout-paid), and its webhook's delivery. */
async function delivery(p: Port, referenceid: string) {
  const order = {
    referenceid,
    contact_id: 'cont_Q8m2Xh4Lp0Zr7T',
    amount: 18500,
    mode: 'IMPS',
    purpose: 'VENDOR_PAYMENT',
  };
  expect((await call(p, 'payout-create-order', order)).json.response_code).toBe(1);
  p.advance(2);
  const [d] = await p.takeDueWebhooks();
  if (!d) throw new Error('no delivery came');
  return d;
}

describe('webhook-secret-rotate in the sandbox', () => {
  it('answers a new secret in the contract form, with the overlap of 24 hours', async () => {
    const {status, json} = await rotate(port());
    expect(status).toBe(200);
    expect(json).toMatchObject({response_code: 1, message: 'Webhook secret rotated'});
    expect(json.data.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(json.data.secret).not.toBe(compiled.index.credentials.webhookSecret);
    expect(json.data.created_at).toBe('2025-11-20T10:00:00+05:30');
    expect(json.data.previous_valid_until).toBe('2025-11-21T10:00:00+05:30');
  });

  it('takes the next proof with the new secret only', async () => {
    let old: string | undefined;
    const p = port(() => old);
    await rotate(p);
    old = compiled.index.credentials.webhookSecret;
    const refused = await call(p, 'webhook-signature-form', {form: '1.1.0'});
    expect([refused.status, refused.json.response_code]).toEqual([401, 11]);
    old = undefined;
    expect((await call(p, 'webhook-signature-form', {form: '1.1.0'})).json.response_code).toBe(1);
  });

  it('signs with both secrets during the overlap and with the new one alone after it', async () => {
    const p = port();
    await rotate(p);
    const during = await delivery(p, 'RR-ROT-0001');
    expect(during.headers['X-Signature']).toMatch(/^v1=[0-9a-f]{64} v1=[0-9a-f]{64}$/);
    expect(await p.signedWith(during)).toEqual(['previous', 'current']);
    p.advance(DAY);
    const after = await delivery(p, 'RR-ROT-0002');
    expect(after.headers['X-Signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(await p.signedWith(after)).toEqual(['current']);
  });

  it('ends the older overlap at once when rotated again', async () => {
    const p = port();
    await rotate(p);
    await rotate(p);
    const d = await delivery(p, 'RR-ROT-0003');
    const test = compiled.index.credentials.webhookSecret;
    const now = Math.floor(p.now() / 1000);
    // The test secret, two rotations back, no longer signs; the two rotated secrets do.
    expect(await signedWith({current: test}, d, now)).toEqual([]);
    expect(await p.signedWith(d)).toEqual(['previous', 'current']);
  });
});

describe('signWithSecrets', () => {
  const secrets = {current: 'whsec_new', previous: {secret: 'whsec_old', untilMs: START + 1000}};
  const input = {id: 'evt_01KA0BR4400000000000000001', body: '{"a":1}'};
  const verify = (headers: Record<string, string>, secret: string) =>
    verifyWebhookSignature({payload: input.body, headers, secret, nowSeconds: START / 1000}).then((v) => v.valid);

  it('puts the previous signature first, then the current, during the overlap; the current alone after', async () => {
    const during = await signWithSecrets(secrets, START, input, undefined);
    expect(await Promise.all([verify(during, 'whsec_old'), verify(during, 'whsec_new')])).toEqual([true, true]);
    const after = await signWithSecrets(secrets, START + 1000, input, undefined);
    expect(after['X-Signature']?.split(' ')).toHaveLength(1);
  });

  it('keeps the previous secret for the 1.0.0 form during the overlap (one value fits)', async () => {
    const legacy = await signWithSecrets(secrets, START, input, '1.0.0');
    expect(legacy['X-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(await verify(legacy, 'whsec_old')).toBe(true);
  });
});

describe('afterAnswer', () => {
  it('holds the new secret after a rotation answered 1, and nothing new after a refusal or another call', () => {
    const held = {current: 'whsec_a'};
    const rotated = JSON.stringify({response_code: 1, data: {secret: 'whsec_b'}});
    expect(afterAnswer(held, 'webhook-secret-rotate', rotated)).toEqual({current: 'whsec_b', previous: 'whsec_a'});
    expect(afterAnswer(held, 'webhook-secret-rotate', JSON.stringify({response_code: 11}))).toBe(held);
    expect(afterAnswer(held, 'webhook-signature-form', rotated)).toBe(held);
    expect(afterAnswer(held, 'webhook-secret-rotate', 'not json')).toBe(held);
  });
});
