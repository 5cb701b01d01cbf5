/**
 * What the engine needs of the 1.4.0 security changes, read from the contract, with the problems that
 * would make the sandbox and the reference disagree: the signature rule of a call marked
 * `x-signed-request` (its three headers declared, optional only with an unsigned-call transition),
 * the query parameters still accepted until a sunset, and the codes the engine answers itself for the
 * key and control calls (so the coverage check counts them and the Sandbox page lists them).
 */
import type {DeprecatedQuery, SignatureRule} from '../model';
import {CONTROLLED_OPERATIONS} from '../engine/controls';
import {KEY_REVOKE_OPERATION} from '../engine/signing-keys';
import type {OpInfo} from './contract';
import type {ScenarioContext} from './context';
import {engineRow} from './rows';
import type {OperationDraft} from './scenario';

/** The `old` of the x-transitions entry that keeps unsigned calls working until its sunset. */
export const UNSIGNED_TRANSITION = 'an unsigned call';

const SIGNATURE_HEADERS = ['Content-Digest', 'Signature-Input', 'Signature'] as const;

/** The signature rule of a marked call, or undefined for an unmarked one; problems go to `ctx`. */
export function signatureRule(ctx: ScenarioContext, d: OperationDraft): SignatureRule | undefined {
  const {o} = d;
  if (o.located.op['x-signed-request'] !== true) return undefined;
  const headers = o.params.filter((p) => p.in === 'header');
  const declared = SIGNATURE_HEADERS.map((name) => headers.find((p) => p.name === name));
  if (declared.some((p) => !p)) {
    ctx.problems.add(
      d.at([]),
      `${o.id}: it is marked x-signed-request but does not declare ${SIGNATURE_HEADERS.join(', ')}. Add the ContentDigest, SignatureInput and Signature parameters of components/common.yaml (the *Required ones on a call signed from the start).`,
    );
    return undefined;
  }
  const proof = headers.find((p) => p.name === 'X-Webhook-Secret-Proof');
  const proofInstead = proof !== undefined && proof.required !== true;
  if (declared.every((p) => p?.required === true)) return proofInstead ? {proofInstead} : {};
  const transition = (o.located.op['x-transitions'] ?? []).find((t) => t.old.startsWith(UNSIGNED_TRANSITION));
  if (!transition && !proofInstead) {
    ctx.problems.add(
      d.at([]),
      `${o.id}: its signature headers are optional but no x-transitions entry starting "${UNSIGNED_TRANSITION}" gives the sunset of unsigned calls. Add one, or use the *Required signature parameters.`,
    );
    return undefined;
  }
  return {...(transition ? {sunset: transition.sunset} : {}), ...(proofInstead ? {proofInstead} : {})};
}

/** Query parameters marked deprecated with their sunset and replacement. */
export function deprecatedQuery(o: OpInfo): DeprecatedQuery[] {
  return o.params.flatMap((p) =>
    p.in === 'query' && p.deprecated === true && typeof p['x-sunset'] === 'string'
      ? [{name: p.name, sunset: p['x-sunset'], replacedBy: p['x-replaced-by'] ?? 'the replacement the reference names'}]
      : [],
  );
}

/** The codes the engine answers from its own state on these calls: reachable, and a row each on the Sandbox page. */
export function addSecurityRows(ctx: ScenarioContext, d: OperationDraft): void {
  const rows: [number, string, string][] = [];
  if (CONTROLLED_OPERATIONS.has(d.o.id))
    rows.push(
      [
        25,
        'A `contact_id` created in this session within the cooling-off period you set',
        'No money moved; the message says from when it can be paid',
      ],
      [26, 'An `amount` above the per-transaction cap you set', 'No money moved'],
      [
        27,
        "An order that takes the day's accepted payouts above the daily cap you set",
        'No money moved; the message says how much is left today',
      ],
    );
  if (d.o.id === KEY_REVOKE_OPERATION) rows.push([7, 'A `keyId` no key of this session has', 'Nothing revoked']);
  for (const [code, input, label] of rows)
    if (d.o.codes.includes(code)) {
      d.reachable.add(code);
      d.rows.push(engineRow(ctx, input, code, label));
    }
}
