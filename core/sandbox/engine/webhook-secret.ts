/**
 * The webhook secret of the sandbox session, and its rotation (`webhook-secret-rotate`,
 * openapi/families/webhooks.yaml): the call makes a new secret, and for ROTATION_OVERLAP_HOURS
 * after it every delivery carries two `v1=` signatures, one with the previous secret and one with
 * the new one; after that only the new one signs. Rotating again during an overlap ends the older
 * overlap at once (the previous secret is then the one just replaced). The proof of the next trust
 * call (./secret-proof.ts) is made with the new secret, the one the partner now holds.
 *
 * Before this the sandbox answered the rotation with the contract's example and kept signing with
 * the test secret, so no journey could show the overlap (issue 32, 4: "webhook signature rotation").
 */
import {ROTATION_OVERLAP_HOURS, type SignatureForm} from '../../contract/webhook-policy';
import {hmacHex} from '../crypto';
import {SIGNATURE_HEADER, signDelivery} from '../signature';
import type {JsonObject} from '../model';
import {formatLike} from './live';
import {
  PROOF_OPERATIONS,
  proofAnswer,
  SECRET_PROOF_HEADER,
  SECRET_ROTATE_OPERATION,
  secretProofProblem,
} from './secret-proof';
import {envelope, nextSeq, type Answer, type SandboxStore, type Session} from './types';

/** The session's secrets: the one the partner holds now, and the one it replaced while that still signs. */
export interface WebhookSecrets {
  readonly current: string;
  readonly previous?: {readonly secret: string; readonly untilMs: number};
}

const STORE_KEY = 'webhook-secrets';
/** The time zone of the contract's example answer (`created_at`). */
const IST = '2025-11-20T10:00:00+05:30';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The session's secrets: the test secret until a rotation of this session. */
export function webhookSecrets(store: SandboxStore, initial: string): WebhookSecrets {
  const stored = store.get(STORE_KEY) as unknown as WebhookSecrets | undefined;
  return stored ?? {current: initial};
}

/** The secrets that sign a delivery at `nowMs`: the previous one first while the overlap lasts, then the current. */
export function signingSecrets(secrets: WebhookSecrets, nowMs: number): string[] {
  return secrets.previous && nowMs < secrets.previous.untilMs
    ? [secrets.previous.secret, secrets.current]
    : [secrets.current];
}

/**
 * A delivery's headers signed with every secret that signs at `nowMs`, the `v1=` values
 * space-separated (core/sandbox/signature.ts reads them so). The 1.0.0 form has room for one value
 * (a 1.0.0 receiver compares the whole header with its hex), so during an overlap it keeps the
 * previous secret, the one such a receiver still holds.
 */
export async function signWithSecrets(
  secrets: WebhookSecrets,
  nowMs: number,
  delivery: {readonly id: string; readonly body: string},
  form: SignatureForm | undefined,
): Promise<Record<string, string>> {
  const signing = signingSecrets(secrets, nowMs);
  const sign = (secret: string) => signDelivery(secret, delivery.id, nowMs / 1000, delivery.body, form);
  if (form === '1.0.0' || signing.length === 1) return sign(signing[0] as string);
  const each = await Promise.all(signing.map(sign));
  return {...each[0], [SIGNATURE_HEADER]: each.map((h) => h[SIGNATURE_HEADER]).join(' ')};
}

/** A new secret in the contract's pattern (`whsec_` and 32 letters or digits), drawn from the session. */
async function newSecret(current: string, seq: number, nowMs: number): Promise<string> {
  const hex = (await hmacHex(current, `rotate.${seq}.${nowMs}`)) + (await hmacHex(current, `more.${seq}`));
  const chars = Array.from({length: 32}, (_, i) => ALPHABET[parseInt(hex.slice(i * 2, i * 2 + 2), 16) % 62]);
  return `whsec_${chars.join('')}`;
}

/**
 * The answer of `webhook-secret-rotate` once its proof held (the engine checks it before): the new
 * secret, kept as the session's current one. Undefined for any other operation.
 */
export async function rotationAnswer(
  operationId: string,
  store: SandboxStore,
  initial: string,
  nowMs: number,
): Promise<Answer | undefined> {
  if (operationId !== SECRET_ROTATE_OPERATION) return undefined;
  const {current} = webhookSecrets(store, initial);
  const secret = await newSecret(current, nextSeq(store), nowMs);
  const untilMs = nowMs + ROTATION_OVERLAP_HOURS * 3_600_000;
  const next: WebhookSecrets = {current: secret, previous: {secret: current, untilMs}};
  store.set(STORE_KEY, next as unknown as JsonObject);
  const data = {secret, created_at: formatLike(nowMs, IST), previous_valid_until: formatLike(untilMs, IST)};
  return {status: 200, body: envelope(1, 'Webhook secret rotated', data), scenario: 'webhook-secret'};
}

/**
 * Step 4b of the engine's chain, the webhook trust calls: the proof of the secret the partner holds
 * now (refused: HTTP 401, code 11), then a rotation's answer. Undefined for any other call, and for
 * a trust call whose proof holds and that the scenarios answer (`webhook-signature-form`).
 */
export async function trustStep(
  operationId: string,
  headers: Readonly<Record<string, string | undefined>>,
  reqId: string,
  body: string | undefined,
  session: Pick<Session, 'store' | 'clock'>,
  initial: string,
): Promise<Answer | undefined> {
  if (!PROOF_OPERATIONS.has(operationId)) return undefined;
  const {current} = webhookSecrets(session.store, initial);
  const proof = headers[SECRET_PROOF_HEADER.toLowerCase()];
  const problem = await secretProofProblem(proof, current, reqId, body ?? '');
  if (problem) return proofAnswer(problem);
  return rotationAnswer(operationId, session.store, initial, session.clock.now());
}
