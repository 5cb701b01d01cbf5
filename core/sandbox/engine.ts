/**
 * The sandbox engine: answers API requests the way the documented API does, from the contract and
 * the sandbox scenarios compiled at build time. Pure TypeScript with Web APIs only (URL, TextEncoder,
 * Web Crypto), so the same code serves `npm run sandbox` in Node and, later, the Try it panel in a page.
 * The clock, the store and the compiled families are injected.
 *
 *   const sandbox = createSandbox({index, loadFamily, clock, store});
 *   const res = await sandbox.send({method: 'POST', url: '/api/v1/service/aeps/withdrawal',
 *     headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'}, body: '{...}'});
 *   res.status; res.headers; res.body (the raw JSON text); res.json (parsed); res.scenario (its label)
 *   sandbox.pendingWebhooks();       // every queued webhook, due or not, unsigned, in due order
 *   await sandbox.takeDueWebhooks(); // removes the due ones and returns them signed, ready to POST
 *   await sandbox.sign(queued);      // signs a queued webhook again (a retry: same id, new timestamp)
 *
 * - `index` (SandboxIndex): base path, routes of every operation, credentials, test partner ids.
 * - `loadFamily(family)`: the family's compiled model and validators (`<family>.json` and
 *   `<family>.validators.mjs`, served to pages from /sandbox/ as `.js`); called once per family, on its first
 *   request, so a page loads only its own family. Validators are ajv standalone code: nothing is
 *   compiled at run time.
 * - `clock.now()`: milliseconds. Delays in the scenarios count on it; tests move it by hand.
 * - `store`: where the session's state lives (idempotency records, tracked transactions, used
 *   reqIds, the webhook queue). `memoryStore()` for Node; any get/set over JSON works (sessionStorage).
 *
 * What a request goes through, in order (each step answers in the documented envelope; each is an
 * exported function under ./engine/, and `createSandbox` only wires them):
 *   route        unknown path: 404 with code 7; known path, other method: 405 with code 10
 *   token        `Authorization: Bearer <JWT>` as /HeaderMarkdown says: HS256 with the test secret,
 *                claims partnerId (a test partner id), iat within 300 s, reqId unused: else 401, code 11
 *   partner      a test partner id's scenarios (codes 8, 12, 18, 22) answer before validation
 *   validation   body JSON, then the compiled validators: 400, code 10, `data.errors` per field
 *   status call  a transaction started in this session: its state at this moment
 *   repeat       the same idempotency key again (referenceid) after an answer that created a
 *                transaction (1, 2, 3, 5): code 4 with its current outcome in `data`
 *   expiry       a confirmation after what it confirms expired (a refund OTP): its refusal
 *   overdue      an escalation before the bound of the escalated transaction's state: code 24
 *   scenario     the first scenarios scenario whose inputs match, else the operation's default
 * An answer that created a transaction is recorded for repeats; a tracked transaction is kept for its status call; the
 * scenario's webhooks are queued with their delays and signed when taken, as /docs/v1/webhooks says
 * (`X-Webhook-Id`, `X-Webhook-Timestamp`, `X-Signature: v1=<hex HMAC-SHA256 of id.timestamp.body>`).
 */
import {SIGNATURE_FORM_OPERATION, SIGNATURE_FORMS, type SignatureForm} from '../contract/webhook-policy';
import type {Json, JsonObject, OperationModel, OverdueModel, RouteModel, SandboxIndex} from './model';
import {expiredAnswer, recordStart} from './engine/expiry';
import {overdueAnswer, stateIn} from './engine/overdue';
import {recordUpdate} from './engine/updates';
import {compileRoutes, routeRequest} from './engine/route';
import {signWithSecrets, trustStep, webhookSecrets} from './engine/webhook-secret';
import {
  controlsRefusal,
  deprecatedQueryStep,
  recordForControls,
  sessionStateAnswer,
  signatureStep,
  type ExtraHeaders,
} from './engine/security';
import {keyRing} from './engine/signing-keys';
import {
  carriedFor,
  liveFor,
  lookupTransaction,
  partnerScenario,
  pickScenario,
  recordTransaction,
  rememberOriginal,
  repeatAnswer,
  scenarioAnswer,
  statusAnswer,
} from './engine/scenario';
import {
  authenticate,
  SANDBOX_KEY_ID,
  SANDBOX_REVOKED_KEY_ID,
  TOKEN_AUDIENCE,
  tokenAnswer,
  type TokenKeys,
} from './engine/token';
import {
  mediaTypeAnswer,
  validationAnswer,
  type Answer,
  type Clock,
  type LoadedFamily,
  type QueuedWebhook,
  type SandboxStore,
  type Session,
  type TxRecord,
  type WebhookDelivery,
} from './engine/types';
import {idNumbers, randomSeed, transactionFacts, withFacts, type TransactionFacts} from './engine/live';
import {
  dropPendingAbout,
  itemAnswer,
  statusOfItem,
  priorRecord,
  replaceItem,
  settledAnswer,
  standingFacts,
  takenOver,
} from './engine/handover';
import {isSweepable, sweep, SWEEP_EVERY_REQUESTS} from './engine/retention';
import {validateRequest} from './engine/validate';
import {pendingWebhooks, queueWebhooks, takeDue} from './engine/webhooks';
import {DEPRECATED_SINCE_1_3_0, transitionHeaders} from './engine/transition';

export type {Clock, LoadedFamily, QueuedWebhook, SandboxStore, WebhookDelivery};
export {memoryStore} from './engine/types';
export {IAT_TOLERANCE_SECONDS} from './engine/token';
export {webhookId} from './engine/webhooks';

export interface SandboxRequest {
  readonly method: string;
  /** Path and query (`/api/v1/common/bank?service=aeps`) or a whole URL; only its path and query count. */
  readonly url: string;
  /** Header names in any case. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** The raw body text, as sent. */
  readonly body?: string;
}

export interface SandboxResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body exactly as sent on the wire. */
  readonly body: string;
  readonly json: JsonObject;
  /** The operation that answered, when the path named one. */
  readonly operationId?: string;
  /** What produced the answer: a scenario's label, or the engine step (`token`, `validation` ...). */
  readonly scenario: string;
}

export interface SandboxOptions {
  readonly index: SandboxIndex;
  readonly loadFamily: (family: string) => LoadedFamily | Promise<LoadedFamily>;
  readonly clock: Clock;
  readonly store: SandboxStore;
  /** The webhook secret deliveries are signed with; the documented test secret by default. */
  readonly webhookSecret?: string;
  /** The form of `X-Signature` (core/contract/webhook-policy.ts): the endpoint's choice, 1.1.0 by default. */
  readonly signatureForm?: SignatureForm;
  /**
   * Makes the fresh ids of answers (./engine/live.ts) the same on every run: tests pass one. Without
   * it, each sandbox draws its own, so two runs of a server never hand out the same session id.
   */
  readonly seed?: number;
}

export interface Sandbox {
  send(request: SandboxRequest): Promise<SandboxResponse>;
  pendingWebhooks(): QueuedWebhook[];
  takeDueWebhooks(): Promise<WebhookDelivery[]>;
  sign(webhook: QueuedWebhook): Promise<WebhookDelivery>;
}

/** An answer as the response on the wire: JSON text, its content type, and what produced it. */
export function toResponse(a: Answer, operationId?: string): SandboxResponse {
  return {
    status: a.status,
    headers: {'Content-Type': 'application/json', ...a.headers},
    body: JSON.stringify(a.body),
    json: a.body,
    ...(operationId ? {operationId} : {}),
    scenario: a.scenario,
  };
}

/** Header names in lower case, as the steps read them. */
export const lowerCaseHeaders = (
  headers: Readonly<Record<string, string | undefined>> | undefined,
): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v] as const));

/** What a request signature covers of the request as sent: method, path (without the query), raw body. */
const signedParts = (request: SandboxRequest, url: URL) => ({
  method: request.method.toUpperCase(),
  path: url.pathname,
  body: request.body ?? '',
});

/** Each family's model and validators, loaded on its first request and kept. */
function familyLoader(load: SandboxOptions['loadFamily']): (family: string) => Promise<LoadedFamily> {
  const families = new Map<string, Promise<LoadedFamily>>();
  return (name) => {
    let loaded = families.get(name);
    if (!loaded) {
      loaded = Promise.resolve(load(name));
      families.set(name, loaded);
    }
    return loaded;
  };
}

async function operationOf(family: (name: string) => Promise<LoadedFamily>, route: RouteModel) {
  const loaded = await family(route.family);
  const op = loaded.model.operations.find((o) => o.id === route.id);
  if (!op) throw new Error(`The ${route.family} sandbox model has no operation ${route.id}.`);
  return {op, validators: loaded.validators};
}

/**
 * Answers from the scenario the inputs pick, and keeps what follows it: repeats, status calls, webhooks.
 * `standing` is the status answer of the transaction this call takes over (./engine/handover.ts): its facts
 * stay the answer's and every later answer's.
 */
function answerScenario(
  session: Session,
  op: OperationModel,
  inputs: Readonly<Record<string, Json>>,
  standing?: JsonObject,
): Answer {
  const refused = controlsRefusal(op.id, inputs, session.store, session.clock.now());
  if (refused) return refused;
  const picked = pickScenario(op, inputs, standing !== undefined);
  const live = liveFor(op, picked.scenario, inputs, session);
  const carried = carriedFor(op, picked.scenario, inputs, session.store, live);
  const kept = standingFacts(standing);
  const result = scenarioAnswer(picked.scenario, carried, live);
  const answered = standing ? {...result, body: withFacts(result.body, kept)} : result;
  // A transaction's later answers repeat the facts of this one (issue 33): one set of numbers.
  const facts = live ? {...kept, ...transactionFacts(answered.body)} : undefined;
  return keepTransaction(session, op, inputs, {picked, carried, live, facts, answer: answered});
}

/** What follows an answer from a scenario: its transaction, its repeat, its start, its updates, its webhooks. */
function keepTransaction(
  session: Session,
  op: OperationModel,
  inputs: Readonly<Record<string, Json>>,
  kept: {
    picked: ReturnType<typeof pickScenario>;
    carried: Record<string, Json>;
    live: ReturnType<typeof liveFor>;
    facts: TransactionFacts | undefined;
    answer: Answer;
  },
): Answer {
  const {picked, carried, live, facts, answer: result} = kept;
  const tx = recordTransaction(op, picked, carried, inputs, session, live, facts, result.body);
  const at = session.clock.now();
  rememberOriginal(op, session.store, inputs, {body: result.body, at, ...(tx === undefined ? {} : {tx})});
  recordStart(op, inputs, result, session);
  recordUpdate(op, inputs, result, session.store);
  queueWebhooks(session, op, picked.scenario, carried, live, facts);
  recordForControls(op.id, inputs, result, session.store, session.clock.now());
  return result;
}

/** The signature form an answer of `webhook-signature-form` put in force, if it put one. */
export function formSetBy(operationId: string | undefined, answer: Answer): SignatureForm | undefined {
  if (operationId !== SIGNATURE_FORM_OPERATION || answer.body.response_code !== 1) return undefined;
  const data = answer.body.data;
  const form = data && typeof data === 'object' && 'form' in data ? data.form : undefined;
  return SIGNATURE_FORMS.find((f) => f === form);
}

/** The answer to a request the contract refuses: "Unsupported media type" for a body of another media type. */
function invalidAnswer(checked: Extract<ReturnType<typeof validateRequest>, {errors: unknown}>): Answer {
  return checked.unsupportedMediaType ? mediaTypeAnswer(checked.errors) : validationAnswer(checked.errors);
}

/** What the token check needs: the test secret, its key ids, the audience, the test partners and the old form's sunset. */
const tokenKeysOf = (index: SandboxIndex): TokenKeys => ({
  jwtSecret: index.credentials.jwtSecret,
  keyId: SANDBOX_KEY_ID,
  revokedKeyIds: new Set([SANDBOX_REVOKED_KEY_ID]),
  audience: TOKEN_AUDIENCE.sandbox,
  partnerIds: new Set([index.credentials.partnerId, ...index.partnerIds]),
  legacySunset: index.tokenSunset,
});

/** The status call's answer for a transaction of this session as it stands now, and the state it reports. */
function statusReaders(
  index: SandboxIndex,
  family: (name: string) => Promise<LoadedFamily>,
  clock: Clock,
  store: SandboxStore,
) {
  async function trackedStatus(record: TxRecord, statusOp: OperationModel): Promise<Answer | undefined> {
    const origin = index.routes.find((r) => r.id === record.operation);
    if (!origin) return undefined;
    const op = (await family(origin.family)).model.operations.find((o) => o.id === record.operation);
    const scenario = op?.scenarios[record.scenario];
    const answer = scenario && statusAnswer(record, scenario, statusOp, clock.now(), store);
    if (!answer || !op?.tracking?.also) return answer;
    // A list's items another call took over are reported as that call's record stands now.
    let data = answer.body.data;
    for (const t of takenOver(data, record, op.tracking.also, store)) {
      const route = index.routes.find((r) => r.id === t.status);
      const now = route && (await trackedStatus(t.other, (await operationOf(family, route)).op));
      const item = now && itemAnswer(now, t.field, t.id).body.data;
      if (item && typeof item === 'object' && !Array.isArray(item))
        data = replaceItem(data, t.field, t.id, item as JsonObject);
    }
    return {...answer, body: {...answer.body, ...(data === undefined ? {} : {data})}};
  }
  /** The transaction a call acting on another call's one names, as it stands now (the status call's item). */
  async function standingOf(op: OperationModel, inputs: Readonly<Record<string, Json>>) {
    const prior = op.tracking?.from ? priorRecord(op, store, inputs) : undefined;
    const key = op.tracking ? inputs[op.tracking.field] : undefined;
    const route = prior && index.routes.find((r) => r.id === op.tracking?.status);
    if (!prior || !route || !op.tracking || typeof key !== 'string') return undefined;
    const now = await trackedStatus(prior, (await operationOf(family, route)).op);
    const item = now && itemAnswer(now, op.tracking.field, key);
    return item && {prior, key, field: op.tracking.field, body: item.body};
  }
  /** The state a transaction of this session is in now, by the status call an overdue rule names. */
  async function stateOf(record: TxRecord, rule: OverdueModel): Promise<string | undefined> {
    const route = index.routes.find((r) => r.id === rule.status);
    const answer = route && (await trackedStatus(record, (await operationOf(family, route)).op));
    return stateIn(answer?.body.data, rule.field);
  }
  return {trackedStatus, stateOf, standingOf};
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const {index, clock, store} = options;
  const session: Session = {store, clock, ids: idNumbers(options.seed ?? randomSeed())};
  const webhookSecret = options.webhookSecret ?? index.credentials.webhookSecret;
  const routes = compileRoutes(index.routes);
  const keys = tokenKeysOf(index);
  const family = familyLoader(options.loadFamily);

  const {trackedStatus, stateOf, standingOf} = statusReaders(index, family, clock, store);

  /**
   * The chain: route, authenticate, request signature (marked calls), partner, validate, deprecated
   * query, secret proof and rotation (the webhook trust calls), status call, session state (keys, controls; none
   * has a status call), repeat, expiry, controls, scenario. `extra` collects a transition's headers.
   */
  async function handle(request: SandboxRequest, extra: ExtraHeaders): Promise<{answer: Answer; op?: OperationModel}> {
    const routed = routeRequest(index.basePath, routes, request);
    if ('answer' in routed) return {answer: routed.answer};
    const {op, validators} = await operationOf(family, routed.route);
    const headers = lowerCaseHeaders(request.headers);
    const token = await authenticate(headers.authorization, keys, clock.now(), store);
    if ('error' in token) return {answer: tokenAnswer(token.error), op};
    if (token.oldFormSunset) Object.assign(extra, transitionHeaders(token.oldFormSunset, DEPRECATED_SINCE_1_3_0));
    const signer = {
      reqId: token.reqId,
      nowMs: clock.now(),
      ring: keyRing(store, index.credentials),
      // The secret the partner holds now: the test secret until a rotation of this session.
      webhookSecret: webhookSecrets(store, webhookSecret).current,
    };
    const unsigned = await signatureStep(op, {...signedParts(request, routed.url), headers, ...signer}, extra);
    if (unsigned) return {answer: unsigned, op};
    const partner = partnerScenario(op, token.partnerId);
    if (partner) return {answer: scenarioAnswer(partner, {}), op};
    const checked = validateRequest(op, validators, {
      pathParams: routed.pathParams,
      query: routed.url.searchParams,
      contentType: headers['content-type'],
      body: request.body,
    });
    if ('errors' in checked) return {answer: invalidAnswer(checked), op};
    const ended = deprecatedQueryStep(op, routed.url.searchParams, clock.now(), extra);
    if (ended) return {answer: ended, op};
    const trust = await trustStep(op.id, headers, token.reqId, request.body, session, webhookSecret);
    if (trust) return {answer: trust, op};
    const {inputs} = checked;
    const record = lookupTransaction(op, store, inputs);
    const tracked = record && (await trackedStatus(record, op));
    // A status call by an item's id, on a list's record: that item (./engine/handover.ts).
    const status = record && tracked && statusOfItem(op, record, tracked, inputs);
    if (status) return {answer: status, op};
    const own = sessionStateAnswer(op, inputs, session, index.credentials);
    const repeat = own ?? repeatAnswer(op, session, inputs);
    const standing = repeat ? undefined : await standingOf(op, inputs);
    const answer =
      repeat ??
      settledAnswer(op, standing?.body, standing?.key ?? '') ??
      expiredAnswer(op, inputs, session) ??
      (await overdueAnswer(op, inputs, store, clock.now(), stateOf));
    if (answer) return {answer, op};
    // Taken over: the list's webhooks about it told a future that no longer comes.
    if (standing) dropPendingAbout(store, standing.prior, standing.field, standing.key);
    return {answer: answerScenario(session, op, inputs, standing?.body), op};
  }

  // The endpoint's form: the option until a `webhook-signature-form` call of this session sets another.
  let signatureForm = options.signatureForm;
  const sign = async (webhook: QueuedWebhook): Promise<WebhookDelivery> => ({
    ...webhook,
    headers: await signWithSecrets(webhookSecrets(store, webhookSecret), clock.now(), webhook, signatureForm),
  });

  // Sweeps once a minute of clock time and every SWEEP_EVERY_REQUESTS requests, so memory stays bounded.
  let sweptAt = clock.now();
  let sinceSweep = 0;
  const sweepNow = (): void => {
    if (!isSweepable(store) || (++sinceSweep < SWEEP_EVERY_REQUESTS && clock.now() - sweptAt < 60_000)) return;
    sweep(store, clock.now());
    sweptAt = clock.now();
    sinceSweep = 0;
  };

  return {
    async send(request) {
      sweepNow();
      const extra: ExtraHeaders = {};
      const {answer, op} = await handle(request, extra);
      signatureForm = formSetBy(op?.id, answer) ?? signatureForm;
      return toResponse({...answer, headers: {...extra, ...answer.headers}}, op?.id);
    },
    pendingWebhooks: () => pendingWebhooks(store),
    takeDueWebhooks: () => Promise.all(takeDue(session).map(sign)),
    sign,
  };
}
