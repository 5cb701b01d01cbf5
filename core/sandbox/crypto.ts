/**
 * HMAC-SHA256 with Web Crypto (`crypto.subtle`), which Node 20 and every browser the site supports
 * provide: the engine signs and checks tokens and webhooks without Node's `crypto` module, so the same
 * code runs in a page. Browsers offer `crypto.subtle` in secure contexts only (HTTPS, localhost).
 */

const encoder = new TextEncoder();

async function hmac(secret: string, message: string, subtle: SubtleCrypto): Promise<Uint8Array> {
  const key = await subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(message)));
}

const defaultSubtle = (): SubtleCrypto => {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (crypto.subtle) is not available: serve the page over HTTPS or localhost.');
  return subtle;
};

export async function hmacHex(secret: string, message: string, subtle = defaultSubtle()): Promise<string> {
  return [...(await hmac(secret, message, subtle))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64url to text (UTF-8); undefined when it is not base64url. */
export function base64UrlDecode(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    return new TextDecoder('utf-8', {fatal: true}).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

export async function hmacBase64Url(secret: string, message: string, subtle = defaultSubtle()): Promise<string> {
  return base64UrlEncode(await hmac(secret, message, subtle));
}

/**
 * An HS256 JWT with these claims, as /HeaderMarkdown signs one (used by tests and the Try it panel).
 * `kid` names the secret in the JOSE header, where RFC 7515 puts it; without it the header has none.
 */
export async function signToken(
  claims: Readonly<Record<string, unknown>>,
  secret: string,
  kid?: string,
): Promise<string> {
  const part = (value: unknown): string => base64UrlEncode(encoder.encode(JSON.stringify(value)));
  const header = kid === undefined ? {alg: 'HS256', typ: 'JWT'} : {alg: 'HS256', typ: 'JWT', kid};
  const unsigned = `${part(header)}.${part(claims)}`;
  return `${unsigned}.${await hmacBase64Url(secret, unsigned)}`;
}
