/**
 * The proof of the current webhook secret on `webhook-secret-rotate` (core/sandbox/engine/secret-proof.ts):
 * its form, each refusal's message, and the contract declaring the header the engine asks for.
 */
import crypto from 'node:crypto';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {
  proofAnswer,
  SECRET_PROOF_HEADER,
  SECRET_ROTATE_OPERATION,
  secretProof,
  secretProofProblem,
} from '#core/sandbox/engine/secret-proof';

const SECRET = 'whsec_test_4f1d2c';
const BODY = '{"reason":"Scheduled quarterly rotation"}';

describe('the webhook secret proof', () => {
  it('is v1= and the hex HMAC-SHA256 of reqId, a dot and the raw body, as a delivery signature is', async () => {
    const expected = crypto.createHmac('sha256', SECRET).update(`req-1.${BODY}`).digest('hex');
    expect(await secretProof(SECRET, 'req-1', BODY)).toBe(`v1=${expected}`);
  });

  it('accepts the proof of this request and refuses a missing one, another secret, another reqId or another body', async () => {
    const good = await secretProof(SECRET, 'req-1', BODY);
    expect(await secretProofProblem(good, SECRET, 'req-1', BODY)).toBeUndefined();
    expect(await secretProofProblem(undefined, SECRET, 'req-1', BODY)).toBe(
      'Missing X-Webhook-Secret-Proof: send v1= and the HMAC-SHA256 of "<reqId>.<raw body>" with your current webhook secret, or rotate in the dashboard',
    );
    const mismatch =
      'X-Webhook-Secret-Proof does not match: sign "<reqId>.<raw body>" of this request with your current webhook secret';
    for (const [proof, reqId, body] of [
      [await secretProof('whsec_other', 'req-1', BODY), 'req-1', BODY],
      [good, 'req-2', BODY],
      [good, 'req-1', `${BODY} `],
    ] as const)
      expect(await secretProofProblem(proof, SECRET, reqId, body)).toBe(mismatch);
  });

  it('answers a refusal with 401 and code 11', () => {
    expect(proofAnswer('why')).toEqual({
      status: 401,
      body: {status: false, response_code: 11, message: 'why'},
      scenario: 'secret-proof',
    });
  });

  it('is the header the contract declares, required, on the rotation call', () => {
    const family = parse(readFileSync('openapi/families/webhooks.yaml', 'utf8')) as {
      paths: Record<string, Record<string, {operationId: string; parameters?: {name: string; required?: boolean}[]}>>;
    };
    const op = Object.values(family.paths)
      .flatMap((item) => Object.values(item))
      .find((o) => o.operationId === SECRET_ROTATE_OPERATION);
    expect(op?.parameters?.find((p) => p.name === SECRET_PROOF_HEADER)?.required).toBe(true);
  });
});
