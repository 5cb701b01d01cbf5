// Sign a request token with Node's built-in crypto (Node 18+), no packages needed.
import {createHmac, randomUUID} from 'node:crypto';

// The environment the token is for; production: 'api.rupeerail.example'.
const AUDIENCE = 'sandbox.rupeerail.example';
const b64url = (data) => Buffer.from(data).toString('base64url');

export function makeToken(partnerId, keyId, secret) {
  const iat = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({alg: 'HS256', typ: 'JWT', kid: keyId}));
  const payload = b64url(
    // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
    JSON.stringify({partnerId, iat, exp: iat + 60, aud: AUDIENCE, reqId: randomUUID()}),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

// A fresh token for every request: reqId must never repeat.
const token = makeToken(process.env.PARTNER_ID, process.env.PARTNER_KEY_ID, process.env.PARTNER_SECRET);
console.log(token); // send as: Authorization: Bearer <token>
