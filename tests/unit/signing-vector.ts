/**
 * The sandbox's request-signing test key of openapi/DECISIONS.md ("Request signing"): public, like
 * the test JWT secret, never a production key. The private key is the PKCS#8 DER in base64 (the
 * PEM's body), as the client wrappers read it from PARTNER_SIGNING_KEY.
 */
export const SIGNING_KEY_ID = 'sbx-ed25519-1';
export const SIGNING_KEY = 'MC4CAQAwBQYDK2VwBCIEIC8Ljw0IQc5W+QMO923zVVy8/7zrfCid9gR7WVrrQSzs';
export const SIGNING_PUBLIC_JWK = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'S-Fk1OUy4SzR4pmSs8YpOEw-Mqnz9F6odFMlzFVBwZQ',
} as const;
