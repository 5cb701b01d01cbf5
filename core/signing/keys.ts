/**
 * Keys of the signing scheme over Web Crypto (Node 20, Chromium and the sandbox alike): a partner's
 * public key as a JWK (what the key registration call takes), a private key as PKCS#8 (what Try it
 * takes from the reader and what the sandbox's test key is published as), and the two forms of an
 * ECDSA signature. Web Crypto signs and verifies ECDSA as the raw 64 bytes `r || s`, which is what the
 * scheme sends; Java's `SHA256withECDSA` and Go's `ecdsa.SignASN1` give DER, so a verifier that sees
 * DER says so instead of a bare "does not match" (openapi/DECISIONS.md).
 */
import {base64Decode, type Bytes, type SigningAlg} from './fields';

/** A public key as the registration call takes it: the JWK members of RFC 8037 (OKP) or RFC 7518 (EC). */
export interface PublicJwk {
  readonly kty: string;
  readonly crv: string;
  readonly x: string;
  readonly y?: string;
  readonly [member: string]: unknown;
}

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('Web Crypto (crypto.subtle) is not available: serve the page over HTTPS or localhost.');
  return s;
};

/** Each algorithm's Web Crypto parameters: to import its keys, and to sign and verify with them. */
export const WEB_CRYPTO: Readonly<
  Record<SigningAlg, {readonly key: EcKeyImportParams | Algorithm; readonly sign: EcdsaParams | Algorithm}>
> = {
  ed25519: {key: {name: 'Ed25519'}, sign: {name: 'Ed25519'}},
  'ecdsa-p256-sha256': {key: {name: 'ECDSA', namedCurve: 'P-256'}, sign: {name: 'ECDSA', hash: 'SHA-256'}},
};

const B64URL_32 = /^[A-Za-z0-9_-]{43}$/;

/**
 * The algorithm a public JWK is for, or why the registration call refuses it: an Ed25519 OKP key or
 * a P-256 EC key, public members only (a JWK carrying `d` is a private key and must never be sent).
 */
export function jwkAlg(jwk: unknown): {alg: SigningAlg} | {error: string} {
  if (!jwk || typeof jwk !== 'object') return {error: 'jwk must be a JSON object (a public JWK)'};
  const k = jwk as Record<string, unknown>;
  if ('d' in k)
    return {error: 'jwk holds a private key (member d): send the public key only, and keep the private key'};
  if (k.kty === 'OKP' && k.crv === 'Ed25519') {
    if (typeof k.x !== 'string' || !B64URL_32.test(k.x))
      return {error: 'jwk.x must be the 32-byte Ed25519 public key in base64url (43 characters)'};
    return {alg: 'ed25519'};
  }
  if (k.kty === 'EC' && k.crv === 'P-256') {
    for (const m of ['x', 'y'] as const)
      if (typeof k[m] !== 'string' || !B64URL_32.test(k[m]))
        return {error: `jwk.${m} must be the 32-byte P-256 coordinate in base64url (43 characters)`};
    return {alg: 'ecdsa-p256-sha256'};
  }
  return {error: 'jwk must be an Ed25519 key (kty OKP, crv Ed25519) or a P-256 key (kty EC, crv P-256)'};
}

/** The public members Web Crypto needs, so extra members (kid, use, alg) cannot make an import fail. */
const publicMembers = (jwk: PublicJwk): JsonWebKey =>
  jwk.kty === 'EC' ? {kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y} : {kty: 'OKP', crv: jwk.crv, x: jwk.x};

/** A verifying key from a public JWK the registration accepted (jwkAlg). */
export async function importPublicJwk(jwk: PublicJwk, alg: SigningAlg): Promise<CryptoKey> {
  return subtle().importKey('jwk', publicMembers(jwk), WEB_CRYPTO[alg].key, true, ['verify']);
}

/** PKCS#8 bytes from PEM (with or without its BEGIN/END lines) or bare base64. */
export function pkcs8Bytes(pem: string): Bytes {
  const body = pem
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body))
    throw new Error('The private key must be PKCS#8 PEM (-----BEGIN PRIVATE KEY-----) or its base64 body');
  return base64Decode(body);
}

/** A signing key from PKCS#8 (PEM or base64), for `alg`. */
export async function importPrivateKey(pem: string, alg: SigningAlg, extractable = false): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', pkcs8Bytes(pem), WEB_CRYPTO[alg].key, extractable, ['sign']);
}

/** The DER length field at `at`: its value and where the content starts; undefined when it is not DER. */
function derLength(der: Uint8Array, at: number): {length: number; start: number} | undefined {
  const first = der[at];
  if (first === undefined) return undefined;
  if (first < 0x80) return {length: first, start: at + 1};
  if (first !== 0x81) return undefined;
  const second = der[at + 1];
  return second === undefined ? undefined : {length: second, start: at + 2};
}

/** One DER INTEGER at `at` as 32 big-endian bytes, and where the next element starts. */
function derInteger(der: Uint8Array, at: number): {bytes: Uint8Array; next: number} | undefined {
  if (der[at] !== 0x02) return undefined;
  const len = derLength(der, at + 1);
  if (!len || len.length < 1 || len.start + len.length > der.length) return undefined;
  let value = der.subarray(len.start, len.start + len.length);
  while (value.length > 32 && value[0] === 0) value = value.subarray(1);
  if (value.length > 32) return undefined;
  const bytes = new Uint8Array(32);
  bytes.set(value, 32 - value.length);
  return {bytes, next: len.start + len.length};
}

/**
 * The raw `r || s` (64 bytes) of a DER-encoded ECDSA P-256 signature (`SEQUENCE { INTEGER r, INTEGER s }`),
 * or undefined when the bytes are not one. What a Java or Go signer must send instead of its DER.
 */
export function ecdsaDerToRaw(der: Uint8Array): Uint8Array | undefined {
  if (der[0] !== 0x30) return undefined;
  const seq = derLength(der, 1);
  if (!seq || seq.start + seq.length !== der.length) return undefined;
  const r = derInteger(der, seq.start);
  const s = r && derInteger(der, r.next);
  if (!r || !s || s.next !== der.length) return undefined;
  const raw = new Uint8Array(64);
  raw.set(r.bytes, 0);
  raw.set(s.bytes, 32);
  return raw;
}
