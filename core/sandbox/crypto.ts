/**
 * The sandbox's cryptography, all on Web Crypto (`crypto.subtle`), which Node 20 and every browser
 * the site supports provide, so the same code runs in the sandbox server, the MCP server and a page.
 * Browsers offer `crypto.subtle` in secure contexts only (HTTPS, localhost).
 *
 * - Request tokens (JWT, HS256) are signed and checked by `jose`, which runs on Web Crypto too:
 *   JWS parsing and signature checks are security-sensitive code we do not write by hand.
 *   Import only the functions used (`SignJWT` here, `jwtVerify` in ./engine/token.ts): jose is
 *   tree-shaken, and the Try it chunk carries only those.
 * - The HMACs that are not JWTs (a webhook's `X-Signature`, the webhook-secret proof) are plain
 *   HMAC-SHA256 in hex, as /docs/v1/webhooks documents: `hmacHex`.
 */
import {SignJWT} from 'jose';

const encoder = new TextEncoder();

const defaultSubtle = (): SubtleCrypto => {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (crypto.subtle) is not available: serve the page over HTTPS or localhost.');
  return subtle;
};

export async function hmacHex(secret: string, message: string, subtle = defaultSubtle()): Promise<string> {
  const key = await subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A JWT secret as the key jose takes for HS256: the secret's UTF-8 bytes, as /HeaderMarkdown signs with. */
export const jwtKey = (secret: string): Uint8Array => encoder.encode(secret);

/**
 * An HS256 JWT with these claims, as /HeaderMarkdown signs one (used by tests, the MCP server and
 * the Try it panel). `kid` names the secret in the JOSE header, where RFC 7515 puts it; without it
 * the header has none. The claims are signed as given, unchecked, so tests can sign wrong ones.
 */
export async function signToken(
  claims: Readonly<Record<string, unknown>>,
  secret: string,
  kid?: string,
): Promise<string> {
  // jose reaches for crypto.subtle itself; failing here first gives the reader the reason.
  defaultSubtle();
  return new SignJWT({...claims})
    .setProtectedHeader(kid === undefined ? {alg: 'HS256', typ: 'JWT'} : {alg: 'HS256', typ: 'JWT', kid})
    .sign(jwtKey(secret));
}
