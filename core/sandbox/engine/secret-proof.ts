/**
 * Step 4b, the proof of the current webhook secret that `webhook-secret-rotate` (issue 23) and
 * `webhook-signature-form` (issue 33) require:
 * with the API token alone, whoever holds a leaked JWT secret could rotate the webhook secret, read
 * the new one from the answer and sign deliveries the partner would trust. So the call also carries
 * `X-Webhook-Secret-Proof: v1=<hex HMAC-SHA256 of "<reqId>.<raw body>">`, keyed with the current
 * webhook secret: the same form as a delivery's `X-Signature`, bound to this request's single-use
 * `reqId` so a logged proof cannot be replayed. Our policy with its reasons: openapi/facts/webhooks.yaml.
 */
import {SIGNATURE_FORM_OPERATION} from '../../contract/webhook-policy';
import {hmacHex} from '../crypto';
import {envelope, type Answer} from './types';

export const SECRET_PROOF_HEADER = 'X-Webhook-Secret-Proof';

/** The operation that requires the proof (openapi/families/webhooks.yaml). */
export const SECRET_ROTATE_OPERATION = 'webhook-secret-rotate';

/**
 * Every call that changes which deliveries the partner's endpoint trusts, and so requires the proof:
 * the rotation, and from 1.4.0 the switch back to the 1.0.0 signature form (issue 33: with a leaked
 * token alone it downgraded the endpoint to the body-only form, under which a captured delivery can be
 * replayed with a fresh id). A security fix, so it has no transition window (openapi/DECISIONS.md).
 */
export const PROOF_OPERATIONS: ReadonlySet<string> = new Set([SECRET_ROTATE_OPERATION, SIGNATURE_FORM_OPERATION]);

/** The text the proof's HMAC covers: the token's `reqId`, a dot, and the raw request body. */
export const proofContent = (reqId: string, body: string): string => `${reqId}.${body}`;

/** `v1=` and the lower-case hex HMAC-SHA256 of the proof content with the current webhook secret. */
export async function secretProof(secret: string, reqId: string, body: string): Promise<string> {
  return `v1=${await hmacHex(secret, proofContent(reqId, body))}`;
}

/** Why the proof header is refused, or undefined when it proves the current secret. */
export async function secretProofProblem(
  header: string | undefined,
  secret: string,
  reqId: string,
  body: string,
): Promise<string | undefined> {
  if (!header)
    return `Missing ${SECRET_PROOF_HEADER}: send v1= and the HMAC-SHA256 of "<reqId>.<raw body>" with your current webhook secret, or rotate in the dashboard`;
  if (header !== (await secretProof(secret, reqId, body)))
    return `${SECRET_PROOF_HEADER} does not match: sign "<reqId>.<raw body>" of this request with your current webhook secret`;
  return undefined;
}

/** A refused proof: HTTP 401 and code 11, as a refused token, since it is a credential too. */
export const proofAnswer = (problem: string): Answer => ({
  status: 401,
  body: envelope(11, problem),
  scenario: 'secret-proof',
});
