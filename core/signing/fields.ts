/**
 * The three request headers of our signing scheme (openapi/DECISIONS.md, "Request signing"), read and
 * written in exactly one form each:
 *
 *   Content-Digest:  sha-256=:<base64>:
 *   Signature-Input: sig1=("@method" "@path" "content-digest" "authorization");created=<unix>;keyid="<kid>";alg="<alg>";nonce="<reqId>"
 *   Signature:       sig1=:<base64>:
 *
 * They are RFC 8941 structured fields, but no maintained structured-fields parser is installed here,
 * and a general one would accept forms (more labels, other components, parameters in any order,
 * extra spaces) that the scheme does not allow and every sample language would then have to agree
 * on. So this is a small strict reader for our form: anything else is refused with a message saying
 * what to send. Serialising the parsed value gives back the same text, which is what the signature
 * base's last line must hold.
 */

/** The one signature label the scheme uses. */
export const SIGNATURE_LABEL = 'sig1';

/** The covered components, in the only order the scheme signs them. */
export const COVERED_COMPONENTS = ['@method', '@path', 'content-digest', 'authorization'] as const;

/** The algorithms (RFC 9421 section 6.2 names): Ed25519, and ECDSA P-256 with a raw r || s signature. */
export const SIGNING_ALGS = ['ed25519', 'ecdsa-p256-sha256'] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];

/** The parameters of `sig1`, in the order the scheme writes them. */
export interface SignatureParams {
  /** Unix seconds when the signature was made. */
  readonly created: number;
  /** The registered key's id. */
  readonly keyid: string;
  readonly alg: SigningAlg;
  /** The request token's `reqId`: binds the signature to one token. */
  readonly nonce: string;
}

/** Bytes over a plain ArrayBuffer, as Web Crypto takes them. */
export type Bytes = Uint8Array<ArrayBuffer>;

export type Parsed<T> = {readonly value: T} | {readonly error: string};

/**
 * An sf-string's characters (RFC 8941 section 3.3.3: printable ASCII) without `"` and `\`: an id or
 * a reqId never needs them, and refusing them keeps one spelling per value.
 */
const PLAIN_STRING = /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,256}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PARAMS_FORM =
  'sig1=("@method" "@path" "content-digest" "authorization");created=<unix seconds>;keyid="<key id>";alg="ed25519" or "ecdsa-p256-sha256";nonce="<the token\'s reqId>"';

/** The `Signature-Input` value of these parameters (also the signature base's last line, after `"@signature-params": `). */
export function serializeParams(p: SignatureParams): string {
  const components = COVERED_COMPONENTS.map((c) => `"${c}"`).join(' ');
  return `(${components});created=${p.created};keyid="${p.keyid}";alg="${p.alg}";nonce="${p.nonce}"`;
}

/** Why a parameter value cannot be written in the one form, or undefined when it can. */
export function paramsProblem(p: SignatureParams): string | undefined {
  if (!Number.isSafeInteger(p.created) || p.created < 0) return 'created must be Unix seconds, a whole number';
  if (!PLAIN_STRING.test(p.keyid)) return 'keyid must be 1 to 256 printable ASCII characters without " or \\';
  if (!PLAIN_STRING.test(p.nonce)) return 'nonce must be 1 to 256 printable ASCII characters without " or \\';
  if (!SIGNING_ALGS.includes(p.alg)) return `alg must be one of ${SIGNING_ALGS.join(', ')}`;
  return undefined;
}

const PARAMS_RE =
  /^sig1=\("@method" "@path" "content-digest" "authorization"\);created=(\d{1,15});keyid="([^"\\]*)";alg="([^"\\]*)";nonce="([^"\\]*)"$/;

/** The parameters of a `Signature-Input` header in our one form, or what is wrong with it. */
export function parseSignatureInput(header: string | undefined): Parsed<SignatureParams> {
  if (header === undefined || header === '') return {error: `Missing Signature-Input: send ${PARAMS_FORM}`};
  const m = PARAMS_RE.exec(header);
  if (!m)
    return {
      error: `Signature-Input must be exactly ${PARAMS_FORM} (one label, these components and parameters in this order, no spaces between them)`,
    };
  const [, created, keyid, alg, nonce] = m as unknown as [string, string, string, string, string];
  if (!SIGNING_ALGS.includes(alg as SigningAlg))
    return {error: `Signature-Input names alg "${alg}": use ed25519 or ecdsa-p256-sha256`};
  const value: SignatureParams = {created: Number(created), keyid, alg: alg as SigningAlg, nonce};
  const problem = paramsProblem(value);
  return problem ? {error: `Signature-Input: ${problem}`} : {value};
}

/** `<label>=:<base64>:` read into its bytes, or what is wrong with it. */
function parseByteMember(header: string | undefined, name: string, label: string): Parsed<Bytes> {
  const form = `${label}=:<base64>:`;
  if (header === undefined || header === '') return {error: `Missing ${name}: send ${form}`};
  const prefix = `${label}=:`;
  if (!header.startsWith(prefix) || !header.endsWith(':') || header.length <= prefix.length + 1)
    return {error: `${name} must be exactly ${form} (one member, standard base64 with padding between the colons)`};
  const b64 = header.slice(prefix.length, -1);
  if (!BASE64.test(b64) || b64.length % 4 !== 0)
    return {error: `${name} must be exactly ${form}; "${b64.slice(0, 20)}" is not standard base64 with padding`};
  return {value: base64Decode(b64)};
}

/** The signature bytes of a `Signature` header, or what is wrong with it. */
export const parseSignature = (header: string | undefined): Parsed<Bytes> =>
  parseByteMember(header, 'Signature', SIGNATURE_LABEL);

/** The SHA-256 digest bytes of a `Content-Digest` header (sha-256 alone), or what is wrong with it. */
export const parseContentDigest = (header: string | undefined): Parsed<Bytes> =>
  parseByteMember(header, 'Content-Digest', 'sha-256');

/** `sig1=:<base64>:`, the `Signature` header of these signature bytes. */
export const serializeSignature = (signature: Uint8Array): string => `${SIGNATURE_LABEL}=:${base64Encode(signature)}:`;

export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function base64Decode(text: string): Bytes {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
