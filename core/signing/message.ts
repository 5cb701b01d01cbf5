/**
 * HTTP Message Signatures (RFC 9421) as our scheme uses them, written once for Node, the sandbox and
 * the browser (Web Crypto only): the `Content-Digest` of a body (RFC 9530), the signature base, signing
 * a request, and verifying one, each refusal named so the sandbox can say which check failed while
 * production says one generic sentence (PRODUCTION_SIGNATURE_MESSAGE). The exact form is in
 * openapi/DECISIONS.md, "Request signing".
 *
 *   const headers = await signRequest({method, path, body, authorization}, {created, keyid, alg, nonce}, privateKey);
 *   const result = await verifyRequest({method, path, body, authorization}, headers, {nonce, nowSeconds, keyFor});
 */
import {
  base64Encode,
  COVERED_COMPONENTS,
  paramsProblem,
  parseContentDigest,
  parseSignature,
  parseSignatureInput,
  serializeParams,
  serializeSignature,
  type Bytes,
  type SignatureParams,
  type SigningAlg,
} from './fields';
import {ecdsaDerToRaw, WEB_CRYPTO} from './keys';

/** The parts of a request the signature covers. */
export interface SignedRequest {
  readonly method: string;
  /** The request path as sent, with the `/api/v1` prefix and without the query. */
  readonly path: string;
  /** The raw body (the empty string for a call without one); text is digested as UTF-8. */
  readonly body: string | Uint8Array;
  /** The `Authorization` header value (`Bearer <token>`). */
  readonly authorization: string;
}

/** The three headers a signed request carries, by their names on the wire. */
export interface SignatureHeaders {
  readonly 'Content-Digest': string;
  readonly 'Signature-Input': string;
  readonly Signature: string;
}

/** Seconds `created` may be from the verifier's clock: the same 5 minutes as the token's `iat`. */
export const CREATED_TOLERANCE_SECONDS = 300;

/**
 * What production answers for every refused signature (HTTP 401, code 11): one sentence, so an answer
 * never tells a caller whether a key id exists or was revoked. The sandbox says which check failed.
 */
export const PRODUCTION_SIGNATURE_MESSAGE = 'Request signature not accepted';

const encoder = new TextEncoder();
const bytesOf = (body: string | Uint8Array): Bytes =>
  typeof body === 'string' ? encoder.encode(body) : new Uint8Array(body);

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('Web Crypto (crypto.subtle) is not available: serve the page over HTTPS or localhost.');
  return s;
};

/** `sha-256=:<base64>:`, the `Content-Digest` of the raw body (of the empty body for a call without one). */
export async function contentDigest(body: string | Uint8Array): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', bytesOf(body)));
  return `sha-256=:${base64Encode(digest)}:`;
}

/** The signature base (RFC 9421 section 2.5): one line per component, `\n` between lines, none after the last. */
export function signatureBase(req: SignedRequest, digestHeader: string, params: SignatureParams): string {
  const values: Record<(typeof COVERED_COMPONENTS)[number], string> = {
    '@method': req.method.toUpperCase(),
    '@path': req.path,
    'content-digest': digestHeader.trim(),
    authorization: req.authorization.trim(),
  };
  const lines = COVERED_COMPONENTS.map((c) => `"${c}": ${values[c]}`);
  return [...lines, `"@signature-params": ${serializeParams(params)}`].join('\n');
}

/** The signature of a base: Ed25519's 64 bytes, or ECDSA P-256's raw r || s (what Web Crypto gives). */
async function signBase(base: string, alg: SigningAlg, key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign(WEB_CRYPTO[alg].sign, key, encoder.encode(base)));
}

/** The three headers of a request signed with `key` (a private CryptoKey for `params.alg`). */
export async function signRequest(
  req: SignedRequest,
  params: SignatureParams,
  key: CryptoKey,
): Promise<SignatureHeaders> {
  const problem = paramsProblem(params);
  if (problem) throw new Error(`Cannot sign the request: ${problem}.`);
  const digest = await contentDigest(req.body);
  const signature = await signBase(signatureBase(req, digest, params), params.alg, key);
  return {
    'Content-Digest': digest,
    'Signature-Input': `sig1=${serializeParams(params)}`,
    Signature: serializeSignature(signature),
  };
}

/** What the verifier knows of a key id: an active key with its algorithm, a revoked one, or nothing. */
export type KeyState =
  | {readonly status: 'active'; readonly key: CryptoKey; readonly alg: SigningAlg}
  | {readonly status: 'revoked'}
  | undefined;

export interface VerifyOptions {
  /** The `reqId` of the request's token: the signature's `nonce` must be it. */
  readonly nonce: string;
  readonly nowSeconds: number;
  readonly keyFor: (keyid: string) => KeyState | Promise<KeyState>;
}

/**
 * Why a signature is refused. `unsigned`: neither Signature-Input nor Signature was sent (the caller
 * decides whether the transition still accepts that).
 */
export type SignatureProblem =
  | 'unsigned'
  | 'malformed'
  | 'digest'
  | 'nonce'
  | 'created'
  | 'unknown-key'
  | 'revoked-key'
  | 'alg'
  | 'der'
  | 'mismatch';

export type Verification =
  | {readonly ok: true; readonly keyid: string; readonly alg: SigningAlg}
  | {readonly ok: false; readonly problem: SignatureProblem; readonly message: string};

/** Header values by the names a verifier reads them under (lower case, as Node and the engine give them). */
export type ReceivedHeaders = Readonly<Record<string, string | undefined>>;

const refuse = (problem: SignatureProblem, message: string): Verification => ({ok: false, problem, message});

/** The digest header's check: present, in our form, and the SHA-256 of this body. */
async function digestProblem(header: string | undefined, body: string | Uint8Array): Promise<Verification | undefined> {
  const parsed = parseContentDigest(header);
  if ('error' in parsed) return refuse('malformed', parsed.error);
  if (header !== (await contentDigest(body)))
    return refuse(
      'digest',
      'Content-Digest does not match the body: send sha-256=:<base64 of the SHA-256 of the raw body bytes>:',
    );
  return undefined;
}

/** The key's check: known, not revoked, and of the algorithm the signature names. */
async function keyOf(
  params: SignatureParams,
  keyFor: VerifyOptions['keyFor'],
): Promise<{key: CryptoKey} | {refused: Verification}> {
  const state = await keyFor(params.keyid);
  if (!state)
    return {
      refused: refuse(
        'unknown-key',
        `Unknown keyid ${params.keyid}: register the public key first, or sign with a registered key`,
      ),
    };
  if (state.status === 'revoked')
    return {refused: refuse('revoked-key', `Key ${params.keyid} was revoked: sign with an active key`)};
  if (state.alg !== params.alg)
    return {
      refused: refuse(
        'alg',
        `Key ${params.keyid} is an ${state.alg} key, but Signature-Input says alg="${params.alg}"`,
      ),
    };
  return {key: state.key};
}

/** The signature bytes' own check for ECDSA: 64 raw bytes, never DER. */
function ecdsaFormProblem(alg: SigningAlg, signature: Uint8Array): Verification | undefined {
  if (alg !== 'ecdsa-p256-sha256' || signature.length === 64) return undefined;
  if (ecdsaDerToRaw(signature))
    return refuse(
      'der',
      `The ECDSA signature is DER (${signature.length} bytes): send the raw 64 bytes r || s instead`,
    );
  return refuse('mismatch', `An ecdsa-p256-sha256 signature is 64 bytes (r || s); this one has ${signature.length}`);
}

/**
 * Whether a request carries a valid signature of ours. Checked in this order: both headers present and
 * in our form, Content-Digest of this body, nonce = the token's reqId, created within 5 minutes, the
 * key (known, active, same algorithm), the ECDSA form, the signature itself.
 */
export async function verifyRequest(
  req: SignedRequest,
  headers: ReceivedHeaders,
  options: VerifyOptions,
): Promise<Verification> {
  const input = headers['signature-input'];
  const sig = headers.signature;
  if (input === undefined && sig === undefined)
    return refuse('unsigned', 'The request is not signed: send Content-Digest, Signature-Input and Signature');
  const params = parseSignatureInput(input);
  if ('error' in params) return refuse('malformed', params.error);
  const signature = parseSignature(sig);
  if ('error' in signature) return refuse('malformed', signature.error);
  const digest = headers['content-digest'];
  const badDigest = await digestProblem(digest, req.body);
  if (badDigest) return badDigest;
  const p = params.value;
  if (p.nonce !== options.nonce)
    return refuse(
      'nonce',
      `The signature's nonce "${p.nonce}" is not this request's token reqId: sign each request with its own reqId`,
    );
  if (Math.abs(p.created - options.nowSeconds) > CREATED_TOLERANCE_SECONDS)
    return refuse(
      'created',
      "The signature's created is more than 5 minutes from the current time: sign each request when you send it",
    );
  const key = await keyOf(p, options.keyFor);
  if ('refused' in key) return key.refused;
  const form = ecdsaFormProblem(p.alg, signature.value);
  if (form) return form;
  const base = signatureBase(req, digest ?? '', p);
  const valid = await subtle().verify(WEB_CRYPTO[p.alg].sign, key.key, signature.value, encoder.encode(base));
  return valid
    ? {ok: true, keyid: p.keyid, alg: p.alg}
    : refuse(
        'mismatch',
        `The signature does not match: sign the base of this method, path, Content-Digest and Authorization with key ${p.keyid}`,
      );
}
