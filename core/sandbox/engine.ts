/**
 * The sandbox engine: answers API requests the way the documented API does, from the contract and
 * the scenario atlas compiled at build time. Pure TypeScript with Web APIs only (URL, TextEncoder,
 * Web Crypto), so the same code serves `npm run mock` in Node and, later, the Try it panel in a page.
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
 * - `clock.now()`: milliseconds. Delays in the atlas count on it; tests move it by hand.
 * - `store`: where the session's state lives (idempotency records, tracked transactions, used
 *   reqIds, the webhook queue). `memoryStore()` for Node; any get/set over JSON works (sessionStorage).
 *
 * What a request goes through, in order (each step answers in the documented envelope):
 *   route        unknown path: 404 with code 7; known path, other method: 405 with code 10
 *   token        `Authorization: Bearer <JWT>` as /HeaderMarkdown says: HS256 with the test secret,
 *                claims partnerId (a test partner id), iat within 300 s, reqId unused: else 401, code 11
 *   partner      a test partner id's scenarios (codes 8, 12, 18, 22) answer before validation
 *   validation   body JSON, then the compiled validators: 400, code 10, `data.errors` per field
 *   status call  a transaction started in this session: its state at this moment
 *   repeat       the same idempotency key again (referenceid): code 4 with the original `data`
 *   scenario     the first atlas scenario whose inputs match, else the operation's default
 * The answer is recorded for repeats; a tracked transaction is kept for its status call; the
 * scenario's webhooks are queued with their delays and signed when taken, as /docs/v1/webhooks says
 * (`X-Webhook-Id`, `X-Webhook-Timestamp`, `X-Signature: v1=<hex HMAC-SHA256 of id.timestamp.body>`).
 */
import {applyCarried, carriedValues, fieldErrors, getPath, text, vary, type FieldError} from './body';
import {base64UrlDecode, hmacBase64Url} from './crypto';
import {signDelivery} from './signature';
import type {
  FamilyModel,
  FamilyValidators,
  Json,
  JsonObject,
  OperationModel,
  RouteModel,
  SandboxIndex,
  ScenarioModel,
} from './model';

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

export interface QueuedWebhook {
  /** `X-Webhook-Id`: the same on every retry of this event. */
  readonly id: string;
  /** The webhook's id in the contract. */
  readonly webhook: string;
  /** Clock milliseconds from which it is due. */
  readonly dueAt: number;
  /** The raw body, signed byte for byte. */
  readonly body: string;
  /** The operation and scenario it follows. */
  readonly operationId: string;
  readonly scenario: string;
}

export interface WebhookDelivery extends QueuedWebhook {
  readonly headers: Readonly<Record<string, string>>;
}

export interface SandboxStore {
  get(key: string): Json | undefined;
  set(key: string, value: Json): void;
}

export interface Clock {
  now(): number;
}

export interface LoadedFamily {
  readonly model: FamilyModel;
  readonly validators: FamilyValidators;
}

export interface SandboxOptions {
  readonly index: SandboxIndex;
  readonly loadFamily: (family: string) => LoadedFamily | Promise<LoadedFamily>;
  readonly clock: Clock;
  readonly store: SandboxStore;
  /** The webhook secret deliveries are signed with; the documented test secret by default. */
  readonly webhookSecret?: string;
}

export interface Sandbox {
  send(request: SandboxRequest): Promise<SandboxResponse>;
  pendingWebhooks(): QueuedWebhook[];
  takeDueWebhooks(): Promise<WebhookDelivery[]>;
  sign(webhook: QueuedWebhook): Promise<WebhookDelivery>;
}

/** A store in memory: a Node process's, or a page's until it is reloaded. */
export function memoryStore(): SandboxStore {
  const values = new Map<string, Json>();
  return {get: (key) => values.get(key), set: (key, value) => void values.set(key, value)};
}

/** Seconds a token's `iat` may be from the sandbox clock (the headers page says 5 minutes). */
export const IAT_TOLERANCE_SECONDS = 300;

interface TxRecord {
  readonly operation: string;
  readonly scenario: number;
  readonly createdAt: number;
  readonly carried: Record<string, Json>;
}

interface Answer {
  readonly status: number;
  readonly body: JsonObject;
  readonly headers?: Readonly<Record<string, string>>;
  readonly scenario: string;
}

const envelope = (code: number, message: string, data?: Json): JsonObject => ({
  status: code === 1,
  response_code: code,
  message,
  ...(data !== undefined ? {data} : {}),
});

const validationError = (errors: readonly FieldError[]): JsonObject =>
  envelope(10, 'Validation failed', {errors: errors as unknown as Json});

/** The path of a contract route as a regular expression, with one group per `{param}`. */
function routeRegex(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`));
  return new RegExp(`^${escaped.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `evt_` and 26 characters: the time in ten, then the sequence number in sixteen (ULID-like, sortable). */
export function webhookId(ms: number, seq: number): string {
  let time = '';
  let t = Math.max(0, Math.floor(ms));
  for (let i = 0; i < 10; i++) {
    time = (CROCKFORD[t % 32] as string) + time;
    t = Math.floor(t / 32);
  }
  return `evt_${time}${String(seq).padStart(16, '0').slice(-16)}`;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const {index, clock, store} = options;
  const webhookSecret = options.webhookSecret ?? index.credentials.webhookSecret;
  const routes = index.routes.map((r) => ({route: r, re: routeRegex(r.path)}));
  const partnerIds = new Set([index.credentials.partnerId, ...index.partnerIds]);
  const families = new Map<string, Promise<LoadedFamily>>();

  const family = (name: string): Promise<LoadedFamily> => {
    let loaded = families.get(name);
    if (!loaded) {
      loaded = Promise.resolve(options.loadFamily(name));
      families.set(name, loaded);
    }
    return loaded;
  };

  const nextSeq = (): number => {
    const n = Number(store.get('seq') ?? 0) + 1;
    store.set('seq', n);
    return n;
  };

  const answer = (a: Answer, operationId?: string): SandboxResponse => {
    const body = JSON.stringify(a.body);
    return {
      status: a.status,
      headers: {'Content-Type': 'application/json', ...a.headers},
      body,
      json: a.body,
      ...(operationId ? {operationId} : {}),
      scenario: a.scenario,
    };
  };

  /** The token check of /HeaderMarkdown; a message saying what is wrong, or the claims. */
  async function checkToken(header: string | undefined): Promise<{error: string} | {partnerId: string}> {
    if (!header) return {error: 'Missing Authorization header: send Authorization: Bearer <token>'};
    const m = /^Bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(header);
    if (!m) return {error: 'Authorization must be Bearer, one space, and a JWT of three base64url parts'};
    const [, head, payload, signature] = m as unknown as [string, string, string, string];
    let alg: unknown;
    let claims: Record<string, unknown>;
    try {
      alg = (JSON.parse(base64UrlDecode(head) ?? 'null') as {alg?: unknown} | null)?.alg;
      claims = JSON.parse(base64UrlDecode(payload) ?? 'null') as Record<string, unknown>;
    } catch {
      return {error: 'The token header and claims must be base64url-encoded JSON'};
    }
    if (alg !== 'HS256') return {error: 'The token must be signed with HS256'};
    if ((await hmacBase64Url(index.credentials.jwtSecret, `${head}.${payload}`)) !== signature)
      return {error: 'Token signature does not match: sign it with the sandbox JWT secret'};
    if (typeof claims !== 'object' || claims === null) return {error: 'The token claims must be a JSON object'};
    const {partnerId, iat, reqId} = claims;
    if (typeof partnerId !== 'string' || !partnerIds.has(partnerId))
      return {error: `Unknown partnerId: the sandbox accepts ${[...partnerIds].join(', ')}`};
    if (typeof iat !== 'number' || !Number.isInteger(iat))
      return {error: 'The iat claim must be the current time in Unix seconds'};
    if (Math.abs(iat - clock.now() / 1000) > IAT_TOLERANCE_SECONDS)
      return {error: 'Token expired: iat is more than 5 minutes from the current time'};
    if (typeof reqId !== 'string' || reqId.length < 1 || reqId.length > 64)
      return {error: 'The reqId claim must be a string of 1 to 64 characters'};
    if (store.get(`reqId:${reqId}`) !== undefined) return {error: 'reqId already used: sign a fresh token per request'};
    store.set(`reqId:${reqId}`, iat);
    return {partnerId};
  }

  const matches = (s: ScenarioModel, inputs: Readonly<Record<string, Json>>): boolean =>
    s.when.every((c) => JSON.stringify(getPath(inputs, c.input)) === JSON.stringify(c.value));

  function queueWebhooks(op: OperationModel, scenario: ScenarioModel, carried: Record<string, Json>): void {
    const now = clock.now();
    const queue = (store.get('webhooks') as QueuedWebhook[] | undefined) ?? [];
    const added: QueuedWebhook[] = [];
    for (const stage of scenario.then) {
      for (const hook of stage.webhooks) {
        const dueAt = now + (stage.after + hook.after) * 1000;
        added.push({
          id: webhookId(dueAt, nextSeq()),
          webhook: hook.webhook,
          dueAt,
          body: JSON.stringify(applyCarried(hook.body, carried)),
          operationId: op.id,
          scenario: scenario.label,
        });
      }
    }
    if (added.length) store.set('webhooks', [...queue, ...added].sort((a, b) => a.dueAt - b.dueAt) as unknown as Json);
  }

  /** The status call's answer for a transaction of this session, as it stands now. */
  async function trackedStatus(record: TxRecord, statusOp: OperationModel): Promise<Answer | undefined> {
    const origin = index.routes.find((r) => r.id === record.operation);
    if (!origin) return undefined;
    const op = (await family(origin.family)).model.operations.find((o) => o.id === record.operation);
    const scenario = op?.scenarios[record.scenario];
    if (!scenario) return undefined;
    const elapsed = (clock.now() - record.createdAt) / 1000;
    let body = scenario.status;
    for (const stage of scenario.then) if (stage.after <= elapsed && stage.status) body = stage.status;
    if (!body) return undefined;
    return {
      status: 200,
      body: applyCarried(body, record.carried),
      scenario: `${scenario.label} (${statusOp.id} at ${Math.floor(elapsed)} s)`,
    };
  }

  async function handle(request: SandboxRequest): Promise<{answer: Answer; op?: OperationModel}> {
    let url: URL;
    try {
      url = new URL(request.url, 'http://sandbox.invalid');
    } catch {
      return {answer: {status: 404, body: envelope(7, 'No such path'), scenario: 'route'}};
    }
    const method = request.method.toUpperCase();
    const relative = url.pathname.startsWith(`${index.basePath}/`) ? url.pathname.slice(index.basePath.length) : '';
    const found = routes.filter((r) => relative && r.re.test(relative));
    const hit = found.find((r) => r.route.method === method);
    if (!hit) {
      if (found.length) {
        const allowed = [...new Set(found.map((r) => r.route.method))].join(', ');
        return {
          answer: {
            status: 405,
            headers: {Allow: allowed},
            body: envelope(10, `${method} is not allowed on ${url.pathname}: use ${allowed}`),
            scenario: 'route',
          },
        };
      }
      return {
        answer: {
          status: 404,
          body: envelope(
            7,
            `No operation at ${method} ${url.pathname}. Paths start with ${index.basePath}/; the API reference lists them all.`,
          ),
          scenario: 'route',
        },
      };
    }
    const route: RouteModel = hit.route;
    const {model, validators} = await family(route.family);
    const op = model.operations.find((o) => o.id === route.id);
    if (!op) throw new Error(`The ${route.family} sandbox model has no operation ${route.id}.`);

    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v] as const),
    );
    const token = await checkToken(headers.authorization);
    if ('error' in token) return {answer: {status: 401, body: envelope(11, token.error), scenario: 'token'}, op};

    const partner = op.scenarios.find((s) => s.partnerId === token.partnerId);
    if (partner) return {answer: scenarioAnswer(partner, {}), op};

    // Path and query parameters: strings on the wire, typed by the (coercing) params validator.
    const params: Record<string, Json> = {};
    const groups = hit.re.exec(relative)?.slice(1) ?? [];
    op.pathParams.forEach((name, i) => {
      params[name] = decodeURIComponent(groups[i] ?? '');
    });
    for (const name of op.queryParams) {
      const value = url.searchParams.get(name);
      if (value !== null) params[name] = value;
    }
    const errors: FieldError[] = [];
    const validateParams = validators.params[op.id];
    if (validateParams && !validateParams(params)) errors.push(...fieldErrors(validateParams.errors ?? []));

    let body: Json | undefined;
    if (op.hasBody) {
      const type = headers['content-type'] ?? '';
      const text = request.body ?? '';
      if (!/^application\/json\b/i.test(type.trim())) {
        errors.push({field: '(body)', rule: 'send Content-Type: application/json'});
      } else if (!text.trim()) {
        errors.push({field: '(body)', rule: 'is required: send a JSON object'});
      } else {
        try {
          body = JSON.parse(text) as Json;
        } catch (e) {
          errors.push({field: '(body)', rule: `must be valid JSON (${(e as Error).message})`});
        }
      }
      const validateBody = validators.body[op.id];
      if (body !== undefined && validateBody && !validateBody(body))
        errors.push(...fieldErrors(validateBody.errors ?? []));
    }
    if (errors.length) return {answer: {status: 400, body: validationError(errors), scenario: 'validation'}, op};

    const inputs: Record<string, Json> = {...(body as Record<string, Json>), ...params};

    if (op.lookup) {
      const key = inputs[op.lookup];
      const record = key === undefined ? undefined : (store.get(`tx:${op.id}:${text(key)}`) as TxRecord | undefined);
      const status = record && (await trackedStatus(record, op));
      if (status) return {answer: status, op};
    }

    const idemKey = op.idempotencyKey ? inputs[op.idempotencyKey] : undefined;
    const idemStoreKey = idemKey === undefined ? undefined : `idem:${op.id}:${text(idemKey)}`;
    if (idemStoreKey) {
      const original = store.get(idemStoreKey) as {body: JsonObject} | undefined;
      if (original) {
        const data = original.body.data;
        return {
          answer: {
            status: 200,
            body: envelope(4, op.duplicateMessage ?? 'Duplicate request', data),
            scenario: `repeat of ${op.idempotencyKey} ${text(idemKey)}`,
          },
          op,
        };
      }
    }

    const index_ = op.scenarios.findIndex((s) => !s.partnerId && s.when.length > 0 && matches(s, inputs));
    const chosen = index_ >= 0 ? index_ : op.scenarios.findIndex((s) => !s.partnerId && s.when.length === 0);
    const scenario = op.scenarios[chosen];
    if (!scenario) throw new Error(`${op.id} has no default scenario in its compiled model.`);

    const carried = carriedValues(op.carry, inputs);
    for (const field of op.unique) {
      const current = scenario.body.data;
      const value =
        current && typeof current === 'object' && !Array.isArray(current) ? (current as JsonObject)[field] : undefined;
      if (typeof value === 'string') carried[field] = vary(value, nextSeq());
    }
    const result = scenarioAnswer(scenario, carried);
    if (idemStoreKey) store.set(idemStoreKey, {body: result.body});
    if (op.tracking && (scenario.status || scenario.then.some((s) => s.status))) {
      const value = carried[op.tracking.field] ?? inputs[op.tracking.field];
      if (value !== undefined) {
        const record: TxRecord = {operation: op.id, scenario: chosen, createdAt: clock.now(), carried};
        store.set(`tx:${op.tracking.status}:${text(value)}`, record as unknown as Json);
      }
    }
    queueWebhooks(op, scenario, carried);
    return {answer: result, op};
  }

  const scenarioAnswer = (s: ScenarioModel, carried: Record<string, Json>): Answer => ({
    status: s.httpStatus,
    body: applyCarried(s.body, carried),
    ...(s.headers ? {headers: s.headers} : {}),
    scenario: s.label,
  });

  async function sign(webhook: QueuedWebhook): Promise<WebhookDelivery> {
    return {...webhook, headers: await signDelivery(webhookSecret, webhook.id, clock.now() / 1000, webhook.body)};
  }

  return {
    async send(request) {
      const {answer: a, op} = await handle(request);
      return answer(a, op?.id);
    },
    pendingWebhooks: () => [...((store.get('webhooks') as QueuedWebhook[] | undefined) ?? [])],
    async takeDueWebhooks() {
      const queue = (store.get('webhooks') as QueuedWebhook[] | undefined) ?? [];
      const now = clock.now();
      const due = queue.filter((w) => w.dueAt <= now);
      if (!due.length) return [];
      store.set('webhooks', queue.filter((w) => w.dueAt > now) as unknown as Json);
      return Promise.all(due.map(sign));
    },
    sign,
  };
}
