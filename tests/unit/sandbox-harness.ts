/**
 * The real sandbox for a test: the bundled contract and scenarios compiled and written to a folder of
 * the test's own, an engine over them with a clock the test holds, and a way to send an operation's
 * contract example with some fields changed. Used by the tests that probe the engine's validation
 * across every operation (sandbox-money.property.test.ts, sandbox-validation.test.ts); the engine
 * with its clock and token signer (`clockedSandbox`) also by sandbox-engine.test.ts and
 * sandbox-engine-live.test.ts; its requests (`sample`, `withValue`, `urlOf`) also by
 * sandbox-transaction.property.test.ts.
 */
import fs from 'node:fs';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {writtenSandbox} from '../helpers/contract';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {listOperations, type Located} from '#core/contract/openapi';
import {setPath, text} from '#core/sandbox/body';
import {signToken} from '#core/sandbox/crypto';
import {importPrivateKey} from '#core/signing/keys';
import {signRequest} from '#core/signing/message';
import {createSandbox, memoryStore, type SandboxResponse} from '#core/sandbox/engine';
import type {Json} from '#core/sandbox/model';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';

const START = Date.parse('2025-11-14T05:00:00Z');

/** A request of an operation: path and query parameters by name, and the JSON body. */
export interface ProbeRequest {
  readonly params: Record<string, Json>;
  readonly body?: Json;
  /** Query parameters the contract does not declare, sent as they are. */
  readonly extraQuery?: Readonly<Record<string, string>>;
}

export interface SandboxProbe {
  readonly operations: readonly Located[];
  /** The operation's contract example (first request example, parameter examples). */
  sample(l: Located): ProbeRequest;
  /** The example with `value` at `path` (a parameter by name, else a body path). */
  withValue(l: Located, req: ProbeRequest, path: string, value: Json): ProbeRequest;
  send(l: Located, req: ProbeRequest): Promise<SandboxResponse>;
  /** Removes the written sandbox. */
  close(): void;
}

const paramsOf = (l: Located) => [...l.itemParams, ...(l.op.parameters ?? [])];

export function sample(l: Located): ProbeRequest {
  const params: Record<string, Json> = {};
  for (const p of paramsOf(l))
    if ((p.in === 'query' || p.in === 'path') && p.example !== undefined) params[p.name] = p.example as Json;
  const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
  const body = (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as Json | undefined;
  return {params, ...(body !== undefined ? {body} : {})};
}

export function withValue(l: Located, req: ProbeRequest, path: string, value: Json): ProbeRequest {
  if (paramsOf(l).some((p) => p.name === path)) return {...req, params: {...req.params, [path]: value}};
  return {...req, body: setPath(req.body, path, value)};
}

/** The URL of a request: the base path, the path with its parameters, the query. */
export function urlOf(basePath: string, l: Located, req: ProbeRequest): string {
  let urlPath = l.path;
  const query = new URLSearchParams();
  for (const p of paramsOf(l)) {
    const value = req.params[p.name];
    if (value === undefined) continue;
    if (p.in === 'path') urlPath = urlPath.replace(`{${p.name}}`, encodeURIComponent(text(value)));
    if (p.in === 'query') query.set(p.name, text(value));
  }
  for (const [name, value] of Object.entries(req.extraQuery ?? {})) query.set(name, value);
  const qs = query.toString();
  return `${basePath}${urlPath}${qs ? `?${qs}` : ''}`;
}

/**
 * An engine over the sandbox written to `dir`, with a clock the test moves from `start` and a token
 * signer for that clock (a fresh reqId each time; `claims` add to or replace the defaults).
 */
export function clockedSandbox(compiled: CompiledSandbox, dir: string, start: number, seed?: number) {
  let now = start;
  let n = 0;
  const sandbox = createSandbox({
    index: compiled.index,
    loadFamily: (family) => loadWrittenFamily(dir, family),
    clock: {now: () => now},
    store: memoryStore(),
    ...(seed !== undefined ? {seed} : {}),
  });
  const {partnerId, jwtSecret} = compiled.index.credentials;
  const token = (claims: Record<string, unknown> = {}, secret = jwtSecret): Promise<string> =>
    signToken({partnerId, iat: Math.floor(now / 1000), reqId: `req-${++n}`, ...claims}, secret);
  return {
    sandbox,
    token,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
    now: () => now,
  };
}

/** A clocked sandbox (clockedSandbox) with a POST as the partner that returns the answer's JSON. */
export function postingSandbox(compiled: CompiledSandbox, dir: string, start: number, seed?: number) {
  const {sandbox, token, advance} = clockedSandbox(compiled, dir, start, seed);
  const post = async <T = {response_code: number; data: Record<string, unknown>}>(
    path: string,
    body: Record<string, Json>,
  ): Promise<T> => {
    const res = await sandbox.send({
      method: 'POST',
      url: `${compiled.index.basePath}${path}`,
      headers: {authorization: `Bearer ${await token()}`, 'content-type': 'application/json'},
      body: JSON.stringify(body),
    });
    return res.json as T;
  };
  return {sandbox, post, advance};
}

/** Writes the run's compiled sandbox (tests/helpers/contract.ts), then answers requests through the engine. */
export async function openSandboxProbe(name: string): Promise<SandboxProbe> {
  const dir = tempSandboxDir(name);
  const {deref: doc, sandbox: compiled} = await writtenSandbox(dir);
  const {sandbox, token, now} = clockedSandbox(compiled, dir, START);
  return {
    operations: listOperations(doc).filter((l) => l.kind === 'operation'),
    sample,
    withValue,
    send: async (l, req) => {
      const url = urlOf(compiled.index.basePath, l, req);
      const authorization = `Bearer ${await token()}`;
      const body = req.body !== undefined ? JSON.stringify(req.body) : undefined;
      return sandbox.send({
        method: l.method,
        url,
        headers: {
          Authorization: authorization,
          ...(body !== undefined ? {'Content-Type': 'application/json'} : {}),
          ...(await testKeySignature(compiled, l, {url, authorization, body}, now())),
        },
        ...(body !== undefined ? {body} : {}),
      });
    },
    close: () => fs.rmSync(dir, {recursive: true, force: true}),
  };
}

/**
 * The headers of a call marked `x-signed-request`, signed with the sandbox's test key as a partner signs
 * it (issue 33), so a probe reaches the step it probes; none for an unmarked call.
 */
export async function testKeySignature(
  compiled: CompiledSandbox,
  l: Located,
  req: {readonly url: string; readonly authorization: string; readonly body: string | undefined},
  nowMs: number,
): Promise<Record<string, string>> {
  const key = compiled.index.credentials.signingKey;
  if (l.op['x-signed-request'] !== true || !key) return {};
  const payload = req.authorization.split('.')[1] ?? '';
  const {reqId} = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {reqId: string};
  const params = {created: Math.floor(nowMs / 1000), keyid: key.keyId, alg: 'ed25519' as const, nonce: reqId};
  const path = new URL(req.url, 'http://sandbox.invalid').pathname;
  const request = {method: l.method, path, body: req.body ?? '', authorization: req.authorization};
  return {...(await signRequest(request, params, await testKey(key.privateKey)))};
}

/**
 * The test key imported once per PEM: importing it (PKCS#8 through OpenSSL) cost more than the
 * signature it makes, and the fuzz and the engine's tests sign thousands of calls.
 */
const testKeys = new Map<string, Promise<CryptoKey>>();
function testKey(pem: string): Promise<CryptoKey> {
  let key = testKeys.get(pem);
  if (!key) {
    key = importPrivateKey(pem, 'ed25519');
    testKeys.set(pem, key);
  }
  return key;
}

/** The fields a code 10 answer names (empty for any other answer). */
export function fieldsNamed(res: SandboxResponse): string[] {
  if (res.json.response_code !== 10) return [];
  const data = res.json.data as {errors?: {field: string}[]} | undefined;
  return (data?.errors ?? []).map((e) => e.field);
}
