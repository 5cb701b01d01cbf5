/**
 * The webhook signature scheme of /docs/v1/webhooks, in code: what the sandbox signs deliveries
 * with (core/sandbox/engine.ts) and what the MCP server's `verify_webhook_signature` checks
 * (mcp/src/tools.ts). One implementation, so the two cannot disagree; a unit test holds it to
 * the published Node.js sample (samples/verify/verify.mjs) on the same vectors.
 *
 * Unlike the sample, which only answers yes or no (what a partner's endpoint needs), this says
 * why a delivery fails, for a developer who is debugging one. Web Crypto only (./crypto.ts),
 * so a page could run it too.
 */
import {hmacHex} from './crypto';
import {
  DEFAULT_SIGNATURE_FORM,
  LEGACY_SIGNATURE_SUNSET,
  TIMESTAMP_TOLERANCE_SECONDS,
  type SignatureForm,
} from '../contract/webhook-policy';

export const WEBHOOK_ID_HEADER = 'X-Webhook-Id';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
export const SIGNATURE_HEADER = 'X-Signature';

/** The text the HMAC covers: `<X-Webhook-Id>.<X-Webhook-Timestamp>.<raw body>`. */
export const signedContent = (id: string, timestamp: string, body: string): string => `${id}.${timestamp}.${body}`;

/** `v1=<lower-case hex HMAC-SHA256 of the signed content>`. */
export async function signatureValue(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  return `v1=${await hmacHex(secret, signedContent(id, timestamp, body))}`;
}

/** The 1.0.0 form: the lower-case hex HMAC-SHA256 of the raw body alone, no prefix. */
export const bodySignatureValue = (secret: string, body: string): Promise<string> => hmacHex(secret, body);

/**
 * The delivery headers (and content type) of `body`, signed at `timestampSeconds` (Unix seconds),
 * `X-Signature` in the endpoint's form (core/contract/webhook-policy.ts `SIGNATURE_FORMS`). The id
 * and timestamp headers go with either form: a 1.0.0 client ignores headers it does not read.
 */
export async function signDelivery(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
  form: SignatureForm = DEFAULT_SIGNATURE_FORM,
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(timestampSeconds));
  return {
    'Content-Type': 'application/json',
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]:
      form === '1.0.0' ? await bodySignatureValue(secret, body) : await signatureValue(secret, id, timestamp, body),
  };
}

/**
 * `Name: value` lines, as a proxy log or a request inspector shows them, to a header map (names
 * lower-cased); lines of another shape are skipped. For pasted headers (the webhook lab).
 */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z0-9-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (m) headers[(m[1] as string).toLowerCase()] = m[2] as string;
  }
  return headers;
}

// Compares every character, so the time taken does not tell where the first difference is.
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type SignatureFailure =
  | 'missing-header'
  | 'malformed-header'
  | 'timestamp-outside-window'
  | 'wrong-secret'
  | 'body-changed'
  | 'signature-mismatch';

export type SignatureVerdict =
  | {readonly valid: true; readonly message: string}
  | {readonly valid: false; readonly reason: SignatureFailure; readonly message: string};

export interface VerifyInput {
  /** The raw body exactly as it arrived. */
  readonly payload: string;
  /** The delivery's headers, names in any case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly secret: string;
  /** Unix seconds of the receiver's clock. */
  readonly nowSeconds: number;
  /**
   * Secrets the delivery may have been signed with instead (the sandbox test secret): a match
   * names the secret as the problem rather than the body.
   */
  readonly otherSecrets?: readonly {readonly name: string; readonly secret: string}[];
}

const header = (headers: VerifyInput['headers'], name: string): string | undefined => {
  const wanted = name.toLowerCase();
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === wanted);
  return found?.[1]?.trim() || undefined;
};

const fail = (reason: SignatureFailure, message: string): SignatureVerdict => ({valid: false, reason, message});

/**
 * Bodies that a receiver commonly hashes instead of the raw bytes: the JSON parsed and written
 * again (compact or indented), or the text with its trailing newline changed.
 */
function alteredBodies(payload: string): string[] {
  const variants = [payload.trimEnd(), `${payload}\n`];
  try {
    const parsed: unknown = JSON.parse(payload);
    variants.push(JSON.stringify(parsed), JSON.stringify(parsed, null, 2), JSON.stringify(parsed, null, 4));
  } catch {
    // Not JSON: only the newline variants apply.
  }
  return [...new Set(variants)].filter((v) => v !== payload);
}

/** A bare 64-hex `X-Signature`: the 1.0.0 form, which covers the body alone. */
const LEGACY_VALUE = /^[0-9a-f]{64}$/;

/** Checks a 1.0.0-form signature (the body alone; no id or timestamp to check). */
async function verifyLegacy(input: VerifyInput, signature: string): Promise<SignatureVerdict> {
  if (sameText(signature, await bodySignatureValue(input.secret, input.payload))) {
    return {
      valid: true,
      message: `Valid in the 1.0.0 form: ${SIGNATURE_HEADER} is the HMAC of the body alone, which does not protect against a replay. Endpoints can keep this form until ${LEGACY_SIGNATURE_SUNSET}; move to the 1.1.0 form (v1=) before then.`,
    };
  }
  return fail(
    'signature-mismatch',
    `${SIGNATURE_HEADER} is in the 1.0.0 form (bare hex of the body) and does not match: either the secret is not the one this delivery was signed with, or the body is not the raw body as it arrived.`,
  );
}

/** Checks a delivery as /docs/v1/webhooks says, in the sample's order, and says what failed. */
export async function verifyWebhookSignature(input: VerifyInput): Promise<SignatureVerdict> {
  const legacy = header(input.headers, SIGNATURE_HEADER);
  if (legacy && LEGACY_VALUE.test(legacy)) return verifyLegacy(input, legacy);
  const id = header(input.headers, WEBHOOK_ID_HEADER);
  const timestamp = header(input.headers, WEBHOOK_TIMESTAMP_HEADER);
  const signature = header(input.headers, SIGNATURE_HEADER);
  const missing = [
    [WEBHOOK_ID_HEADER, id],
    [WEBHOOK_TIMESTAMP_HEADER, timestamp],
    [SIGNATURE_HEADER, signature],
  ].flatMap(([name, value]) => (value ? [] : [name]));
  if (missing.length || !id || !timestamp || !signature) {
    return fail(
      'missing-header',
      `Missing header: ${missing.join(', ')}. Every delivery carries ${WEBHOOK_ID_HEADER}, ${WEBHOOK_TIMESTAMP_HEADER} and ${SIGNATURE_HEADER}; pass them as they arrived.`,
    );
  }
  if (!/^\d{10}$/.test(timestamp)) {
    return fail(
      'malformed-header',
      `${WEBHOOK_TIMESTAMP_HEADER} must be Unix seconds (10 digits), not "${timestamp}".`,
    );
  }
  const received = signature.split(' ').filter((part) => part.startsWith('v1='));
  if (!received.length || received.some((part) => !/^v1=[0-9a-f]{64}$/.test(part))) {
    return fail(
      'malformed-header',
      `${SIGNATURE_HEADER} must be "v1=" and 64 lower-case hex digits (two such values, space-separated, during a secret rotation), not "${signature}".`,
    );
  }
  const skew = Math.round(input.nowSeconds - Number(timestamp));
  if (Math.abs(skew) > TIMESTAMP_TOLERANCE_SECONDS) {
    return fail(
      'timestamp-outside-window',
      `${WEBHOOK_TIMESTAMP_HEADER} is ${Math.abs(skew)} seconds ${skew > 0 ? 'old' : 'in the future'}; deliveries more than ${TIMESTAMP_TOLERANCE_SECONDS} seconds from your clock are rejected (a replay, or a clock that is off).`,
    );
  }
  const matches = async (secret: string, body: string): Promise<boolean> => {
    const expected = await signatureValue(secret, id, timestamp, body);
    return received.some((value) => sameText(value, expected));
  };
  if (await matches(input.secret, input.payload)) {
    return {
      valid: true,
      message: `Valid: ${SIGNATURE_HEADER} matches the body, and the timestamp is ${Math.abs(skew)} seconds from now.`,
    };
  }
  for (const other of input.otherSecrets ?? []) {
    if (other.secret !== input.secret && (await matches(other.secret, input.payload))) {
      return fail(
        'wrong-secret',
        `Wrong secret: this delivery was signed with ${other.name}, not with the secret you passed.`,
      );
    }
  }
  for (const body of alteredBodies(input.payload)) {
    if (await matches(input.secret, body)) {
      return fail(
        'body-changed',
        'Body changed: the signature matches the same JSON written differently (spacing, key order or a trailing newline). Hash the raw body bytes exactly as they arrived, before any JSON parsing.',
      );
    }
  }
  return fail(
    'signature-mismatch',
    `${SIGNATURE_HEADER} does not match: either the secret is not the one this delivery was signed with, or the body is not the raw body as it arrived.`,
  );
}
