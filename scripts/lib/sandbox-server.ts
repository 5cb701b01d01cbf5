/**
 * The sandbox engine (core/sandbox/engine.ts) over HTTP (./sandbox-http.ts), for `npm run sandbox` and the tests that run
 * samples and the Postman collection against it. Node only: it owns the socket, the files and the
 * webhook deliveries; every answer comes from the engine.
 */
import os from 'node:os';
import path from 'node:path';
import {cachedCompiled, writeCachedSandbox} from '#node/contract/cache';
import {SITE_DIR} from '#node/contract/paths';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {createSandbox, memoryStore, type Clock, type QueuedWebhook, type Sandbox} from '#core/sandbox/engine';
import {postDelivery} from '#core/sandbox/engine/post';
import type {SandboxIndex} from '#core/sandbox/model';
import {RETRY_AFTER_MINUTES, type SignatureForm} from '#core/contract/webhook-policy';
import {PortInUseError, serveSandbox, type Log} from './sandbox-http';
import {testClock} from './test-clock';

export {MAX_BODY_BYTES} from './sandbox-http';

/** Webhook delivery attempts the server keeps for `deliveries`, newest last. */
export const MAX_DELIVERIES_KEPT = 1000;

export interface SandboxServerOptions {
  readonly port: number;
  /** 127.0.0.1 unless a test needs another loopback address. */
  readonly host?: string;
  /** Where webhooks are POSTed; without it they are taken from the queue and reported only. */
  readonly webhookUrl?: string;
  readonly webhookSecret?: string;
  /** The form of X-Signature (core/contract/webhook-policy.ts `SIGNATURE_FORMS`); 1.1.0 by default. */
  readonly signatureForm?: SignatureForm;
  /** Where the compiled sandbox files go (default .tmp/sandbox). */
  readonly outDir?: string;
  readonly clock?: Clock;
  /**
   * The test clock (./test-clock.ts): `POST /__sandbox/clock` moves the engine's time on. Ignored
   * when `clock` is given (the caller owns time then).
   */
  readonly testClock?: boolean;
  /** Called with one line per request and per webhook. */
  readonly log?: (line: string) => void;
  /** Milliseconds between looks at the webhook queue. */
  readonly tickMs?: number;
}

export interface SandboxServer {
  /** `http://127.0.0.1:4010/api/v1`: the base URL to point a client at. */
  readonly url: string;
  readonly index: SandboxIndex;
  readonly sandbox: Sandbox;
  /** Webhook deliveries attempted so far, newest last (the latest MAX_DELIVERIES_KEPT). */
  readonly deliveries: readonly {webhook: QueuedWebhook; status: number | string}[];
  close(): Promise<void>;
}

export class SandboxSetupError extends Error {}

/**
 * Writes the engine's files, compiled from the scenarios and the contract (once per version of
 * the files: node/contract/cache.ts); fails on any scenario problem.
 */
export async function prepareSandbox(outDir: string): Promise<SandboxIndex> {
  const cached = await cachedCompiled();
  const compiled = cached.sandbox;
  if (compiled.problems.length) {
    throw new SandboxSetupError(
      `The sandbox scenarios have ${compiled.problems.length} problem(s):\n${compiled.problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  writeCachedSandbox(outDir, cached);
  return compiled.index;
}

type Delivery = {webhook: QueuedWebhook; status: number | string};

interface Deliveries {
  readonly deliveries: readonly Delivery[];
  readonly stop: () => void;
}

/**
 * Webhook deliveries: due ones are signed and POSTed; a failed attempt is tried again on the
 * documented schedule (minutes after the first attempt), signed anew with the same X-Webhook-Id.
 */
function startDeliveries(sandbox: Sandbox, clock: Clock, options: SandboxServerOptions, log: Log): Deliveries {
  const deliveries: Delivery[] = [];
  const retries: {webhook: QueuedWebhook; firstAt: number; attempt: number; nextAt: number}[] = [];
  let busy = false;
  // The latest attempts only: a long run (the bench's soak) must not keep every delivery (issue 26).
  const record = (d: Delivery): void => {
    deliveries.push(d);
    if (deliveries.length > MAX_DELIVERIES_KEPT) deliveries.splice(0, deliveries.length - MAX_DELIVERIES_KEPT);
  };
  const attempt = async (webhook: QueuedWebhook, n: number, firstAt: number): Promise<void> => {
    if (!options.webhookUrl) {
      log(
        `webhook ${webhook.webhook} ${webhook.id} due, not delivered: start the local sandbox with --webhook-url <your endpoint>`,
      );
      record({webhook, status: 'no --webhook-url'});
      return;
    }
    const status = await postDelivery(options.webhookUrl, await sandbox.sign(webhook));
    record({webhook, status});
    const ok = typeof status === 'number' && status >= 200 && status < 300;
    const next = RETRY_AFTER_MINUTES[n];
    log(
      `webhook ${webhook.webhook} ${webhook.id} -> ${status}${ok ? '' : next !== undefined ? `, tried again ${next} min after the first attempt` : ', giving up'}`,
    );
    if (!ok && next !== undefined) retries.push({webhook, firstAt, attempt: n + 1, nextAt: firstAt + next * 60_000});
  };
  const tick = async (): Promise<void> => {
    const now = clock.now();
    for (const w of await sandbox.takeDueWebhooks()) await attempt(w, 0, now);
    for (const r of retries.filter((x) => x.nextAt <= now)) {
      retries.splice(retries.indexOf(r), 1);
      await attempt(r.webhook, r.attempt, r.firstAt);
    }
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tick()
      .catch((err: unknown) => log(`webhook delivery failed: ${String(err)}`))
      .finally(() => {
        busy = false;
      });
  }, options.tickMs ?? 250);
  return {deliveries, stop: () => clearInterval(timer)};
}

export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  const outDir = options.outDir ?? path.join(SITE_DIR, '.tmp', 'sandbox');
  const log = options.log ?? (() => undefined);
  const test = !options.clock && options.testClock ? testClock() : undefined;
  const clock = options.clock ?? test?.clock ?? {now: () => Date.now()};
  const index = await prepareSandbox(outDir);
  const sandbox = createSandbox({
    index,
    loadFamily: (family) => loadWrittenFamily(outDir, family),
    clock,
    store: memoryStore(),
    ...(options.webhookSecret ? {webhookSecret: options.webhookSecret} : {}),
    ...(options.signatureForm ? {signatureForm: options.signatureForm} : {}),
  });
  const {server, port} = await serveSandbox(sandbox, {
    port: options.port,
    host,
    log,
    portHint: 'npm run sandbox -- --port <N>',
    ...(test ? {control: test.control} : {}),
  }).catch((err: unknown) => {
    throw err instanceof PortInUseError ? new SandboxSetupError(err.message) : err;
  });
  const {deliveries, stop} = startDeliveries(sandbox, clock, options, log);
  return {
    url: `http://${host}:${port}${index.basePath}`,
    index,
    sandbox,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A folder of its own for a test's compiled sandbox, so parallel runs never share files. */
export const tempSandboxDir = (name: string): string =>
  path.join(os.tmpdir(), `rupeerail-sandbox-${name}-${process.pid}`);
