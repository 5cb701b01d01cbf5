/**
 * The hand-written samples shown on /HeaderMarkdown and every webhook page are
 * executed here, so that what readers paste actually works: token signing and
 * signature checks in Node.js, Python and the shell, against fixed vectors.
 */
import {execFileSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const SAMPLES = path.resolve(__dirname, '../../samples');
const SECRET = 'test-partner-secret-4f1d2c';
const WEBHOOK_SECRET = 'whsec_test_4f1d2c';
/** Fixed vector: this exact body, keyed with WEBHOOK_SECRET. */
const BODY = '{"event":"AEPS_TRANSACTION_UPDATE","referenceid":"RR-20251114-000187","status":"SUCCESS"}';
const SIGNATURE = '9292af0faf07ab873c8a36b7d8ea322bd956cb30b52fdc91e136d8f1c70d681f';

function checkToken(token: string): Record<string, unknown> {
  const [header, payload, signature] = token.trim().split('.');
  expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({alg: 'HS256', typ: 'JWT'});
  const expected = crypto.createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  expect(claims.partnerId).toBe('PS001234');
  expect(Math.abs(Number(claims.iat) - Date.now() / 1000)).toBeLessThan(60);
  expect(typeof claims.reqId).toBe('string');
  return claims;
}

const env = {...process.env, PARTNER_ID: 'PS001234', PARTNER_SECRET: SECRET, WEBHOOK_SECRET};

describe('token samples (samples/jwt)', () => {
  it('Node.js signs a valid HS256 token with a fresh reqId', () => {
    const a = checkToken(execFileSync('node', [path.join(SAMPLES, 'jwt/jwt.mjs')], {env}).toString());
    const b = checkToken(execFileSync('node', [path.join(SAMPLES, 'jwt/jwt.mjs')], {env}).toString());
    expect(a.reqId).not.toBe(b.reqId);
  });

  it('Python signs a valid HS256 token', () => {
    checkToken(execFileSync('python3', [path.join(SAMPLES, 'jwt/jwt.py')], {env}).toString());
  });

  it('the shell sample signs a valid HS256 token', () => {
    checkToken(execFileSync('bash', [path.join(SAMPLES, 'jwt/jwt.sh')], {env}).toString());
  });
});

describe('signature samples (samples/verify)', () => {
  it('the fixed vector is what HMAC-SHA256 gives', () => {
    expect(crypto.createHmac('sha256', WEBHOOK_SECRET).update(BODY).digest('hex')).toBe(SIGNATURE);
  });

  it('Node.js accepts the right signature and rejects a wrong or missing one', async () => {
    const {verifySignature} = (await import(path.join(SAMPLES, 'verify/verify.mjs'))) as {
      verifySignature: (body: string | Buffer, sig: string | undefined, secret: string) => boolean;
    };
    expect(verifySignature(Buffer.from(BODY), SIGNATURE, WEBHOOK_SECRET)).toBe(true);
    expect(verifySignature(Buffer.from(`${BODY} `), SIGNATURE, WEBHOOK_SECRET)).toBe(false);
    expect(verifySignature(Buffer.from(BODY), SIGNATURE.replace(/^9/, '8'), WEBHOOK_SECRET)).toBe(false);
    expect(verifySignature(Buffer.from(BODY), undefined, WEBHOOK_SECRET)).toBe(false);
  });

  it('Python accepts the right signature and rejects a wrong one', () => {
    const script = [
      'import importlib.util, sys',
      `spec = importlib.util.spec_from_file_location("v", ${JSON.stringify(path.join(SAMPLES, 'verify/verify.py'))})`,
      'm = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)',
      `body = ${JSON.stringify(BODY)}.encode()`,
      `print(m.verify_signature(body, ${JSON.stringify(SIGNATURE)}, ${JSON.stringify(WEBHOOK_SECRET)}),`,
      `      m.verify_signature(body + b" ", ${JSON.stringify(SIGNATURE)}, ${JSON.stringify(WEBHOOK_SECRET)}),`,
      `      m.verify_signature(body, None, ${JSON.stringify(WEBHOOK_SECRET)}))`,
    ].join('\n');
    expect(execFileSync('python3', ['-c', script]).toString().trim()).toBe('True False False');
  });

  it('the shell sample checks a saved body', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-'));
    const file = path.join(dir, 'body.json');
    fs.writeFileSync(file, BODY);
    expect(
      execFileSync('bash', [path.join(SAMPLES, 'verify/verify.sh'), file, SIGNATURE], {env})
        .toString()
        .trim(),
    ).toBe('valid');
    expect(() =>
      execFileSync('bash', [path.join(SAMPLES, 'verify/verify.sh'), file, SIGNATURE.replace(/^9/, '8')], {env}),
    ).toThrow();
  });
});
