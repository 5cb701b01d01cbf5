/**
 * The checks that hold the rest of the contract to the behaviour model (./model.ts): the sandbox
 * scenarios walk only paths the model allows and cover every path it allows; the contract's
 * examples agree with it; the webhook policy's numbers are shared.yaml's; each overview page shows
 * its table. Pure: every input comes in as data; each problem names a file and line and the fix.
 */
import type {ContractProblem, Located, Operation} from '../contract/openapi';
import type {FamilyModel, Json, JsonObject, ScenarioModel} from '../sandbox/model';
import {ScenarioYaml} from '../sandbox/compile/yaml';
import {
  ESCALATION_CALL,
  type CommonBehaviour,
  type FamilyBehaviour,
  type ModeSpec,
  type OperationBehaviour,
  type Scalar,
  type TransitionSpec,
} from './model';

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The state a status answer, an answer or a webhook body carries in `field` (top level or in `data`). */
export function stateOf(body: Json | undefined, field: string): string | undefined {
  if (!isObj(body)) return undefined;
  const data = body.data;
  const value = isObj(data) && typeof data[field] === 'string' ? data[field] : body[field];
  return typeof value === 'string' ? value : undefined;
}

/** The operation's documented request: its body's `example`, else its first named example. */
export function exampleRequest(op: Operation): JsonObject {
  const media = Object.entries(op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
  const value = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
  return isObj(value) ? value : {};
}

/** The mode a request selects: the first whose `when` values all hold (a mode without `when` takes any). */
export function modeOf(modes: readonly ModeSpec[], value: (key: string) => unknown): ModeSpec | undefined {
  return modes.find((m) => Object.entries(m.when).every(([k, v]) => value(k) === v));
}

const describeWhen = (when: Readonly<Record<string, Scalar>>): string =>
  Object.entries(when)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ') || 'any request';

/** The transition `from` -> `to` in `mode`, if the model allows it. */
export function transitionOf(
  op: OperationBehaviour,
  from: string,
  to: string,
  mode: string,
): TransitionSpec | undefined {
  return op.transitions.find((t) => t.from === from && t.to === to && (!t.modes || t.modes.includes(mode)));
}

/** Which (mode, first code) pairs and transitions some scenario walked, by key. */
export class Coverage {
  readonly seen = new Set<string>();
  static first = (op: string, mode: string, code: number): string => `${op}|${mode}|${code}`;
  static change = (op: string, t: Pick<TransitionSpec, 'from' | 'to'>): string => `${op}|${t.from}>${t.to}`;
}

/** `openapi/scenarios/payout.yaml:23` of a compiled scenario (id `<file>#<operation>/<n>`), from the files' texts. */
export function scenarioLocator(texts: ReadonlyMap<string, string>): (id: string) => string {
  const parsed = new Map<string, ScenarioYaml>();
  return (id) => {
    const m = /^(.*)#([^/]+)\/(\d+)$/.exec(id);
    const text = m ? texts.get(m[1] as string) : undefined;
    if (!m || text === undefined) return id;
    const file = m[1] as string;
    const yaml = parsed.get(file) ?? new ScenarioYaml(file, text);
    parsed.set(file, yaml);
    // The label's line: where a reader sees the scenario start (every scenario has one).
    return yaml.at(['operations', m[2] as string, 'scenarios', Number(m[3]), 'label']);
  };
}

interface Walk {
  readonly op: OperationBehaviour;
  readonly scenario: ScenarioModel;
  readonly where: string;
  readonly problems: string[];
  readonly coverage: Coverage;
}

/** The webhooks of one stage against the change that led to it (or none). */
function checkWebhooks(
  w: Walk,
  webhooks: readonly {webhook: string; body: JsonObject}[],
  state: string,
  change: TransitionSpec | undefined,
  mode: string,
): void {
  const {op, where, problems, scenario} = w;
  if (change?.webhook && op.webhook !== 'none' && !webhooks.some((h) => h.webhook === op.webhook))
    problems.push(
      `${where}: "${scenario.label}": the model says ${change.from} -> ${change.to} sends ${op.webhook}, and the step sends none. Fix: add {webhook: ${op.webhook}} to that step.`,
    );
  for (const h of webhooks) {
    // The money's own event (a wallet credit), not a report of the state: allowed where the state returns money by it.
    if (op.moneyBack.some((m) => m.webhook === h.webhook)) {
      if (!moneyBackHook(op, state, h.webhook))
        problems.push(
          `${where}: "${scenario.label}": sends ${h.webhook} while the transaction is ${state}; the model sends it when the money comes back on ${op.moneyBack
            .filter((m) => m.webhook === h.webhook)
            .map((m) => m.state)
            .join(', ')}. Fix: send it in the step that reaches that state.`,
        );
      continue;
    }
    if (op.webhook === 'none') {
      problems.push(
        `${where}: "${scenario.label}": ${op.id} sends no webhook (openapi/behaviour), yet the scenario sends ${h.webhook}. Fix: remove the webhook from the scenario.`,
      );
      continue;
    }
    if (h.webhook !== op.webhook)
      problems.push(
        `${where}: "${scenario.label}": sends ${h.webhook}; the model says ${op.id} reports its changes by ${op.webhook}. Fix: send ${op.webhook}.`,
      );
    const allowed = change ? change.webhook : op.webhookOnFirst.includes(state);
    if (!allowed)
      problems.push(
        change
          ? `${where}: "${scenario.label}": ${change.from} -> ${change.to} sends no webhook in the model, yet the scenario sends ${h.webhook}. Fix: remove it, or set webhook: true on that transition.`
          : `${where}: "${scenario.label}": a webhook with no change of state (${state}, mode ${mode}). Fix: remove it, or list ${state} under webhook-on-first in the model.`,
      );
    const carried = stateOf(h.body, op.statusField);
    if (carried && carried !== state)
      problems.push(
        `${where}: "${scenario.label}": its ${h.webhook} says ${op.statusField} ${carried} where the transaction is ${state}. Fix: set ${op.statusField}: ${state} in the webhook.`,
      );
  }
}

/** One rule per status call: operations sharing a status call that give different bounds for a final 7. */
export function notFoundProblems(families: readonly FamilyBehaviour[]): string[] {
  const byCall = new Map<string, {file: string; op: string; seconds: number}[]>();
  for (const f of families)
    for (const op of f.operations)
      if (op.notFound)
        byCall.set(op.statusCall, [
          ...(byCall.get(op.statusCall) ?? []),
          {file: f.file, op: op.id, seconds: op.notFound.finalAfterSeconds},
        ]);
  return [...byCall].flatMap(([call, rules]) =>
    new Set(rules.map((r) => r.seconds)).size > 1
      ? [
          `${[...new Set(rules.map((r) => r.file))].join(', ')}: ${call} answers one code 7 for ${rules.map((r) => `${r.op} (final-after-seconds ${r.seconds})`).join(', ')}. Fix: give them the same not-found bound, the one the status call keeps.`,
        ]
      : [],
  );
}

/** Whether `webhook` reports the money coming back in `state` (a money-back entry's own webhook). */
function moneyBackHook(op: OperationBehaviour, state: string, webhook?: string): boolean {
  return op.moneyBack.some((m) => m.state === state && m.webhook && (!webhook || m.webhook === webhook));
}

/** One state change seen in a scenario: allowed by the model, or a problem. */
function step(w: Walk, from: string, to: string | undefined, mode: string): {state: string; change?: TransitionSpec} {
  if (!to || to === from) return {state: from};
  const change = transitionOf(w.op, from, to, mode);
  if (!change) {
    w.problems.push(
      `${w.where}: "${w.scenario.label}": goes from ${from} to ${to} in mode ${mode}, which the model of ${w.op.id} does not allow. Fix: change the scenario, or add the transition to openapi/behaviour.`,
    );
    return {state: to};
  }
  w.coverage.seen.add(Coverage.change(w.op.id, change));
  return {state: to, change};
}

/** `transfers[].status`: the list in data and the field of each item that carries its state. */
export function listField(field: string): {list: string; item: string} | undefined {
  const m = /^([^[\]]+)\[\]\.(.+)$/.exec(field);
  return m ? {list: m[1] as string, item: m[2] as string} : undefined;
}

/** The items of `list` in a status answer (in `data`, else at the top level); none when absent. */
function itemsOf(body: Json | undefined, list: string): JsonObject[] {
  if (!isObj(body)) return [];
  const value = isObj(body.data) && Array.isArray(body.data[list]) ? body.data[list] : body[list];
  return Array.isArray(value) ? value.filter(isObj) : [];
}

/** One made-in transaction (a list item) in one status answer: first reported, or changed. */
function walkItem(w: Walk, item: JsonObject, before: string | undefined, field: string): string | undefined {
  const state = typeof item[field] === 'string' ? item[field] : undefined;
  const mode = modeOf(w.op.modes, (k) => item[k]);
  if (!state) return undefined;
  if (!mode) {
    w.problems.push(
      `${w.where}: "${w.scenario.label}": a transaction of ${w.op.id} selects no mode (modes: ${w.op.modes.map((m) => `${m.mode} when ${describeWhen(m.when)}`).join('; ')}). Fix: give the item the mode's field.`,
    );
    return undefined;
  }
  if (before === undefined) {
    if (!mode.appearsIn.includes(state))
      w.problems.push(
        `${w.where}: "${w.scenario.label}": a transaction of ${w.op.id} is first reported as ${state} in mode ${mode.mode}; the model allows ${mode.appearsIn.join(', ')}. Fix: report it first as one of those, or add ${state} to appears-in.`,
      );
    return w.op.webhookOnFirst.includes(state) ? state : undefined;
  }
  return step(w, before, state, mode.mode).change?.webhook ? state : undefined;
}

/**
 * The transactions a call does not make itself (made-in) but its status call lists (`transfers[].status`):
 * each item, by its place in the list, is walked from the state it is first reported in. A stage
 * whose items changed in a way that sends the webhook must send it, and only such a stage may.
 */
function walkMadeIn(w: Walk): void {
  const field = listField(w.op.statusField);
  if (!field) return;
  const states: (string | undefined)[] = [];
  const stages = [{status: w.scenario.status, webhooks: []}, ...w.scenario.then];
  for (const stage of stages) {
    const items = stage.status ? itemsOf(stage.status, field.list) : undefined;
    const reported = (items ?? []).flatMap((item, i) => {
      const sent = walkItem(w, item, states[i], field.item);
      states[i] = typeof item[field.item] === 'string' ? (item[field.item] as string) : states[i];
      return sent ? [sent] : [];
    });
    const hooks = stage.webhooks.filter((h) => h.webhook === w.op.webhook);
    if (reported.length && !hooks.length)
      w.problems.push(
        `${w.where}: "${w.scenario.label}": a transaction becomes ${reported.join(', ')}, which the model says ${w.op.webhook} reports, and the step sends none. Fix: add {webhook: ${w.op.webhook}} to that step.`,
      );
    for (const h of hooks)
      if (!reported.includes(stateOf(h.body, field.item) ?? ''))
        w.problems.push(
          `${w.where}: "${w.scenario.label}": sends ${h.webhook} with ${field.item} ${stateOf(h.body, field.item) ?? '(none)'}, but no transaction of the step became that by a change the webhook reports. Fix: remove it, or change the step's status answer.`,
        );
  }
}

/** The path one scenario walks: its first answer, its status answer, then each later stage. */
export function walkScenario(w: Walk, request: JsonObject): void {
  const {op, scenario, where, problems} = w;
  // Its answers describe what the call opened (a session, a UPI id), not a transaction: walk the
  // transactions its status answers list instead, where they list them.
  if (op.madeIn) return walkMadeIn(w);
  const conditions = new Map(scenario.when.map((c) => [c.input, c.value]));
  const mode = modeOf(op.modes, (k) => (conditions.has(k) ? conditions.get(k) : request[k]));
  if (!mode) {
    problems.push(
      `${where}: "${scenario.label}": its request selects no mode of ${op.id} (modes: ${op.modes.map((m) => `${m.mode} when ${describeWhen(m.when)}`).join('; ')}). Fix: set the mode's field in "when", or add the mode to the model.`,
    );
    return;
  }
  if (scenario.code === op.repeat.code) return;
  const first = mode.first.get(scenario.code);
  if (!first) {
    const elsewhere = op.modes.filter((m) => m.first.has(scenario.code)).map((m) => m.mode);
    if (elsewhere.length)
      problems.push(
        `${where}: "${scenario.label}": answers code ${scenario.code} in mode ${mode.mode}, where the model allows it only in ${elsewhere.join(', ')}. Fix: answer one of ${[...mode.first.keys()].join(', ')} for ${mode.mode}, or select another mode in "when".`,
      );
    else if (scenario.then.some((s) => s.webhooks.length || s.status))
      problems.push(
        `${where}: "${scenario.label}": code ${scenario.code} is a refusal (not a first answer of ${op.id}): nothing was created, so nothing can follow. Fix: remove "then", or add the code to the mode's first answers.`,
      );
    return;
  }
  w.coverage.seen.add(Coverage.first(op.id, mode.mode, scenario.code));
  const answered = stateOf(scenario.body, op.statusField);
  if (answered && answered !== first)
    problems.push(
      `${where}: "${scenario.label}": code ${scenario.code} answers ${op.statusField} ${answered}; the model says ${first}. Fix: answer ${first}, or change the model.`,
    );
  let state = step(w, first, stateOf(scenario.status, op.statusField), mode.mode).state;
  // Whether the webhook reported the first answer, in a step before the state changed.
  let firstSent = false;
  let unchanged = state === first;
  let moneySent = false;
  for (const stage of scenario.then) {
    const next = step(w, state, stateOf(stage.status, op.statusField), mode.mode);
    checkWebhooks(w, stage.webhooks, next.state, next.change, mode.mode);
    moneySent ||= stage.webhooks.some((h) => moneyBackHook(op, next.state, h.webhook));
    unchanged &&= !next.change;
    if (unchanged && stage.webhooks.some((h) => h.webhook === op.webhook)) firstSent = true;
    state = next.state;
  }
  if (op.webhook !== 'none' && op.webhookOnFirst.includes(first) && state === first && !firstSent)
    problems.push(
      `${where}: "${scenario.label}": answers ${first} at once, and the model says ${op.webhook} reports a first answer in ${first} too (webhook-on-first), but the scenario sends none. Fix: add a step {after: 2, webhooks: [{webhook: ${op.webhook}}]}.`,
    );
  const credit = op.moneyBack.find((m) => m.state === state && m.webhook);
  if (credit && !moneySent)
    problems.push(
      `${where}: "${scenario.label}": ends ${state}, whose money the model says ${credit.webhook} reports coming back, but the scenario sends none. Fix: add a step {after: 0, webhooks: [{webhook: ${credit.webhook}}]}.`,
    );
}

/**
 * A value the request chose (`when: {amount: 10201}`) that the answer says otherwise: the operation's
 * example answer kept its own (`amount: 1840.00`), as a new operation's scenarios do until its
 * request fields are carried. A client that checks the answer against its request sees another payment.
 */
export function carryProblems(
  scenario: ScenarioModel,
  carry: readonly {readonly to: string}[],
  where: string,
): string[] {
  const file = scenario.id.replace(/#.*$/, '');
  const data = isObj(scenario.body.data) ? scenario.body.data : {};
  return scenario.when.flatMap(({input, value}) => {
    const answered = input in data ? data[input] : scenario.body[input];
    if (!/^[a-z_]+$/i.test(input) || answered === undefined || answered === value || carry.some((c) => c.to === input))
      return [];
    return [
      `${where}: "${scenario.label}": the request sends ${input} ${JSON.stringify(value)}, and the answer says ${JSON.stringify(answered)} (the example's). Fix: add ${input} to carry: in ${file}, so each answer says what its request sent.`,
    ];
  });
}

export interface ScenarioInput {
  readonly families: readonly FamilyBehaviour[];
  readonly sandbox: readonly FamilyModel[];
  /** Operation id -> its documented request (`exampleRequest`). */
  readonly requests: ReadonlyMap<string, JsonObject>;
  readonly locate: (scenarioId: string) => string;
}

/** Checks a and b: every scenario walks an allowed path, every allowed path has a scenario. */
export function scenarioProblems(input: ScenarioInput): string[] {
  const problems: string[] = [];
  const coverage = new Coverage();
  const compiled = new Map(input.sandbox.flatMap((f) => f.operations.map((o) => [o.id, o] as const)));
  for (const family of input.families) {
    for (const op of family.operations) {
      const scenarios = (compiled.get(op.id)?.scenarios ?? []).filter(
        (s) => !s.partnerId && /#[^/]+\/\d+$/.test(s.id) && !s.id.includes('#shared/'),
      );
      for (const scenario of scenarios) {
        const where = input.locate(scenario.id);
        walkScenario({op, scenario, where, problems, coverage}, input.requests.get(op.id) ?? {});
        if (!op.madeIn) problems.push(...carryProblems(scenario, compiled.get(op.id)?.carry ?? [], where));
      }
    }
  }
  return [...problems, ...uncovered(input.families, coverage)];
}

/** Check b: each (mode, first code) and each transition no scenario walked. */
export function uncovered(families: readonly FamilyBehaviour[], coverage: Coverage): string[] {
  const scenarioFile = (f: FamilyBehaviour): string => `openapi/scenarios/${f.family}.yaml`;
  return families.flatMap((f) =>
    f.operations.flatMap((op) => [
      ...op.modes.flatMap((m, i) =>
        [...m.first.keys()]
          .filter((code) => code !== op.repeat.code && !coverage.seen.has(Coverage.first(op.id, m.mode, code)))
          .map(
            (code) =>
              `${f.at(['operations', op.id, 'modes', i, 'first', code])}: no sandbox scenario of ${op.id} answers code ${code} in mode ${m.mode}. Fix: add one to ${scenarioFile(f)} (when: ${describeWhen(m.when)}, code: ${code}).`,
          ),
      ),
      ...op.transitions.flatMap((t, i) =>
        coverage.seen.has(Coverage.change(op.id, t))
          ? []
          : [
              `${f.at(['operations', op.id, 'transitions', i, 'from'])}: no sandbox scenario of ${op.id} goes from ${t.from} to ${t.to}. Fix: add a scenario to ${scenarioFile(f)} whose status (or a later step's) moves ${t.from} -> ${t.to}.`,
            ],
      ),
    ]),
  );
}

/** The named examples of a media type (or its single example, named `example`). */
const examplesOf = (
  media: {example?: unknown; examples?: Record<string, {value: unknown}>} | undefined,
): [string, unknown][] =>
  media
    ? [
        ...(media.example !== undefined ? [['example', media.example] as [string, unknown]] : []),
        ...Object.entries(media.examples ?? {}).map(([k, v]) => [k, v.value] as [string, unknown]),
      ]
    : [];

const jsonMedia = (content: Operation['responses'][string]['content'] | undefined) =>
  Object.entries(content ?? {}).find(([t]) => t.includes('json'))?.[1];

/** One 200 example of a money-moving operation against the mode its answer (or request) shows. */
function exampleProblem(
  op: OperationBehaviour,
  states: Readonly<Record<string, unknown>>,
  name: string,
  value: unknown,
  request: JsonObject,
): string | undefined {
  if (op.madeIn || !isObj(value) || typeof value.response_code !== 'number') return undefined;
  const code = value.response_code;
  const data = isObj(value.data) ? value.data : {};
  const state = stateOf(value, op.statusField);
  if (code === op.repeat.code)
    return state && !(state in states)
      ? `example "${name}": repeat answer with ${op.statusField} ${state}, a state the model does not declare. Fix: use a declared state.`
      : undefined;
  const mode = modeOf(op.modes, (k) => (k in data ? data[k] : request[k]));
  const inAny = op.modes.some((m) => m.first.has(code));
  if (!mode || !inAny) return undefined;
  const first = mode.first.get(code);
  if (!first)
    return `example "${name}": a ${mode.mode} request answers code ${code}, which the model allows for ${mode.mode} only as ${[...mode.first.keys()].join(', ')}. Fix: answer one of those (e.g. ${[...mode.first.entries()].map(([c, s]) => `${c} ${s}`).join(', ')}), or show another mode.`;
  if (state && state !== first)
    return `example "${name}": code ${code} in mode ${mode.mode} answers ${op.statusField} ${state}; the model says ${first}. Fix: answer ${first}.`;
  return undefined;
}

/** Check c: the contract's examples agree with the model (answers, status calls, webhooks). */
export function exampleProblems(families: readonly FamilyBehaviour[], located: readonly Located[]): ContractProblem[] {
  const byId = new Map(located.map((l) => [l.op.operationId, l.op]));
  const out: ContractProblem[] = [];
  for (const f of families) {
    for (const op of f.operations) {
      const contract = byId.get(op.id);
      if (!contract) continue;
      const request = exampleRequest(contract);
      for (const [name, value] of examplesOf(jsonMedia(contract.responses['200']?.content))) {
        const message = exampleProblem(op, f.states, name, value, request);
        if (message) out.push({id: op.id, key: name, message});
      }
      const others: [string, Operation | undefined][] = [
        [op.statusCall, byId.get(op.statusCall)],
        [op.webhook, byId.get(op.webhook)],
      ];
      for (const [id, other] of others) {
        if (!other) continue;
        const media =
          id === op.webhook ? jsonMedia(other.requestBody?.content) : jsonMedia(other.responses['200']?.content);
        for (const [name, value] of examplesOf(media)) {
          const state = stateOf(value as Json, op.statusField);
          if (state && !(state in f.states))
            out.push({
              id,
              key: name,
              message: `example "${name}" carries ${op.statusField} ${state}, a state ${f.file} does not declare (${Object.keys(f.states).join(', ')}). Fix: use a declared state, or declare it.`,
            });
        }
      }
    }
  }
  return out;
}

/** The numbers core/contract/webhook-policy.ts holds, compared with shared.yaml's. */
export interface PolicyNumbers {
  readonly retryAfterMinutes: readonly number[];
  readonly ackTimeoutSeconds: number;
  readonly deliveryLogDays: number;
}

/** Check d: webhook-policy.ts says what shared.yaml says. */
export function policyProblems(common: CommonBehaviour, policy: PolicyNumbers): string[] {
  const fix =
    'Fix: make core/contract/webhook-policy.ts and openapi/behaviour/shared.yaml say the same (decisions of issue 22, 4).';
  const out: string[] = [];
  if (common.retryAfterMinutes.join(',') !== policy.retryAfterMinutes.join(','))
    out.push(
      `${common.at(['retries', 'after-minutes'])}: retries after [${common.retryAfterMinutes.join(', ')}] minutes; webhook-policy.ts RETRY_AFTER_MINUTES is [${policy.retryAfterMinutes.join(', ')}]. ${fix}`,
    );
  if (common.ackWithinSeconds !== policy.ackTimeoutSeconds)
    out.push(
      `${common.at(['ack', 'within-seconds'])}: ack within ${common.ackWithinSeconds} s; webhook-policy.ts ACK_TIMEOUT_SECONDS is ${policy.ackTimeoutSeconds}. ${fix}`,
    );
  if (common.retentionDays !== policy.deliveryLogDays)
    out.push(
      `${common.at(['retention', 'days'])}: deliveries kept ${common.retentionDays} days; webhook-policy.ts DELIVERY_LOG_DAYS is ${policy.deliveryLogDays}. ${fix}`,
    );
  return out;
}

/** The heading the overview page puts before the table (agreed with the pages). */
export const overviewHeading = (thing: string): string => `## What can happen to ${articleOf(thing)} ${thing}`;

/** "a" or "an" by sound: an initialism is read letter by letter (an SMS, a UPI payment, an AEPS transaction). */
export function articleOf(thing: string): 'a' | 'an' {
  if (/^[A-Z]{2,}/.test(thing)) return /^[AEFHILMNORSX]/.test(thing) ? 'an' : 'a';
  return /^[aeiou]/i.test(thing) ? 'an' : 'a';
}

/** The overview page of a family shows its heading and its table; `text` undefined: the page is missing. */
export function overviewProblems(f: FamilyBehaviour, text: string | undefined): string[] {
  const tag = `<BehaviourTable family="${f.family}" />`;
  if (!f.overview)
    return [`${f.at(['overview'])}: no overview page. Fix: add "overview: docs/v1/service/<family>/index.mdx".`];
  if (text === undefined)
    return [`${f.at(['overview'])}: ${f.overview} does not exist. Fix: name the family's overview page.`];
  const out: string[] = [];
  if (!text.includes(overviewHeading(f.thing)))
    out.push(
      `${f.overview}: has no heading "${overviewHeading(f.thing)}" (thing: ${f.thing}, ${f.at(['thing'])}). Fix: add it, followed by ${tag}.`,
    );
  if (!new RegExp(`<BehaviourTable\\s+family=["']${f.family}["']`).test(text))
    out.push(`${f.overview}: does not show ${tag}. Fix: add it under "${overviewHeading(f.thing)}".`);
  return out;
}

/**
 * The sandbox's escalation refusals against the model's bounds (issue 32, 3): every state whose exit
 * is an escalation reason has an `overdue:` rule for that reason on the escalation call
 * (openapi/scenarios/common.yaml) with the state and the bound's seconds, so the sandbox refuses the
 * escalation with 24 before the bound as the API does; and every rule is such a state's.
 */
export function overdueProblems(families: readonly FamilyBehaviour[], sandbox: readonly FamilyModel[]): string[] {
  const rules = sandbox.flatMap((f) => f.operations.flatMap((o) => (o.overdue ?? []).map((r) => ({op: o.id, ...r}))));
  const file = 'openapi/scenarios/common.yaml';
  const problems: string[] = [];
  const exits = families.flatMap((f) =>
    Object.entries(f.states).flatMap(([state, spec]) =>
      spec.exit && 'escalation' in spec.exit && spec.bound
        ? [{f, state, reason: spec.exit.escalation, seconds: spec.bound.seconds}]
        : [],
    ),
  );
  for (const e of exits) {
    const rule = rules.find((r) => r.reason === e.reason);
    const wanted = `${e.reason}: {status: ${e.f.operations.find((o) => o.statusCall !== 'none')?.statusCall ?? '<status call>'}, state: ${e.state}, seconds: ${e.seconds}, message: ...}`;
    if (!rule)
      problems.push(
        `${e.f.at(['states', e.state, 'exit'])}: the exit of ${e.state} is the escalation ${e.reason}, which the sandbox accepts at any time. Fix: add "${wanted}" under overdue: of ${ESCALATION_CALL} in ${file}.`,
      );
    else if (
      rule.state !== e.state ||
      rule.seconds !== e.seconds ||
      !e.f.operations.some((o) => o.statusCall === rule.status)
    )
      problems.push(
        `${file}: overdue ${e.reason} of ${rule.op} says ${rule.state} for ${rule.seconds} s by ${rule.status}; ${e.f.at(['states', e.state, 'bound'])} bounds ${e.state} at ${e.seconds} s. Fix: write "${wanted}".`,
      );
  }
  for (const r of rules)
    if (!exits.some((e) => e.reason === r.reason))
      problems.push(
        `${file}: overdue ${r.reason} of ${r.op} refuses an escalation no state of openapi/behaviour/ exits by. Fix: remove it, or give that state "exit: {escalation: ${r.reason}}".`,
      );
  return problems;
}
