/**
 * Step 2, authenticate: the token check of /HeaderMarkdown. `Authorization: Bearer <JWT>`, HS256
 * with the test secret named by its `kid`, claims partnerId (a test partner id), iat within 300 s,
 * exp (at most 300 s after iat, not passed), aud (this environment) and reqId (never reused).
 * Tokens without exp, aud or kid (the form of 1.2.0) are accepted until LEGACY_TOKEN_SUNSET, as the
 * versioning page's deprecations table says (from `x-transitions` of partnerJwt in openapi.yaml).
 * Our own policy with its reasons: openapi/facts/common.yaml, `jwt-*`.
 */
import {base64UrlDecode, hmacBase64Url} from '../crypto';
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

/** Last day (IST) a token without `exp`, `aud` or `kid` is accepted: the transition of 1.3.0. */
export const LEGACY_TOKEN_SUNSET = '2027-06-30';

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
}

type TokenCheck = {error: string} | {partnerId: string};
/** A valid token: its partner, and its reqId (a later step binds a proof to it). */
type Authenticated = {error: string} | {partnerId: string; reqId: string};

interface DecodedToken {
  readonly signed: string;
  readonly signature: string;
  readonly alg: unknown;
  readonly kid: unknown;
  readonly claims: Record<string, unknown>;
}

/** The JWT's three parts and what its header and claims say; an error when they do not decode. */
function decodeToken(header: string | undefined): {error: string} | DecodedToken {
  if (!header) return {error: 'Missing Authorization header: send Authorization: Bearer <token>'};
  const m = /^Bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(header);
  if (!m) return {error: 'Authorization must be Bearer, one space, and a JWT of three base64url parts'};
  const [, head, payload, signature] = m as unknown as [string, string, string, string];
  try {
    const jose = JSON.parse(base64UrlDecode(head) ?? 'null') as {alg?: unknown; kid?: unknown} | null;
    const claims = JSON.parse(base64UrlDecode(payload) ?? 'null') as Record<string, unknown>;
    return {signed: `${head}.${payload}`, signature, alg: jose?.alg, kid: jose?.kid, claims};
  } catch {
    return {error: 'The token header and claims must be base64url-encoded JSON'};
  }
}

/** The secret a token's `kid` names, or why none: a missing kid is the 1.2.0 form, allowed until the sunset. */
export function secretFor(kid: unknown, keys: TokenKeys, nowMs: number): {error: string} | {secret: string} {
  if (kid === undefined)
    return nowMs < legacyEndMs(LEGACY_TOKEN_SUNSET) ? {secret: keys.jwtSecret} : missingClaims('kid');
  if (typeof kid !== 'string') return {error: 'The kid header must be a string: the key id of your JWT secret'};
  if (keys.revokedKeyIds.has(kid))
    return {error: `Key ${kid} was revoked: sign with a current JWT secret and send its kid`};
  if (kid !== keys.keyId) return {error: `Unknown kid ${kid}: the sandbox JWT secret has kid ${keys.keyId}`};
  return {secret: keys.jwtSecret};
}

const missingClaims = (name: string): {error: string} => ({
  error: `The token must carry ${name}: tokens without exp, aud and kid were accepted until ${LEGACY_TOKEN_SUNSET}`,
});

/** `exp` and `aud`, each optional until the sunset; when present they must be right. */
export function checkExpiryAndAudience(
  claims: Record<string, unknown>,
  keys: TokenKeys,
  nowMs: number,
): {error: string} | undefined {
  const {exp, aud, iat} = claims;
  const legacy = nowMs < legacyEndMs(LEGACY_TOKEN_SUNSET);
  if (exp === undefined && !legacy) return missingClaims('exp');
  if (exp !== undefined) {
    if (typeof exp !== 'number' || !Number.isInteger(exp))
      return {error: 'The exp claim must be the expiry time in Unix seconds'};
    if (exp <= nowMs / 1000) return {error: 'Token expired: exp is in the past'};
    if (typeof iat === 'number' && exp - iat > MAX_TOKEN_LIFETIME_SECONDS)
      return {error: `The exp claim must be at most ${MAX_TOKEN_LIFETIME_SECONDS} seconds after iat`};
  }
  if (aud === undefined && !legacy) return missingClaims('aud');
  if (aud !== undefined && aud !== keys.audience)
    return {error: `Wrong aud: tokens for this environment carry aud ${keys.audience}`};
  return undefined;
}

/** The claims' rules, in the order the messages are checked. */
function checkClaims(claims: Record<string, unknown>, keys: TokenKeys, nowMs: number): TokenCheck {
  if (typeof claims !== 'object' || claims === null) return {error: 'The token claims must be a JSON object'};
  const {partnerId, iat, reqId} = claims;
  if (typeof partnerId !== 'string' || !keys.partnerIds.has(partnerId))
    return {error: `Unknown partnerId: the sandbox accepts ${[...keys.partnerIds].join(', ')}`};
  if (typeof iat !== 'number' || !Number.isInteger(iat))
    return {error: 'The iat claim must be the current time in Unix seconds'};
  if (Math.abs(iat - nowMs / 1000) > IAT_TOLERANCE_SECONDS)
    return {error: 'Token expired: iat is more than 5 minutes from the current time'};
  const timed = checkExpiryAndAudience(claims, keys, nowMs);
  if (timed) return timed;
  if (typeof reqId !== 'string' || reqId.length < 1 || reqId.length > 64)
    return {error: 'The reqId claim must be a string of 1 to 64 characters'};
  return {partnerId};
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
  const token = decodeToken(header);
  if ('error' in token) return token;
  if (token.alg !== 'HS256') return {error: 'The token must be signed with HS256'};
  const key = secretFor(token.kid, keys, nowMs);
  if ('error' in key) return key;
  if ((await hmacBase64Url(key.secret, token.signed)) !== token.signature)
    return {error: 'Token signature does not match: sign it with the sandbox JWT secret'};
  const checked = checkClaims(token.claims, keys, nowMs);
  if ('error' in checked) return checked;
  const {reqId, iat} = token.claims as {reqId: string; iat: number};
  if (store.get(`reqId:${reqId}`) !== undefined) return {error: 'reqId already used: sign a fresh token per request'};
  store.set(`reqId:${reqId}`, iat);
  return {partnerId: checked.partnerId, reqId};
}

export const tokenAnswer = (error: string): Answer => ({status: 401, body: envelope(11, error), scenario: 'token'});
