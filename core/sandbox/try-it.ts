/**
 * The pure parts of the Try it panel (src/components/TryIt): the example request of an operation as
 * the build writes it per family, the sandbox scenarios a reader can pick (from the family's compiled
 * scenarios), the request as it is sent, the same request as a cURL command, and the check that
 * keeps a production key out of the panel. No React, no DOM: tests/unit/try-it.test.ts runs it all.
 */
import {getPath, setPath, text as textOf} from './body';
import type {Deprecation} from '../contract/deprecations';
import type {OperationView, ParamView, WebhookView} from '../contract/types';
import type {Condition, Json, OperationModel} from './model';
import {branchGroups, hintsOf, type RequestHints} from './try-it-hints';

/** One operation's example request, as the build writes it (`sandbox/<family>.requests.json`). */
export interface RequestExample {
  readonly method: string;
  /** The contract path, `{name}` for path parameters. */
  readonly path: string;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /**
   * The header parameters the operation declares (`X-Webhook-Secret-Proof`), with their examples;
   * absent when it declares none. The token and the content type are the panel's, never listed here.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /** The first request example, indented JSON text; absent for an operation without a body. */
  readonly body?: string;
  /** Required marks and allowed values of its inputs; absent when none has either. */
  readonly hints?: RequestHints;
}

/** A family's example requests by operation id. */
export type FamilyRequests = Readonly<Record<string, RequestExample>>;

/** What the reader edits: path, query and header values, the body text, and the token's partner id. */
export interface Draft {
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** The operation's own header parameters (RequestExample `headers`); an empty one is not sent. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly partnerId: string;
}

/** A request exactly as the panel sends it: what the engine or fetch() gets, and what cURL repeats. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** One entry of the sandbox-scenario picker: a scenario of the scenarios and what it changes in the draft. */
export interface ScenarioChoice {
  readonly key: string;
  readonly code: number;
  readonly label: string;
  /** Request fields to set (a path into the body, or a path or query parameter name). */
  readonly when: readonly Condition[];
  /** The test partner id the token must name, for the scenarios of a test partner. */
  readonly partnerId?: string;
}

/** Sandbox JWT secrets start with this (the Sandbox page's `jwt_test_7c2e91`); production ones with LIVE_PREFIX. */
export const SANDBOX_KEY_PREFIX = 'jwt_test_';
export const LIVE_KEY_PREFIX = 'jwt_live_';

/** Why a key the reader typed for the real sandbox is refused, or undefined when it may be used. */
export function keyProblem(key: string): string | undefined {
  const k = key.trim();
  if (!k) return 'Enter your sandbox JWT secret from the dashboard.';
  if (k.startsWith(LIVE_KEY_PREFIX) || /(^|_)(live|prod)_/i.test(k))
    return `This looks like a production key. Try it sends to the sandbox only: use your sandbox secret (${SANDBOX_KEY_PREFIX}...), and rotate a production secret that was pasted anywhere.`;
  if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(k))
    return 'This is a signed token, and a token is good for one request: enter the JWT secret instead, and the panel signs a fresh token for each request.';
  if (!k.startsWith(SANDBOX_KEY_PREFIX))
    return `Sandbox JWT secrets start with ${SANDBOX_KEY_PREFIX}: copy it from the Sandbox (UAT) keys of the dashboard.`;
  return undefined;
}

/** The draft an operation's page starts from: its example request, signed as the documented test partner. */
export function initialDraft(example: RequestExample, partnerId: string): Draft {
  return {
    pathParams: example.pathParams,
    query: example.query,
    ...(example.headers ? {headers: example.headers} : {}),
    ...(example.body !== undefined ? {body: example.body} : {}),
    partnerId,
  };
}

/** The picker's entries for one operation: its scenarios that a request can force, default first. */
export function scenarioChoices(op: OperationModel): ScenarioChoice[] {
  return op.scenarios.map((s, i) => ({
    key: String(i),
    code: s.code,
    label: s.label,
    when: s.when,
    ...(s.partnerId ? {partnerId: s.partnerId} : {}),
  }));
}

export class DraftError extends Error {}

/** The draft with a sandbox scenario applied: its fields set in the body or the parameters, its partner id. */
export function applyChoice(draft: Draft, choice: ScenarioChoice, example: RequestExample, partnerId: string): Draft {
  let body = draft.body;
  const pathParams = {...draft.pathParams};
  const query = {...draft.query};
  const inBody: Condition[] = [];
  for (const c of choice.when) {
    if (c.input in example.pathParams) pathParams[c.input] = textOf(c.value);
    else if (c.input in example.query) query[c.input] = textOf(c.value);
    else inBody.push(c);
  }
  if (inBody.length) {
    let parsed: Json;
    try {
      parsed = JSON.parse(body ?? '{}') as Json;
    } catch (e) {
      throw new DraftError(
        `The request body is not valid JSON (${(e as Error).message}): fix it, or reset the example, before picking a sandbox scenario.`,
      );
    }
    for (const c of inBody) parsed = setPath(parsed, c.input, c.value);
    body = JSON.stringify(parsed, null, 2);
  }
  return {
    ...draft,
    pathParams,
    query,
    ...(body !== undefined ? {body} : {}),
    partnerId: choice.partnerId ?? partnerId,
  };
}

/** The path with its parameters filled in and the query string: `/api/v1/bbps/bill/{id}` -> `/api/v1/bbps/bill/B1?x=1`. */
export function requestPath(basePath: string, example: RequestExample, draft: Draft): string {
  const path = example.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(draft.pathParams[name] ?? ''),
  );
  const query = new URLSearchParams(Object.entries(draft.query).filter(([, v]) => v !== '')).toString();
  return `${basePath}${path}${query ? `?${query}` : ''}`;
}

/** The draft's own headers that have a value: an empty one is left out, as an empty query value is. */
const filledHeaders = (draft: Draft): Record<string, string> =>
  Object.fromEntries(Object.entries(draft.headers ?? {}).filter(([, v]) => v.trim() !== ''));

/** The request as sent: the base URL (local or hosted sandbox), the draft, and the signed token. */
export function buildRequest(baseUrl: string, example: RequestExample, draft: Draft, token: string): SentRequest {
  return {
    method: example.method,
    url: requestPath(baseUrl, example, draft),
    headers: {
      Authorization: `Bearer ${token}`,
      ...(draft.body !== undefined ? {'Content-Type': 'application/json'} : {}),
      ...filledHeaders(draft),
    },
    ...(draft.body !== undefined ? {body: draft.body} : {}),
  };
}

/** Headers as `Name: value` lines, as the panel shows them and a reader pastes them into the webhook lab. */
export const headerLines = (headers: Readonly<Record<string, string>>): string =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** Quotes a word for a POSIX shell: single quotes, each `'` written as `'\''`. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** The request as a cURL command that sends the same bytes: method, URL, every header, the body as is. */
export function curlCommand(req: SentRequest): string {
  return [
    `curl --request ${req.method} ${shellQuote(req.url)}`,
    ...Object.entries(req.headers).map(([k, v]) => `--header ${shellQuote(`${k}: ${v}`)}`),
    ...(req.body !== undefined ? [`--data-raw ${shellQuote(req.body)}`] : []),
  ].join(' \\\n  ');
}

/** One editable field of the body: a scalar leaf, by path (`customerparams[0].value`). */
export interface BodyField {
  readonly path: string;
  readonly value: string;
  readonly type: 'string' | 'number' | 'boolean' | 'null';
}

/** The scalar leaves of a JSON body, in document order, for the fields view. */
export function bodyFields(body: string): BodyField[] {
  const out: BodyField[] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else
      out.push({
        path,
        value: typeof value === 'string' ? value : JSON.stringify(value),
        type: value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean'),
      });
  };
  walk(JSON.parse(body) as unknown, '');
  return out;
}

/**
 * The body with one field changed from the fields view: a number or boolean field keeps its type
 * while the text reads as one (so `5000` stays a number), and becomes a string otherwise, which the
 * sandbox then reports as a validation error, as the real API would.
 */
export function setBodyField(body: string, path: string, text: string): string {
  const parsed = JSON.parse(body) as Json;
  const before = getPath(parsed, path);
  let value: Json = text;
  if (typeof before === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) value = Number(text);
  else if (typeof before === 'boolean' && (text === 'true' || text === 'false')) value = text === 'true';
  else if (before === null && text === 'null') value = null;
  return JSON.stringify(setPath(parsed, path, value), null, 2);
}

/** The folder of the site the sandbox's files are served from (`/sandbox/aeps.json`). */
export const SANDBOX_URL_DIR = 'sandbox';
/** The file, in that folder, of each webhook's example (the webhook lab signs it). */
export const WEBHOOK_EXAMPLES = 'webhooks.examples.json';

/** The port `npm run sandbox` listens on by default; the panel's cURL command points there. */
export const SANDBOX_PORT = 4010;

/** The local sandbox's base URL on this machine: what the panel's cURL command calls in the in-page mode. */
export const sandboxBaseUrl = (basePath: string): string => `http://127.0.0.1:${SANDBOX_PORT}${basePath}`;

/** Each parameter's example, empty (so not sent) for a deprecated one: Try it starts from today's form. */
const exampleParams = (params: readonly ParamView[]): Record<string, string> =>
  Object.fromEntries(params.map((p) => [p.name, p.deprecated ? '' : (p.example ?? '')]));

/**
 * Headers the panel sets itself on every request (the signed token and the body's content type), and
 * the request signature's three, which are computed from the request itself: an example value could
 * never match, and until the transition's sunset the sandbox accepts an unsigned call (with its
 * `Deprecation` header), so the panel leaves them out rather than send one that fails.
 */
const PANEL_HEADERS = new Set(['authorization', 'content-type', 'content-digest', 'signature-input', 'signature']);

/**
 * The header parameters an operation declares for the reader to fill (the headers table shows the
 * token and the content type too, which the panel writes itself).
 */
export const ownHeaders = (op: Pick<OperationView, 'headers'>): ParamView[] =>
  op.headers.filter((h) => h.in === 'header' && !PANEL_HEADERS.has(h.name.toLowerCase()));

/** The hints of an operation's inputs (./try-it-hints.ts), or undefined when none has one. */
function requestHints(op: OperationView): RequestHints | undefined {
  const rows = op.body?.rows ?? [];
  const branches = branchGroups(rows);
  const hints: RequestHints = {
    body: hintsOf(rows.filter((r) => !r.variant).map((r) => ({...r, key: r.path}))),
    params: hintsOf([...op.pathParams, ...op.queryParams, ...ownHeaders(op)].map((p) => ({...p, key: p.name}))),
    ...(branches.length ? {branches} : {}),
  };
  return Object.keys(hints.body).length || Object.keys(hints.params).length || branches.length ? hints : undefined;
}

/** Per family, each operation's example request: the files the panel loads with the family's model. */
export function requestExamples(ops: readonly OperationView[]): Record<string, FamilyRequests> {
  const out: Record<string, Record<string, RequestExample>> = {};
  for (const op of ops) {
    const body = op.body?.examples[0]?.json;
    const hints = requestHints(op);
    const headers = ownHeaders(op);
    (out[op.tag] ??= {})[op.id] = {
      method: op.method,
      path: op.path,
      pathParams: exampleParams(op.pathParams),
      query: exampleParams(op.queryParams),
      ...(headers.length ? {headers: exampleParams(headers)} : {}),
      ...(body !== undefined ? {body} : op.body ? {body: '{}'} : {}),
      ...(hints ? {hints} : {}),
    };
  }
  return out;
}

/** Each webhook's first example as one line of JSON, as a delivery carries it (the webhook lab signs it). */
export function webhookExamples(hooks: readonly WebhookView[]): Record<string, string> {
  return Object.fromEntries(
    hooks.flatMap((h) => {
      const json = h.body?.examples[0]?.json;
      return json ? [[h.id, JSON.stringify(JSON.parse(json))]] : [];
    }),
  );
}

/**
 * The contract's transition for tokens without `kid` (`x-transitions` of the partnerJwt scheme in
 * openapi/openapi.yaml): the panel says until when such a token is accepted, and refuses after.
 */
export interface TokenTransition {
  readonly old: string;
  readonly replacement: string;
  /** The last day the old form works, `YYYY-MM-DD`. */
  readonly sunset: string;
}

/** What the panel reads from the contract beyond each operation's request (served as TRY_IT_FILE). */
export interface TryItSettings {
  readonly tokenTransition?: TokenTransition;
}

/** The file, in the sandbox folder, of the panel's settings (tryItSettings). */
export const TRY_IT_FILE = 'try-it.json';

/**
 * The panel's settings from the contract's deprecations (core/contract/deprecations.ts): the token
 * transition is the old form of every call (no entries) whose replacement puts `kid` in the token.
 */
export function tryItSettings(deprecations: readonly Deprecation[]): TryItSettings {
  const found = deprecations.find(
    (d) => d.part === 'form' && d.entries.length === 0 && d.replacement.includes('`kid`'),
  );
  return found ? {tokenTransition: {old: found.old, replacement: found.replacement, sunset: found.sunset}} : {};
}
