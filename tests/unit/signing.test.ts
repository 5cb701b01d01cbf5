/**
 * core/signing: the request-signing scheme of openapi/DECISIONS.md. A fixed example in the style of
 * RFC 9421's test vectors (the sandbox's published test key, a fixed `created`, so Ed25519 gives one
 * signature), checked against Node's own crypto rather than against the module itself; the strict
 * header reader; every refusal of the verifier word for word; and ECDSA's raw form against DER.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseSignatureInput, parseSignature, parseContentDigest, type SignatureParams} from '#core/signing/fields';
import {ecdsaDerToRaw, importPrivateKey, importPublicJwk, jwkAlg, type PublicJwk} from '#core/signing/keys';
import {
  contentDigest,
  signatureBase,
  signRequest,
  verifyRequest,
  PRODUCTION_SIGNATURE_MESSAGE,
  type KeyState,
  type SignedRequest,
} from '#core/signing/message';
import {checkRequestSignature} from '#core/sandbox/engine/request-signature';
import {SITE_DIR} from '#node/contract/paths';

const TEST_PRIVATE = 'MC4CAQAwBQYDK2VwBCIEIC8Ljw0IQc5W+QMO923zVVy8/7zrfCid9gR7WVrrQSzs';
const TEST_JWK: PublicJwk = {kty: 'OKP', crv: 'Ed25519', x: 'S-Fk1OUy4SzR4pmSs8YpOEw-Mqnz9F6odFMlzFVBwZQ'};
const REQ: SignedRequest = {
  method: 'POST',
  path: '/api/v1/service/payout/orders',
  body: '{"amount":10201}',
  authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyZXFJZCI6InJlcS0wMDAwMSJ9.c2lnbmF0dXJl',
};
const PARAMS: SignatureParams = {created: 1763097127, keyid: 'sbx-ed25519-1', alg: 'ed25519', nonce: 'req-00001'};
const INPUT =
  'sig1=("@method" "@path" "content-digest" "authorization");created=1763097127;keyid="sbx-ed25519-1";alg="ed25519";nonce="req-00001"';
const BASE = [
  '"@method": POST',
  '"@path": /api/v1/service/payout/orders',
  '"content-digest": sha-256=:G93VTuXwft4+jMJDTc+2S96l9Olj+nZiPCOSkAhK7xg=:',
  '"authorization": Bearer eyJhbGciOiJIUzI1NiJ9.eyJyZXFJZCI6InJlcS0wMDAwMSJ9.c2lnbmF0dXJl',
  `"@signature-params": ${INPUT.slice('sig1='.length)}`,
].join('\n');

const lower = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

async function testKeyState(): Promise<KeyState> {
  return {status: 'active', key: await importPublicJwk(TEST_JWK, 'ed25519'), alg: 'ed25519'};
}

describe('the fixed example (the sandbox test key, created 1763097127)', () => {
  it('has the Content-Digest of the body and the signature base DECISIONS.md writes out', async () => {
    const sha = crypto.createHash('sha256').update(REQ.body).digest('base64');
    expect(await contentDigest(REQ.body)).toBe(`sha-256=:${sha}:`);
    expect(signatureBase(REQ, await contentDigest(REQ.body), PARAMS)).toBe(BASE);
    expect(await contentDigest('')).toBe('sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:');
  });

  it('signs to the one Ed25519 signature Node computes over that base, and verifies', async () => {
    const nodeKey = crypto.createPrivateKey({key: Buffer.from(TEST_PRIVATE, 'base64'), format: 'der', type: 'pkcs8'});
    const expected = crypto.sign(null, Buffer.from(BASE), nodeKey).toString('base64');
    const headers = await signRequest(REQ, PARAMS, await importPrivateKey(TEST_PRIVATE, 'ed25519'));
    expect(headers).toEqual({
      'Content-Digest': 'sha-256=:G93VTuXwft4+jMJDTc+2S96l9Olj+nZiPCOSkAhK7xg=:',
      'Signature-Input': INPUT,
      Signature: `sig1=:${expected}:`,
    });
    const verified = await verifyRequest(REQ, lower({...headers}), {
      nonce: 'req-00001',
      nowSeconds: PARAMS.created + 10,
      keyFor: testKeyState,
    });
    expect(verified).toEqual({ok: true, keyid: 'sbx-ed25519-1', alg: 'ed25519'});
  });
});

describe('the header reader takes our one form only', () => {
  it('reads Signature-Input, Signature and Content-Digest', () => {
    expect(parseSignatureInput(INPUT)).toEqual({value: PARAMS});
    expect(parseSignature('sig1=:AAEC:')).toEqual({value: Uint8Array.from([0, 1, 2])});
    expect(parseContentDigest('sha-256=:AAEC:')).toEqual({value: Uint8Array.from([0, 1, 2])});
  });

  it('refuses other labels, orders, spaces, algorithms and encodings', () => {
    const form =
      'Signature-Input must be exactly sig1=("@method" "@path" "content-digest" "authorization");created=<unix seconds>;keyid="<key id>";alg="ed25519" or "ecdsa-p256-sha256";nonce="<the token\'s reqId>" (one label, these components and parameters in this order, no spaces between them)';
    for (const header of [
      INPUT.replace('sig1=', 'sig2='),
      INPUT.replace('"@path" "content-digest"', '"content-digest" "@path"'),
      INPUT.replace(';keyid', '; keyid'),
      `${INPUT};expires=1763097427`,
      `${INPUT}, sig2=${INPUT.slice(5)}`,
    ])
      expect(parseSignatureInput(header)).toEqual({error: form});
    expect(parseSignatureInput(INPUT.replace('"ed25519"', '"rsa-pss-sha512"'))).toEqual({
      error: 'Signature-Input names alg "rsa-pss-sha512": use ed25519 or ecdsa-p256-sha256',
    });
    expect(parseSignature('sig1=AAEC')).toEqual({
      error: 'Signature must be exactly sig1=:<base64>: (one member, standard base64 with padding between the colons)',
    });
    expect(parseSignature('sig1=:AAE-Xw==:')).toEqual({
      error: 'Signature must be exactly sig1=:<base64>:; "AAE-Xw==" is not standard base64 with padding',
    });
    expect(parseContentDigest('sha-512=:AAEC:')).toEqual({
      error:
        'Content-Digest must be exactly sha-256=:<base64>: (one member, standard base64 with padding between the colons)',
    });
  });
});

describe('the verifier says which check failed', () => {
  async function signed(overrides: Partial<SignatureParams> = {}, req: SignedRequest = REQ) {
    return lower({
      ...(await signRequest(req, {...PARAMS, ...overrides}, await importPrivateKey(TEST_PRIVATE, 'ed25519'))),
    });
  }
  const options = {nonce: 'req-00001', nowSeconds: PARAMS.created, keyFor: testKeyState};

  it('refuses each broken part with its own problem and message', async () => {
    const good = await signed();
    const cases: [
      Record<string, string | undefined>,
      SignedRequest,
      Parameters<typeof verifyRequest>[2],
      string,
      string,
    ][] = [
      [{}, REQ, options, 'unsigned', 'The request is not signed: send Content-Digest, Signature-Input and Signature'],
      [{...good, signature: undefined}, REQ, options, 'malformed', 'Missing Signature: send sig1=:<base64>:'],
      [
        {...good},
        {...REQ, body: '{"amount":99999}'},
        options,
        'digest',
        'Content-Digest does not match the body: send sha-256=:<base64 of the SHA-256 of the raw body bytes>:',
      ],
      [
        good,
        REQ,
        {...options, nonce: 'req-00002'},
        'nonce',
        'The signature\'s nonce "req-00001" is not this request\'s token reqId: sign each request with its own reqId',
      ],
      [
        good,
        REQ,
        {...options, nowSeconds: PARAMS.created + 301},
        'created',
        "The signature's created is more than 5 minutes from the current time: sign each request when you send it",
      ],
      [
        good,
        REQ,
        {...options, keyFor: () => undefined},
        'unknown-key',
        'Unknown keyid sbx-ed25519-1: register the public key first, or sign with a registered key',
      ],
      [
        good,
        REQ,
        {...options, keyFor: () => ({status: 'revoked'})},
        'revoked-key',
        'Key sbx-ed25519-1 was revoked: sign with an active key',
      ],
      [
        good,
        {...REQ, path: '/api/v1/service/payout/contacts'},
        options,
        'mismatch',
        'The signature does not match: sign the base of this method, path, Content-Digest and Authorization with key sbx-ed25519-1',
      ],
      [
        good,
        {...REQ, authorization: `${REQ.authorization}x`},
        options,
        'mismatch',
        'The signature does not match: sign the base of this method, path, Content-Digest and Authorization with key sbx-ed25519-1',
      ],
    ];
    for (const [headers, req, opts, problem, message] of cases)
      expect(await verifyRequest(req, headers, opts)).toEqual({ok: false, problem, message});
  });
});

describe('ECDSA P-256: raw r || s, never DER', () => {
  it('verifies the raw form, names DER for what it is, and converts DER to raw', async () => {
    const pair = crypto.generateKeyPairSync('ec', {namedCurve: 'P-256'});
    const jwk = pair.publicKey.export({format: 'jwk'}) as PublicJwk;
    expect(jwkAlg(jwk)).toEqual({alg: 'ecdsa-p256-sha256'});
    const params: SignatureParams = {...PARAMS, keyid: 'ec-1', alg: 'ecdsa-p256-sha256'};
    const digest = await contentDigest(REQ.body);
    const base = Buffer.from(signatureBase(REQ, digest, params));
    const der = crypto.sign('sha256', base, pair.privateKey);
    const raw = crypto.sign('sha256', base, {key: pair.privateKey, dsaEncoding: 'ieee-p1363'});
    const keyFor = async (): Promise<KeyState> => ({
      status: 'active',
      key: await importPublicJwk(jwk, 'ecdsa-p256-sha256'),
      alg: 'ecdsa-p256-sha256',
    });
    const headers = (sig: Buffer) => ({
      'content-digest': digest,
      'signature-input': `sig1=("@method" "@path" "content-digest" "authorization");created=1763097127;keyid="ec-1";alg="ecdsa-p256-sha256";nonce="req-00001"`,
      signature: `sig1=:${sig.toString('base64')}:`,
    });
    const options = {nonce: 'req-00001', nowSeconds: PARAMS.created, keyFor};
    expect(await verifyRequest(REQ, headers(raw), options)).toEqual({
      ok: true,
      keyid: 'ec-1',
      alg: 'ecdsa-p256-sha256',
    });
    expect(await verifyRequest(REQ, headers(der), options)).toEqual({
      ok: false,
      problem: 'der',
      message: `The ECDSA signature is DER (${der.length} bytes): send the raw 64 bytes r || s instead`,
    });
    const converted = ecdsaDerToRaw(new Uint8Array(der));
    expect(converted?.length).toBe(64);
    expect(await verifyRequest(REQ, headers(Buffer.from(converted!)), options)).toMatchObject({ok: true});
    expect(ecdsaDerToRaw(new Uint8Array(raw))).toBeUndefined();
  });
});

describe('public keys for the registration call', () => {
  it('takes the public members of an Ed25519 or P-256 key and refuses a private one', () => {
    expect(jwkAlg(TEST_JWK)).toEqual({alg: 'ed25519'});
    expect(jwkAlg({...TEST_JWK, d: 'private'})).toEqual({
      error: 'jwk holds a private key (member d): send the public key only, and keep the private key',
    });
    expect(jwkAlg({kty: 'RSA', n: 'x', e: 'AQAB'})).toEqual({
      error: 'jwk must be an Ed25519 key (kty OKP, crv Ed25519) or a P-256 key (kty EC, crv P-256)',
    });
    expect(jwkAlg({...TEST_JWK, x: 'short'})).toEqual({
      error: 'jwk.x must be the 32-byte Ed25519 public key in base64url (43 characters)',
    });
  });
});

// Issue 33: a 401 must not help enumerate keys in production, so the pages promise one sentence there
// and list what only the sandbox says. Each refusal the sandbox can send is made here and must begin
// with a prefix of the HeaderMarkdown table; the production sentence must be on the page and in the
// contract's 401 answer.
describe('what a refused signature says, in production and in the sandbox', () => {
  const page = fs.readFileSync(path.join(SITE_DIR, 'src/pages/HeaderMarkdown.mdx'), 'utf8');
  const contract = fs.readFileSync(path.join(SITE_DIR, 'openapi/components/common.yaml'), 'utf8');

  /** The table's "Sandbox `message` begins with" prefixes, `<keyid>` standing for any key id. */
  function tablePrefixes(): RegExp[] {
    const at = page.indexOf('| Check (in this order) | Sandbox `message` begins with |');
    if (at < 0) throw new Error('src/pages/HeaderMarkdown.mdx: the table of sandbox signature messages is missing');
    const rows = page.slice(at).split('\n').slice(2);
    const table = rows.slice(
      0,
      rows.findIndex((r) => !r.startsWith('|')),
    );
    return table.flatMap((row) =>
      [...(row.split('|')[2] ?? '').matchAll(/`([^`]+)`/g)].map(
        (m) => new RegExp(`^${(m[1] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('<keyid>', '\\S+')}`),
      ),
    );
  }

  async function refusals(): Promise<string[]> {
    const parsed = [
      parseSignatureInput(undefined),
      parseSignatureInput('sig1=()'),
      parseSignatureInput(INPUT.replace('"ed25519"', '"rsa-pss-sha512"')),
      parseSignatureInput(INPUT.replace('keyid="sbx-ed25519-1"', 'keyid=""')),
      parseSignature(undefined),
      parseSignature('sig1=AAEC'),
      parseContentDigest(undefined),
      parseContentDigest('sha-512=:AAEC:'),
    ].flatMap((p) => ('error' in p ? [p.error] : []));
    const good = lower({...(await signRequest(REQ, PARAMS, await importPrivateKey(TEST_PRIVATE, 'ed25519')))});
    const options = {nonce: 'req-00001', nowSeconds: PARAMS.created, keyFor: testKeyState};
    const ecdsa = {...good, 'signature-input': INPUT.replace('"ed25519"', '"ecdsa-p256-sha256"')};
    // The key's own check runs before the signature's, so any active key stands in for a P-256 one.
    const ecdsaKey = async (): Promise<KeyState> => ({
      status: 'active',
      key: await importPublicJwk(TEST_JWK, 'ed25519'),
      alg: 'ecdsa-p256-sha256',
    });
    const der = Buffer.concat([
      Buffer.from([0x30, 68, 0x02, 32]),
      Buffer.alloc(32, 1),
      Buffer.from([0x02, 32]),
      Buffer.alloc(32, 2),
    ]);
    const verified = await Promise.all([
      verifyRequest({...REQ, body: '{}'}, good, options),
      verifyRequest(REQ, good, {...options, nonce: 'req-00002'}),
      verifyRequest(REQ, good, {...options, nowSeconds: PARAMS.created + 301}),
      verifyRequest(REQ, good, {...options, keyFor: () => undefined}),
      verifyRequest(REQ, good, {...options, keyFor: () => ({status: 'revoked'})}),
      verifyRequest(REQ, good, {...options, keyFor: ecdsaKey}),
      verifyRequest(REQ, {...ecdsa, signature: `sig1=:${der.toString('base64')}:`}, {...options, keyFor: ecdsaKey}),
      verifyRequest(REQ, {...ecdsa, signature: 'sig1=:AAEC:'}, {...options, keyFor: ecdsaKey}),
      verifyRequest({...REQ, path: '/api/v1/service/payout/contacts'}, good, options),
    ]);
    const unsigned = await Promise.all(
      [{}, {sunset: '2020-01-01'}].map((rule) =>
        checkRequestSignature(rule, {
          method: REQ.method,
          path: REQ.path,
          body: '',
          headers: {},
          reqId: 'req-00001',
          nowMs: Date.now(),
          ring: [],
          webhookSecret: '',
        }),
      ),
    );
    return [
      ...parsed,
      ...verified.flatMap((v) => (v.ok ? [] : [v.message])),
      ...unsigned.flatMap((u) => ('answer' in u ? [(u.answer.body as {message: string}).message] : [])),
    ];
  }

  it('production says one sentence; the table names the start of every message the sandbox sends', async () => {
    expect(page).toContain(`with the one message \`${PRODUCTION_SIGNATURE_MESSAGE}\`, whatever the cause`);
    expect(contract.replace(/\s+/g, ' ')).toContain(
      `Production answers a refused request signature with the one message \`${PRODUCTION_SIGNATURE_MESSAGE}\``,
    );
    const messages = await refusals();
    expect(messages).toHaveLength(19);
    const prefixes = tablePrefixes();
    expect(messages.filter((m) => !prefixes.some((p) => p.test(m)))).toEqual([]);
  });
});
