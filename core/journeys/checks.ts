/**
 * The journeys held to the contract and the behaviour model (issue 32, 4): every step names an
 * operation or webhook the contract has; every workflow walks only paths the model allows (first
 * answers per mode, repeats, status answers, webhooks); and every path the model allows for a
 * money-moving operation of a family with a journey file (each first code per mode, each
 * transition) is walked by some workflow. The transactions of a `made-in` operation (the transfers
 * of a DMT session, the payments into a UPI id) are walked from the status answers and webhooks
 * that report them, each from the state it is first reported in. `redocly lint` checks the Arazzo shape and passes a
 * misspelt `operationId`, so this check is what catches that. Pure: each problem names the file,
 * the line and the fix.
 */
import {Coverage, listField, modeOf, transitionOf} from '../behaviour/checks';
import {
  ESCALATION_CALL,
  type ExitSpec,
  type FamilyBehaviour,
  type ModeSpec,
  type OperationBehaviour,
} from '../behaviour/model';
import {closest} from '../util/closest';
import type {JourneyFile, JourneyStep, JourneyWorkflow} from './model';

export interface JourneyContext {
  /** The money-moving families of openapi/behaviour/. */
  readonly families: readonly FamilyBehaviour[];
  /** Every operationId of the contract's paths, and of its webhooks. */
  readonly operations: ReadonlySet<string>;
  readonly webhooks: ReadonlySet<string>;
  /**
   * The contract's tags: a journey of calls that move no money (the webhook secret's rotation) lives
   * in a file named after its tag (`webhooks.arazzo.yaml`), walked like any other.
   */
  readonly tags?: ReadonlySet<string>;
}

/** A transaction a workflow made: where the model says it stands, and the state a webhook still owes. */
interface Transaction {
  readonly op: OperationBehaviour;
  /**
   * The modes it may be in: the one its request selected, or for a `made-in` transaction, which no
   * request of the partner's selects, every mode that allows what has been reported of it so far.
   */
  modes: readonly ModeSpec[];
  state: string;
  /** The workflow's clock (seconds its clock steps moved) when the transaction entered `state`. */
  since: number;
  /** The state the webhook reports next (a first answer in webhook-on-first, or a change it reports). */
  owed?: string;
}

/** What a call of a `made-in` operation opened (a DMT session, a UPI id): the transactions reported in it, by their place in the status answer's list. */
interface Opened {
  readonly op: OperationBehaviour;
  readonly items: (Transaction | undefined)[];
}

interface Walk {
  readonly workflow: JourneyWorkflow;
  /** By the step that made or last reported it: later steps find it by the outputs they read. */
  readonly made: Map<string, Transaction>;
  readonly opened: Map<string, Opened>;
  readonly problems: string[];
  readonly coverage: Coverage;
  /** Seconds the workflow's clock steps have moved the sandbox on so far. */
  clock: number;
  /**
   * State -> the clock when a step first expected it: where no transaction is tracked (a DMT
   * transfer's `refund_status`, reported beside its `status`), a procedure exit counts from there.
   */
  readonly seenAt: Map<string, number>;
  /** The steps a tracked transaction's status call handled (./statusExit). */
  readonly handled: Set<string>;
  /** The family of each money-moving operation, for its states' bounds and exits. */
  readonly families: ReadonlyMap<string, FamilyBehaviour>;
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

/** The change `from` -> `to` in one of `modes`, and the modes that allow it. */
function changeIn(t: Transaction, to: string): {change?: ReturnType<typeof transitionOf>; modes: ModeSpec[]} {
  const modes = t.modes.filter((m) => transitionOf(t.op, t.state, to, m.mode));
  return {change: modes[0] && transitionOf(t.op, t.state, to, modes[0].mode), modes};
}

/** A state a status answer or a webhook reports: the same, or a change the model allows. */
function move(w: Walk, step: JourneyStep, t: Transaction, to: string): ReturnType<typeof transitionOf> | 'same' {
  if (to === t.state) return 'same';
  const {change, modes} = changeIn(t, to);
  if (!change) {
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects ${to} after ${t.state} (mode ${t.modes.map((m) => m.mode).join(' or ')}), a change the model of ${t.op.id} does not allow. Fix: expect one of ${[t.state, ...t.op.transitions.filter((x) => x.from === t.state).map((x) => x.to)].join(', ')}, or add the transition to openapi/behaviour.`,
    );
    t.state = to;
    return undefined;
  }
  w.coverage.seen.add(Coverage.change(t.op.id, change));
  t.modes = modes;
  t.state = to;
  t.since = w.clock;
  t.owed = change.webhook ? to : undefined;
  return change;
}

/** A `made-in` transaction first reported (by a status answer or a webhook) in `state`; undefined when no mode allows it. */
function firstReport(w: Walk, step: JourneyStep, op: OperationBehaviour, state: string): Transaction | undefined {
  const modes = op.modes.filter((m) => m.appearsIn.includes(state));
  if (!modes.length) {
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects a transaction of ${op.id} first reported as ${state}; the model allows ${[...new Set(op.modes.flatMap((m) => m.appearsIn))].join(', ')} (appears-in). Fix: expect one of those first, or add ${state} to appears-in in openapi/behaviour.`,
    );
    return undefined;
  }
  return {op, modes, state, since: w.clock, ...(op.webhookOnFirst.includes(state) ? {owed: state} : {})};
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
    modes: [mode],
    state: first,
    since: w.clock,
    ...(op.webhook !== 'none' && op.webhookOnFirst.includes(first) ? {owed: first} : {}),
  });
}

/** A status call of a transaction an earlier step made: the state it reports. */
function walkStatus(w: Walk, step: JourneyStep, t: Transaction): void {
  statusExit(w, step, t);
  if (step.state) move(w, step, t, step.state.value);
  w.made.set(step.stepId, t);
}

/** What an earlier call of a `made-in` operation opened, that this step reads the outputs of. */
function openedBy(w: Walk, step: JourneyStep, op?: (o: Opened) => boolean): Opened | undefined {
  for (const id of step.uses) {
    const o = w.opened.get(id);
    if (o && (!op || op(o))) return o;
  }
  return undefined;
}

/**
 * A call of a `made-in` operation: it opens what the transactions are then made in (code 1), or
 * answers what an earlier step opened (its repeat code); any other code is a refusal.
 */
function walkOpen(w: Walk, step: JourneyStep, op: OperationBehaviour): void {
  const repeated = openedBy(w, step, (o) => o.op.id === op.id);
  if (repeated) {
    if (step.code !== op.repeat.code)
      w.problems.push(
        `${step.at('successCriteria')}: ${label(w, step)} sends the ${op.identity.join(', ')} of an earlier ${op.id} again, which the model says answers response_code ${op.repeat.code}, not ${step.code ?? '(none)'}. Fix: expect $response.body#/response_code == ${op.repeat.code}.`,
      );
    const item = step.state ? itemOf(step.state.field) : undefined;
    const t = item && repeated.items[item.index];
    if (step.state && t && step.state.value !== t.state)
      w.problems.push(
        `${step.at('successCriteria')}: ${label(w, step)} expects a repeat to answer ${step.state.value}; the transaction is ${t.state} by then, and a repeat answers it as it stands now. Fix: expect ${t.state}.`,
      );
    w.opened.set(step.stepId, repeated);
    return;
  }
  if (step.code === 1 || step.code === op.repeat.code) w.opened.set(step.stepId, {op, items: []});
}

/** `data.transfers.0.status`: the place of the item in the status answer's list; `data.status`: the only one. */
function itemOf(field: string): {index: number; field: string} | undefined {
  const m = /^(?:data\.)?(?:[A-Za-z_]+\.(\d+)\.)?([A-Za-z_]+)$/.exec(field);
  return m ? {index: Number(m[1] ?? 0), field: m[2] as string} : undefined;
}

/** A status call of what a `made-in` call opened: the state of the item its criterion names. */
function walkOpenedStatus(w: Walk, step: JourneyStep, opened: Opened): void {
  const item = step.state ? itemOf(step.state.field) : undefined;
  if (!step.state || !item) return;
  const want = listField(opened.op.statusField)?.item ?? opened.op.statusField;
  if (item.field !== want) return;
  const t = opened.items[item.index];
  if (t) return walkStatus(w, step, t);
  const first = firstReport(w, step, opened.op, step.state.value);
  opened.items[item.index] = first;
  if (first) w.made.set(step.stepId, first);
}

/**
 * A webhook for what a `made-in` call opened: a first report it owes, a change of a transaction
 * reported before, or a transaction first reported by this webhook, in that order.
 */
function walkOpenedWebhook(w: Walk, step: JourneyStep, opened: Opened, to: string): void {
  const items = opened.items.filter((t): t is Transaction => Boolean(t));
  const owing = items.find((t) => t.owed === to && t.state === to);
  if (owing) {
    owing.owed = undefined;
    w.made.set(step.stepId, owing);
    return;
  }
  const changing = items.find((t) => changeIn(t, to).change?.webhook);
  if (changing) {
    move(w, step, changing, to);
    changing.owed = undefined;
    w.made.set(step.stepId, changing);
    return;
  }
  const first = firstReport(w, step, opened.op, to);
  if (!first) return;
  if (!opened.op.webhookOnFirst.includes(to))
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects ${opened.op.webhook} to report a transaction first as ${to}, which the model says it does not send (webhook-on-first: ${opened.op.webhookOnFirst.join(', ') || 'none'}). Fix: learn it from the status call, or expect a change the webhook reports.`,
    );
  first.owed = undefined;
  opened.items.push(first);
  w.made.set(step.stepId, first);
}

/** A webhook arriving for a transaction an earlier step made. */
function walkWebhook(w: Walk, step: JourneyStep, webhook: string): void {
  const t = source(w, step);
  const opened = t ? undefined : openedBy(w, step);
  if (opened) {
    if (webhook !== opened.op.webhook)
      w.problems.push(
        `${step.at('x-journey-step')}: ${label(w, step)} waits for ${webhook}; the model says the transactions of ${opened.op.id} are reported by ${opened.op.webhook}. Fix: wait for ${opened.op.webhook}.`,
      );
    else if (step.state) walkOpenedWebhook(w, step, opened, step.state.value);
    return;
  }
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

/** `exit ...` of Coverage: a bounded state whose exit some workflow took after its bound. */
const exitKey = (family: string, state: string): string => `exit ${family} ${state}`;

/** The state `t` is in, with its family, when the model gives that state a bound and an exit. */
function boundedState(w: Walk, t: Transaction) {
  const family = w.families.get(t.op.id);
  const spec = family?.states[t.state];
  return family && spec?.bound && spec.exit && !spec.final
    ? {family, bound: spec.bound, exit: spec.exit, elapsed: w.clock - t.since}
    : undefined;
}

/**
 * A status call after a bounded state's bound (issue 32, 3): with a `status-call` exit, the final
 * state it resolves to takes the exit; with a `procedure` exit, the step marked `x-exit: procedure`
 * that still answers the state is where the procedure starts.
 */
function statusExit(w: Walk, step: JourneyStep, t: Transaction): void {
  if (step.exit === 'procedure' && step.state?.value !== t.state) return;
  w.handled.add(step.stepId);
  const bounded = boundedState(w, t);
  const marked = step.exit === 'procedure';
  if (!bounded) {
    if (marked)
      w.problems.push(
        `${step.at('x-exit')}: ${label(w, step)} marks x-exit: procedure on ${t.op.id} ${t.state}, a state with no bound and exit. Fix: remove x-exit.`,
      );
    return;
  }
  const {family, bound, exit, elapsed} = bounded;
  const past = elapsed >= bound.seconds;
  if ('procedure' in exit) {
    if (!marked) return;
    if (!past)
      w.problems.push(
        `${step.at('x-exit')}: ${label(w, step)} starts the exit procedure of ${t.state} ${elapsed} s after ${t.op.id} entered it, before its bound (${bound.seconds} s: ${bound.within}, ${family.file}). Fix: move the test clock on by ${bound.seconds - elapsed} s more in a clock step before it.`,
      );
    else if (step.state?.value !== t.state)
      w.problems.push(
        `${step.at('x-exit')}: ${label(w, step)} marks x-exit: procedure but expects ${step.state?.value ?? 'no state'}; the procedure starts from a transaction still ${t.state}. Fix: expect '${t.state}' from the status call.`,
      );
    else w.coverage.seen.add(exitKey(family.family, t.state));
    return;
  }
  if (marked)
    w.problems.push(
      `${step.at('x-exit')}: ${label(w, step)} marks x-exit: procedure, but ${family.file} gives ${t.state} no procedure as its exit. Fix: remove x-exit.`,
    );
  const to = step.state?.value;
  if ('statusCall' in exit && exit.statusCall === step.operationId && past && to && family.states[to]?.final)
    w.coverage.seen.add(exitKey(family.family, t.state));
}

/**
 * A step marked `x-exit: procedure` that no tracked transaction's status handled: the state it
 * expects, of a family whose status call it is, counted from the step that first expected it.
 */
function untrackedProcedure(w: Walk, step: JourneyStep, families: readonly FamilyBehaviour[]): void {
  const state = step.state?.value;
  const family = families.find(
    (f) => state && f.states[state]?.exit && f.operations.some((op) => op.statusCall === step.operationId),
  );
  const spec = family && state ? family.states[state] : undefined;
  const since = state === undefined ? undefined : w.seenAt.get(state);
  if (!family || !spec?.bound || !spec.exit || !('procedure' in spec.exit) || since === undefined) {
    w.problems.push(
      `${step.at('x-exit')}: ${label(w, step)} marks x-exit: procedure, but no earlier step reported ${state ?? 'a state'} with a procedure as its exit. Fix: expect a state whose exit is a procedure (openapi/behaviour/), reported by an earlier step, or remove x-exit.`,
    );
    return;
  }
  const elapsed = w.clock - since;
  if (elapsed < spec.bound.seconds)
    w.problems.push(
      `${step.at('x-exit')}: ${label(w, step)} starts the exit procedure of ${state} ${elapsed} s after it was first reported, before its bound (${spec.bound.seconds} s: ${spec.bound.within}, ${family.file}). Fix: move the test clock on by ${spec.bound.seconds - elapsed} s more in a clock step before it.`,
    );
  else w.coverage.seen.add(exitKey(family.family, state as string));
}

/** A call of the escalation API for a transaction an earlier step made, with the reason its state's exit names. */
function escalationExit(w: Walk, step: JourneyStep): void {
  const reason = step.payload.reason;
  const t = source(w, step, (x) => x.op.id !== ESCALATION_CALL);
  const bounded = t && boundedState(w, t);
  if (!t || !bounded || !('escalation' in bounded.exit) || bounded.exit.escalation !== reason) return;
  const {family, bound, elapsed} = bounded;
  if (elapsed >= bound.seconds && step.code === 1) w.coverage.seen.add(exitKey(family.family, t.state));
  else if (elapsed < bound.seconds && step.code === 1)
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} escalates ${t.op.id} (${t.state}) with ${reason} ${elapsed} s after it entered ${t.state}, before its bound (${bound.seconds} s: ${bound.within}), and expects response_code 1; the API answers 24 until the bound has passed. Fix: move the test clock on by ${bound.seconds - elapsed} s more first, or expect 24.`,
    );
  else if (elapsed >= bound.seconds && step.code === 24)
    w.problems.push(
      `${step.at('successCriteria')}: ${label(w, step)} expects 24 for an escalation after the bound of ${t.state} has passed (${bound.within}); the API accepts it then. Fix: expect $response.body#/response_code == 1.`,
    );
}

/** What taking an exit is, for the message of a state without an exit journey. */
function takes(exit: ExitSpec, state: string): string {
  if ('statusCall' in exit) return `calls ${exit.statusCall} and expects the final state it resolves ${state} to`;
  if ('escalation' in exit)
    return `calls ${ESCALATION_CALL} with reason ${exit.escalation} and expects response_code 1`;
  return `calls the status call, expects ${state} still and marks that step x-exit: procedure (the procedure: ${exit.procedure})`;
}

/** Every bounded non-final state whose exit no workflow took after its bound (issue 32, 3). */
function missingExits(families: readonly FamilyBehaviour[], coverage: Coverage): string[] {
  return families.flatMap((f) =>
    Object.entries(f.states).flatMap(([name, spec]) =>
      spec.final || !spec.bound || !spec.exit || coverage.seen.has(exitKey(f.family, name))
        ? []
        : [
            `${f.at(['states', name, 'exit'])}: state ${name} has no exit journey: no workflow reaches ${name}, moves the test clock on by ${spec.bound.seconds} s (its bound: ${spec.bound.within}) and then ${takes(spec.exit, name)}. Fix: add that workflow at the end of openapi/journeys/${f.family}.arazzo.yaml, with a sandbox test value that leaves the ${f.thing} ${name}.`,
          ],
    ),
  );
}

/** One step of a workflow: what it calls or waits for, against the model. */
function walkStep(
  w: Walk,
  step: JourneyStep,
  byId: ReadonlyMap<string, OperationBehaviour>,
  ctx: JourneyContext,
): void {
  if (step.operationId !== undefined && !ctx.operations.has(step.operationId)) {
    const near = closest(step.operationId, ctx.operations);
    w.problems.push(
      `${step.at('operationId')}: ${label(w, step)} calls operationId "${step.operationId}", which the contract does not have. Fix: ${near.length ? `use ${near.join(' or ')}` : 'use an operationId of openapi/openapi.yaml'}.`,
    );
    return;
  }
  const event = step.event;
  if (event?.kind === 'webhook') {
    if (!ctx.webhooks.has(event.webhook)) {
      const near = closest(event.webhook, ctx.webhooks);
      w.problems.push(
        `${step.at('x-journey-step')}: ${label(w, step)} waits for webhook "${event.webhook}", which the contract does not have. Fix: ${near.length ? `use ${near.join(' or ')}` : 'use a webhook of openapi/openapi.yaml'}.`,
      );
    } else walkWebhook(w, step, event.webhook);
    return;
  }
  if (event?.kind === 'clock') w.clock += event.advanceSeconds;
  if (step.operationId === undefined) return;
  if (step.operationId === ESCALATION_CALL) escalationExit(w, step);
  // A made-in operation may be its own status call (the UPI dispute list: where disputes appear, and
  // what reports each one's state): reading a transaction an earlier step reported, it is a status call.
  const tracked = source(w, step, (t) => t.op.statusCall === step.operationId);
  if (tracked) return walkStatus(w, step, tracked);
  const op = byId.get(step.operationId);
  if (op) {
    if (op.madeIn) walkOpen(w, step, op);
    else walkCall(w, step, op);
    return;
  }
  const opened = openedBy(w, step, (o) => o.op.statusCall === step.operationId);
  if (opened) walkOpenedStatus(w, step, opened);
}

function walkWorkflow(w: Walk, byId: ReadonlyMap<string, OperationBehaviour>, ctx: JourneyContext): void {
  for (const step of w.workflow.steps) {
    walkStep(w, step, byId, ctx);
    afterStep(w, step, ctx);
  }
}

/** A procedure exit no tracked transaction took, and the states this step reports, by when first. */
function afterStep(w: Walk, step: JourneyStep, ctx: JourneyContext): void {
  if (step.exit === 'procedure' && !w.handled.has(step.stepId)) untrackedProcedure(w, step, ctx.families);
  const state = step.state?.value;
  if (state !== undefined && !w.seenAt.has(state)) w.seenAt.set(state, w.clock);
}

/** Each (mode, first code) and each transition of the money-moving operations of the families with a journey file that no workflow walked. */
function uncovered(families: readonly FamilyBehaviour[], coverage: Coverage): string[] {
  return families.flatMap((f) =>
    f.operations
      // A made-in operation has no first codes (its transactions appear in states), only transitions.
      .filter((op) => op.movesMoney)
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
  const familyOf = new Map(ctx.families.flatMap((f) => f.operations.map((op) => [op.id, f] as const)));
  for (const file of files) {
    if (!families.has(file.family) && !ctx.tags?.has(file.family))
      problems.push(
        `${file.file}:1: ${file.family} is no money-moving family of openapi/behaviour/ (${[...families.keys()].join(', ')}) and no tag of the contract. Fix: name the file <family>.arazzo.yaml after one of them, or after the tag of the calls it walks.`,
      );
    for (const workflow of file.workflows)
      walkWorkflow(
        {
          workflow,
          made: new Map(),
          opened: new Map(),
          problems,
          coverage,
          clock: 0,
          families: familyOf,
          seenAt: new Map(),
          handled: new Set(),
        },
        byId,
        ctx,
      );
  }
  const covered = ctx.families.filter((f) => files.some((file) => file.family === f.family));
  return [...problems, ...uncovered(covered, coverage), ...missingExits(ctx.families, coverage)];
}
