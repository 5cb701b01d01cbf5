/**
 * What each tool of the MCP server answers, as plain functions over the data bundle (./data.ts):
 * text in, text out, and a ToolInputError with the fix for input the tool cannot use. ./server.ts
 * registers them with their input schemas; the tests call them directly and through a client.
 */
import {closest} from '#core/util/closest';
import type {CatalogueCode, OperationCodeWords} from '#core/contract/types';
import {compilePathTemplate} from '#core/contract/path-template';
import {createSandbox, memoryStore, type LoadedFamily, type QueuedWebhook, type Sandbox} from '#core/sandbox/engine';
import {setPath, text} from '#core/sandbox/body';
import {signToken} from '#core/sandbox/crypto';
import {postDelivery} from '#core/sandbox/engine/post';
import {MAX_TOKEN_LIFETIME_SECONDS, SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import type {Json, JsonObject, RouteModel} from '#core/sandbox/model';
import {verifyWebhookSignature} from '#core/sandbox/signature';
import type {DocsBundle, OperationEntry} from './data';
import type {SearchDocs} from './search';

/** Input a tool cannot use; the message says what to send instead. */
export class ToolInputError extends Error {}

const listFamilies = (bundle: DocsBundle): string => bundle.families.map((f) => f.name).join(', ');

function unknown(what: string, given: string, candidates: readonly string[], hint: string): ToolInputError {
  const near = closest(given, candidates);
  return new ToolInputError(`Unknown ${what} "${given}".${near.length ? ` Closest: ${near.join(', ')}.` : ''} ${hint}`);
}

export function operationById(bundle: DocsBundle, id: string): OperationEntry {
  const op = bundle.operations.find((o) => o.id === id);
  if (!op) {
    throw unknown(
      'operation id',
      id,
      bundle.operations.map((o) => o.id),
      'list_operations lists every id, webhooks too.',
    );
  }
  return op;
}

/** The path part a partner might paste: a whole URL, or a path with or without the `/api/v1` prefix. */
function contractPath(given: string, basePath: string): string {
  const pathOnly = given.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  const withSlash = pathOnly.startsWith('/') ? pathOnly : `/${pathOnly}`;
  return withSlash.startsWith(`${basePath}/`) ? withSlash.slice(basePath.length) : withSlash;
}

/** A pasted path may end in a slash; the contract's never does. */
const onTemplate = (template: string, path: string): boolean =>
  compilePathTemplate(template, {trailingSlash: true}).test(path);

export interface OperationQuery {
  readonly id?: string | undefined;
  readonly method?: string | undefined;
  readonly path?: string | undefined;
}

/** get_operation: the operation's Markdown twin, found by id or by method and path. */
export function getOperation(bundle: DocsBundle, query: OperationQuery): string {
  if (query.id) return operationById(bundle, query.id).markdown;
  if (!query.method || !query.path) {
    throw new ToolInputError(
      'Give either id (such as "aeps-cash-withdrawal") or both method and path (such as POST /service/aeps/withdrawal).',
    );
  }
  const method = query.method.toUpperCase();
  const wanted = contractPath(query.path, bundle.sandbox.index.basePath);
  const onPath = bundle.operations.filter((o) => o.kind !== 'webhook' && onTemplate(o.path, wanted));
  const op = onPath.find((o) => o.method === method);
  if (op) return op.markdown;
  if (onPath.length) {
    throw new ToolInputError(
      `${method} ${wanted} is not an operation: that path takes ${onPath.map((o) => `${o.method} (${o.id})`).join(', ')}.`,
    );
  }
  throw unknown(
    'path',
    wanted,
    bundle.operations.map((o) => o.path),
    'Paths are as the contract writes them, under the base URL (/service/aeps/withdrawal); list_operations lists them all.',
  );
}

/** list_operations: every operation, or one family's, grouped by family, one line each. */
export function listOperations(bundle: DocsBundle, family?: string): string {
  if (family !== undefined && !bundle.families.some((f) => f.name === family)) {
    throw unknown(
      'family',
      family,
      bundle.families.map((f) => f.name),
      `The families are: ${listFamilies(bundle)}.`,
    );
  }
  const listed = bundle.families
    .filter((f) => family === undefined || f.name === family)
    .flatMap((f) => {
      const entries = bundle.operations.filter((o) => o.family === f.name);
      const ops = entries.filter((o) => o.kind !== 'webhook');
      const hooks = entries.filter((o) => o.kind === 'webhook');
      if (!entries.length) return [];
      const lines = [
        ...ops.map((o) => `- \`${o.id}\`: ${o.method} ${o.path}, ${o.summary}`),
        ...(hooks.length ? ['', 'Webhooks (we POST them to your URL):'] : []),
        ...hooks.map((o) => `- \`${o.id}\`: webhook ${o.path}, ${o.summary}`),
      ];
      return [`## ${f.label} (${f.name})\n\n${lines.join('\n')}`];
    })
    .join('\n\n');
  return listed || `The family "${family ?? ''}" has no operations or webhooks.`;
}

/** The family's journeys, or a ToolInputError naming the families that have some. */
function journeysOf(bundle: DocsBundle, family: string): DocsBundle['journeys'][number] {
  const found = bundle.journeys.find((j) => j.family === family);
  if (found) return found;
  throw unknown(
    'family',
    family,
    bundle.journeys.map((j) => j.family),
    `Families with journeys: ${bundle.journeys.map((j) => j.family).join(', ')}.`,
  );
}

/** list_journeys: every family's workflows (or one family's), id, summary and number of steps, with the file's URL. */
export function listJourneys(bundle: DocsBundle, family?: string): string {
  const entries = family === undefined ? bundle.journeys : [journeysOf(bundle, family)];
  return entries
    .map(
      (j) =>
        `## ${j.family} (${j.url})\n\n${j.workflows.map((w) => `- \`${w.workflowId}\`: ${w.summary} (${w.steps} steps)`).join('\n')}`,
    )
    .join('\n\n');
}

/** get_journey: the family's Arazzo file as published, after a line on running it. */
export function getJourney(bundle: DocsBundle, family: string): string {
  const j = journeysOf(bundle, family);
  return `Arazzo 1.0.1 workflows of ${j.family} (${j.url}); its source description is ../openapi.json beside it. Run them with Redocly Respect through the journeys proxy (README, "Journeys").\n\n${j.text}`;
}

/**
 * A catalogue entry; with `rule`, what the code means for one operation (derived from the behaviour
 * model) replaces the catalogue's retry, which is absent where it differs by operation.
 */
export function describeCode(
  c: CatalogueCode,
  rule?: OperationCodeWords,
  others: readonly OperationCodeWords[] = [],
): string {
  const byOperation = [...new Set(others.map((r) => r.retryText))];
  return [
    `response_code ${c.code}: ${c.name}`,
    '',
    `Meaning: ${c.meaning}`,
    `What to do: ${c.action}`,
    ...(rule
      ? [`For ${rule.operation}: ${rule.text}`, `Retry for ${rule.operation}: ${rule.retryText}.`]
      : c.retryText
        ? [`Retry: ${c.retryText}.`]
        : [`Retry: depends on the operation (${byOperation.join('; ')}). Ask again with the operation for its rule.`]),
    ...(c.common ? ['Every operation can answer it; operation pages do not list it.'] : []),
  ].join('\n');
}

/** get_response_code: one entry of the `response_code` catalogue, for one operation when it is named. */
export function getResponseCode(bundle: DocsBundle, code: number, operation?: string): string {
  const found = bundle.responseCodes.find((c) => c.code === code);
  if (!found) {
    throw new ToolInputError(
      `No response_code ${code} in the catalogue. It has ${bundle.responseCodes.map((c) => c.code).join(', ')}; all of them with their meaning: ${bundle.responseCodesUrl}.`,
    );
  }
  const others = bundle.codeRules.filter((r) => r.code === code);
  if (operation === undefined) return describeCode(found, undefined, others);
  const mine = bundle.codeRules.filter((r) => r.operation === operation);
  if (!mine.length)
    throw unknown(
      'operation id',
      operation,
      [...new Set(bundle.codeRules.map((r) => r.operation))],
      'list_operations gives every id (webhooks answer no response_code).',
    );
  const rule = mine.find((r) => r.code === code);
  if (!rule)
    throw new ToolInputError(
      `${operation} never answers response_code ${code}. It answers ${mine.map((r) => r.code).join(', ')}.`,
    );
  return describeCode(found, rule);
}

export interface SignatureInput {
  readonly payload: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly secret: string;
}

/** verify_webhook_signature: the documented check, with the reason when it fails. */
export async function verifySignature(bundle: DocsBundle, input: SignatureInput, nowSeconds: number): Promise<string> {
  const {webhookSecret} = bundle.sandbox.index.credentials;
  const verdict = await verifyWebhookSignature({
    ...input,
    nowSeconds,
    otherSecrets: [{name: `the sandbox test secret (${webhookSecret})`, secret: webhookSecret}],
  });
  return verdict.valid ? verdict.message : `Invalid (${verdict.reason}): ${verdict.message}`;
}

/** search_docs: the best pages for a query, from the site's own index. */
export async function searchDocs(search: SearchDocs, query: string): Promise<string> {
  if (!query.trim()) throw new ToolInputError('query is empty: give a few words, such as "cash withdrawal".');
  const hits = await search(query, 8);
  if (!hits.length) return `No page matches "${query}". Try fewer or other words.`;
  return hits.map((h, i) => `${i + 1}. ${h.title}\n   ${h.url}\n   ${h.excerpt}`).join('\n\n');
}

export interface SandboxRequestInput {
  readonly operation: string;
  /** The JSON request body (operations that take one). */
  readonly body?: JsonObject | undefined;
  /** Query parameters (look-ups). */
  readonly query?: Readonly<Record<string, string | number | boolean>> | undefined;
  /** Path parameters by name, for paths with `{name}`. */
  readonly params?: Readonly<Record<string, string | number>> | undefined;
  /** A sandbox scenario of /docs/v1/test-data: the request field and the value that forces an outcome. */
  readonly sandboxValue?: {readonly field: string; readonly value: Json} | undefined;
  /** A test partner id in the token instead of the standard one (codes 8, 12, 18, 22). */
  readonly partnerId?: string | undefined;
  /** Moves this session's clock forward before the request, in seconds: status calls and webhooks follow it. */
  readonly advanceSeconds?: number | undefined;
  /**
   * The webhooks this request queues, signed as the sandbox signs them: POSTed to `url`, or, without
   * one, returned with their headers and body, ready to send.
   */
  readonly deliver?: {readonly url?: string | undefined} | undefined;
}

export interface SandboxSession {
  readonly sandbox: Sandbox;
  /** The session's clock: the server's, plus what `advanceSeconds` moved it by. */
  readonly now: () => number;
  /** Moves the session's clock forward. */
  readonly advance: (seconds: number) => void;
}

/** One sandbox per server session: repeats, status calls and webhooks follow earlier requests. */
export function sandboxSession(
  bundle: DocsBundle,
  loadValidators: (family: string) => Promise<LoadedFamily['validators']>,
  base: () => number = Date.now,
): SandboxSession {
  let offset = 0;
  const now = (): number => base() + offset;
  const sandbox = createSandbox({
    index: bundle.sandbox.index,
    clock: {now},
    store: memoryStore(),
    loadFamily: async (family) => {
      const model = bundle.sandbox.families[family];
      if (!model)
        throw new Error(`The MCP data has no sandbox model for the family "${family}": run npm run mcp:build again.`);
      return {model, validators: await loadValidators(family)};
    },
  });
  return {
    sandbox,
    now,
    advance: (seconds) => {
      offset += seconds * 1000;
    },
  };
}

/** What became of one delivery, as the tool reports it. */
const deliveryOutcome = (result: number | string): string =>
  typeof result === 'number' ? `HTTP ${result}` : `not delivered (${result})`;

/** The lines about the webhooks a request queued: listed, or (with `deliver`) signed and sent or shown. */
async function webhookLines(session: SandboxSession, queued: readonly QueuedWebhook[], input: SandboxRequestInput) {
  if (!queued.length) return [];
  if (!input.deliver) {
    return [
      '',
      'Webhooks that follow (signed with the sandbox webhook secret when due; pass deliver to get them signed now):',
      ...queued.map(
        (w) =>
          `- ${w.webhook} in ${Math.max(0, Math.round((w.dueAt - session.now()) / 1000))} s (X-Webhook-Id ${w.id})`,
      ),
    ];
  }
  const signed = await Promise.all(queued.map((w) => session.sandbox.sign(w)));
  const {url} = input.deliver;
  if (url) {
    const results = (await Promise.all(signed.map((d) => postDelivery(url, d)))).map(deliveryOutcome);
    return [
      '',
      `Webhooks delivered to ${url}:`,
      ...signed.map((d, i) => `- ${d.webhook} (X-Webhook-Id ${d.id}): ${results[i] ?? ''}`),
    ];
  }
  return [
    '',
    'Webhooks that follow, signed as the sandbox signs them, ready to POST:',
    '',
    '```json',
    JSON.stringify(
      signed.map((d) => ({
        webhook: d.webhook,
        dueInSeconds: Math.max(0, Math.round((d.dueAt - session.now()) / 1000)),
        headers: d.headers,
        body: d.body,
      })),
      null,
      2,
    ),
    '```',
  ];
}

function requestUrl(route: RouteModel, basePath: string, input: SandboxRequestInput): string {
  const missing: string[] = [];
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) missing.push(name);
    return encodeURIComponent(String(value ?? ''));
  });
  if (missing.length) {
    throw new ToolInputError(
      `${route.method} ${route.path} needs the path parameter(s) ${missing.join(', ')}: pass them in params, such as {"${missing[0]}": "..."}.`,
    );
  }
  const query = new URLSearchParams(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return `${basePath}${path}${query ? `?${query}` : ''}`;
}

/** sandbox_request: the request signed with the sandbox credentials and answered by the sandbox engine. */
export async function sandboxRequest(
  bundle: DocsBundle,
  session: SandboxSession,
  input: SandboxRequestInput,
): Promise<string> {
  const op = operationById(bundle, input.operation);
  const {index} = bundle.sandbox;
  const route = index.routes.find((r) => r.id === op.id);
  if (!route) throw new ToolInputError(`The sandbox does not answer ${op.id}: run npm run mcp:build again.`);
  const partners = [index.credentials.partnerId, ...index.partnerIds];
  if (input.partnerId !== undefined && !partners.includes(input.partnerId)) {
    throw unknown('test partner id', input.partnerId, partners, `The sandbox accepts ${partners.join(', ')}.`);
  }
  const takesBody = route.method !== 'GET';
  let body: Json | undefined = input.body;
  let query = input.query;
  if (input.sandboxValue) {
    if (takesBody) body = setPath(body ?? {}, input.sandboxValue.field, input.sandboxValue.value);
    else query = {...query, [input.sandboxValue.field]: text(input.sandboxValue.value)};
  }
  const url = requestUrl(route, index.basePath, {...input, query});
  if (input.advanceSeconds) session.advance(input.advanceSeconds);
  const iat = Math.floor(session.now() / 1000);
  // The 1.3.0 token (see /HeaderMarkdown): expiry, audience and the sandbox secret's key id.
  const token = await signToken(
    {
      partnerId: input.partnerId ?? index.credentials.partnerId,
      iat,
      exp: iat + MAX_TOKEN_LIFETIME_SECONDS,
      aud: TOKEN_AUDIENCE.sandbox,
      reqId: `mcp-${session.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
    },
    index.credentials.jwtSecret,
    SANDBOX_KEY_ID,
  );
  const before = new Set(session.sandbox.pendingWebhooks().map((w) => w.id));
  const res = await session.sandbox.send({
    method: route.method,
    url,
    headers: {authorization: `Bearer ${token}`, ...(takesBody ? {'content-type': 'application/json'} : {})},
    ...(takesBody ? {body: JSON.stringify(body ?? {})} : {}),
  });
  const queued = session.sandbox.pendingWebhooks().filter((w) => !before.has(w.id));
  const code = res.json.response_code;
  return [
    `${route.method} ${url}: HTTP ${res.status}, response_code ${JSON.stringify(code)} (scenario: ${res.scenario})`,
    '',
    '```json',
    JSON.stringify(res.json, null, 2),
    '```',
    ...(await webhookLines(session, queued, input)),
  ].join('\n');
}
