/**
 * `overdue:` of the escalation call's scenario entry (issue 32, 3): per reason, the state of the
 * escalated transaction and its bound, before which the sandbox refuses the escalation with code 24
 * as the API does. Checked against the contract here (the status call exists, the escalation call
 * lists 24); against the behaviour model's bounds in core/behaviour/checks.ts `overdueProblems`.
 */
import {closest} from '../../util/closest';
import type {OverdueModel} from '../model';
import type {ScenarioContext} from './context';
import type {OverdueSpec} from './format';
import {engineRow} from './rows';
import type {OperationDraft} from './scenario';

/** The code the API refuses an escalation with while there is nothing to escalate yet. */
export const NOT_ESCALATABLE = 24;

function overdueProblem(
  ctx: ScenarioContext,
  d: OperationDraft,
  reason: string,
  spec: OverdueSpec,
): string | undefined {
  if (!ctx.ops.has(spec.status)) {
    const near = closest(spec.status, ctx.ops.keys());
    return `${d.o.id}: overdue ${reason} names the status call "${spec.status}", which is not an operation of the contract.${near.length ? ` Did you mean "${near[0]}"?` : ''}`;
  }
  if (!d.o.codes.includes(NOT_ESCALATABLE))
    return `${d.o.id}: overdue refuses with code ${NOT_ESCALATABLE}, which ${d.o.id} does not list (x-response-codes: ${d.o.codes.join(', ')}). List it in the contract with its meaning.`;
  return undefined;
}

/** The entry's overdue models (and their rows on the Sandbox page); a problem for each that cannot work. */
export function compileOverdue(
  ctx: ScenarioContext,
  d: OperationDraft,
  spec: Readonly<Record<string, OverdueSpec>> | undefined,
): OverdueModel[] {
  return Object.entries(spec ?? {}).flatMap(([reason, entry]): OverdueModel[] => {
    const problem = overdueProblem(ctx, d, reason, entry);
    if (problem) {
      ctx.problems.add(d.at(['overdue', reason]), problem);
      return [];
    }
    d.reachable.add(NOT_ESCALATABLE);
    d.rows.push(
      engineRow(
        ctx,
        `\`reason\` ${reason} for a transaction of this session still ${entry.state}, sooner than its bound`,
        NOT_ESCALATABLE,
        `Not overdue yet: ${entry.state} for less than ${entry.seconds} s`,
      ),
    );
    return [
      {
        reason,
        status: entry.status,
        field: entry.field ?? 'status',
        state: entry.state,
        seconds: entry.seconds,
        message: entry.message,
      },
    ];
  });
}
