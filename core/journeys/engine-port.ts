/**
 * The sandbox engine as the journey runner drives it (./run.ts `RunnerPort`), the same in the unit
 * test and in the page: a sandbox of the run's own with a clock the run moves on (so a journey that
 * waits for a bank waits no real time), a fresh token on every request as /HeaderMarkdown signs it,
 * and the webhook-secret proof for the operations that take one, made with the secret the run holds
 * (./secrets.ts: a rotation of the run hands it a new one). `extraHeaders` adds what a caller
 * signs itself (the RFC 9421 signature of a signed operation: the sandbox accepts a call without it
 * until the contract's sunset, answering with `Deprecation` and `Sunset`).
 */
import {signToken} from '../sandbox/crypto';
import {createSandbox, memoryStore, type LoadedFamily} from '../sandbox/engine';
import {PROOF_OPERATIONS, SECRET_PROOF_HEADER, secretProof} from '../sandbox/engine/secret-proof';
import {MAX_TOKEN_LIFETIME_SECONDS, SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '../sandbox/engine/token';
import type {SandboxIndex} from '../sandbox/model';
import type {RunnerPort, RunnerRequest} from './run';
import {afterAnswer, signedWith, type HeldSecrets} from './secrets';

export interface EnginePortOptions {
  readonly index: SandboxIndex;
  readonly loadFamily: (family: string) => LoadedFamily | Promise<LoadedFamily>;
  /** Where the run's clock starts, in milliseconds (the page: now; a test: a fixed moment). */
  readonly start: number;
  readonly uuid: () => string;
  /** Makes the engine's fresh ids the same on every run (tests). */
  readonly seed?: number;
  readonly extraHeaders?: (
    request: RunnerRequest,
    authorization: string,
    reqId: string,
    nowMs: number,
  ) => Promise<Record<string, string>>;
}

/** A runner port over a new engine of its own; `now()` is the run's clock. */
export function enginePort(options: EnginePortOptions): RunnerPort & {now(): number} {
  const {index, uuid} = options;
  let now = options.start;
  const sandbox = createSandbox({
    index,
    loadFamily: options.loadFamily,
    clock: {now: () => now},
    store: memoryStore(),
    ...(options.seed !== undefined ? {seed: options.seed} : {}),
  });
  const {partnerId, jwtSecret} = index.credentials;
  // The partner's webhook secrets: the test secret, then whatever a rotation of the run answers.
  let held: HeldSecrets = {current: index.credentials.webhookSecret};
  return {
    basePath: index.basePath,
    routes: index.routes,
    now: () => now,
    uuid,
    advance: (seconds) => {
      now += seconds * 1000;
    },
    pendingWebhooks: () => sandbox.pendingWebhooks(),
    takeDueWebhooks: () => sandbox.takeDueWebhooks(),
    signedWith: (delivery) => signedWith(held, delivery, Math.floor(now / 1000)),
    async send(request) {
      const reqId = `journey-${uuid()}`;
      const iat = Math.floor(now / 1000);
      const claims = {partnerId, iat, exp: iat + MAX_TOKEN_LIFETIME_SECONDS, aud: TOKEN_AUDIENCE.sandbox, reqId};
      const authorization = `Bearer ${await signToken(claims, jwtSecret, SANDBOX_KEY_ID)}`;
      const body = request.body ?? '';
      const headers: Record<string, string> = {
        Authorization: authorization,
        ...(request.body !== undefined ? {'Content-Type': 'application/json'} : {}),
        ...(PROOF_OPERATIONS.has(request.route.id)
          ? {[SECRET_PROOF_HEADER]: await secretProof(held.current, reqId, body)}
          : {}),
        ...(await options.extraHeaders?.(request, authorization, reqId, now)),
      };
      const res = await sandbox.send({
        method: request.method,
        url: request.url,
        headers,
        ...(request.body !== undefined ? {body: request.body} : {}),
      });
      held = afterAnswer(held, request.route.id, res.body);
      return {status: res.status, sentHeaders: headers, headers: res.headers, body: res.body};
    },
  };
}
