/**
 * The journeys proxy's decisions (openapi/DECISIONS.md, "Where journeys live"): which operation a
 * request is, and the credentials it needs, made fresh for every request so that Arazzo's
 * `onFailure: retry`, which resends the same headers, never replays a token: a request token with a
 * new `reqId`, the webhook-secret proof for the operations that take one, and the RFC 9421 signature
 * for `x-signed-request` operations. Also the book of webhook deliveries a journey's webhook steps
 * read. The HTTP server around it is scripts/lib/journeys-proxy.ts.
 */
import {compilePathTemplate, type PathTemplate} from '../contract/path-template';
import type {OpenApiDocument, Operation} from '../contract/openapi';
import {signToken} from '../sandbox/crypto';
import {PROOF_OPERATIONS, SECRET_PROOF_HEADER, secretProof} from '../sandbox/engine/secret-proof';
import {MAX_TOKEN_LIFETIME_SECONDS} from '../sandbox/engine/token';
import type {SigningAlg} from '../signing/fields';
import {importPrivateKey} from '../signing/keys';
import {signRequest} from '../signing/message';
import type {SecretName} from './names';
import {deliveryReference} from './run';

/** Who the proxy signs as: the sandbox's test credentials, or a partner's own. */
export interface ProxyCredentials {
  readonly partnerId: string;
  readonly jwtSecret: string;
  /** The `kid` of the JWT secret. */
  readonly jwtKeyId: string;
  /** The `aud` claim of the environment. */
  readonly audience: string;
  /** The current webhook secret: it makes the proof and checks deliveries. */
  readonly webhookSecret: string;
  /** The registered request-signing key: its id, its PKCS#8 private key (PEM or base64) and algorithm. */
  readonly signingKey?: {readonly keyId: string; readonly privateKey: string; readonly alg: SigningAlg};
}

export interface ProxyRoute {
  readonly operationId: string;
  readonly signed: boolean;
  readonly proof: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The contract's operations by method and path template (paths without the base path). */
export function routeTable(doc: OpenApiDocument): (method: string, path: string) => ProxyRoute | undefined {
  const routes: {method: string; template: PathTemplate; route: ProxyRoute}[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op: Operation | undefined = item[method];
      if (!op) continue;
      routes.push({
        method: method.toUpperCase(),
        template: compilePathTemplate(template),
        route: {
          operationId: op.operationId,
          signed: op['x-signed-request'] === true,
          proof: PROOF_OPERATIONS.has(op.operationId),
        },
      });
    }
  }
  // A literal segment beats a parameter: /orders/status before /orders/{id}.
  routes.sort((a, b) => a.template.params.length - b.template.params.length);
  return (method, path) => routes.find((r) => r.method === method.toUpperCase() && r.template.test(path))?.route;
}

export interface OutgoingRequest {
  readonly method: string;
  /** The path as sent to the API, with its base path (`/api/v1/...`), without the query. */
  readonly path: string;
  readonly body: string;
}

/**
 * The headers that make `req` a call of the partner's: `Authorization` with a new token, and the
 * proof and the signature where the route takes them. `nowMs` is the API's clock (the sandbox's
 * test clock moves it on), `reqId` new for every request.
 */
export async function credentialHeaders(
  route: ProxyRoute | undefined,
  req: OutgoingRequest,
  creds: ProxyCredentials,
  nowMs: number,
  reqId: string,
): Promise<Record<string, string>> {
  const iat = Math.floor(nowMs / 1000);
  const token = await signToken(
    {partnerId: creds.partnerId, iat, exp: iat + MAX_TOKEN_LIFETIME_SECONDS, aud: creds.audience, reqId},
    creds.jwtSecret,
    creds.jwtKeyId,
  );
  const authorization = `Bearer ${token}`;
  const headers: Record<string, string> = {Authorization: authorization};
  if (route?.proof) headers[SECRET_PROOF_HEADER] = await secretProof(creds.webhookSecret, reqId, req.body);
  if (route?.signed && creds.signingKey) {
    const key = await importPrivateKey(creds.signingKey.privateKey, creds.signingKey.alg);
    Object.assign(
      headers,
      await signRequest(
        {method: req.method.toUpperCase(), path: req.path, body: req.body, authorization},
        {created: iat, keyid: creds.signingKey.keyId, alg: creds.signingKey.alg, nonce: reqId},
        key,
      ),
    );
  }
  return headers;
}

type Json = Readonly<Record<string, unknown>>;

export {deliveryReference};

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * Each webhook's `event` value (its payload schema's `event` const), by the webhook's id: a
 * delivery names its event and not the webhook's id, and one `referenceid` gets several webhooks
 * (a DMT session: the session, the remitter, the beneficiary and each transfer).
 */
export function webhookEvents(doc: OpenApiDocument): Map<string, string> {
  const events = new Map<string, string>();
  for (const item of Object.values(doc.webhooks ?? {})) {
    const op: Operation | undefined = item.post;
    const schema = obj(obj(obj(op?.requestBody?.content)['application/json']).schema);
    const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.map(obj) : [])];
    const event = parts.map((s) => obj(obj(s.properties).event).const).find((c) => typeof c === 'string');
    if (op && typeof event === 'string') events.set(op.operationId, event);
  }
  return events;
}

/** A delivery as received: its payload, and which of the secrets the partner holds signed it (./secrets.ts). */
export interface Received {
  readonly body: Json;
  readonly signedWith: readonly SecretName[];
}

/**
 * The deliveries received, each answered once to the webhook steps that ask for its reference, in
 * arrival order. A step that asks before its delivery came waits for it (up to `timeoutMs`): the
 * wait ends when the delivery arrives, so no step sleeps.
 */
export class DeliveryBook {
  private readonly received: (Received & {taken: boolean})[] = [];
  private readonly waiting: {reference: string; event?: string; resolve: (got: Received) => void}[] = [];

  add(body: Json, signedWith: readonly SecretName[] = []): void {
    const got: Received = {body, signedWith};
    const reference = deliveryReference(body);
    const waiter = this.waiting.find((w) => w.reference === reference && (!w.event || w.event === body.event));
    if (waiter) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      this.received.push({...got, taken: true});
      waiter.resolve(got);
      return;
    }
    this.received.push({...got, taken: false});
  }

  /** The next delivery for `reference` (of `event`, when given) not yet answered, or undefined after `timeoutMs`. */
  next(reference: string, timeoutMs: number, event?: string): Promise<Received | undefined> {
    const ready = this.received.find(
      (d) => !d.taken && deliveryReference(d.body) === reference && (!event || d.body.event === event),
    );
    if (ready) {
      ready.taken = true;
      return Promise.resolve({body: ready.body, signedWith: ready.signedWith});
    }
    return new Promise((resolve) => {
      const waiter = {reference, ...(event ? {event} : {}), resolve: (got: Received | undefined) => resolve(got)};
      this.waiting.push(waiter);
      setTimeout(() => {
        const i = this.waiting.indexOf(waiter);
        if (i === -1) return;
        this.waiting.splice(i, 1);
        resolve(undefined);
      }, timeoutMs).unref?.();
    });
  }
}
