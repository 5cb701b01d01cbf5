/**
 * `expires:` of a scenario entry: a confirmation (a refund with its OTP) that the sandbox refuses once
 * what it confirms has expired, timed from the operation that started it. Checked against the
 * contract: the starter exists, both requests have the key, and the code is one the operation lists.
 */
import {closest} from '../../util/closest';
import type {ExpiryModel, FamilyModel} from '../model';
import {httpStatusOf, isInput, type OpInfo} from './contract';
import type {ScenarioContext} from './context';
import type {ExpirySpec} from './format';
import {renderBody} from './render';
import {engineRow} from './rows';
import type {OperationDraft} from './scenario';

/** Why an `expires:` entry cannot work, or undefined when it can. */
function expiryProblem(ctx: ScenarioContext, o: OpInfo, spec: ExpirySpec): string | undefined {
  const starter = ctx.ops.get(spec.after);
  if (!starter) {
    const near = closest(spec.after, ctx.ops.keys());
    return `${o.id}: expires names "${spec.after}", which is not an operation of the contract.${near.length ? ` Did you mean "${near[0]}"?` : ''}`;
  }
  const lacking = [o, starter].find((op) => !isInput(op, spec.key));
  if (lacking)
    return `${o.id}: expires times "${spec.key}", which is not a field of the ${lacking.id} request. Name a field both requests send.`;
  if (!o.codes.includes(spec.code))
    return `${o.id}: expires answers code ${spec.code}, which ${o.id} does not list (x-response-codes: ${o.codes.join(', ')}). Use the code the API answers for an expired confirmation.`;
  return undefined;
}

/** The entry's expiry model (and its row on the Sandbox page), or undefined and a problem. */
export function compileExpiry(
  ctx: ScenarioContext,
  d: OperationDraft,
  spec: ExpirySpec | undefined,
): ExpiryModel | undefined {
  if (!spec) return undefined;
  const {o} = d;
  const where = d.at(['expires']);
  const problem = expiryProblem(ctx, o, spec);
  if (problem) {
    ctx.problems.add(where, problem);
    return undefined;
  }
  const answer = {code: spec.code, ...(spec.message !== undefined ? {message: spec.message} : {})};
  const body = renderBody(ctx, o, answer, where, 'expires');
  if (!body) return undefined;
  d.reachable.add(spec.code);
  const minutes = spec.seconds % 60 === 0 ? `${spec.seconds / 60} minutes` : `${spec.seconds} s`;
  d.rows.push(
    engineRow(
      ctx,
      `The same \`${spec.key}\` more than ${minutes} after \`${spec.after}\` answered`,
      spec.code,
      spec.label,
    ),
  );
  return {
    starter: spec.after,
    key: spec.key,
    seconds: spec.seconds,
    label: spec.label,
    httpStatus: httpStatusOf(spec.code),
    body,
  };
}

/** The families with each expiry's starter marked, so the engine times its code 1 answers. */
export function markExpiryStarters(families: readonly FamilyModel[]): FamilyModel[] {
  const timed = new Map<string, string>();
  for (const f of families) for (const op of f.operations) if (op.expiry) timed.set(op.expiry.starter, op.expiry.key);
  return families.map((f) => ({
    ...f,
    operations: f.operations.map((op) => {
      const key = timed.get(op.id);
      return key === undefined ? op : {...op, timedBy: key};
    }),
  }));
}
