/**
 * Step 2, authenticate: the token check of /HeaderMarkdown. `Authorization: Bearer <JWT>`, HS256
 * with the test secret, claims partnerId (a test partner id), iat within 300 s, reqId unused.
 */
import {base64UrlDecode, hmacBase64Url} from '../crypto';
import {envelope, type Answer, type SandboxStore} from './types';

/** Seconds a token's `iat` may be from the sandbox clock (the headers page says 5 minutes). */
export const IAT_TOLERANCE_SECONDS = 300;

export interface TokenKeys {
  readonly jwtSecret: string;
  readonly partnerIds: ReadonlySet<string>;
}

type TokenCheck = {error: string} | {partnerId: string};

/** The JWT's three parts and what its header and claims say; an error when they do not decode. */
function decodeToken(
  header: string | undefined,
): {error: string} | {signed: string; signature: string; alg: unknown; claims: Record<string, unknown>} {
  if (!header) return {error: 'Missing Authorization header: send Authorization: Bearer <token>'};
  const m = /^Bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(header);
  if (!m) return {error: 'Authorization must be Bearer, one space, and a JWT of three base64url parts'};
  const [, head, payload, signature] = m as unknown as [string, string, string, string];
  try {
    const alg = (JSON.parse(base64UrlDecode(head) ?? 'null') as {alg?: unknown} | null)?.alg;
    const claims = JSON.parse(base64UrlDecode(payload) ?? 'null') as Record<string, unknown>;
    return {signed: `${head}.${payload}`, signature, alg, claims};
  } catch {
    return {error: 'The token header and claims must be base64url-encoded JSON'};
  }
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
  if (typeof reqId !== 'string' || reqId.length < 1 || reqId.length > 64)
    return {error: 'The reqId claim must be a string of 1 to 64 characters'};
  return {partnerId};
}

/**
 * The partner id of a valid token, or a message saying what is wrong. A valid token's reqId is
 * recorded in the store: the same reqId again is refused.
 */
export async function authenticate(
  header: string | undefined,
  keys: TokenKeys,
  nowMs: number,
  store: SandboxStore,
): Promise<TokenCheck> {
  const token = decodeToken(header);
  if ('error' in token) return token;
  if (token.alg !== 'HS256') return {error: 'The token must be signed with HS256'};
  if ((await hmacBase64Url(keys.jwtSecret, token.signed)) !== token.signature)
    return {error: 'Token signature does not match: sign it with the sandbox JWT secret'};
  const checked = checkClaims(token.claims, keys, nowMs);
  if ('error' in checked) return checked;
  const {reqId, iat} = token.claims as {reqId: string; iat: number};
  if (store.get(`reqId:${reqId}`) !== undefined) return {error: 'reqId already used: sign a fresh token per request'};
  store.set(`reqId:${reqId}`, iat);
  return checked;
}

export const tokenAnswer = (error: string): Answer => ({status: 401, body: envelope(11, error), scenario: 'token'});
