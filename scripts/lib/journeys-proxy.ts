/**
 * The journeys proxy over HTTP (core/journeys/proxy.ts decides; this owns the socket): Respect, or
 * any client, sends the API calls of a journey unsigned to `<proxy>/api/v1/...`; the proxy adds a
 * fresh token, the proof and the request signature and forwards them to the target. It is also the
 * target's webhook endpoint (`<proxy>/__journeys/deliveries`), checks each delivery's signature with
 * the webhook secrets it holds (a rotation through it hands it the new one, core/journeys/secrets.ts),
 * and answers the journeys' `x-journey-step` calls (a webhook step says in `X-Journeys-Signed-With`
 * which secrets signed its delivery) (openapi/DECISIONS.md, "Where journeys live").
 */
import http from 'node:http';
import {randomUUID} from 'node:crypto';
import type {OpenApiDocument} from '#core/contract/openapi';
import {credentialHeaders, DeliveryBook, routeTable, webhookEvents, type ProxyCredentials} from '#core/journeys/proxy';
import {HOSTED_PAGES} from '#core/journeys/model';
import {afterAnswer, SIGNED_WITH_HEADER, signedWith, type HeldSecrets} from '#core/journeys/secrets';
import {verifyWebhookSignature} from '#core/sandbox/signature';

export interface JourneysProxyOptions {
  readonly port: number;
  readonly host?: string;
  /** The API's base URL, such as http://127.0.0.1:4010/api/v1 (the sandbox) or a partner's. */
  readonly target: string;
  readonly contract: OpenApiDocument;
  readonly credentials: ProxyCredentials;
  /** How long a webhook step waits for its delivery (default 10 s). */
  readonly webhookWaitMs?: number;
  readonly log?: (line: string) => void;
}

export interface JourneysProxy {
  /** `http://127.0.0.1:4111`: the `proxy` input of every workflow. */
  readonly url: string;
  /** Where the target posts webhooks (the sandbox's `--webhook-url`). */
  readonly webhookUrl: string;
  close(): Promise<void>;
}

export const DELIVERIES_PATH = '/__journeys/deliveries';
const HOPS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'authorization', 'accept-encoding']);

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** What every request handler of one proxy shares. */
interface ProxyState {
  readonly options: JourneysProxyOptions;
  readonly target: URL;
  readonly basePath: string;
  readonly route: ReturnType<typeof routeTable>;
  readonly book: DeliveryBook;
  /** Each webhook's `event` value, so that a webhook step gets a delivery of its webhook only. */
  readonly events: ReadonlyMap<string, string>;
  /** The API's clock ahead of the machine's: the sandbox's test clock moves it once a journey does. */
  offsetMs: number;
  /** The webhook secrets held: the credentials' one, then what a rotation through the proxy answered. */
  held: HeldSecrets;
}

const nowOf = (state: ProxyState): number => Date.now() + state.offsetMs;
const log = (state: ProxyState, line: string): void => state.options.log?.(line);

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** The request as the client sent it, with fresh credentials when `sign`, to the target; its answer back. */
async function forward(
  state: ProxyState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: string,
  sign: boolean,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://proxy');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !HOPS.has(k)) headers[k] = v;
  const method = req.method ?? 'GET';
  let operationId: string | undefined;
  if (sign) {
    const apiPath = url.pathname.slice(state.basePath.length) || '/';
    // Whatever the client sent for these is replaced: Respect fills them from the contract's examples.
    for (const k of ['content-digest', 'signature-input', 'signature', 'x-webhook-secret-proof']) delete headers[k];
    const route = state.route(method, apiPath);
    operationId = route?.operationId;
    // The proof is made with the secret held now: after a rotation, the new one.
    const credentials = {...state.options.credentials, webhookSecret: state.held.current};
    Object.assign(
      headers,
      await credentialHeaders(route, {method, path: url.pathname, body}, credentials, nowOf(state), randomUUID()),
    );
  }
  const answer = await fetch(`${state.target.origin}${url.pathname}${url.search}`, {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : {body}),
  });
  const text = await answer.text();
  state.held = afterAnswer(state.held, operationId, text);
  if (url.pathname === '/__sandbox/clock' && answer.ok) {
    const moved = (JSON.parse(text) as {now?: string}).now;
    if (moved) state.offsetMs = Date.parse(moved) - Date.now();
  }
  const out: Record<string, string> = {};
  answer.headers.forEach((v, k) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(k)) out[k] = v;
  });
  res.writeHead(answer.status, out);
  res.end(text);
  log(state, `${method} ${url.pathname} -> ${answer.status}`);
}

/** A webhook delivery from the target: kept for the webhook steps once its signature holds. */
async function delivery(
  state: ProxyState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: string,
): Promise<void> {
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = typeof v === 'string' ? v : undefined;
  const nowSeconds = Math.floor(nowOf(state) / 1000);
  // Verified as a partner's endpoint does during a rotation: with each secret it holds.
  const signed = await signedWith(state.held, {headers, body}, nowSeconds);
  if (!signed.length) {
    const verdict = await verifyWebhookSignature({payload: body, headers, secret: state.held.current, nowSeconds});
    log(state, `delivery refused: ${verdict.message}`);
    return json(res, 401, {error: verdict.message});
  }
  state.book.add(JSON.parse(body) as Record<string, unknown>, signed);
  json(res, 200, {received: true});
}

/** The calls of the journeys' `x-journey-step` steps: the next delivery for a reference, a hosted page. */
async function journeyStep(state: ProxyState, res: http.ServerResponse, method: string, path: string): Promise<void> {
  const waitMs = state.options.webhookWaitMs ?? 10_000;
  const hook = /^\/__journeys\/webhooks\/([^/]+)\/([^/]+)$/.exec(path);
  if (hook && method === 'GET') {
    const [webhook, reference] = [hook[1], hook[2]].map((p) => decodeURIComponent(p as string));
    const got = await state.book.next(reference as string, waitMs, state.events.get(webhook as string));
    return got
      ? json(res, 200, got.body, {[SIGNED_WITH_HEADER]: got.signedWith.join(' ')})
      : json(res, 404, {
          error: `No ${webhook} delivery for referenceid ${reference} arrived within ${waitMs / 1000} s. Check that the API posts webhooks to ${DELIVERIES_PATH} of this proxy (npm run sandbox -- --webhook-url).`,
        });
  }
  const page = /^\/__journeys\/hosted-page\/([^/]+)$/.exec(path)?.[1];
  if (page && method === 'POST' && (HOSTED_PAGES as readonly string[]).includes(page))
    // The test value of the step before decides what the customer does: nothing to do here.
    return json(res, 200, {page});
  return json(res, 404, {error: `${method} ${path} is no call of the journeys proxy (openapi/DECISIONS.md).`});
}

/** Which handler a request goes to, by its path. */
function handle(state: ProxyState, req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://proxy').pathname;
  const method = req.method ?? 'GET';
  if (path === DELIVERIES_PATH && method === 'POST') return delivery(state, req, res, body);
  if (path.startsWith('/__journeys/')) return journeyStep(state, res, method, path);
  if (path.startsWith('/__sandbox/')) return forward(state, req, res, body, false);
  if (path === state.basePath || path.startsWith(`${state.basePath}/`)) return forward(state, req, res, body, true);
  json(res, 404, {error: `${path} is outside ${state.basePath}, the API's base path.`});
  return Promise.resolve();
}

export async function startJourneysProxy(options: JourneysProxyOptions): Promise<JourneysProxy> {
  const host = options.host ?? '127.0.0.1';
  const target = new URL(options.target.replace(/\/$/, ''));
  const state: ProxyState = {
    options,
    target,
    basePath: target.pathname.replace(/\/$/, ''),
    route: routeTable(options.contract),
    book: new DeliveryBook(),
    events: webhookEvents(options.contract),
    offsetMs: 0,
    held: {current: options.credentials.webhookSecret},
  };
  const server = http.createServer((req, res) => {
    readBody(req)
      .then((body) => handle(state, req, res, body))
      .catch((err: unknown) => {
        log(state, `${req.method} ${req.url} -> 502: ${String(err)}`);
        if (!res.headersSent) json(res, 502, {error: `The proxy could not reach ${target.origin}: ${String(err)}`});
        else res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host}:${port}`;
  return {
    url,
    webhookUrl: `${url}${DELIVERIES_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
