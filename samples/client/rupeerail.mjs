// The RupeeRail client wrapper for Node.js 18+, no packages: every operation's sample calls it.
// Save it as rupeerail.mjs beside your code. It reads from the environment:
//   PARTNER_ID, PARTNER_KEY_ID, PARTNER_SECRET   the request token (every call)
//   WEBHOOK_SECRET                              the proof of the webhook secret (calls that take X-Webhook-Secret-Proof)
//   PARTNER_SIGNING_KEY_ID, PARTNER_SIGNING_KEY  the request signature (calls marked signed): the
//     key id you registered and the private key, PKCS#8 as base64 (the PEM's lines, joined);
//     PARTNER_SIGNING_ALG is ed25519 (the default) or ecdsa-p256-sha256.
import {createHash, createHmac, createPrivateKey, randomUUID, sign} from 'node:crypto';

// The environment the token is for; production: 'api.rupeerail.example'.
const AUDIENCE = 'sandbox.rupeerail.example';
const TIMEOUT_MS = 30_000;
const b64url = (data) => Buffer.from(data).toString('base64url');

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} in the environment (see /HeaderMarkdown).`);
  return value;
}

export function makeToken(reqId) {
  const iat = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({alg: 'HS256', typ: 'JWT', kid: env('PARTNER_KEY_ID')}));
  // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
  const claims = b64url(JSON.stringify({partnerId: env('PARTNER_ID'), iat, exp: iat + 60, aud: AUDIENCE, reqId}));
  const signature = createHmac('sha256', env('PARTNER_SECRET')).update(`${header}.${claims}`).digest('base64url');
  return `${header}.${claims}.${signature}`;
}

// RFC 9421 signature of a money-moving call: method, path, body digest and token, bound to reqId.
export function signatureHeaders(method, url, body, authorization, nonce, created = Math.floor(Date.now() / 1000)) {
  const alg = process.env.PARTNER_SIGNING_ALG || 'ed25519';
  const digest = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
  const params =
    '("@method" "@path" "content-digest" "authorization")' +
    `;created=${created};keyid="${env('PARTNER_SIGNING_KEY_ID')}";alg="${alg}";nonce="${nonce}"`;
  const base = [
    `"@method": ${method}`,
    `"@path": ${new URL(url).pathname}`,
    `"content-digest": ${digest}`,
    `"authorization": ${authorization}`,
    `"@signature-params": ${params}`,
  ].join('\n');
  const key = createPrivateKey({key: Buffer.from(env('PARTNER_SIGNING_KEY'), 'base64'), format: 'der', type: 'pkcs8'});
  // ECDSA as the raw 64 bytes r || s (ieee-p1363), never DER.
  const signature =
    alg === 'ed25519' ? sign(null, Buffer.from(base), key) : sign('sha256', Buffer.from(base), {key, dsaEncoding: 'ieee-p1363'});
  return {
    'Content-Digest': digest,
    'Signature-Input': `sig1=${params}`,
    Signature: `sig1=:${signature.toString('base64')}:`,
  };
}

// One request with a fresh token; undefined when no answer came (a timeout, a dropped connection).
async function send({method, url, body, signed = false, secretProof = false}) {
  const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const reqId = randomUUID();
  const authorization = `Bearer ${makeToken(reqId)}`;
  const headers = {Authorization: authorization, Accept: 'application/json'};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (secretProof) {
    // The current webhook secret's HMAC over "<reqId>.<raw body>", as a delivery's X-Signature.
    headers['X-Webhook-Secret-Proof'] = `v1=${createHmac('sha256', env('WEBHOOK_SECRET')).update(`${reqId}.${raw}`).digest('hex')}`;
  }
  if (signed) Object.assign(headers, signatureHeaders(method, url, raw, authorization, reqId));
  try {
    const res = await fetch(url, {method, headers, body: body === undefined ? undefined : raw, signal: AbortSignal.timeout(TIMEOUT_MS)});
    return await res.json(); // 400, 401 and 429 carry the envelope too: an answer to read
  } catch (error) {
    console.error(`No answer from ${method} ${url}: ${error.message}`);
    return undefined;
  }
}

// Sends the call and branches on response_code. On no answer or code 5 the outcome is unknown:
// ask the status call, never send the call again (the money may have moved).
export async function call(request, status) {
  const answer = await send(request);
  if (answer === undefined || answer.response_code === 5) {
    if (!status) throw new Error(`Outcome unknown for ${request.method} ${request.url}: do not resend; look it up.`);
    return send(status);
  }
  switch (answer.response_code) {
    // 1, 3, 4: an answer about the transaction: what it means for this call is in its code table (/ResponseCode).
    case 1:
    case 3:
    case 4:
      return answer;
    case 2:
      console.error('Pending: the webhook or the status call tells the outcome.');
      return answer;
    default:
      console.error(`Refused, response_code ${answer.response_code}: ${answer.message} (/ResponseCode)`);
      return answer;
  }
}
