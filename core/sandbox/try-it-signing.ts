/**
 * How Try it signs a call marked `x-signed-request` (issue 33; openapi/DECISIONS.md, "Request
 * signing"): in the page's sandbox with the sandbox's published test key, against the real sandbox
 * with the key the reader pastes, or unsigned there while the contract's transition still accepts
 * that. The signing itself is core/signing's, the one the samples, the sandbox, certify and the
 * journeys' proxy use, so Try it cannot sign differently from them. No React: the panel
 * (src/components/TryIt/send.ts) calls these, and tests/unit/try-it-signing.test.ts runs them.
 */
import {SIGNING_ALGS, type SigningAlg} from '../signing/fields';
import {importPrivateKey, pkcs8Bytes} from '../signing/keys';
import {signRequest} from '../signing/message';
import type {SentRequest} from './try-it';
import type {SignatureRule, SigningTestKey} from './model';

/** What the reader gives for the real sandbox: a PKCS#8 PEM private key, its registered key id, its algorithm. */
export interface ReaderSigningKey {
  readonly pem: string;
  readonly keyId: string;
  readonly alg: SigningAlg;
}

export const NO_READER_KEY: ReaderSigningKey = {pem: '', keyId: '', alg: 'ed25519'};

/** The fields' labels, named in every message about them. */
export const SIGNING_KEY_FIELD = 'Signing key (PKCS#8 PEM)';
export const SIGNING_KEY_ID_FIELD = 'Signing key id';

/** How a request goes out: not marked, signed with this key, or unsigned (real sandbox, no key given). */
export type SigningPlan =
  | {readonly kind: 'not-marked'}
  | {readonly kind: 'sign'; readonly pem: string; readonly keyId: string; readonly alg: SigningAlg}
  | {readonly kind: 'unsigned'; readonly sunset?: string; readonly proofInstead?: boolean};

/**
 * The plan for one send: the page's sandbox always signs a marked call with its test key (Ed25519,
 * registered for the test partner from the start), so its answer carries no `Deprecation`; the real
 * sandbox signs with the reader's key, or goes unsigned when the key field is empty.
 */
export function signingPlan(
  mode: 'page' | 'real',
  rule: SignatureRule | undefined,
  reader: ReaderSigningKey,
  testKey: SigningTestKey | undefined,
): SigningPlan {
  if (!rule) return {kind: 'not-marked'};
  const unsigned: SigningPlan = {
    kind: 'unsigned',
    ...(rule.sunset ? {sunset: rule.sunset} : {}),
    ...(rule.proofInstead ? {proofInstead: true} : {}),
  };
  if (mode === 'page')
    return testKey ? {kind: 'sign', pem: testKey.privateKey, keyId: testKey.keyId, alg: 'ed25519'} : unsigned;
  if (!reader.pem.trim()) return unsigned;
  return {kind: 'sign', pem: reader.pem, keyId: reader.keyId.trim(), alg: reader.alg};
}

/** What an unsigned marked call meets: accepted until the sunset (India time, its last day), refused after. */
export interface UnsignedNotice {
  readonly refused: boolean;
  readonly text: string;
}

export function unsignedNotice(
  plan: {readonly sunset?: string; readonly proofInstead?: boolean},
  today: string,
): UnsignedNotice {
  const {sunset} = plan;
  // The first key's registration proves the webhook secret instead (signing-key-register): unsigned is
  // how a partner with no key yet makes that call, so it is not refused here; the sandbox judges the proof.
  if (plan.proofInstead)
    return {
      refused: false,
      text: 'Without a signing key this call goes unsigned, which the sandbox accepts only to register your first key, with the webhook secret proof.',
    };
  if (!sunset || today > sunset)
    return {
      refused: true,
      text: `This call must be signed${sunset ? ` since the transition ended on ${sunset}` : ''}: paste your ${SIGNING_KEY_FIELD} and its key id.`,
    };
  return {
    refused: false,
    text: `Without a signing key this call goes unsigned. The sandbox accepts that until ${sunset}, its last day, answering with Deprecation and Sunset headers, and refuses it after (HTTP 401, code 11).`,
  };
}

/**
 * Why the plan cannot be sent, checked without Web Crypto: a refused unsigned call, a key id missing
 * or with spaces, a key that is not PEM or base64. Undefined when it may go on to importSigningKey.
 */
export function signingProblem(plan: SigningPlan, today: string): string | undefined {
  if (plan.kind === 'unsigned') {
    const notice = unsignedNotice(plan, today);
    return notice.refused ? notice.text : undefined;
  }
  if (plan.kind !== 'sign') return undefined;
  if (!plan.keyId) return `${SIGNING_KEY_ID_FIELD}: enter the id you registered the public key under.`;
  if (/\s/.test(plan.keyId)) return `${SIGNING_KEY_ID_FIELD}: a key id has no spaces; copy it as you registered it.`;
  try {
    pkcs8Bytes(plan.pem);
  } catch {
    return `${SIGNING_KEY_FIELD}: paste the private key as PKCS#8 PEM, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.`;
  }
  return undefined;
}

/**
 * The key as a non-extractable CryptoKey (it can sign and nothing can read it back), or what is wrong
 * with it. When it is not a key of the chosen algorithm but is one of the other, the message says so,
 * since the wrong choice in the select is the likely mistake.
 */
export async function importSigningKey(
  pem: string,
  alg: SigningAlg,
): Promise<{readonly key: CryptoKey} | {readonly error: string}> {
  try {
    return {key: await importPrivateKey(pem, alg, false)};
  } catch {
    for (const other of SIGNING_ALGS.filter((a) => a !== alg)) {
      const fits = await importPrivateKey(pem, other, false).then(
        () => true,
        () => false,
      );
      if (fits)
        return {error: `${SIGNING_KEY_FIELD}: this is an ${other} key, not ${alg}: choose ${other} as its algorithm.`};
    }
    return {
      error: `${SIGNING_KEY_FIELD}: this is not an ${alg} private key in PKCS#8 (an "EC PRIVATE KEY" or "OPENSSH PRIVATE KEY" is another format): convert it with openssl pkcs8 -topk8 -nocrypt.`,
    };
  }
}

/**
 * The request with the three signature headers added, signed over what it sends: the method, the URL's
 * path (with the base path, without the query, as the sandbox reads it), the body (empty when there is
 * none) and its `Authorization`. `nonce` is the token's `reqId`, `created` the token's `iat`.
 */
export async function signSentRequest(
  request: SentRequest,
  key: CryptoKey,
  params: {readonly keyId: string; readonly alg: SigningAlg; readonly nonce: string; readonly created: number},
): Promise<SentRequest> {
  const headers = await signRequest(
    {
      method: request.method.toUpperCase(),
      path: new URL(request.url, 'http://localhost').pathname,
      body: request.body ?? '',
      authorization: request.headers.Authorization ?? '',
    },
    {created: params.created, keyid: params.keyId, alg: params.alg, nonce: params.nonce},
    key,
  );
  return {...request, headers: {...request.headers, ...headers}};
}
