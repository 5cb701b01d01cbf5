/**
 * The journeys held to the contract and the behaviour model (issue 32, 4): every step names an
 * operation or webhook the contract has; every workflow walks only paths the model allows (first
 * answers per mode, repeats, status answers, webhooks); and every path the model allows for a
 * money-moving operation of a family with a journey file (each first code per mode, each
 * transition) is walked by some workflow. `redocly lint` checks the Arazzo shape and passes a
 * misspelt `operationId`, so this check is what catches that. Pure: each problem names the file,
 * the line and the fix.
 */
import {Coverage, modeOf, transitionOf} from '../behaviour/checks';
import type {FamilyBehaviour, ModeSpec, OperationBehaviour} from '../behaviour/model';
import {closest} from '../util/closest';
import type {JourneyFile, JourneyStep, JourneyWorkflow} from './model';

export interface JourneyContext {
  /** The money-moving families of openapi/behaviour/. */
  readonly families: readonly FamilyBehaviour[];
  /** Every operationId of the contract's paths, and of its webhooks. */
  readonly operations: ReadonlySet<string>;
  readonly webhooks: ReadonlySet<string>;
}

/** A transaction a workflow made: where the model says it stands, and the state a webhook still owes. */
interface Transaction {
  readonly op: OperationBehaviour;
  readonly mode: ModeSpec;
  state: string;
  /** The state the webhook reports next (a first answer in webhook-on-first, or a change it reports). */
  owed?: string;
}

interface Walk {
  readonly workflow: JourneyWorkflow;
  readonly made: Map<string, Transaction>;
  readonly problems: string[];
  readonly coverage: Coverage;
}

const describeWhen = (mode: ModeSpec): string =>
  Object.entries(mode.when)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ') || 'any request';

const label = (w: Walk, step: JourneyStep): string => `step "${step.stepId}" of workflow "${w.workflow.workflowId}"`;

/** The transaction of the step whose outputs this step reads, if it made one (of `op`, when given). */
function source(w: Walk, step: JourneyStep, op?: (t: Transaction) => boolean): Transaction | undefined {
  for (const id of step.uses) {
    const t = w.made.get(id);
    if (t && (!op || op(t))) return t;
  }
  return undefined;
}

/** A state a status answer or a webhook reports: the same, or a change the model allows. */
function move(w: Walk, step: JourneyStep, t: Transaction, to: string): ReturnType<typeof transitionOf> | 'same' {
  if (to === t.state) return 'same';
  const change = transitionOf(t.op, t.state, to, t.mode.mode);
  if (!change) {
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects ${to} after ${t.state} (mode ${t.mode.mode}), a change the model of ${t.op.id} does not allow. Fix: expect one of ${[t.state, ...t.op.transitions.filter((x) => x.from === t.state).map((x) => x.to)].join(', ')}, or add the transition to openapi/behaviour.`,
    );
    t.state = to;
    return undefined;
  }
  w.coverage.seen.add(Coverage.change(t.op.id, change));
  t.state = to;
  t.owed = change.webhook ? to : undefined;
  return change;
}

/** A call of a money-moving operation: a new transaction's first answer, or a repeat of one. */
function walkCall(w: Walk, step: JourneyStep, op: OperationBehaviour): void {
  const repeated = source(w, step, (t) => t.op.id === op.id);
  if (repeated) {
    if (step.code !== op.repeat.code)
      w.problems.push(
        `${step.at('successCriteria')}: ${label(w, step)} sends the ${op.identity.join(', ')} of an earlier ${op.id} again, which the model says answers response_code ${op.repeat.code}, not ${step.code ?? '(none)'}. Fix: expect $response.body#/response_code == ${op.repeat.code}.`,
      );
    if (step.state && step.state.value !== repeated.state)
      w.problems.push(
        `${step.at('successCriteria')}: ${label(w, step)} expects a repeat to answer ${step.state.value}; the transaction is ${repeated.state} by then, and a repeat answers it as it stands now. Fix: expect ${repeated.state}.`,
      );
    return;
  }
  const mode = modeOf(op.modes, (k) => step.payload[k]);
  if (!mode) {
    w.problems.push(
      `${step.at('requestBody')}: ${label(w, step)} sends a request that selects no mode of ${op.id} (${op.modes.map((m) => `${m.mode} when ${describeWhen(m)}`).join('; ')}). Fix: send the mode's field in the request body.`,
    );
    return;
  }
  if (step.code === undefined) {
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} calls ${op.id} without expecting a response_code. Fix: add the condition $response.body#/response_code == <code>.`,
    );
    return;
  }
  const first = mode.first.get(step.code);
  if (!first) {
    // A refusal creates nothing: a workflow may show one, and nothing may follow from it.
    if (step.code === op.repeat.code)
      w.problems.push(
        `${step.at('successCriteria')}: ${label(w, step)} expects the repeat code ${step.code} from a request no earlier step sent. Fix: send the ${op.identity.join(', ')} of an earlier step ($steps.<id>.outputs...).`,
      );
    else if (op.modes.some((m) => m.first.has(step.code as number)))
      w.problems.push(
        `${step.at('successCriteria')}: ${label(w, step)} expects code ${step.code} in mode ${mode.mode}, where the model of ${op.id} answers only ${[...mode.first.keys()].join(', ')}. Fix: expect one of those, or send another mode.`,
      );
    return;
  }
  w.coverage.seen.add(Coverage.first(op.id, mode.mode, step.code));
  if (step.state && step.state.value !== first)
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects code ${step.code} to answer ${step.state.value}; the model of ${op.id} says ${first} in mode ${mode.mode}. Fix: expect ${first}.`,
    );
  w.made.set(step.stepId, {
    op,
    mode,
    state: first,
    ...(op.webhook !== 'none' && op.webhookOnFirst.includes(first) ? {owed: first} : {}),
  });
}

/** A status call of a transaction an earlier step made: the state it reports. */
function walkStatus(w: Walk, step: JourneyStep, t: Transaction): void {
  if (step.state) move(w, step, t, step.state.value);
}

/** A webhook arriving for a transaction an earlier step made. */
function walkWebhook(w: Walk, step: JourneyStep, webhook: string): void {
  const t = source(w, step);
  if (!t) {
    w.problems.push(
      `${step.at('x-operation')}: ${label(w, step)} waits for ${webhook} for no transaction an earlier step made. Fix: put $steps.<the step that made it>.outputs.referenceid in its URL.`,
    );
    return;
  }
  if (webhook !== t.op.webhook) {
    w.problems.push(
      `${step.at('x-journey-step')}: ${label(w, step)} waits for ${webhook}; the model says ${t.op.id} reports its changes by ${t.op.webhook}. Fix: wait for ${t.op.webhook}.`,
    );
    return;
  }
  const to = step.state?.value;
  if (!to) return;
  if (to === t.state && t.owed === to) {
    t.owed = undefined;
    return;
  }
  if (to === t.state) {
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects ${webhook} with ${to}, which it does not send again (no change the model reports since it last did). Fix: remove the step, or expect the state the transaction changes to.`,
    );
    return;
  }
  const change = move(w, step, t, to);
  if (change && change !== 'same' && !change.webhook)
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects ${webhook} for ${change.from} -> ${change.to}, a change the model says sends no webhook. Fix: learn it from the status call instead.`,
    );
  t.owed = undefined;
}

function walkWorkflow(w: Walk, byId: ReadonlyMap<string, OperationBehaviour>, ctx: JourneyContext): void {
  for (const step of w.workflow.steps) {
    if (step.operationId !== undefined && !ctx.operations.has(step.operationId)) {
      const near = closest(step.operationId, ctx.operations);
      w.problems.push(
        `${step.at('operationId')}: ${label(w, step)} calls operationId "${step.operationId}", which the contract does not have. Fix: ${near.length ? `use ${near.join(' or ')}` : 'use an operationId of openapi/openapi.yaml'}.`,
      );
      continue;
    }
    const event = step.event;
    if (event?.kind === 'webhook') {
      if (!ctx.webhooks.has(event.webhook)) {
        const near = closest(event.webhook, ctx.webhooks);
        w.problems.push(
          `${step.at('x-journey-step')}: ${label(w, step)} waits for webhook "${event.webhook}", which the contract does not have. Fix: ${near.length ? `use ${near.join(' or ')}` : 'use a webhook of openapi/openapi.yaml'}.`,
        );
      } else walkWebhook(w, step, event.webhook);
      continue;
    }
    if (step.operationId === undefined) continue;
    const op = byId.get(step.operationId);
    if (op && !op.madeIn) {
      walkCall(w, step, op);
      continue;
    }
    const tracked = source(w, step, (t) => t.op.statusCall === step.operationId);
    if (tracked) walkStatus(w, step, tracked);
  }
}

/** Each (mode, first code) and each transition of the money-moving operations of the families with a journey file that no workflow walked. */
function uncovered(families: readonly FamilyBehaviour[], coverage: Coverage): string[] {
  return families.flatMap((f) =>
    f.operations
      .filter((op) => op.movesMoney && !op.madeIn)
      .flatMap((op) => [
        ...op.modes.flatMap((m, i) =>
          [...m.first.keys()]
            .filter((code) => code !== op.repeat.code && !coverage.seen.has(Coverage.first(op.id, m.mode, code)))
            .map(
              (code) =>
                `${f.at(['operations', op.id, 'modes', i, 'first', code])}: no journey answers code ${code} of ${op.id} in mode ${m.mode}. Fix: add a workflow to openapi/journeys/${f.family}.arazzo.yaml whose ${op.id} step sends ${describeWhen(m)} and expects $response.body#/response_code == ${code}.`,
            ),
        ),
        ...op.transitions.flatMap((t, i) =>
          coverage.seen.has(Coverage.change(op.id, t))
            ? []
            : [
                `${f.at(['operations', op.id, 'transitions', i, 'from'])}: no journey takes ${op.id} from ${t.from} to ${t.to}. Fix: add a workflow to openapi/journeys/${f.family}.arazzo.yaml whose status or webhook step after ${t.from} expects ${t.to}.`,
              ],
        ),
      ]),
  );
}

/** Every problem of the journey files against the contract and the model; none when they agree. */
export function journeyProblems(files: readonly JourneyFile[], ctx: JourneyContext): string[] {
  const problems: string[] = files.flatMap((f) => f.problems);
  const byId = new Map(ctx.families.flatMap((f) => f.operations.map((op) => [op.id, op] as const)));
  const coverage = new Coverage();
  const families = new Map(ctx.families.map((f) => [f.family, f]));
  for (const file of files) {
    if (!families.has(file.family))
      problems.push(
        `${file.file}:1: ${file.family} is no money-moving family of openapi/behaviour/ (${[...families.keys()].join(', ')}). Fix: name the file <family>.arazzo.yaml after one of them.`,
      );
    for (const workflow of file.workflows) walkWorkflow({workflow, made: new Map(), problems, coverage}, byId, ctx);
  }
  const covered = ctx.families.filter((f) => files.some((file) => file.family === f.family));
  return [...problems, ...uncovered(covered, coverage)];
}
