/**
 * The other half of issue 33's fuzz (requests: ./sandbox-fuzz.ts): sending a request to a sandbox of
 * its own, signed as the contract requires or with one credential gone wrong, and the checks every
 * answer must pass, schemathesis's defaults and ours:
 *   - never a 5xx, and the HTTP status is one the operation documents;
 *   - `Content-Type` is a media type that status documents, and its required headers are there;
 *   - the body validates against that status's schema, with the contract's ajv (tests/helpers/schema-arbitrary.ts);
 *   - `response_code` is one the operation lists for that status (`x-response-codes`, core/contract/response-enums.ts).
 */
import type {Located, Response} from '#core/contract/openapi';
import {codesAnsweredWith} from '#core/contract/response-enums';
import type {ResponseCodeView} from '#core/contract/types';
import {text} from '#core/sandbox/body';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {signToken} from '#core/sandbox/crypto';
import {createSandbox, memoryStore, type SandboxResponse} from '#core/sandbox/engine';
import {secretProof, SECRET_PROOF_HEADER} from '#core/sandbox/engine/secret-proof';
import {afterAnswer, type HeldSecrets} from '#core/journeys/secrets';
import {SANDBOX_KEY_ID, SANDBOX_REVOKED_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import type {LoadedFamily} from '#core/sandbox/engine/types';
import {testKeySignature} from '../unit/sandbox-harness';
import {checkOf} from './schema-arbitrary';
import type {BadAuth, FuzzOperation, FuzzRequest} from './sandbox-fuzz';

/** The URL of a request: base path, path parameters (percent-encoded, or raw as a mutation left them), query. */
export function fuzzUrl(basePath: string, op: FuzzOperation, req: FuzzRequest): string {
  let path = op.l.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const raw = req.rawPath?.[p.name];
    const value = req.params[p.name];
    if (p.in === 'path') path = path.replace(`{${p.name}}`, raw ?? encodeURIComponent(text(value)));
    else if (value !== undefined) query.set(p.name, text(value));
  }
  for (const [name, value] of Object.entries(req.extraQuery ?? {})) query.set(name, value);
  const qs = query.toString();
  return `${basePath}${path}${qs ? `?${qs}` : ''}`;
}

/** The claims and key id of a token, changed as a bad credential changes them. */
function tokenParts(auth: BadAuth | undefined, nowS: number, partnerId: string, reqId: string) {
  const claims: Record<string, unknown> = {partnerId, iat: nowS, exp: nowS + 300, aud: TOKEN_AUDIENCE.sandbox, reqId};
  let kid = SANDBOX_KEY_ID;
  if (auth === 'an expired token') Object.assign(claims, {iat: nowS - 900, exp: nowS - 600});
  if (auth === 'a token from the future') Object.assign(claims, {iat: nowS + 900, exp: nowS + 1200});
  if (auth === 'another audience') claims.aud = TOKEN_AUDIENCE.production;
  if (auth === 'an unknown partner') claims.partnerId = 'PS99999999';
  if (auth === 'an unknown kid') kid = 'sbx-key-99';
  if (auth === 'a revoked kid') kid = SANDBOX_REVOKED_KEY_ID;
  return {claims, kid};
}

const base64url = (text: string): string => Buffer.from(text).toString('base64url');

/** The first base64 character of the signature changed: the same form, another signature (the last only pads). */
const tampered = (signature: string): string =>
  signature.replace(/^sig1=:(.)/, (_m, c: string) => `sig1=:${c === 'A' ? 'B' : 'A'}`);

/** Credentials that are no JWT at all: nothing to bind a signature or proof to. */
const NOT_A_JWT: readonly (BadAuth | undefined)[] = ['no Authorization', 'not Bearer', 'a garbled token'];

/** A sandbox of the fuzz's own (a fresh store), on a clock that stands still, and a way to send to it. */
export function fuzzSandbox(
  compiled: CompiledSandbox,
  loadFamily: (family: string) => Promise<LoadedFamily>,
  nowMs: number,
  seed: number,
) {
  const sandbox = createSandbox({
    index: compiled.index,
    loadFamily,
    clock: {now: () => nowMs},
    store: memoryStore(),
    seed,
  });
  const {partnerId, jwtSecret, webhookSecret} = compiled.index.credentials;
  // The webhook secret a partner holds: a conforming rotation replaces it (as a partner's endpoint
  // takes the new one from the answer), so later proofs are made with the new secret.
  let held: HeldSecrets = {current: webhookSecret};
  let n = 0;

  /** The Authorization header of a call, and its reqId. */
  async function authorization(auth: BadAuth | undefined, reqId: string): Promise<string | undefined> {
    if (auth === 'no Authorization') return undefined;
    if (auth === 'not Bearer') return `Basic ${Buffer.from('partner:secret').toString('base64')}`;
    if (auth === 'a garbled token')
      return `Bearer ${base64url('{"alg":"HS256"}')}.${base64url('not json')}.${base64url('sig')}`;
    const {claims, kid} = tokenParts(auth, Math.floor(nowMs / 1000), partnerId, reqId);
    return `Bearer ${await signToken(claims, auth === 'another secret' ? 'not-the-sandbox-secret' : jwtSecret, kid)}`;
  }

  async function headersOf(
    op: FuzzOperation,
    url: string,
    body: string | undefined,
    auth: BadAuth | undefined,
    reqId: string,
  ) {
    const bearer = await authorization(auth, reqId);
    const headers: Record<string, string> = {...(bearer ? {Authorization: bearer} : {})};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (op.signed && !NOT_A_JWT.includes(auth) && auth !== 'no request signature') {
      const signed = await testKeySignature(compiled, op.l, {url, authorization: bearer ?? '', body}, nowMs);
      Object.assign(headers, signed);
      if (auth === 'a bad request signature' && headers.Signature) headers.Signature = tampered(headers.Signature);
    }
    if (op.proof)
      headers[SECRET_PROOF_HEADER] =
        auth === 'a wrong secret proof' ? `v1=${'0'.repeat(64)}` : await secretProof(held.current, reqId, body ?? '');
    return headers;
  }

  /** Sends the request; `auth` names the one credential to get wrong. A reused reqId sends a good call first. */
  async function send(op: FuzzOperation, req: FuzzRequest, auth?: BadAuth): Promise<SandboxResponse> {
    const url = fuzzUrl(compiled.index.basePath, op, req);
    const body = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
    const reqId = `fuzz-${++n}`;
    const request = async (bad: BadAuth | undefined) => {
      const headers = await headersOf(op, url, body, bad, reqId);
      if (req.contentType !== undefined) headers['Content-Type'] = req.contentType;
      return sandbox.send({method: op.l.method, url, headers, ...(body === undefined ? {} : {body})});
    };
    if (auth === 'a reused reqId') held = afterAnswer(held, op.l.op.operationId, (await request(undefined)).body);
    const res = await request(auth === 'a reused reqId' ? undefined : auth);
    held = afterAnswer(held, op.l.op.operationId, res.body);
    return res;
  }
  return {send};
}

const mediaType = (value: string | undefined): string => (value ?? '').split(';')[0]!.trim().toLowerCase();

/** What is wrong with an answer of `l`, by the checks in the header; none for a good answer. */
export function answerProblems(
  l: Located,
  res: SandboxResponse,
  catalogue: readonly Pick<ResponseCodeView, 'code' | 'common'>[],
): string[] {
  if (res.status >= 500) return [`answered ${res.status}: ${res.body.slice(0, 300)}`];
  const documented = (l.op.responses as Record<string, Response | undefined>)[String(res.status)];
  if (!documented)
    return [
      `answered HTTP ${res.status}, which the operation does not document (${Object.keys(l.op.responses).join(', ')})`,
    ];
  const problems: string[] = [];
  const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const type = mediaType(headers['content-type']);
  const media = documented.content?.[type];
  if (!media) problems.push(`Content-Type ${headers['content-type']} is not documented for ${res.status}`);
  for (const [name, h] of Object.entries((documented.headers ?? {}) as Record<string, {required?: boolean}>))
    if (h.required && headers[name.toLowerCase()] === undefined) problems.push(`no ${name} header on ${res.status}`);
  const check = media?.schema ? checkOf(media.schema) : undefined;
  if (check && !check(res.json))
    problems.push(
      `the body breaks the ${res.status} schema: ${(check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`,
    );
  const codes = codesAnsweredWith(res.status, l.op['x-response-codes'] ?? [], catalogue);
  if (!codes.includes(res.json.response_code as number))
    problems.push(
      `response_code ${text(res.json.response_code)} is not listed for ${res.status} (${codes.join(', ')})`,
    );
  return problems;
}
