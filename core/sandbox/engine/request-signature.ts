/**
 * Step 2b, the request signature of a call marked `x-signed-request` (openapi/DECISIONS.md, issue 33):
 * RFC 9421 over the method, path, `Content-Digest` and `Authorization`, with the token's `reqId` as
 * nonce, verified by core/signing against the session's keys (./signing-keys.ts). Right after the
 * token, before anything reads the body, as a server authenticates before it processes.
 *
 * - Signed: it must verify; a refusal answers HTTP 401 with code 11 and says which check failed
 *   (unknown or revoked key, nonce, digest, created, a signature that does not match). That detail
 *   is the sandbox's, to help an integration; production says PRODUCTION_SIGNATURE_MESSAGE alone.
 * - Unsigned, during the call's transition (its `sunset`): answered as before, with `Deprecation` and
 *   `Sunset`. After the sunset, or on a call signed from the start: refused.
 * - The first key (signing-key-register while no key is active) proves the webhook secret instead.
 */
import {verifyRequest, type SignatureProblem} from '../../signing/message';
import type {SignatureRule} from '../model';
import {secretProofProblem, SECRET_PROOF_HEADER} from './secret-proof';
import {hasActiveKey, keyStateOf, type keyRing} from './signing-keys';
import {transitionHeaders, withinWindow} from './transition';
import {envelope, type Answer} from './types';

export interface SignatureCheckInput {
  readonly method: string;
  /** The path as sent, with the base path, without the query. */
  readonly path: string;
  readonly body: string;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly reqId: string;
  readonly nowMs: number;
  readonly ring: ReturnType<typeof keyRing>;
  readonly webhookSecret: string;
}

/** The step's outcome: go on (with the transition's headers for an unsigned call), or this answer. */
export type SignatureOutcome = {readonly headers?: Record<string, string>} | {readonly answer: Answer};

const refused = (message: string, problem: SignatureProblem | 'proof'): SignatureOutcome => ({
  answer: {status: 401, body: envelope(11, message), scenario: `signature:${problem}`},
});

const MUST_SIGN =
  'This call must be signed: send Content-Digest, Signature-Input and Signature with a registered key (Headers and tokens shows how)';

/** An unsigned call: the first key's proof, the transition, or a refusal. */
async function unsigned(rule: SignatureRule, input: SignatureCheckInput): Promise<SignatureOutcome> {
  if (rule.proofInstead && !hasActiveKey(input.ring)) {
    const proof = input.headers[SECRET_PROOF_HEADER.toLowerCase()];
    const problem = await secretProofProblem(proof, input.webhookSecret, input.reqId, input.body);
    return problem ? refused(`No key of yours is active, so prove the webhook secret. ${problem}`, 'proof') : {};
  }
  if (rule.sunset && withinWindow(rule.sunset, input.nowMs)) return {headers: transitionHeaders(rule.sunset)};
  return refused(rule.sunset ? `Unsigned calls ended on ${rule.sunset}. ${MUST_SIGN}` : MUST_SIGN, 'unsigned');
}

/** The signature check of a marked call. */
export async function checkRequestSignature(
  rule: SignatureRule,
  input: SignatureCheckInput,
): Promise<SignatureOutcome> {
  const authorization = input.headers.authorization ?? '';
  const verified = await verifyRequest(
    {method: input.method, path: input.path, body: input.body, authorization},
    input.headers,
    {nonce: input.reqId, nowSeconds: Math.floor(input.nowMs / 1000), keyFor: (kid) => keyStateOf(input.ring, kid)},
  );
  if (verified.ok) return {};
  if (verified.problem === 'unsigned') return unsigned(rule, input);
  return refused(verified.message, verified.problem);
}
