// Sign a request token with Node's built-in crypto (Node 18+), no packages needed.
import {createHmac, randomUUID} from 'node:crypto';

const b64url = (data) => Buffer.from(data).toString('base64url');

export function makeToken(partnerId, secret) {
  const header = b64url(JSON.stringify({alg: 'HS256', typ: 'JWT'}));
  const payload = b64url(
    JSON.stringify({partnerId, iat: Math.floor(Date.now() / 1000), reqId: randomUUID()}),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

// A fresh token for every request: reqId must never repeat.
const token = makeToken(process.env.PARTNER_ID, process.env.PARTNER_SECRET);
console.log(token); // send as: Authorization: Bearer <token>
