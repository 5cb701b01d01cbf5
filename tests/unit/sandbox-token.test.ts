/**
 * The token's 1.3.0 claims in the sandbox (core/sandbox/engine/token.ts): kid in the header names the
 * secret, aud names the environment, exp bounds the life; each refusal has the message the headers
 * page documents, and a token without them works until the sunset of the transition.
 */
import {readFileSync} from 'node:fs';
import {SignJWT} from 'jose';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {signToken} from '#core/sandbox/crypto';
import {tokenSunsetOf} from '#core/sandbox/compile';
import type {OpenApiDocument} from '#core/contract/openapi';
import {
  authenticate,
  MAX_TOKEN_LIFETIME_SECONDS,
  SANDBOX_KEY_ID,
  SANDBOX_REVOKED_KEY_ID,
  TOKEN_AUDIENCE,
} from '#core/sandbox/engine/token';
import {memoryStore} from '#core/sandbox/engine/types';

const contract = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as OpenApiDocument;
/** The sunset the engine gets, read from the contract as the compile step reads it. */
const LEGACY_TOKEN_SUNSET = tokenSunsetOf(contract).tokenSunset ?? '';
const keys = {
  jwtSecret: 'secret',
  keyId: 'k2',
  revokedKeyIds: new Set(['k1']),
  audience: 'sandbox.rupeerail.example',
  partnerIds: new Set(['P1']),
  legacySunset: LEGACY_TOKEN_SUNSET,
};
const now = 1_800_000_000_000;
const iat = now / 1000;
const full = {partnerId: 'P1', iat, exp: iat + 300, aud: 'sandbox.rupeerail.example', reqId: 'r1'};
const bearer = async (claims: Record<string, unknown>, kid?: string, secret = 'secret') =>
  `Bearer ${await signToken(claims, secret, kid)}`;
const check = async (header: string, at = now) => authenticate(header, keys, at, memoryStore());
const afterSunset = Date.parse(`${LEGACY_TOKEN_SUNSET}T00:00:00+05:30`) + 86_400_000;

describe('the token claims of 1.3.0', () => {
  it('accepts a token with kid, aud and exp', async () => {
    expect(await check(await bearer(full, 'k2'))).toEqual({partnerId: 'P1', reqId: 'r1'});
  });

  it('refuses an unknown or revoked kid, a wrong aud and a passed or too distant exp, each with its message', async () => {
    const cases: [string, string][] = [
      [await bearer(full, 'k9'), 'Unknown kid k9: the sandbox JWT secret has kid k2'],
      [await bearer(full, 'k1'), 'Key k1 was revoked: sign with a current JWT secret and send its kid'],
      [await bearer(full, 7 as unknown as string), 'The kid header must be a string: the key id of your JWT secret'],
      [
        await bearer({...full, aud: 'api.rupeerail.example'}, 'k2'),
        'Wrong aud: tokens for this environment carry aud sandbox.rupeerail.example',
      ],
      [await bearer({...full, exp: iat - 1}, 'k2'), 'Token expired: exp is in the past'],
      [await bearer({...full, exp: iat + 301}, 'k2'), 'The exp claim must be at most 300 seconds after iat'],
      [await bearer({...full, exp: 'soon'}, 'k2'), 'The exp claim must be the expiry time in Unix seconds'],
    ];
    for (const [header, error] of cases) expect(await check(header)).toEqual({error});
  });

  it("maps what jose refuses beyond the documented checks to the sandbox's words", async () => {
    const signed = (header: Record<string, unknown>, claims: Record<string, unknown> = full) =>
      new SignJWT(claims)
        .setProtectedHeader({alg: 'HS256', kid: 'k2', ...header})
        // Lets jose sign a header with an extension of ours; the sandbox knows none.
        .sign(new TextEncoder().encode('secret'), {crit: {'x-ours': true}});
    const [head, body] = (await signed({})).split('.') as [string, string];
    const noAlg = `${Buffer.from('{"kid":"k2"}').toString('base64url')}.${body}.x`;
    const cases: [string, string][] = [
      [noAlg, 'The token must be signed with HS256'],
      [await signed({alg: 'HS512'}), 'The token must be signed with HS256'],
      [`${head}.${body}.abcde`, 'Token signature does not match: sign it with the sandbox JWT secret'],
      [`${head}.${body.slice(0, -2)}.abc`, 'The token header and claims must be base64url-encoded JSON'],
      [
        await signed({crit: ['x-ours'], 'x-ours': 1}),
        'The token header must not carry crit: the sandbox understands no JWS extensions',
      ],
      [await signed({}, {...full, nbf: iat + 60}), 'Token not valid yet: nbf is after the current time'],
      [await signed({}, {...full, nbf: 'now'}), 'The nbf claim must be a time in Unix seconds'],
      [await signed({}, {...full, iat: 'now'}), 'The iat claim must be the current time in Unix seconds'],
    ];
    for (const [token, error] of cases) expect(await check(`Bearer ${token}`), token).toEqual({error});
    // RFC 7519 allows an array of audiences: one of them must be this environment.
    const many = await signed({}, {...full, aud: ['sandbox.rupeerail.example', 'other.example'], reqId: 'r9'});
    expect(await check(`Bearer ${many}`)).toEqual({partnerId: 'P1', reqId: 'r9'});
  });

  it('accepts the 1.2.0 form (no kid, aud or exp) until the sunset day ends in IST, then names what is missing', async () => {
    const legacy = {partnerId: 'P1', reqId: 'r2'};
    const at = (ms: number) => bearer({...legacy, iat: Math.floor(ms / 1000)});
    expect(await check(await at(afterSunset - 1000), afterSunset - 1000)).toEqual({
      partnerId: 'P1',
      reqId: 'r2',
      oldFormSunset: LEGACY_TOKEN_SUNSET,
    });
    expect(await check(await at(afterSunset), afterSunset)).toEqual({
      error: `The token must carry kid: tokens without exp, aud and kid were accepted until ${LEGACY_TOKEN_SUNSET}`,
    });
    const noAud = {partnerId: 'P1', reqId: 'r3', iat: afterSunset / 1000, exp: afterSunset / 1000 + 60};
    expect(await check(await bearer(noAud, 'k2'), afterSunset)).toEqual({
      error: `The token must carry aud: tokens without exp, aud and kid were accepted until ${LEGACY_TOKEN_SUNSET}`,
    });
  });

  it("takes the sunset from partnerJwt's x-transitions, and refuses the old form outright when the contract has none", async () => {
    expect(LEGACY_TOKEN_SUNSET).toBe('2027-06-30');
    const scheme = {type: 'http', scheme: 'bearer'};
    const moved = {old: 'a token without `kid`', replacement: 'a token with `kid` in its header', sunset: '2028-01-31'};
    expect(tokenSunsetOf({components: {securitySchemes: {partnerJwt: {...scheme, 'x-transitions': [moved]}}}})).toEqual(
      {tokenSunset: '2028-01-31'},
    );
    expect(tokenSunsetOf({components: {securitySchemes: {partnerJwt: scheme}}})).toEqual({});
    const noWindow = {...keys, legacySunset: undefined};
    const old = await bearer({partnerId: 'P1', reqId: 'r4', iat});
    expect(await authenticate(old, noWindow, now, memoryStore())).toEqual({
      error: 'The token must carry kid: tokens without exp, aud and kid are refused',
    });
  });

  it('states the same sunset, key ids and audiences as the headers page', () => {
    const page = readFileSync('src/pages/HeaderMarkdown.mdx', 'utf8');
    for (const value of [
      SANDBOX_KEY_ID,
      SANDBOX_REVOKED_KEY_ID,
      TOKEN_AUDIENCE.sandbox,
      TOKEN_AUDIENCE.production,
      LEGACY_TOKEN_SUNSET,
    ])
      expect(page).toContain(value);
  });

  it('enforces the lifetime and audiences the recorded fact states (openapi/facts/common.yaml)', () => {
    const facts = parse(readFileSync('openapi/facts/common.yaml', 'utf8')) as {id: string; fact: string}[];
    const fact = facts.find((f) => f.id === 'jwt-claims-exp-aud-kid')?.fact ?? '';
    expect(fact).toContain(`at most ${MAX_TOKEN_LIFETIME_SECONDS} seconds after \`iat\``);
    expect(fact).toContain(TOKEN_AUDIENCE.sandbox);
    expect(fact).toContain(TOKEN_AUDIENCE.production);
  });
});
