/**
 * `updates:` of a scenario entry: what a code 1 answer changes in a status call's later answers (a
 * refund confirmed: the session's status call reports that transfer `REFUNDED` from then on, as the
 * behaviour model says). Checked against the contract: the status call exists, the key is a field of
 * this request, and the status call's documented answers, with `set` merged into each item the key
 * names, are still valid answers.
 */
import {closest} from '../../util/closest';
import type {JsonObject, UpdateModel} from '../model';
import {mergeInto} from '../engine/updates';
import {errorLines, isInput, type OpInfo} from './contract';
import type {ScenarioContext} from './context';
import type {UpdateSpec} from './format';
import {engineRow} from './rows';
import type {OperationDraft} from './scenario';

function updateProblem(ctx: ScenarioContext, o: OpInfo, spec: UpdateSpec): string | undefined {
  const status = ctx.ops.get(spec.status);
  if (!status) {
    const near = closest(spec.status, ctx.ops.keys());
    return `${o.id}: updates names "${spec.status}", which is not an operation of the contract.${near.length ? ` Did you mean "${near[0]}"?` : ''}`;
  }
  if (!isInput(o, spec.key))
    return `${o.id}: updates matches on "${spec.key}", which is not a field of the ${o.id} request. Name the request field the status call's item carries too.`;
  const schema = status.responseSchemas['200'];
  const examples = status.examples['200'] ?? [];
  const changed = examples.flatMap((e) => {
    const hits = {count: 0};
    const body = mergeInto(e.value, spec.key, () => spec.set, hits) as JsonObject;
    return hits.count ? [{name: e.name, body}] : [];
  });
  if (!changed.length)
    return `${o.id}: updates changes the ${spec.status} items with a "${spec.key}" field, and no documented answer of ${spec.status} has one. Name a field its items carry.`;
  for (const c of changed) {
    const errors = schema ? ctx.check(schema, c.body) : [];
    if (errors.length)
      return `${o.id}: updates sets ${JSON.stringify(spec.set)}, which makes the ${spec.status} example "${c.name}" an invalid 200 response:\n${errorLines(errors)}`;
  }
  return undefined;
}

/** The entry's update model (and its row on the Sandbox page), or undefined and a problem. */
export function compileUpdates(
  ctx: ScenarioContext,
  d: OperationDraft,
  spec: UpdateSpec | undefined,
): UpdateModel | undefined {
  if (!spec) return undefined;
  const problem = updateProblem(ctx, d.o, spec);
  if (problem) {
    ctx.problems.add(d.at(['updates']), problem);
    return undefined;
  }
  const fields = Object.entries(spec.set)
    .map(([k, v]) => `\`${k}\` ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
  d.rows.push(
    engineRow(
      ctx,
      `\`${spec.status}\` after a code 1 answer`,
      1,
      `Reports the item with this \`${spec.key}\` with ${fields} from then on`,
    ),
  );
  return {status: spec.status, key: spec.key, set: spec.set};
}
