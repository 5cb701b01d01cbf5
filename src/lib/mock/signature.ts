/**
 * The webhook signature scheme of /docs/v1/webhooks, signing and checking, in one place: the engine
 * signs its deliveries with signDelivery(), the webhook lab on every webhook page checks a pasted
 * delivery with verifyDelivery(), so the lab cannot accept what the sandbox would not send.
 *
 *   X-Webhook-Id         evt_...
 *   X-Webhook-Timestamp  Unix seconds, ten digits
 *   X-Signature          v1=<lower-case hex HMAC-SHA256 of `<id>.<timestamp>.<raw body>`>, one or
 *                        more `v1=` values separated by spaces (two while a secret rotation overlaps)
 *
 * Web Crypto only (./crypto.ts), so it runs in Node and in a page; the secret never leaves either.
 */
import {ROTATION_OVERLAP_HOURS, TIMESTAMP_TOLERANCE_SECONDS} from '../webhook-policy';
import {hmacHex} from './crypto';

export const HEADER_ID = 'X-Webhook-Id';
export const HEADER_TIMESTAMP = 'X-Webhook-Timestamp';
export const HEADER_SIGNATURE = 'X-Signature';

/** What is signed: the id, the timestamp and the body exactly as sent, joined by dots. */
export const signedContent = (id: string, timestamp: string, body: string): string => `${id}.${timestamp}.${body}`;

/** The three delivery headers (and the content type) of `body`, signed at `timestamp` (Unix seconds). */
export async function signDelivery(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<Record<string, string>> {
  const ts = String(Math.floor(timestamp));
  return {
    'Content-Type': 'application/json',
    [HEADER_ID]: id,
    [HEADER_TIMESTAMP]: ts,
    [HEADER_SIGNATURE]: `v1=${await hmacHex(secret, signedContent(id, ts, body))}`,
  };
}

/** Why a delivery does not verify; `ok` when it does. */
export type VerifyReason = 'ok' | 'missing-header' | 'malformed-header' | 'reserialised' | 'wrong-secret' | 'timestamp';

export interface VerifyResult {
  readonly reason: VerifyReason;
  /** One sentence for the reader: what is wrong and what to do. */
  readonly message: string;
}

export interface VerifyInput {
  /** Header names in any case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
  readonly secret: string;
  /** The receiver's clock, Unix seconds. */
  readonly now: number;
}

/** `Name: value` lines (as a proxy log or a request inspector shows them) to a header map; other lines are skipped. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z0-9-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (m) headers[(m[1] as string).toLowerCase()] = m[2] as string;
  }
  return headers;
}

/**
 * Other byte forms of the same JSON that a receiver commonly hashes by mistake: the body parsed and
 * written again (compact or indented), trimmed, or with its line ends changed. The body as it
 * arrived is not among them.
 */
function reserialisations(body: string): string[] {
  const forms = new Set<string>([body.trim(), body.replace(/\r\n/g, '\n'), body.replace(/\n/g, '\r\n')]);
  try {
    const parsed: unknown = JSON.parse(body);
    for (const indent of [undefined, 2, 4, '\t']) forms.add(JSON.stringify(parsed, null, indent));
  } catch {
    // Not JSON: only the whitespace forms above apply.
  }
  forms.delete(body);
  return [...forms];
}

const sameHex = (a: string, b: string): boolean => {
  // Compare every character, so the time taken does not say where the first difference is.
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
};

/**
 * Checks a delivery the way /docs/v1/webhooks says a receiver must, and says why it fails:
 * a header missing or malformed, a signature made over other bytes of the same JSON (the body was
 * re-serialised or its whitespace changed), a signature that matches no form of the body with this
 * secret, or a timestamp outside the window.
 */
export async function verifyDelivery(input: VerifyInput): Promise<VerifyResult> {
  const headers = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v?.trim()]));
  const id = headers[HEADER_ID.toLowerCase()];
  const timestamp = headers[HEADER_TIMESTAMP.toLowerCase()];
  const signature = headers[HEADER_SIGNATURE.toLowerCase()];
  const missing = [
    [HEADER_ID, id],
    [HEADER_TIMESTAMP, timestamp],
    [HEADER_SIGNATURE, signature],
  ].filter(([, value]) => !value);
  if (missing.length) {
    return {
      reason: 'missing-header',
      message: `Missing ${missing.map(([name]) => name).join(', ')}: every delivery carries ${HEADER_ID}, ${HEADER_TIMESTAMP} and ${HEADER_SIGNATURE}; copy all three from the request as it arrived.`,
    };
  }
  if (!/^\d{10}$/.test(timestamp as string)) {
    return {
      reason: 'malformed-header',
      message: `${HEADER_TIMESTAMP} must be Unix seconds, ten digits; it reads "${timestamp as string}".`,
    };
  }
  const values = (signature as string).split(/\s+/).filter(Boolean);
  const sigs = values.filter((v) => /^v1=[0-9a-f]{64}$/.test(v)).map((v) => v.slice(3));
  if (!sigs.length) {
    return {
      reason: 'malformed-header',
      message: `${HEADER_SIGNATURE} must hold v1= and 64 lower-case hex characters (two such values, separated by a space, during a secret rotation); it reads "${signature as string}".`,
    };
  }
  const matches = async (body: string): Promise<boolean> => {
    const expected = await hmacHex(input.secret, signedContent(id as string, timestamp as string, body));
    return sigs.some((sig) => sameHex(sig, expected));
  };
  if (!(await matches(input.body))) {
    for (const form of reserialisations(input.body)) {
      if (await matches(form)) {
        return {
          reason: 'reserialised',
          message:
            'The signature matches the same JSON written with other whitespace: the body was parsed and re-serialised, or its spaces or line ends changed, before it was hashed. Hash the raw body bytes exactly as they arrived.',
        };
      }
    }
    return {
      reason: 'wrong-secret',
      message: `The signature matches neither this body nor any re-spacing of it with this secret: the secret is not the one of this environment (sandbox and production differ; after a rotation both sign for ${ROTATION_OVERLAP_HOURS} hours), or the body content was changed.`,
    };
  }
  const skew = Math.round(input.now - Number(timestamp));
  if (Math.abs(skew) > TIMESTAMP_TOLERANCE_SECONDS) {
    return {
      reason: 'timestamp',
      message: `The signature is right, but ${HEADER_TIMESTAMP} is ${Math.abs(skew)} seconds ${skew > 0 ? 'in the past' : 'in the future'}, outside the ${TIMESTAMP_TOLERANCE_SECONDS}-second window: reject it (a replay, or a clock out of sync: use NTP).`,
    };
  }
  return {
    reason: 'ok',
    message: `The signature matches the raw body with this secret, and ${HEADER_TIMESTAMP} is within ${TIMESTAMP_TOLERANCE_SECONDS} seconds of the clock: process the delivery (once per ${HEADER_ID}).`,
  };
}
