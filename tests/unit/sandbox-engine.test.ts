/**
 * Every scenario of the scenarios (openapi/scenarios/*.yaml) executed against the engine, through the
 * validators module the build writes: the answer (HTTP status, response_code, body valid against the
 * contract), what the status call says before and after each stage, and the webhooks that follow,
 * their bodies checked against the webhook's schema and their signatures verified with the Node.js
 * sample the webhook pages publish (samples/verify/verify.mjs). Then the engine's own rules: the
 * token, validation errors, repeats, routes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadWrittenFamily, makeSchemaCheck} from '#node/contract/sandbox';
import {compiledContract, writtenSandbox} from '../helpers/contract';
import {SITE_DIR} from '#node/contract/paths';
import {listOperations, type Located, type OpenApiDocument} from '#core/contract/openapi';
import type {JsonSchema} from '#core/contract/schema';
import {invalidRequest, type CompiledSandbox} from '#core/sandbox/compile';
import {CREATES_TRANSACTION, repeatData} from '#core/sandbox/engine/scenario';
import {applyCarried, carriedValues, getPath, setPath, text, vary} from '#core/sandbox/body';
import {signToken} from '#core/sandbox/crypto';
import {SECRET_PROOF_HEADER, secretProof} from '#core/sandbox/engine/secret-proof';
import {SANDBOX_KEY_ID, SANDBOX_REVOKED_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {createSandbox, memoryStore, webhookId, type Sandbox, type SandboxResponse} from '#core/sandbox/engine';
import {isLiveValue, liven, transactionFacts, withFacts, type TransactionFacts} from '#core/sandbox/engine/live';
import type {Json, JsonObject, OperationModel, ScenarioModel} from '#core/sandbox/model';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {clockedSandbox, testKeySignature} from './sandbox-harness';

type Verify = (body: Buffer, id: string, ts: string, sig: string, secrets: string[], now: number) => boolean;

const START = Date.parse('2025-11-14T05:00:00Z');
// At collection time: the scenarios become one test each.
const {deref: doc, sandbox: compiled}: {deref: OpenApiDocument; sandbox: CompiledSandbox} = await compiledContract();
const dir = tempSandboxDir('engine');
let verifyWebhook: Verify;
const check = makeSchemaCheck();

beforeAll(async () => {
  await writtenSandbox(dir);
  ({verifyWebhook} = (await import(path.join(SITE_DIR, 'samples/verify/verify.mjs'))) as {verifyWebhook: Verify});
}, 60_000);

afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/** A sandbox with a clock the test moves, and a token signer for it. */
const harness = () => clockedSandbox(compiled, dir, START, 26);

const located = (): Map<string, Located> => new Map(listOperations(doc).map((l) => [l.op.operationId, l]));

function sample(l: Located): {params: Record<string, Json>; body?: Json} {
  const params: Record<string, Json> = {};
  for (const p of [...l.itemParams, ...(l.op.parameters ?? [])])
    if ((p.in === 'query' || p.in === 'path') && p.example !== undefined) params[p.name] = p.example as Json;
  const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
  const body = (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as Json | undefined;
  return {params, ...(body !== undefined ? {body} : {})};
}

const isParam = (l: Located, name: string): boolean =>
  [...l.itemParams, ...(l.op.parameters ?? [])].some((p) => p.name === name);

function put(l: Located, req: {params: Record<string, Json>; body?: Json}, input: string, value: Json): void {
  if (isParam(l, input)) req.params[input] = value;
  else req.body = setPath(req.body, input, value);
}

/**
 * The request of a scenario: the contract example with its `when` values, and with any input that
 * would match a scenario the engine tries first changed to a value no scenario names.
 */
/**
 * The request example a scenario starts from: the one whose values agree with every `when` input it
 * has (payout's RTGS example for "RTGS paid at once", whose amount the first, IMPS, example cannot
 * carry), else the first, as the sandbox compiler checks it (`reachableRequest`).
 */
function exampleFor(l: Located, s: ScenarioModel): {params: Record<string, Json>; body?: Json} {
  const req = sample(l);
  const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
  const fits = Object.values(media?.examples ?? {})
    .map((e) => e.value as Json)
    .find((v) => {
      const body = v as JsonObject;
      const named = s.when.filter((c) => typeof v === 'object' && v !== null && c.input in body);
      return named.length > 0 && named.every((c) => JSON.stringify(body[c.input]) === JSON.stringify(c.value));
    });
  return fits === undefined ? req : {...req, body: structuredClone(fits)};
}

function requestFor(l: Located, op: OperationModel, s: ScenarioModel): {params: Record<string, Json>; body?: Json} {
  const req = exampleFor(l, s);
  for (const c of s.when) put(l, req, c.input, c.value);
  const own = new Set(s.when.map((c) => c.input));
  const earlier = op.scenarios.slice(0, op.scenarios.indexOf(s)).filter((x) => !x.partnerId && x.when.length);
  for (const x of earlier) {
    const inputs = {...(req.body as Record<string, Json>), ...req.params};
    if (!x.when.every((c) => JSON.stringify(getPath(inputs, c.input)) === JSON.stringify(c.value))) continue;
    const free = x.when.find((c) => !own.has(c.input));
    if (free)
      put(l, req, free.input, typeof free.value === 'string' ? vary(free.value, 4321) : (free.value as number) + 50);
  }
  return req;
}

/** The code 10 answer the engine gives for these field errors. */
const validationFailed = (errors: readonly {field: string; rule: string}[]) => ({
  status: false,
  response_code: 10,
  message: 'Validation failed',
  data: {errors},
});

async function call(
  h: ReturnType<typeof harness>,
  l: Located,
  req: {params: Record<string, Json>; body?: Json},
  authorization?: string,
): Promise<SandboxResponse> {
  let urlPath = l.path;
  const query = new URLSearchParams();
  for (const p of [...l.itemParams, ...(l.op.parameters ?? [])]) {
    const value = req.params[p.name];
    if (value === undefined) continue;
    if (p.in === 'path') urlPath = urlPath.replace(`{${p.name}}`, encodeURIComponent(text(value)));
    if (p.in === 'query') query.set(p.name, text(value));
  }
  const qs = query.toString();
  const bearer = authorization ?? `Bearer ${await h.token()}`;
  const body = req.body !== undefined ? JSON.stringify(req.body) : undefined;
  return h.sandbox.send({
    method: l.method,
    url: `${compiled.index.basePath}${urlPath}${qs ? `?${qs}` : ''}`,
    headers: {
      Authorization: bearer,
      ...(req.body !== undefined ? {'Content-Type': 'application/json'} : {}),
      ...(await proofHeader(l, bearer, body)),
      ...(await testKeySignature(
        compiled,
        l,
        {url: `${compiled.index.basePath}${urlPath}`, authorization: bearer, body},
        h.now(),
      )),
    },
    ...(body !== undefined ? {body} : {}),
  });
}

/** A call that declares X-Webhook-Secret-Proof gets it, as a partner holding the current secret sends it. */
async function proofHeader(l: Located, bearer: string, body: string | undefined): Promise<Record<string, string>> {
  if (!l.op.parameters?.some((p) => p.name === SECRET_PROOF_HEADER)) return {};
  const payload = bearer.split('.')[1] ?? '';
  const {reqId} = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {reqId: string};
  return {[SECRET_PROOF_HEADER]: await secretProof(compiled.index.credentials.webhookSecret, reqId, body ?? '')};
}

const responseSchema = (l: Located, status: number): JsonSchema | undefined =>
  Object.entries(l.op.responses[String(status)]?.content ?? {}).find(([t]) => t.includes('json'))?.[1].schema;

const webhookSchema = (l: Located): JsonSchema | undefined =>
  Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1].schema;

function expectValid(schema: JsonSchema | undefined, body: unknown, what: string): void {
  expect(schema, `${what}: the contract documents this answer`).toBeDefined();
  expect(check(schema as JsonSchema, body), what).toEqual([]);
}

/**
 * A body with its live values (core/sandbox/engine/live.ts: made-up ids, URLs, times) masked, so an
 * answer compares with the scenario it came from; the live values are checked on their own below.
 */
function masked(value: unknown, unique: readonly string[] = [], field = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => masked(v, unique, field));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, unique, k)]));
  if (typeof value !== 'string') return value;
  return isLiveValue(field, value, unique) ? '<live>' : value;
}

const scenarioCases = (): [string, OperationModel, ScenarioModel][] =>
  compiled.families.flatMap((f) =>
    f.operations.flatMap((op) =>
      op.scenarios
        .filter((s) => !s.partnerId)
        .map((s) => [`${op.id}: ${s.label}`, op, s] as [string, OperationModel, ScenarioModel]),
    ),
  );

describe('the scenarios', () => {
  it('compiles against the contract without a problem, and every code of every operation is reachable', () => {
    expect(compiled.problems).toEqual([]);
    const count = compiled.families.reduce((n, f) => n + f.operations.length, 0);
    expect(count).toBe(listOperations(doc).filter((l) => l.kind === 'operation').length);
  });
});

/**
 * The facts every later answer about a transaction repeats (core/sandbox/engine/live.ts): its
 * answer's, for an answer that starts a transaction; none for any other.
 */
const factsOf = (op: OperationModel, s: ScenarioModel, answer: JsonObject): TransactionFacts | undefined =>
  CREATES_TRANSACTION.includes(s.code) && (op.idempotencyKey || op.tracking) ? transactionFacts(answer) : undefined;

/** Each stage's webhooks, due at its time, signed as the webhook pages say, valid and as the scenario says. */
async function expectWebhooks(
  h: ReturnType<typeof harness>,
  op: OperationModel,
  s: ScenarioModel,
  carried: Readonly<Record<string, Json>>,
  facts: TransactionFacts | undefined,
): Promise<void> {
  const queued = h.sandbox.pendingWebhooks();
  const expectedHooks = s.then.flatMap((st) => st.webhooks.map((w) => ({...w, at: st.after + w.after})));
  expect(queued.map((q) => q.webhook).sort()).toEqual(expectedHooks.map((w) => w.webhook).sort());
  h.advance(Math.max(0, ...expectedHooks.map((w) => w.at)) + 1);
  const delivered = await h.sandbox.takeDueWebhooks();
  expect(delivered).toHaveLength(expectedHooks.length);
  expect(h.sandbox.pendingWebhooks()).toEqual([]);
  for (const d of delivered) {
    const hook = located().get(d.webhook) as Located;
    expectValid(webhookSchema(hook), JSON.parse(d.body), `${d.webhook} payload`);
    const {'X-Webhook-Id': id, 'X-Webhook-Timestamp': ts, 'X-Signature': sig} = d.headers;
    expect(id).toMatch(/^evt_[0-9A-Z]{26}$/);
    expect(
      verifyWebhook(
        Buffer.from(d.body),
        id as string,
        ts as string,
        sig as string,
        [compiled.index.credentials.webhookSecret],
        h.now() / 1000,
      ),
    ).toBe(true);
    expect(
      verifyWebhook(Buffer.from(d.body), id as string, ts as string, sig as string, ['whsec_wrong'], h.now() / 1000),
    ).toBe(false);
  }
  expect(delivered.map((d) => masked(JSON.parse(d.body), op.unique))).toEqual(
    expectedHooks
      .sort((a, b) => a.at - b.at)
      .map((w) => masked(withFacts(applyCarried(w.body, carried), facts), op.unique)),
  );
}

describe('every scenario, executed', () => {
  // One sandbox per scenario: its repeats and tracked transactions must not see another's.
  it.each(scenarioCases())('%s', async (_name, op, s) => {
    const ops = located();
    const l = ops.get(op.id) as Located;
    const h = harness();
    const req = requestFor(l, op, s);
    const res = await call(h, l, req);
    const inputs = {...(req.body as Record<string, Json>), ...req.params};
    expect(res.status).toBe(s.httpStatus);
    expect(res.json.response_code).toBe(s.code);
    expect(res.json.status).toBe(s.code === 1);
    expectValid(responseSchema(l, res.status), res.json, `${op.id} answer`);
    expect(JSON.parse(res.body)).toEqual(res.json);
    // Fields carried from the request: what the partner sent comes back.
    const carried = carriedValues(op.carry, inputs);
    const data = res.json.data as JsonObject | undefined;
    for (const [field, value] of Object.entries(carried))
      if (data && typeof data === 'object' && field in data && !op.unique.includes(field))
        expect(data[field]).toEqual(value);
    const idFields = Object.fromEntries(
      op.unique
        .filter((f) => data && typeof data === 'object' && f in data)
        .map((f) => [f, (data as JsonObject)[f] as Json]),
    );
    // The example's own key and ids stand for the request's and the live ones inside a UPI id or a URL.
    const key = op.idempotencyKey;
    const exampleData = s.body.data as JsonObject | undefined;
    const standIns = Object.fromEntries(
      [...(key ? [key] : []), ...Object.keys(idFields)].flatMap((f) => {
        const was = exampleData?.[f];
        const now = f === key ? inputs[f] : idFields[f];
        return typeof was === 'string' && typeof now === 'string' && was !== now ? [[was, now]] : [];
      }),
    );
    expect(masked(res.json, op.unique)).toEqual(
      masked(applyCarried(liven(s.body, standIns), {...carried, ...idFields}), op.unique),
    );
    const facts = factsOf(op, s, res.json);

    if (op.tracking) {
      const statusOp = ops.get(op.tracking.status) as Located;
      const key = {...carried, ...idFields}[op.tracking.field] ?? inputs[op.tracking.field];
      const ask = async () => {
        const statusReq = sample(statusOp);
        if (statusOp.op.parameters?.some((p) => p.name === op.tracking?.key))
          statusReq.params[op.tracking!.key] = key as Json;
        else statusReq.body = {[op.tracking!.key]: key as Json};
        return call(h, statusOp, statusReq);
      };
      const expected = (body: JsonObject | undefined) =>
        body ? masked(withFacts(applyCarried(body, {...carried, ...idFields}), facts), op.unique) : undefined;
      if (s.status) {
        const first = await ask();
        expect(masked(first.json, op.unique)).toEqual(expected(s.status));
        expectValid(responseSchema(statusOp, 200), first.json, `${op.tracking.status} answer`);
      }
      let elapsed = 0;
      let current = s.status;
      for (const stage of s.then) {
        h.advance(stage.after - elapsed);
        elapsed = stage.after;
        if (stage.status) current = stage.status;
        if (current)
          expect(masked((await ask()).json, op.unique), `status after ${stage.after} s`).toEqual(expected(current));
      }
    }

    // A repeat after every stage: code 4 with the transaction's current outcome (decision 6 of issue 22),
    // or, where a repeat answers what exists (`repeat: 1`), the original answer.
    if (op.idempotencyKey && CREATES_TRANSACTION.includes(s.code)) {
      const again = await call(h, l, req);
      const now = s.then.reduce((body, stage) => stage.status ?? body, s.status);
      const outcome = now && withFacts(applyCarried(now, {...carried, ...idFields}), facts).data;
      expect([again.status, again.json.response_code]).toEqual([200, op.repeatCode ?? 4]);
      expect(masked(again.json.data, op.unique)).toEqual(masked(repeatData(res.json.data, outcome), op.unique));
      expectValid(responseSchema(l, 200), again.json, `${op.id} repeat`);
    }

    await expectWebhooks(h, op, s, {...carried, ...idFields}, facts);
  });
});

describe('test partner ids', () => {
  const cases = () =>
    compiled.families.flatMap((f) =>
      f.operations.flatMap((op) =>
        op.scenarios.filter((s) => s.partnerId).map((s) => [`${op.id} as ${s.partnerId}`, op, s] as const),
      ),
    );
  it('answer their code on every operation they apply to, before validation, with the documented status and headers', async () => {
    const ops = located();
    const h = harness();
    const seen = new Set<string>();
    for (const [, op, s] of cases()) {
      const l = ops.get(op.id) as Located;
      const res = await call(h, l, {params: {}, body: {}}, `Bearer ${await h.token({partnerId: s.partnerId})}`);
      expect([op.id, res.status, res.json.response_code]).toEqual([op.id, s.httpStatus, s.code]);
      if (responseSchema(l, res.status))
        expectValid(responseSchema(l, res.status), res.json, `${op.id} as ${s.partnerId}`);
      if (s.code === 18) expect(res.headers['Retry-After']).toBe('5');
      seen.add(String(s.partnerId));
    }
    expect([...seen].sort()).toEqual([...compiled.index.partnerIds].sort());
  });

  it('PS000008 answers normally on an operation that does not list code 8', async () => {
    const l = located().get('aeps-merchant-details') as Located;
    const h = harness();
    const res = await call(h, l, sample(l), `Bearer ${await h.token({partnerId: 'PS000008'})}`);
    expect(res.json.response_code).toBe(1);
  });
});

describe('the engine rules', () => {
  it('answers an invalid field of every operation with 400, code 10 and the field named', async () => {
    const h = harness();
    for (const l of listOperations(doc).filter((x) => x.kind === 'operation')) {
      const params = [...l.itemParams, ...(l.op.parameters ?? [])];
      const req = sample(l);
      const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
      const invalid = invalidRequest({
        params,
        sampleParams: req.params,
        ...(req.body !== undefined ? {sampleBody: req.body} : {}),
        ...(media?.schema ? {bodySchema: media.schema} : {}),
      });
      if (!invalid) continue;
      const res = await call(h, l, invalid.request);
      expect([l.op.operationId, res.status, res.json.response_code]).toEqual([l.op.operationId, 400, 10]);
      const errors = (res.json.data as {errors: {field: string}[]}).errors;
      expect(errors.map((e) => e.field)).toContain(invalid.field);
      expectValid(responseSchema(l, 400), res.json, `${l.op.operationId} 400`);
    }
  });

  it('lists every broken field with its rule, in the API words', async () => {
    const l = located().get('aeps-cash-withdrawal') as Located;
    const h = harness();
    const body = {
      ...(sample(l).body as JsonObject),
      amount: 1525,
      aadhaar_number: '1234',
      referenceid: undefined,
      extra: true,
    };
    const res = await call(h, l, {params: {}, body: JSON.parse(JSON.stringify(body)) as Json});
    expect(res.json).toEqual(
      validationFailed([
        {field: 'referenceid', rule: 'is required'},
        {
          field: 'aadhaar_number',
          rule: 'must be a 12-digit Aadhaar number that does not start with 0 or 1 and ends in its Verhoeff check digit',
        },
        {field: 'amount', rule: 'must be a multiple of 50'},
        {field: 'extra', rule: 'is not a field of this request'},
      ]),
    );
  });

  it('refuses a DMT refund whose OTP has expired (code 16), confirms one in time, and answers its repeat with 4', async () => {
    const ops = located();
    const otp = ops.get('dmt-refund-otp') as Located;
    const refund = ops.get('dmt-refund') as Located;
    const h = harness();
    expect((await call(h, otp, sample(otp))).json.response_code).toBe(1);
    h.advance(601);
    const late = await call(h, refund, sample(refund));
    expect([late.status, late.json.response_code, late.json.message, late.scenario]).toEqual([
      200,
      16,
      'The refund OTP has expired; send a new one',
      'Refund OTP expired',
    ]);
    // A refusal made no refund: the same transfer is confirmed once a new OTP came in time.
    expect((await call(h, otp, sample(otp))).json.response_code).toBe(1);
    h.advance(599);
    const made = await call(h, refund, sample(refund));
    expect(made.json.response_code).toBe(1);
    // The wallet's credit follows the confirmed refund (money-back's webhook in openapi/behaviour/dmt.yaml).
    const [credit, ...more] = await h.sandbox.takeDueWebhooks();
    expect([credit?.webhook, more.length]).toEqual(['dmt-wallet-load', 0]);
    expect(JSON.parse(credit?.body ?? '{}')).toMatchObject({
      type: 'REFUND',
      transfer_id: (sample(refund).body as JsonObject).transfer_id,
      amount: (made.json.data as JsonObject).refunded_amount,
    });
    // One refund per transfer (openapi/behaviour/dmt.yaml): a repeat answers 4 with the original refund.
    const repeat = await call(h, refund, sample(refund));
    expect([repeat.json.response_code, repeat.json.data]).toEqual([4, made.json.data]);
  });

  it('creates a UPI id with a fresh account_id built from its reference, and a second create answers it again and schedules no second payment', async () => {
    const l = located().get('upicollect-create-account') as Located;
    const h = harness();
    const req = {params: {}, body: {customer_reference: 'pay749', name: 'Meghdoot Cable Network', mcc: '4899'}};
    const first = await call(h, l, req);
    const data = first.json.data as JsonObject;
    const example = (l.op.responses['200']?.content?.['application/json']?.examples?.created?.value as JsonObject)
      .data as JsonObject;
    const accountId = data.account_id as string;
    expect(accountId).not.toBe(example.account_id);
    expect([data.vpa, data.qr_string]).toEqual([
      'rr.pay749@rrbank',
      `upi://pay?pa=rr.pay749@rrbank&pn=Meghdoot%20Cable%20Network&mc=4899&tr=${accountId}&cu=INR`,
    ]);
    const again = await call(h, l, req);
    expect([again.json.response_code, again.json.data]).toEqual([1, data]);
    // The payment the test value makes arrives once, into the UPI id the answer gave.
    const payments = h.sandbox.pendingWebhooks().filter((w) => w.webhook === 'upicollect-payment-received');
    expect(payments.map((w) => (JSON.parse(w.body) as JsonObject).account_id)).toEqual([data.account_id]);
  });

  describe('a field renamed in 1.2.0 (adhaarnumber -> aadhaar_number)', () => {
    const withdrawal = (): {l: Located; body: Record<string, Json>} => {
      const l = located().get('aeps-cash-withdrawal') as Located;
      return {l, body: {...(sample(l).body as JsonObject)}};
    };

    it('accepts the old name alone, matches its scenarios and answers both response names', async () => {
      const {l, body} = withdrawal();
      delete body.aadhaar_number;
      const res = await call(harness(), l, {params: {}, body: {...body, adhaarnumber: '999900010013'}});
      expect(res.json.response_code).toBe(13);
      const ok = await call(harness(), l, {params: {}, body: {...body, adhaarnumber: '999941041234'}});
      expect(ok.json.data).toMatchObject({aadhaar_last4: 'XXXX XXXX 1234', last_aadhar: 'XXXX XXXX 1234'});
    });

    it('refuses both names at once with code 10 naming the old one', async () => {
      const {l, body} = withdrawal();
      const res = await call(harness(), l, {params: {}, body: {...body, adhaarnumber: '999941057058'}});
      expect(res.json).toEqual(
        validationFailed([
          {field: 'adhaarnumber', rule: 'is the old name of aadhaar_number: send only aadhaar_number, not both'},
        ]),
      );
    });

    it('asks for one of the two names when neither is sent', async () => {
      const {l, body} = withdrawal();
      delete body.aadhaar_number;
      const res = await call(harness(), l, {params: {}, body});
      const fields = (res.json.data as {errors: {field: string}[]}).errors.map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['aadhaar_number', 'adhaarnumber']));
    });
  });

  it('answers a body that is not JSON, or not sent as JSON, with code 10', async () => {
    const h = harness();
    const url = `${compiled.index.basePath}/service/aeps/withdrawal`;
    const send = async (headers: Record<string, string>, body: string) =>
      (
        await h.sandbox.send({
          method: 'POST',
          url,
          headers: {Authorization: `Bearer ${await h.token()}`, ...headers},
          body,
        })
      ).json;
    expect(await send({'Content-Type': 'application/json'}, '{"amount": ')).toEqual({
      status: false,
      response_code: 10,
      message: 'Validation failed',
      data: {errors: [{field: '(body)', rule: `must be valid JSON (${jsonError('{"amount": ')})`}]},
    });
    expect(await send({'Content-Type': 'text/plain'}, '{}')).toEqual({
      status: false,
      response_code: 10,
      message: 'Unsupported media type',
      data: {errors: [{field: '(body)', rule: 'send Content-Type: application/json (optionally with charset=utf-8)'}]},
    });
    expect(await send({'Content-Type': 'application/json'}, '')).toEqual({
      status: false,
      response_code: 10,
      message: 'Validation failed',
      data: {errors: [{field: '(body)', rule: 'is required: send a JSON object'}]},
    });
  });

  it('answers a repeated idempotency key with code 4 and the original data (under the current outcome when tracked), on every operation that lists 4', async () => {
    const ops = located();
    // An operation whose repeat answers the original (code 1, a UPI id) has a test of its own below.
    const repeating = compiled.families.flatMap((f) => f.operations).filter((o) => o.idempotencyKey && !o.repeatCode);
    for (const op of repeating) {
      const l = ops.get(op.id) as Located;
      const h = harness();
      const first = await call(h, l, sample(l));
      const again = await call(h, l, sample(l));
      expect([op.id, again.status, again.json.response_code, again.json.status]).toEqual([op.id, 200, 4, false]);
      // A tracked transaction's current outcome over it: every scenario's repeat is checked above.
      if (op.tracking)
        expect(Object.keys(again.json.data as JsonObject)).toEqual(
          expect.arrayContaining(Object.keys(first.json.data as JsonObject)),
        );
      else expect(again.json.data).toEqual(first.json.data);
      expectValid(responseSchema(l, 200), again.json, `${op.id} repeat`);
    }
  });

  it('refuses a token as the headers page says, with code 11 and the reason', async () => {
    const l = located().get('common-bank-list') as Located;
    const h = harness();
    const ask = async (authorization?: string) => {
      const res = await h.sandbox.send({
        method: 'GET',
        url: `${compiled.index.basePath}/common/bank`,
        headers: authorization === undefined ? {} : {Authorization: authorization},
      });
      return [res.status, res.json.response_code, res.json.message];
    };
    const iat = Math.floor(h.now() / 1000);
    expect(await ask()).toEqual([401, 11, 'Missing Authorization header: send Authorization: Bearer <token>']);
    expect(await ask(`Token ${await h.token()}`)).toEqual([
      401,
      11,
      'Authorization must be Bearer, one space, and a JWT of three base64url parts',
    ]);
    expect(await ask(`Bearer ${await h.token({}, 'another-secret')}`)).toEqual([
      401,
      11,
      'Token signature does not match: sign it with the sandbox JWT secret',
    ]);
    expect(await ask(`Bearer ${await h.token({iat: iat - 301})}`)).toEqual([
      401,
      11,
      'Token expired: iat is more than 5 minutes from the current time',
    ]);
    expect(await ask(`Bearer ${await h.token({iat: String(iat)})}`)).toEqual([
      401,
      11,
      'The iat claim must be the current time in Unix seconds',
    ]);
    expect(await ask(`Bearer ${await h.token({partnerId: 'PS999999'})}`)).toEqual([
      401,
      11,
      'Unknown partnerId: the sandbox accepts PS001234, PS000008, PS000012, PS000018, PS000022',
    ]);
    expect(await ask(`Bearer ${await h.token({reqId: 'x'.repeat(65)})}`)).toEqual([
      401,
      11,
      'The reqId claim must be a string of 1 to 64 characters',
    ]);
    const reused = await h.token({reqId: 'once'});
    expect(await ask(`Bearer ${reused}`)).toEqual([200, 1, 'Bank list fetched']);
    expect(await ask(`Bearer ${reused}`)).toEqual([401, 11, 'reqId already used: sign a fresh token per request']);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.x`;
    expect(await ask(`Bearer ${none}`)).toEqual([401, 11, 'The token must be signed with HS256']);
    expectValid(responseSchema(l, 401), {status: false, response_code: 11, message: 'x'}, 'the 401 envelope');
  });

  it('refuses a token with an unknown or revoked kid, a wrong aud or a passed exp, and accepts the 1.3.0 form', async () => {
    const h = harness();
    const {jwtSecret} = compiled.index.credentials;
    const iat = Math.floor(h.now() / 1000);
    const claims = {partnerId: 'PS001234', iat, exp: iat + 60, aud: TOKEN_AUDIENCE.sandbox};
    const ask = async (extra: Record<string, unknown>, kid: string, n: number) => {
      const token = await signToken({...claims, reqId: `kid-${n}`, ...extra}, jwtSecret, kid);
      const res = await h.sandbox.send({
        method: 'GET',
        url: `${compiled.index.basePath}/common/bank`,
        headers: {Authorization: `Bearer ${token}`},
      });
      return [res.status, res.json.response_code, res.json.message];
    };
    expect(await ask({}, SANDBOX_KEY_ID, 1)).toEqual([200, 1, 'Bank list fetched']);
    expect(await ask({}, 'sbx-key-9', 2)).toEqual([
      401,
      11,
      `Unknown kid sbx-key-9: the sandbox JWT secret has kid ${SANDBOX_KEY_ID}`,
    ]);
    expect(await ask({}, SANDBOX_REVOKED_KEY_ID, 3)).toEqual([
      401,
      11,
      `Key ${SANDBOX_REVOKED_KEY_ID} was revoked: sign with a current JWT secret and send its kid`,
    ]);
    expect(await ask({aud: TOKEN_AUDIENCE.production}, SANDBOX_KEY_ID, 4)).toEqual([
      401,
      11,
      `Wrong aud: tokens for this environment carry aud ${TOKEN_AUDIENCE.sandbox}`,
    ]);
    expect(await ask({exp: iat - 1}, SANDBOX_KEY_ID, 5)).toEqual([401, 11, 'Token expired: exp is in the past']);
  });

  it('rotates the webhook secret only with the proof of the current one', async () => {
    const h = harness();
    const body = JSON.stringify({reason: 'Leaked JWT secret test'});
    const rotate = async (proof: (reqId: string) => Promise<string | undefined>, n: number) => {
      const reqId = `rotate-${n}`;
      const token = await signToken(
        {partnerId: 'PS001234', iat: Math.floor(h.now() / 1000), reqId},
        compiled.index.credentials.jwtSecret,
      );
      const value = await proof(reqId);
      const res = await h.sandbox.send({
        method: 'POST',
        url: `${compiled.index.basePath}/webhooks/secret/rotate`,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          ...(value === undefined ? {} : {[SECRET_PROOF_HEADER]: value}),
        },
        body,
      });
      return [res.status, res.json.response_code];
    };
    const {webhookSecret} = compiled.index.credentials;
    expect(await rotate(() => Promise.resolve(undefined), 1)).toEqual([401, 11]);
    expect(await rotate(() => secretProof(webhookSecret, 'rotate-1', body), 2)).toEqual([401, 11]);
    expect(await rotate((reqId) => secretProof('whsec_wrong', reqId, body), 3)).toEqual([401, 11]);
    expect(await rotate((reqId) => secretProof(webhookSecret, reqId, body), 4)).toEqual([200, 1]);
  });

  it('answers an unknown path with 404 and a known path with another method with 405, both in the envelope', async () => {
    const h = harness();
    const a = await h.sandbox.send({method: 'GET', url: '/api/v1/service/nothing'});
    expect([a.status, a.json]).toEqual([
      404,
      {
        status: false,
        response_code: 7,
        message:
          'No operation at GET /api/v1/service/nothing. Paths start with /api/v1/; the API reference lists them all.',
      },
    ]);
    const b = await h.sandbox.send({method: 'DELETE', url: '/api/v1/common/bank'});
    expect([b.status, b.headers.Allow, b.json]).toEqual([
      405,
      'GET',
      {status: false, response_code: 10, message: 'DELETE is not allowed on /api/v1/common/bank: use GET'},
    ]);
    const c = await h.sandbox.send({
      method: 'GET',
      url: 'https://sandbox.rupeerail.example/api/v1/common/state',
      headers: {authorization: `Bearer ${await h.token()}`},
    });
    expect([c.status, c.json.response_code]).toEqual([200, 1]);
  });

  it("signs deliveries in the endpoint's form: 1.1.0 by default, the body-only 1.0.0 form when asked", async () => {
    const queued = {
      id: webhookId(START, 1),
      webhook: 'payout-order-update',
      dueAt: START,
      body: '{"a":1}',
      operationId: 'x',
      scenario: 'y',
    };
    const {webhookSecret} = compiled.index.credentials;
    const make = (signatureForm?: '1.0.0' | '1.1.0'): Sandbox =>
      createSandbox({
        index: compiled.index,
        loadFamily: (family) => loadWrittenFamily(dir, family),
        clock: {now: () => START},
        store: memoryStore(),
        ...(signatureForm ? {signatureForm} : {}),
      });
    const hmac = (text: string): string => crypto.createHmac('sha256', webhookSecret).update(text).digest('hex');
    expect((await make().sign(queued)).headers['X-Signature']).toBe(
      `v1=${hmac(`${queued.id}.${START / 1000}.${queued.body}`)}`,
    );
    expect((await make('1.0.0').sign(queued)).headers['X-Signature']).toBe(hmac(queued.body));
  });

  it('signs the later deliveries of a session in the form webhook-signature-form set', async () => {
    const h = harness();
    const l = located().get('webhook-signature-form');
    if (!l) throw new Error('webhook-signature-form is missing from the contract');
    const queued = {id: webhookId(START, 1), webhook: 'payout-order-update', dueAt: START, body: '{"a":1}'};
    const signed = async () =>
      (await h.sandbox.sign({...queued, operationId: 'x', scenario: 'y'})).headers['X-Signature'];
    expect(await signed()).toMatch(/^v1=/);
    const legacy = await call(h, l, {params: {}, body: {form: '1.0.0'}});
    expect(legacy.json).toMatchObject({response_code: 1, data: {form: '1.0.0', sunset: '2027-03-31'}});
    expect(await signed()).toMatch(/^[0-9a-f]{64}$/);
    // A refused request (code 10) leaves the form as it was.
    await call(h, l, {params: {}, body: {form: '0.9.0'}});
    expect(await signed()).toMatch(/^[0-9a-f]{64}$/);
    await call(h, l, {params: {}, body: {form: '1.1.0'}});
    expect(await signed()).toMatch(/^v1=/);
  });

  it('makes webhook ids sortable by time and unique by sequence', () => {
    // 1763096400000 ms in Crockford base 32 is 01KA0BR440 (worked out by hand, digit by digit).
    expect(webhookId(START, 1)).toBe('evt_01KA0BR4400000000000000001');
    expect(webhookId(START, 2) > webhookId(START, 1)).toBe(true);
    expect(webhookId(START + 1000, 1) > webhookId(START, 99)).toBe(true);
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

export type {Sandbox};
