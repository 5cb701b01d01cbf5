/**
 * Step 2, authenticate: the token check of /HeaderMarkdown. `Authorization: Bearer <JWT>`, HS256
 * with the test secret named by its `kid`, claims partnerId (a test partner id), iat within 300 s,
 * exp (at most 300 s after iat, not passed), aud (this environment) and reqId (never reused).
 * Tokens without exp, aud or kid (the form of 1.2.0) are accepted until `legacySunset`, the sunset
 * of partnerJwt's `x-transitions` in openapi.yaml (compiled into the sandbox index, never copied
 * here), and flagged so the engine answers them with `Deprecation` and `Sunset`.
 * Our own policy with its reasons: openapi/facts/common.yaml, `jwt-*`.
 *
 * `jose` does the JWT itself: decoding, the HS256 allow-list, the signature, the registered
 * claims it knows (`exp`, `nbf`, `aud`, the types of `iat` and `exp`) on the sandbox's clock.
 * Its errors are mapped to the sandbox's messages (`refusal`), which the headers page documents
 * and tests assert word for word. What jose does not know stays here: the key id lookup with its
 * revoked keys, the legacy form until the sunset, our partner ids, the iat window both ways, the
 * longest lifetime, the reqId's shape and its single use.
 */
import {decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyOptions} from 'jose';
import {jwtKey} from '../crypto';
import {envelope, type Answer, type SandboxStore} from './types';

/** Seconds a token's `iat` may be from the sandbox clock (the headers page says 5 minutes). */
export const IAT_TOLERANCE_SECONDS = 300;

/** Longest life a token may claim: `exp` at most this many seconds after `iat`. */
export const MAX_TOKEN_LIFETIME_SECONDS = 300;

/** The `aud` of each environment, so a token signed for one is refused by the other. */
export const TOKEN_AUDIENCE = {sandbox: 'sandbox.rupeerail.example', production: 'api.rupeerail.example'} as const;

/** The key id of the sandbox's test JWT secret, and a revoked one to try the refusal with. */
export const SANDBOX_KEY_ID = 'sbx-key-2';
export const SANDBOX_REVOKED_KEY_ID = 'sbx-key-1';

/** The first instant after the sunset day, in IST, when the legacy form stops working. */
const legacyEndMs = (sunset: string): number => Date.parse(`${sunset}T00:00:00+05:30`) + 86_400_000;

export interface TokenKeys {
  readonly jwtSecret: string;
  /** The `kid` of `jwtSecret`. */
  readonly keyId: string;
  /** Key ids that were revoked: a token naming one is refused before its signature is checked. */
  readonly revokedKeyIds: ReadonlySet<string>;
  readonly audience: string;
  readonly partnerIds: ReadonlySet<string>;
  /** Last day (IST) a token without `exp`, `aud` or `kid` is accepted; undefined: never. */
  readonly legacySunset?: string | undefined;
}

type TokenCheck = {error: string} | {partnerId: string};
/**
 * A valid token: its partner, its reqId (a later step binds a proof to it) and, for a token of the
 * old form accepted in its window, that window's sunset (the engine answers it with the transition's headers).
 */
type Authenticated = {error: string} | {partnerId: string; reqId: string; oldFormSunset?: string};

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

const SAYS = {
  missing: 'Missing Authorization header: send Authorization: Bearer <token>',
  notBearer: 'Authorization must be Bearer, one space, and a JWT of three base64url parts',
  notJson: 'The token header and claims must be base64url-encoded JSON',
  alg: 'The token must be signed with HS256',
  crit: 'The token header must not carry crit: the sandbox understands no JWS extensions',
  signature: 'Token signature does not match: sign it with the sandbox JWT secret',
  iat: 'The iat claim must be the current time in Unix seconds',
  exp: 'The exp claim must be the expiry time in Unix seconds',
  expired: 'Token expired: exp is in the past',
  nbf: 'The nbf claim must be a time in Unix seconds',
  early: 'Token not valid yet: nbf is after the current time',
  aud: (audience: string) => `Wrong aud: tokens for this environment carry aud ${audience}`,
  must: (name: string, sunset: string | undefined) =>
    sunset
      ? `The token must carry ${name}: tokens without exp, aud and kid were accepted until ${sunset}`
      : `The token must carry ${name}: tokens without exp, aud and kid are refused`,
} as const;

/** A refusal decided by our own key lookup inside jose's verification (it passes the error through). */
class Refused extends Error {}

/** The secret a token's `kid` names, or why none: a missing kid is the 1.2.0 form, allowed until the sunset. */
function secretFor(kid: unknown, keys: TokenKeys, legacy: boolean): {error: string} | {secret: string} {
  if (kid === undefined) return legacy ? {secret: keys.jwtSecret} : {error: SAYS.must('kid', keys.legacySunset)};
  if (typeof kid !== 'string') return {error: 'The kid header must be a string: the key id of your JWT secret'};
  if (keys.revokedKeyIds.has(kid))
    return {error: `Key ${kid} was revoked: sign with a current JWT secret and send its kid`};
  if (kid !== keys.keyId) return {error: `Unknown kid ${kid}: the sandbox JWT secret has kid ${keys.keyId}`};
  return {secret: keys.jwtSecret};
}

/**
 * jose's options for this token. Until the sunset `exp` and `aud` may be absent, but an `aud` that
 * is there must be right, so jose checks the audience whenever the (still unverified) claims carry
 * one; after it both are required. No clock tolerance: `exp` at or before now is expired, as before.
 */
function verifyOptions(claims: JWTPayload, keys: TokenKeys, nowMs: number, legacy: boolean): JWTVerifyOptions {
  return {
    algorithms: ['HS256'],
    currentDate: new Date(nowMs),
    ...(legacy ? {} : {requiredClaims: ['exp']}),
    ...(legacy && claims.aud === undefined ? {} : {audience: keys.audience}),
  };
}

/** A refused registered claim in our words: jose names the claim and why (`missing`, `invalid`, `check_failed`). */
function claimRefusal(claim: string, reason: string, keys: TokenKeys): string | undefined {
  if (reason === 'missing') return SAYS.must(claim, keys.legacySunset);
  if (claim === 'aud') return SAYS.aud(keys.audience);
  if (claim === 'iat') return SAYS.iat;
  if (claim === 'exp') return SAYS.exp;
  if (claim === 'nbf') return reason === 'invalid' ? SAYS.nbf : SAYS.early;
  return undefined;
}

/**
 * jose's error as the sandbox's message. `header` is the token's decoded JOSE header: jose reports a
 * missing `alg`, an unknown `crit` and a signature that is not base64url alike as an invalid JWS.
 */
function refusal(e: unknown, header: Record<string, unknown>, keys: TokenKeys): string {
  if (e instanceof Refused) return e.message;
  if (e instanceof errors.JOSEAlgNotAllowed) return SAYS.alg;
  if (e instanceof errors.JWSSignatureVerificationFailed) return SAYS.signature;
  if (e instanceof errors.JWTExpired) return SAYS.expired;
  if (e instanceof errors.JWTClaimValidationFailed) {
    const said = claimRefusal(e.claim, e.reason, keys);
    if (said) return said;
  }
  if (e instanceof errors.JWSInvalid || e instanceof errors.JOSENotSupported || e instanceof errors.JWTInvalid) {
    if (header.crit !== undefined) return SAYS.crit;
    if (typeof header.alg !== 'string') return SAYS.alg;
    if (e instanceof errors.JWSInvalid) return SAYS.signature;
    return SAYS.notJson;
  }
  // Anything else is not about the token (a broken key, no Web Crypto): a fault of ours, not a 401.
  throw e;
}

/** The claims' rules jose does not know, in the order the messages are checked. */
function checkClaims(claims: JWTPayload, keys: TokenKeys, nowMs: number): TokenCheck {
  const {partnerId, iat, exp, reqId} = claims;
  if (typeof partnerId !== 'string' || !keys.partnerIds.has(partnerId))
    return {error: `Unknown partnerId: the sandbox accepts ${[...keys.partnerIds].join(', ')}`};
  if (typeof iat !== 'number' || !Number.isInteger(iat)) return {error: SAYS.iat};
  // Both ways: jose's `maxTokenAge` bounds only the past, and a clock ahead of ours is as common.
  if (Math.abs(iat - nowMs / 1000) > IAT_TOLERANCE_SECONDS)
    return {error: 'Token expired: iat is more than 5 minutes from the current time'};
  if (exp !== undefined && !Number.isInteger(exp)) return {error: SAYS.exp};
  if (exp !== undefined && exp - iat > MAX_TOKEN_LIFETIME_SECONDS)
    return {error: `The exp claim must be at most ${MAX_TOKEN_LIFETIME_SECONDS} seconds after iat`};
  if (typeof reqId !== 'string' || reqId.length < 1 || reqId.length > 64)
    return {error: 'The reqId claim must be a string of 1 to 64 characters'};
  return {partnerId};
}

/** The verified claims of a token, or our message for why it is refused. */
async function verified(
  token: string,
  keys: TokenKeys,
  nowMs: number,
): Promise<{error: string} | {claims: JWTPayload}> {
  let header: Record<string, unknown>;
  let claims: JWTPayload;
  try {
    header = decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    return {error: SAYS.notJson};
  }
  const legacy = keys.legacySunset !== undefined && nowMs < legacyEndMs(keys.legacySunset);
  const key = (jose: {kid?: unknown}): Uint8Array => {
    const found = secretFor(jose.kid, keys, legacy);
    if ('error' in found) throw new Refused(found.error);
    return jwtKey(found.secret);
  };
  try {
    return {claims: (await jwtVerify(token, key, verifyOptions(claims, keys, nowMs, legacy))).payload};
  } catch (e) {
    return {error: refusal(e, header, keys)};
  }
}

/**
 * The partner id and reqId of a valid token, or a message saying what is wrong. A valid token's reqId is
 * recorded in the store: the same reqId again is refused.
 */
export async function authenticate(
  header: string | undefined,
  keys: TokenKeys,
  nowMs: number,
  store: SandboxStore,
): Promise<Authenticated> {
  if (!header) return {error: SAYS.missing};
  const token = BEARER.exec(header)?.[1];
  if (!token) return {error: SAYS.notBearer};
  const checkedToken = await verified(token, keys, nowMs);
  if ('error' in checkedToken) return checkedToken;
  const {claims} = checkedToken;
  const checked = checkClaims(claims, keys, nowMs);
  if ('error' in checked) return checked;
  const {reqId, iat} = claims as {reqId: string; iat: number};
  if (store.get(`reqId:${reqId}`) !== undefined) return {error: 'reqId already used: sign a fresh token per request'};
  store.set(`reqId:${reqId}`, iat);
  const oldForm =
    decodeProtectedHeader(token).kid === undefined || claims.exp === undefined || claims.aud === undefined;
  return {
    partnerId: checked.partnerId,
    reqId,
    ...(oldForm && keys.legacySunset ? {oldFormSunset: keys.legacySunset} : {}),
  };
}

export const tokenAnswer = (error: string): Answer => ({status: 401, body: envelope(11, error), scenario: 'token'});
