/**
 * One scenarios scenario onto one operation: checked (a code the operation lists, inputs of its request,
 * a request the validators let through, inputs no earlier scenario took), then built into the
 * scenario model with its answer, status call answer and later stages.
 */
import type {ScenarioRow} from '../../contract/types';
import type {ScenarioModel, StageModel, WebhookModel} from '../model';
import {withCurrentNames} from '../body';
import {
  conditions,
  errorLines,
  httpStatusOf,
  isInput,
  reachableRequest,
  renamedFields,
  requestErrors,
  requestOf,
  type OpInfo,
} from './contract';
import {nameOf, type ScenarioContext} from './context';
import type {ScenarioSpec} from './format';
import {bodySpecOf, renderBody, renderWebhook} from './render';
import {scenarioRow} from './rows';
import type {YamlPath} from './yaml';

/** One operation's model as it is being built, phase by phase. */
export interface OperationDraft {
  readonly o: OpInfo;
  /** `file:line` of a place in the operation's scenario entry (or the family file's name). */
  readonly at: (path: YamlPath) => string;
  /** The path of the family's scenario file, for messages. */
  readonly familyFile: string;
  readonly scenarios: ScenarioModel[];
  /** Codes some scenario or engine step answers. */
  readonly reachable: Set<number>;
  readonly rows: ScenarioRow[];
  /** The status call of a tracked operation. */
  statusOp?: OpInfo;
}

/** Where a scenario comes from: its line, its id in the model, and which file owns it. */
export interface ScenarioSource {
  readonly where: string;
  readonly id: string;
  readonly source: ScenarioRow['source'];
}

/**
 * Whether a scenario applies to the operation and can be reached. A shared scenario (of the family
 * or the sandbox file) that does not fit the operation is left out silently; the operation's own is
 * a problem.
 */
function reachableScenario(ctx: ScenarioContext, d: OperationDraft, s: ScenarioSpec, from: ScenarioSource): boolean {
  const {o} = d;
  const {where} = from;
  const shared = from.source !== 'operation';
  const what = `scenario "${s.label}"`;
  const when = s.when ?? {};
  if (!o.codes.includes(s.code) && !ctx.commonCodes.includes(s.code)) {
    if (!shared)
      ctx.problems.add(
        where,
        `${o.id}: ${what} answers code ${s.code}, which ${o.id} does not list (x-response-codes: ${o.codes.join(', ')}). Use one of those codes, or add ${s.code} to x-response-codes of ${o.id} in openapi/families/${o.family}.yaml if the API really answers it.`,
      );
    return false;
  }
  const foreign = Object.keys(when).find((key) => !isInput(o, key));
  if (foreign !== undefined) {
    if (!shared)
      ctx.problems.add(
        where,
        `${o.id}: ${what} matches on "${foreign}", which is not a field of the ${o.id} request. Use a body field path (customerparams[0].value) or a path or query parameter name.`,
      );
    return false;
  }
  const errors =
    s.code === 10 ? requestErrors(ctx.check, o, requestOf(o, when)) : reachableRequest(ctx.check, o, when).errors;
  if (s.code === 10 && !errors.length) {
    ctx.problems.add(
      where,
      `${o.id}: ${what} answers code 10, but its request (the contract example with ${JSON.stringify(when)}) is valid. Give a value that breaks a rule of the request schema.`,
    );
    return false;
  }
  if (s.code !== 10 && errors.length) {
    ctx.problems.add(
      where,
      `${o.id}: ${what} would never be reached: its request (the contract example with ${JSON.stringify(when)}) is not valid, so the engine answers code 10:\n${errorLines(errors)}\n  Choose values the request schema accepts.`,
    );
    return false;
  }
  const dup = d.scenarios.find((x) => !x.partnerId && JSON.stringify(x.when) === JSON.stringify(conditions(when)));
  if (dup) {
    // A shared scenario gives way to the operation's own scenario for these inputs.
    if (!shared)
      ctx.problems.add(
        where,
        `${o.id}: ${what} matches the same inputs as "${dup.label}", which comes first, so it is never reached. Give it other values.`,
      );
    return false;
  }
  return true;
}

/** The then: stages: each one's status call answer and webhooks. */
function compileStages(ctx: ScenarioContext, d: OperationDraft, s: ScenarioSpec, where: string): StageModel[] {
  const what = `scenario "${s.label}"`;
  return (s.then ?? []).map((stage, i) => {
    const st =
      stage.status !== undefined && d.statusOp
        ? renderBody(ctx, d.statusOp, bodySpecOf(stage.status), where, `${what}, then[${i}].status`, d.o.id)
        : undefined;
    const hooks = (stage.webhooks ?? [])
      .map((h, j) => renderWebhook(ctx, h, d.o, where, `${what}, then[${i}].webhooks[${j}]`))
      .filter((h): h is WebhookModel => h !== undefined);
    return {after: stage.after, ...(st ? {status: st} : {}), webhooks: hooks};
  });
}

/** The model of a reachable scenario; undefined (and a problem) when its answers cannot be built. */
function compileScenario(
  ctx: ScenarioContext,
  d: OperationDraft,
  s: ScenarioSpec,
  from: ScenarioSource,
): ScenarioModel | undefined {
  const {o, statusOp} = d;
  const {where} = from;
  const what = `scenario "${s.label}"`;
  const body = renderBody(ctx, o, s, where, what);
  if (!body) return undefined;
  const tracked = s.status !== undefined || (s.then ?? []).some((st) => st.status !== undefined);
  if (tracked && !statusOp) {
    ctx.problems.add(
      where,
      `${o.id}: ${what} gives a status call answer, but ${o.id} has no tracking. Add tracking: {status: <its status call>} under operations.${o.id}.`,
    );
    return undefined;
  }
  if ((s.code === 2 || s.code === 5) && statusOp && !(s.then ?? []).some((st) => st.status !== undefined)) {
    ctx.problems.add(
      where,
      `${o.id}: ${what} answers code ${s.code} (${nameOf(ctx, s.code)}) but never settles. Add then: [{after: <seconds>, status: <the final status answer>, webhooks: [...]}].`,
    );
    return undefined;
  }
  const status =
    s.status !== undefined && statusOp
      ? renderBody(ctx, statusOp, bodySpecOf(s.status), where, `${what}, status:`, o.id)
      : undefined;
  const then = compileStages(ctx, d, s, where);
  const model: ScenarioModel = {
    id: from.id,
    label: s.label,
    when: conditions(s.when ?? {}),
    code: s.code,
    httpStatus: httpStatusOf(s.code),
    body,
    ...(status ? {status} : {}),
    then,
  };
  return model;
}

/** Adds a scenario to the operation (and its row) when it applies, can be reached and compiles. */
export function addScenario(ctx: ScenarioContext, d: OperationDraft, given: ScenarioSpec, from: ScenarioSource): void {
  // A scenario may name a renamed field by either name; it matches the request's current name.
  const s = given.when ? {...given, when: withCurrentNames(given.when, renamedFields(d.o.bodySchema))} : given;
  if (!reachableScenario(ctx, d, s, from)) return;
  if (s.code === 10) {
    // The engine answers it from the validator; nothing to compile.
    d.reachable.add(10);
    d.rows.push(scenarioRow(ctx, s, undefined, from.source));
    return;
  }
  const model = compileScenario(ctx, d, s, from);
  if (!model) return;
  d.scenarios.push(model);
  d.reachable.add(s.code);
  d.rows.push(scenarioRow(ctx, s, model, from.source));
}
