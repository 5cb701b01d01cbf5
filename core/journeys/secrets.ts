/**
 * The webhook secrets a journey's client holds, as a partner's endpoint holds them across a rotation
 * (/docs/v1/webhooks, "Rotating the secret"): the current one, and after a rotation the one it
 * replaced, kept to verify with during the overlap. Both runners share this: the journeys proxy
 * (Respect) and the page's runner (./engine-port.ts). The new secret comes from the rotation's answer,
 * as a partner stores it; the next proof (`X-Webhook-Secret-Proof`) is made with it.
 *
 * A webhook step reports which of the held secrets signed its delivery, in `SIGNED_WITH_HEADER`
 * (`previous current` during the overlap, `current` otherwise), so the rotation journey can expect
 * both signatures during the overlap and the previous one gone after it. Web APIs only.
 */
import {SECRET_ROTATE_OPERATION} from '../sandbox/engine/secret-proof';
import {verifyWebhookSignature} from '../sandbox/signature';
import type {SecretName} from './names';

export {SIGNED_WITH_HEADER, type SecretName} from './names';

export interface HeldSecrets {
  readonly current: string;
  /** The secret the last rotation replaced, kept to verify with during the overlap. */
  readonly previous?: string;
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The secrets held after an answer: after a rotation answered with response_code 1, its new secret
 * is current and the one before it previous (a second rotation drops the oldest, as the API does).
 */
export function afterAnswer(held: HeldSecrets, operationId: string | undefined, body: string): HeldSecrets {
  if (operationId !== SECRET_ROTATE_OPERATION) return held;
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return held;
  }
  const secret = obj(obj(answer).data).secret;
  if (obj(answer).response_code !== 1 || typeof secret !== 'string') return held;
  return {current: secret, previous: held.current};
}

/** Which held secrets signed a delivery (each checked as a receiver checks it: id, timestamp, body), in the order previous, current. */
export async function signedWith(
  held: HeldSecrets,
  delivery: {readonly headers: Readonly<Record<string, string | undefined>>; readonly body: string},
  nowSeconds: number,
): Promise<SecretName[]> {
  const named: [SecretName, string | undefined][] = [
    ['previous', held.previous],
    ['current', held.current],
  ];
  const valid = await Promise.all(
    named.map(async ([, secret]) =>
      secret
        ? (await verifyWebhookSignature({payload: delivery.body, headers: delivery.headers, secret, nowSeconds})).valid
        : false,
    ),
  );
  return named.filter((_, i) => valid[i]).map(([name]) => name);
}
