/**
 * Our runner of a journey (./view.ts): one step at a time against the sandbox engine, in process
 * (the unit test) or in the page (the in-page runner), reporting what a reader needs to see of each
 * step: the request, the answer, the state, the webhooks that follow. Respect runs the same
 * workflows over HTTP through the journeys proxy; this runner acts out the steps marked
 * `x-journey-step` in the engine itself, as that proxy does (openapi/DECISIONS.md):
 *
 * - `clock`: moves the engine's clock on (the sandbox's `--test-clock`), so nothing sleeps;
 * - `webhook`: takes the due deliveries and answers the first one of that webhook for the step's
 *   `referenceid` not yet answered, in arrival order, its payload standing for the answer;
 * - `hosted-page`: nothing to do in the sandbox (the test value of the step before decides).
 *
 * Pure, with Web APIs only: the engine, the clock and the token signer come in through `RunnerPort`.
 */
import type {RouteModel} from '../sandbox/model';
import type {QueuedWebhook, WebhookDelivery} from '../sandbox/engine/types';
import type {SecretName} from './names';
import type {Criterion, Journey, JourneyStep} from './view';

/** What the runner sends: the port adds the token (and the signature of a signed operation). */
export interface RunnerRequest {
  readonly route: RouteModel;
  readonly method: string;
  /** The base path, the path and the query, as the engine takes it (`/api/v1/service/payout/orders`). */
  readonly url: string;
  readonly body?: string;
}

export interface RunnerAnswer {
  readonly status: number;
  /** The headers as sent (the token shown as the engine received it). */
  readonly sentHeaders: Readonly<Record<string, string>>;
  /** The answer's own headers (`Deprecation` and `Sunset` on a form the API retires). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The sandbox engine as the runner drives it. */
export interface RunnerPort {
  readonly basePath: string;
  readonly routes: readonly RouteModel[];
  send(request: RunnerRequest): Promise<RunnerAnswer>;
  /** Moves the engine's clock on. */
  advance(seconds: number): void;
  pendingWebhooks(): readonly QueuedWebhook[];
  takeDueWebhooks(): Promise<readonly WebhookDelivery[]>;
  /** Which of the webhook secrets the partner holds signed a delivery (./secrets.ts). */
  signedWith(delivery: WebhookDelivery): Promise<readonly SecretName[]>;
  /** `$faker.string.uuid`: a new value on every run. */
  uuid(): string;
}

/** One step as it ran. */
export interface StepRun {
  readonly stepId: string;
  readonly kind: JourneyStep['kind'];
  readonly request?: RunnerRequest & {readonly headers: Readonly<Record<string, string>>};
  /** The answer (with its headers, for a call), or for a webhook step the delivery it answered with. */
  readonly answer?: {
    readonly status: number;
    readonly body: string;
    readonly headers?: Readonly<Record<string, string>>;
  };
  readonly delivery?: WebhookDelivery;
  /** A webhook step: which of the webhook secrets the partner holds signed its delivery. */
  readonly signedWith?: readonly SecretName[];
  /** The state the answer carries, where the step's criteria name one (at their field). */
  readonly state?: string;
  /** The webhooks queued by this step, due now or later: what follows it. */
  readonly follows: readonly QueuedWebhook[];
  /** Each criterion that did not hold, and anything that stopped the step, in words. */
  readonly failures: readonly string[];
}

/** A run between steps: each step's outputs, and the deliveries taken but not yet answered. */
export interface RunState {
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly outputs: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly inbox: readonly WebhookDelivery[];
  readonly runs: readonly StepRun[];
}

export const startRun = (journey: Journey, inputs: Readonly<Record<string, unknown>> = {}): RunState => ({
  inputs: {...journey.inputs, ...inputs},
  outputs: {},
  inbox: [],
  runs: [],
});

class StepError extends Error {}

/** The value of a runtime expression the journeys use: `$inputs.x`, `$steps.a.outputs.b`, `$faker.string.uuid`. */
export function evaluate(expression: string, state: RunState, port: Pick<RunnerPort, 'uuid'>): unknown {
  // Respect's faker reads both the property and the call form; the journey files use the call.
  if (expression === '$faker.string.uuid' || expression === '$faker.string.uuid()') return port.uuid();
  const input = /^\$inputs\.([\w-]+)$/.exec(expression);
  if (input) return state.inputs[input[1] ?? ''];
  const output = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
  if (output) {
    const value = state.outputs[output[1] ?? '']?.[output[2] ?? ''];
    if (value === undefined)
      throw new StepError(`${expression} has no value: did step ${output[1]} run and answer it?`);
    return value;
  }
  throw new StepError(`the runner does not know the expression ${expression} (core/journeys/run.ts \`evaluate\`).`);
}

/** A payload with every expression in it replaced by its value. */
function resolve(value: unknown, state: RunState, port: Pick<RunnerPort, 'uuid'>): unknown {
  if (typeof value === 'string') return value.startsWith('$') ? evaluate(value, state, port) : value;
  if (Array.isArray(value)) return value.map((v) => resolve(v, state, port));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, state, port)]));
  return value;
}

/** The value at a JSON pointer (RFC 6901) of a parsed body. */
export function atPointer(body: unknown, pointer: string): unknown {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined),
    body,
  );
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Whether a criterion holds of an answer; `other` criteria are not read by this runner and fail with that said. */
function failure(c: Criterion, status: number, body: unknown, signed?: readonly SecretName[]): string | undefined {
  const found = (pointer: string, want: unknown): string | undefined => {
    const got = atPointer(body, pointer);
    return got === want ? undefined : `${c.condition}: the answer has ${JSON.stringify(got)}`;
  };
  switch (c.on) {
    case 'http-status':
      return status === c.value ? undefined : `${c.condition}: the answer is HTTP ${status}`;
    case 'response_code':
      return found('/response_code', c.value);
    case 'state':
      return found(c.pointer, c.value);
    case 'signed-with':
      return signed?.join(' ') === c.value.join(' ')
        ? undefined
        : `${c.condition}: the delivery was signed with ${signed?.length ? signed.join(' and ') : 'no secret the partner holds'}`;
    case 'other':
      return `${c.condition}: our runner reads $statusCode, response_code and state conditions only (openapi/DECISIONS.md).`;
  }
}

/** The route, URL and body of a call step. */
function requestOf(step: JourneyStep, state: RunState, port: RunnerPort): RunnerRequest {
  const route = port.routes.find((r) => r.id === step.operationId);
  if (!route) throw new StepError(`the sandbox has no route for ${step.operationId}.`);
  let path = route.path;
  const query = new URLSearchParams();
  for (const p of step.parameters) {
    const value = String(resolve(p.value, state, port));
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query') query.set(p.name, value);
  }
  const qs = query.toString();
  const body = step.payload === undefined ? undefined : JSON.stringify(resolve(step.payload, state, port));
  return {route, method: route.method, url: `${port.basePath}${path}${qs ? `?${qs}` : ''}`, ...(body ? {body} : {})};
}

/** Each output of a step from its answer (`$response.body#/pointer`) or its request (`$request.body#/pointer`). */
function outputsOf(step: JourneyStep, sent: unknown, body: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(step.outputs).map(([name, expr]) => {
      const [, from, pointer] = /^\$(request|response)\.body#(\/.*)$/.exec(expr) ?? [];
      return [name, pointer === undefined ? undefined : atPointer(from === 'request' ? sent : body, pointer)];
    }),
  );
}

type Acted = Omit<StepRun, 'stepId' | 'kind' | 'state' | 'failures' | 'follows'> & {inbox?: WebhookDelivery[]};

async function callStep(step: JourneyStep, state: RunState, port: RunnerPort): Promise<Acted> {
  const request = requestOf(step, state, port);
  const answer = await port.send(request);
  return {
    request: {...request, headers: answer.sentHeaders},
    answer: {status: answer.status, body: answer.body, ...(answer.headers ? {headers: answer.headers} : {})},
  };
}

/**
 * The reference of the partner's a delivery is about, which a webhook step's URL ends with: its
 * `referenceid` (at the top level, or in `data`), or for a payment into a UPI id, which no request
 * of the partner's made, the `customer_reference` the UPI id was created with.
 */
export function deliveryReference(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const top = body as Record<string, unknown>;
  const data = typeof top.data === 'object' && top.data !== null ? (top.data as Record<string, unknown>) : {};
  const value = top.referenceid ?? data.referenceid ?? top.customer_reference;
  return typeof value === 'string' ? value : undefined;
}

/** The first due delivery of the step's webhook for its `referenceid`, taken from the inbox. */
async function webhookStep(step: JourneyStep, state: RunState, port: RunnerPort): Promise<Acted> {
  const reference = evaluate(step.reference ?? '', state, port);
  const inbox = [...state.inbox, ...(await port.takeDueWebhooks())];
  const i = inbox.findIndex((d) => d.webhook === step.webhook && deliveryReference(parse(d.body)) === reference);
  const delivery = inbox[i];
  if (!delivery)
    throw new StepError(
      `no ${step.webhook} delivery for ${String(reference)} is due: a clock step before this one moves the sandbox on to it.`,
    );
  inbox.splice(i, 1);
  return {delivery, signedWith: await port.signedWith(delivery), answer: {status: 200, body: delivery.body}, inbox};
}

async function act(step: JourneyStep, state: RunState, port: RunnerPort): Promise<Acted> {
  switch (step.kind) {
    case 'call':
      return callStep(step, state, port);
    case 'webhook':
      return webhookStep(step, state, port);
    case 'clock':
      port.advance(step.advanceSeconds ?? 0);
      return {};
    case 'hosted-page':
      return {};
  }
}

/** Runs the step after the last one run; the state after it, with its run appended. */
export async function runNextStep(journey: Journey, state: RunState, port: RunnerPort): Promise<RunState> {
  const step = journey.steps[state.runs.length];
  if (!step) return state;
  const before = new Set(port.pendingWebhooks().map((w) => w.id));
  let acted: Acted = {};
  const failures: string[] = [];
  try {
    acted = await act(step, state, port);
  } catch (e) {
    if (!(e instanceof StepError)) throw e;
    failures.push(e.message);
  }
  const body = acted.answer ? parse(acted.answer.body) : undefined;
  if (acted.answer && step.kind !== 'clock' && step.kind !== 'hosted-page')
    for (const c of step.criteria) {
      const f = failure(c, acted.answer.status, body, acted.signedWith);
      if (f) failures.push(f);
    }
  const stateCriterion = step.criteria.find((c) => c.on === 'state');
  const reached = stateCriterion ? atPointer(body, stateCriterion.pointer) : undefined;
  const {inbox, ...shown} = acted;
  const run: StepRun = {
    stepId: step.id,
    kind: step.kind,
    ...shown,
    ...(typeof reached === 'string' ? {state: reached} : {}),
    follows: port.pendingWebhooks().filter((w) => !before.has(w.id)),
    failures,
  };
  return {
    ...state,
    outputs: {...state.outputs, [step.id]: outputsOf(step, acted.request?.body && parse(acted.request.body), body)},
    inbox: inbox ?? state.inbox,
    runs: [...state.runs, run],
  };
}

/** The answer headers that mark a form the API retires (RFC 9745, RFC 8594), in lower case. */
const RETIRING = ['deprecation', 'sunset'] as const;

/**
 * Each call step of a run whose answer carries `Deprecation` or `Sunset`: the journeys must walk
 * today's forms, as the Respect run holds them (scripts/lib/respect-report.ts). Not a step failure:
 * the page's runner sends no RFC 9421 signature, which the sandbox still accepts with these headers
 * until the sunset, so the tests (which sign) ask for this list.
 */
export function retiredForms(journey: Pick<Journey, 'id'>, state: Pick<RunState, 'runs'>): string[] {
  return state.runs.flatMap((run) =>
    Object.entries(run.answer?.headers ?? {}).flatMap(([name, value]) =>
      (RETIRING as readonly string[]).includes(name.toLowerCase())
        ? [
            `workflow ${journey.id}, step ${run.stepId}: the answer carries ${name}: ${value}, so the call used a form the API retires. Fix: send it as the current form (x-replaced-by on the contract's deprecated field or operation).`,
          ]
        : [],
    ),
  );
}

/** Whether the run has stopped: every step ran, or the last one failed. */
export const finished = (journey: Journey, state: RunState): boolean =>
  state.runs.length >= journey.steps.length || Boolean(state.runs.at(-1)?.failures.length);

/** Runs a journey to its end, or to its first failing step. */
export async function runJourney(
  journey: Journey,
  port: RunnerPort,
  inputs?: Record<string, unknown>,
): Promise<RunState> {
  let state = startRun(journey, inputs);
  while (!finished(journey, state)) state = await runNextStep(journey, state, port);
  return state;
}
