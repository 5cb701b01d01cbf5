/**
 * Answer bodies and webhook payloads from scenario entries: the contract's example, then the entry's
 * message, data and set:, checked against the response (or payload) schema. A body that cannot be
 * built is a problem naming the entry, and no body.
 */
import {closest} from '../../util/closest';
import {mergePatch, text} from '../body';
import type {Json, JsonObject, WebhookModel} from '../model';
import {errorLines, httpStatusOf, unknownPatchKeys, type OpInfo} from './contract';
import type {ScenarioContext} from './context';
import type {BodySpec} from './format';

/** What an answer is built from: a scenario, a status: entry or a test partner's code. */
export interface AnswerSpec {
  example?: string;
  code: number;
  message?: string;
  data?: Json;
  set?: JsonObject;
}

/** Where a body is described and by whom, for its problems: `file:line`, the owner operation, `scenario "..."`. */
export interface EntryPlace {
  readonly at: string;
  readonly what: string;
  readonly owner: string;
}

/** The named example, the documented example with the code, or a bare envelope with the code's meaning. */
function startingBody(ctx: ScenarioContext, o: OpInfo, spec: AnswerSpec, place: EntryPlace): JsonObject | undefined {
  const {at, what, owner} = place;
  const status = String(httpStatusOf(spec.code));
  const pool = o.examples[status] ?? [];
  if (spec.example === undefined) {
    const documented = pool.find((e) => e.value.response_code === spec.code);
    return documented
      ? documented.value
      : {status: spec.code === 1, response_code: spec.code, message: ctx.codeNames.get(spec.code)?.meaning ?? ''};
  }
  const found = pool.find((e) => e.name === spec.example);
  if (!found) {
    const names = Object.values(o.examples).flatMap((list) => list.map((e) => e.name));
    const near = closest(spec.example, names);
    ctx.problems.add(
      at,
      `${owner}: ${what} names the example "${spec.example}", which the ${status} response of ${o.id} does not have (it has ${pool.map((e) => e.name).join(', ') || 'none'}).${near.length ? ` Did you mean "${near[0]}"?` : ''}`,
    );
    return undefined;
  }
  if (found.value.response_code !== spec.code) {
    ctx.problems.add(
      at,
      `${owner}: ${what} answers code ${spec.code} with the example "${spec.example}", whose response_code is ${text(found.value.response_code)}. Name an example with response_code ${spec.code}, or leave example out.`,
    );
    return undefined;
  }
  return found.value;
}

/** The answer body a spec describes for an operation; undefined (and a problem) when it cannot be built. */
export function renderBody(
  ctx: ScenarioContext,
  o: OpInfo,
  spec: AnswerSpec,
  at: string,
  what: string,
  owner = o.id,
): JsonObject | undefined {
  const status = String(httpStatusOf(spec.code));
  let body = startingBody(ctx, o, spec, {at, what, owner});
  if (!body) return undefined;
  if (spec.message !== undefined) body = {...body, message: spec.message};
  if (spec.data !== undefined) body = {...body, data: spec.data};
  if (spec.set) {
    const unknown = unknownPatchKeys(o.responseSchemas[status], spec.set);
    if (unknown.length) {
      ctx.problems.add(
        at,
        `${owner}: ${what} sets ${unknown.join(', ')}, which the ${status} response of ${o.id} does not define. Fix the field name.`,
      );
      return undefined;
    }
    body = mergePatch(body, spec.set) as JsonObject;
  }
  if (body.status !== (spec.code === 1) || body.response_code !== spec.code) {
    ctx.problems.add(
      at,
      `${owner}: ${what} gives status ${text(body.status)} and response_code ${text(body.response_code)}; status is true exactly when response_code is 1, and response_code must be ${spec.code}. Fix set: or the code.`,
    );
    return undefined;
  }
  const schema = o.responseSchemas[status];
  const errors = schema ? ctx.check(schema, body) : [];
  if (errors.length) {
    ctx.problems.add(
      at,
      `${owner}: ${what} is not a valid ${status} response of ${o.id}:\n${errorLines(errors)}\n  Fix the scenario entry (the contract is the source of truth).`,
    );
    return undefined;
  }
  return body;
}

/** A status: entry as an answer spec: a bare string names a success example. */
export const bodySpecOf = (spec: BodySpec): AnswerSpec =>
  typeof spec === 'string' ? {example: spec, code: 1} : {...spec, code: spec.code ?? 1};

export interface WebhookSpec {
  webhook: string;
  after?: number;
  set?: JsonObject;
}

/** A webhook of a then: stage: the contract's payload example with set: applied, checked against its schema. */
export function renderWebhook(
  ctx: ScenarioContext,
  hook: WebhookSpec,
  o: OpInfo,
  at: string,
  what: string,
): WebhookModel | undefined {
  const l = ctx.webhooks.get(hook.webhook);
  if (!l) {
    const near = closest(hook.webhook, ctx.webhooks.keys());
    ctx.problems.add(
      at,
      `${o.id}: ${what} names the webhook "${hook.webhook}", which the contract does not define.${near.length ? ` Did you mean "${near[0]}"?` : ''}`,
    );
    return undefined;
  }
  const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
  const example = (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as JsonObject | undefined;
  const schema = media?.schema;
  const unknown = unknownPatchKeys(schema, hook.set ?? {});
  if (unknown.length) {
    ctx.problems.add(
      at,
      `${o.id}: ${what} sets ${unknown.join(', ')}, which the ${hook.webhook} payload does not define. Fix the field name.`,
    );
    return undefined;
  }
  const body = mergePatch(example ?? {}, hook.set ?? {}) as JsonObject;
  const errors = schema ? ctx.check(schema, body) : [];
  if (errors.length) {
    ctx.problems.add(
      at,
      `${o.id}: ${what} (${hook.webhook}) is not a valid payload of that webhook:\n${errorLines(errors)}\n  Fix its set: (the contract is the source of truth).`,
    );
    return undefined;
  }
  return {webhook: hook.webhook, after: hook.after ?? 0, body};
}
