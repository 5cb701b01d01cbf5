/**
 * The engine's steps one by one, on small hand-made models (tests/unit/sandbox-engine.test.ts runs
 * the whole chain over the real scenarios): route, authenticate, validate, pick and answer, webhooks.
 */
import {describe, expect, it} from 'vitest';
import {bothNamesErrors, withCurrentNames} from '#core/sandbox/body';
import {renamedFields} from '#core/sandbox/compile/contract';
import {deprecatedProblems} from '#core/sandbox/compile/deprecated';
import {signToken} from '#core/sandbox/crypto';
import {compileRoutes, routeRequest} from '#core/sandbox/engine/route';
import {
  carriedFor,
  idempotencyKeyOf,
  lookupTransaction,
  partnerScenario,
  pickScenario,
  CREATES_TRANSACTION,
  recordTransaction,
  rememberOriginal,
  repeatAnswer,
  repeatData,
  scenarioAnswer,
  statusAnswer,
} from '#core/sandbox/engine/scenario';
import {authenticate, tokenAnswer} from '#core/sandbox/engine/token';
import {memoryStore, type Session} from '#core/sandbox/engine/types';
import {parseBody, requestParams, validateRequest} from '#core/sandbox/engine/validate';
import {pendingWebhooks, queueWebhooks, takeDue, webhookId} from '#core/sandbox/engine/webhooks';
import type {FamilyValidators, JsonObject, OperationModel, ScenarioModel, ValidateFunction} from '#core/sandbox/model';

const scenario = (over: Partial<ScenarioModel> = {}): ScenarioModel => ({
  id: 's',
  label: 'Success',
  when: [],
  code: 1,
  httpStatus: 200,
  body: {status: true, response_code: 1, message: 'ok', data: {txnid: 'TXN1', status: 'SUCCESS'}},
  then: [],
  ...over,
});

const operation = (over: Partial<OperationModel> = {}): OperationModel => ({
  id: 'pay',
  family: 'demo',
  method: 'POST',
  path: '/pay/{id}',
  pathParams: ['id'],
  queryParams: ['mode'],
  hasBody: true,
  codes: [1, 4, 7],
  carry: [],
  unique: [],
  scenarios: [scenario()],
  ...over,
});

const session = (now = 1_000_000): Session & {advance(ms: number): void} => {
  let t = now;
  return {store: memoryStore(), clock: {now: () => t}, advance: (ms) => void (t += ms)};
};

describe('route', () => {
  const routes = compileRoutes([
    {id: 'pay', family: 'demo', method: 'POST', path: '/pay/{id}'},
    {id: 'get-pay', family: 'demo', method: 'GET', path: '/pay/{id}'},
  ]);

  it('finds the operation under the base path and keeps the raw path parameters', () => {
    const routed = routeRequest('/api/v1', routes, {method: 'post', url: '/api/v1/pay/a%20b?mode=x'});
    expect('route' in routed && [routed.route.id, routed.pathParams, routed.url.search]).toEqual([
      'pay',
      {id: 'a%20b'},
      '?mode=x',
    ]);
  });

  it('answers 405 with Allow for a known path and another method', () => {
    const routed = routeRequest('/api/v1', routes, {method: 'DELETE', url: '/api/v1/pay/1'});
    expect('answer' in routed && routed.answer).toEqual({
      status: 405,
      headers: {Allow: 'POST, GET'},
      body: {status: false, response_code: 10, message: 'DELETE is not allowed on /api/v1/pay/1: use POST, GET'},
      scenario: 'route',
    });
  });

  it('answers 404 with code 7 for a path outside the base path or unknown', () => {
    for (const url of ['/pay/1', '/api/v1/nothing', '/api/v1']) {
      const routed = routeRequest('/api/v1', routes, {method: 'GET', url});
      expect('answer' in routed && [routed.answer.status, routed.answer.body.response_code]).toEqual([404, 7]);
    }
    const routed = routeRequest('/api/v1', routes, {method: 'GET', url: '/api/v1/x'});
    expect('answer' in routed && routed.answer.body.message).toBe(
      'No operation at GET /api/v1/x. Paths start with /api/v1/; the API reference lists them all.',
    );
  });
});

describe('authenticate', () => {
  const keys = {
    jwtSecret: 'secret',
    keyId: 'k2',
    revokedKeyIds: new Set(['k1']),
    audience: 'sandbox.rupeerail.example',
    partnerIds: new Set(['P1', 'P2']),
    // The old token form (no kid, exp, aud) these cases sign is accepted until this day.
    legacySunset: '2099-12-31',
  };
  const now = 1_700_000_000_000;
  const bearer = async (claims: Record<string, unknown>, secret = 'secret') =>
    `Bearer ${await signToken(claims, secret)}`;
  const good = {partnerId: 'P2', iat: now / 1000, reqId: 'r1'};

  it('accepts a valid token once: its reqId is then used', async () => {
    const store = memoryStore();
    const header = await bearer(good);
    expect(await authenticate(header, keys, now, store)).toEqual({
      partnerId: 'P2',
      reqId: 'r1',
      oldFormSunset: '2099-12-31',
    });
    expect(await authenticate(await bearer(good), keys, now, store)).toEqual({
      error: 'reqId already used: sign a fresh token per request',
    });
  });

  it('says which check failed', async () => {
    const store = memoryStore();
    const cases: [string | undefined, string][] = [
      [undefined, 'Missing Authorization header: send Authorization: Bearer <token>'],
      ['Basic abc', 'Authorization must be Bearer, one space, and a JWT of three base64url parts'],
      [await bearer(good, 'other'), 'Token signature does not match: sign it with the sandbox JWT secret'],
      [await bearer({...good, partnerId: 'P9'}), 'Unknown partnerId: the sandbox accepts P1, P2'],
      [await bearer({...good, iat: 'now'}), 'The iat claim must be the current time in Unix seconds'],
      [
        await bearer({...good, iat: now / 1000 - 301}),
        'Token expired: iat is more than 5 minutes from the current time',
      ],
      [await bearer({...good, reqId: ''}), 'The reqId claim must be a string of 1 to 64 characters'],
    ];
    for (const [header, error] of cases) expect(await authenticate(header, keys, now, store)).toEqual({error});
    expect(store.get('reqId:r1')).toBeUndefined();
  });

  it('answers a failed check with 401 and code 11', () => {
    expect(tokenAnswer('why')).toEqual({
      status: 401,
      body: {status: false, response_code: 11, message: 'why'},
      scenario: 'token',
    });
  });
});

describe('validate', () => {
  const accept: ValidateFunction = () => true;
  const reject = (field: string): ValidateFunction =>
    Object.assign(() => false, {errors: [{instancePath: `/${field}`, keyword: 'type', params: {type: 'string'}}]});

  it('reads path parameters decoded and query parameters as sent', () => {
    expect(requestParams(operation(), {id: 'a%20b'}, new URLSearchParams('mode=x&other=y'))).toEqual({
      params: {id: 'a b', mode: 'x'},
      errors: [],
    });
  });

  it('names a path parameter whose percent-encoding is broken instead of throwing', () => {
    expect(requestParams(operation(), {id: '%E0%A4%A'}, new URLSearchParams())).toEqual({
      params: {},
      errors: [{field: 'id', rule: 'is not valid percent-encoded UTF-8: encode each byte as %XX'}],
    });
  });

  it('reads a JSON body, or says what is wrong with it', () => {
    expect(parseBody('application/json; charset=utf-8', '{"a":1}')).toEqual({body: {a: 1}});
    expect(parseBody('text/plain', '{}')).toEqual({
      error: {field: '(body)', rule: 'send Content-Type: application/json (optionally with charset=utf-8)'},
      unsupported: true,
    });
    expect(parseBody('application/json', ' ')).toEqual({
      error: {field: '(body)', rule: 'is required: send a JSON object'},
    });
    expect('error' in parseBody('application/json', '{')).toBe(true);
  });

  it('gives the inputs (parameters over body fields), or every field error', () => {
    const ok: FamilyValidators = {params: {pay: accept}, body: {pay: accept}};
    const parts = {pathParams: {id: '7'}, query: new URLSearchParams(), contentType: 'application/json'};
    expect(validateRequest(operation(), ok, {...parts, body: '{"id":"body","amount":5}'})).toEqual({
      inputs: {id: '7', amount: 5},
    });
    const bad: FamilyValidators = {params: {pay: reject('id')}, body: {pay: reject('amount')}};
    const result = validateRequest(operation(), bad, {...parts, body: '{"amount":5}'});
    expect('errors' in result && result.errors.map((e) => e.field)).toEqual(['id', 'amount']);
  });
});

describe('pick and answer', () => {
  const when = scenario({id: 'w', label: 'Declined', when: [{input: 'amount', value: 9}], code: 7, httpStatus: 200});
  const partner = scenario({id: 'p', label: 'Throttled', partnerId: 'P2', code: 18, httpStatus: 429});

  it('picks the first matching scenario, else the default; a partner scenario only by its id', () => {
    const op = operation({scenarios: [partner, when, scenario()]});
    expect(pickScenario(op, {amount: 9})).toEqual({scenario: when, index: 1});
    expect(pickScenario(op, {amount: 1})).toEqual({scenario: op.scenarios[2], index: 2});
    expect(partnerScenario(op, 'P2')).toBe(partner);
    expect(partnerScenario(op, 'P1')).toBeUndefined();
    expect(() => pickScenario(operation({scenarios: [when]}), {})).toThrow('pay has no default scenario');
  });

  it('answers with the carried values in place', () => {
    const op = operation({carry: [{to: 'txnid', from: 'ref'}]});
    const carried = carriedFor(op, scenario(), {ref: 'R9'}, memoryStore());
    expect(scenarioAnswer(scenario(), carried).body).toMatchObject({data: {txnid: 'R9'}});
  });

  it('varies a unique field on every answer', () => {
    const store = memoryStore();
    const op = operation({unique: ['txnid']});
    expect(carriedFor(op, scenario(), {}, store).txnid).not.toBe(carriedFor(op, scenario(), {}, store).txnid);
  });

  it('answers a repeat of the idempotency key with code 4 and the original data when nothing is tracked', () => {
    const s = session();
    const op = operation({idempotencyKey: 'ref', duplicateMessage: 'Seen it'});
    expect(repeatAnswer(op, s, {ref: 'R1'})).toBeUndefined();
    rememberOriginal(op, s.store, {ref: 'R1'}, {body: {response_code: 1, data: {txnid: 'T'}}});
    expect(repeatAnswer(op, s, {ref: 'R1'})).toEqual({
      status: 200,
      body: {status: false, response_code: 4, message: 'Seen it', data: {txnid: 'T'}},
      scenario: 'repeat of ref R1',
    });
    expect(idempotencyKeyOf(operation(), {ref: 'R1'})).toBeUndefined();
  });

  it('remembers only answers that created a transaction: a refusal may be sent again with the same key', () => {
    const s = session();
    const op = operation({idempotencyKey: 'ref'});
    for (const code of [6, 7, 10, 14, 22])
      rememberOriginal(op, s.store, {ref: `R${code}`}, {body: {response_code: code}});
    for (const code of [1, 2, 3, 5]) rememberOriginal(op, s.store, {ref: `R${code}`}, {body: {response_code: code}});
    const repeated = [1, 2, 3, 5, 6, 7, 10, 14, 22].filter((code) => repeatAnswer(op, s, {ref: `R${code}`}));
    expect(repeated).toEqual([...CREATES_TRANSACTION]);
  });

  it('answers a repeat of a tracked transaction with its current outcome: pending, then after settlement SUCCESS and the UTR', () => {
    const s = session();
    const envelopeOf = (data: JsonObject) => ({status: false, response_code: 2, message: 'Pending', data});
    const answered = {referenceid: 'R1', order_id: 'O1', amount: 500, status: 'PROCESSING'};
    const settled = {
      status: true,
      response_code: 1,
      message: 'Found',
      data: {...answered, status: 'SUCCESS', utr: '531810774520'},
    };
    const tracked = scenario({
      code: 2,
      body: envelopeOf(answered),
      status: {status: true, response_code: 1, message: 'Found', data: answered},
      then: [{after: 30, status: settled, webhooks: []}],
    });
    const op = operation({
      idempotencyKey: 'referenceid',
      scenarios: [tracked],
      tracking: {status: 'pay-status', key: 'referenceid', field: 'referenceid'},
    });
    const inputs = {referenceid: 'R1'};
    const tx = recordTransaction(op, {scenario: tracked, index: 0}, {}, inputs, s);
    expect(tx).toBe('tx:pay-status:R1');
    rememberOriginal(op, s.store, inputs, {body: tracked.body, ...(tx ? {tx} : {})});
    expect(repeatAnswer(op, s, inputs)?.body).toEqual({
      status: false,
      response_code: 4,
      message: 'Duplicate request',
      data: answered,
    });
    s.advance(31_000);
    expect(repeatAnswer(op, s, inputs)?.body).toEqual({
      status: false,
      response_code: 4,
      message: 'Duplicate request',
      data: {referenceid: 'R1', order_id: 'O1', amount: 500, status: 'SUCCESS', utr: '531810774520'},
    });
  });

  it('lays the current data over the original, field by field, or keeps whichever exists', () => {
    expect(repeatData({url: 'u', status: 'PENDING'}, {status: 'SUCCESS', utr: '1'})).toEqual({
      url: 'u',
      status: 'SUCCESS',
      utr: '1',
    });
    expect(repeatData({url: 'u'}, undefined)).toEqual({url: 'u'});
    expect(repeatData(undefined, [1])).toEqual([1]);
  });

  it('keeps a tracked transaction and answers its status call by the stage reached', () => {
    const s = session();
    const pending = {status: true, response_code: 1, message: 'ok', data: {status: 'PENDING'}};
    const done = {status: true, response_code: 1, message: 'ok', data: {status: 'SUCCESS'}};
    const tracked = scenario({status: pending, then: [{after: 20, status: done, webhooks: []}]});
    const op = operation({tracking: {status: 'pay-status', key: 'ref', field: 'ref'}});
    recordTransaction(op, {scenario: tracked, index: 0}, {}, {ref: 'R1'}, s);
    const statusOp = operation({id: 'pay-status', lookup: 'ref'});
    const record = lookupTransaction(statusOp, s.store, {ref: 'R1'});
    expect(record).toEqual({operation: 'pay', scenario: 0, createdAt: 1_000_000, carried: {}});
    if (!record) return;
    expect(statusAnswer(record, tracked, statusOp, 1_005_000)?.body).toEqual(pending);
    expect(statusAnswer(record, tracked, statusOp, 1_021_000)).toEqual({
      status: 200,
      body: done,
      scenario: 'Success (pay-status at 21 s)',
    });
    expect(lookupTransaction(statusOp, s.store, {ref: 'R2'})).toBeUndefined();
  });

  it("keeps it for each other status call too (tracking.also), under that call's own field", () => {
    const s = session();
    const pending = {status: true, response_code: 1, message: 'ok', data: {status: 'PENDING'}};
    const tracked = scenario({status: pending});
    const op = operation({
      tracking: {
        status: 'pay-status',
        key: 'order_id',
        field: 'order_id',
        also: [{status: 'pay-by-ref', field: 'ref'}],
      },
    });
    recordTransaction(op, {scenario: tracked, index: 0}, {order_id: 'O1'}, {ref: 'R1'}, s);
    const byId = lookupTransaction(operation({id: 'pay-status', lookup: 'order_id'}), s.store, {order_id: 'O1'});
    const byRef = lookupTransaction(operation({id: 'pay-by-ref', lookup: 'ref'}), s.store, {ref: 'R1'});
    expect(byRef).toEqual(byId);
    expect(byRef).toEqual({operation: 'pay', scenario: 0, createdAt: 1_000_000, carried: {order_id: 'O1'}});
  });
});

describe('webhooks', () => {
  it('queues each stage webhook at its delay, in due order, and takes the due ones', () => {
    const s = session();
    const hook = (name: string, after: number) => ({webhook: name, after, body: {txnid: 'T'}});
    const sc = scenario({
      then: [
        {after: 30, webhooks: [hook('late', 0)]},
        {after: 10, webhooks: [hook('early', 5)]},
      ],
    });
    queueWebhooks(s, operation({carry: []}), sc, {txnid: 'C'});
    expect(pendingWebhooks(s.store).map((w) => [w.webhook, w.dueAt, w.body])).toEqual([
      ['early', 1_015_000, '{"txnid":"C"}'],
      ['late', 1_030_000, '{"txnid":"C"}'],
    ]);
    s.advance(20_000);
    expect(takeDue(s).map((w) => w.webhook)).toEqual(['early']);
    expect(pendingWebhooks(s.store).map((w) => w.webhook)).toEqual(['late']);
    expect(takeDue(s)).toEqual([]);
  });

  it('names each event with a sortable id', () => {
    expect(webhookId(0, 1)).toBe('evt_00000000000000000000000001');
    expect(webhookId(1000, 2) > webhookId(999, 3)).toBe(true);
  });
});

describe('renamed request fields (old name accepted until the sunset, never beside the new one)', () => {
  const renamed = [{old: 'adhaarnumber', current: 'aadhaar_number'}];

  it('renamedFields reads deprecated properties whose x-replaced-by names another property', () => {
    const schema = {
      type: 'object',
      properties: {
        aadhaar_number: {type: 'string'},
        adhaarnumber: {type: 'string', deprecated: true, 'x-replaced-by': 'aadhaar_number'},
        gone: {type: 'string', deprecated: true, 'x-replaced-by': 'no_such_field'},
        old: {type: 'string', deprecated: true},
      },
    };
    expect(renamedFields(schema)).toEqual(renamed);
    expect(renamedFields(undefined)).toEqual([]);
  });

  it('withCurrentNames moves the old name to the current one, and leaves a request in current names as it is', () => {
    expect(withCurrentNames({adhaarnumber: '9999', amount: 1}, renamed)).toEqual({aadhaar_number: '9999', amount: 1});
    expect(withCurrentNames({aadhaar_number: '9999'}, renamed)).toEqual({aadhaar_number: '9999'});
    expect(withCurrentNames({adhaarnumber: '9999'}, undefined)).toEqual({adhaarnumber: '9999'});
  });

  it('bothNamesErrors names the old field when both names are sent', () => {
    expect(bothNamesErrors({adhaarnumber: '1', aadhaar_number: '1'}, renamed)).toEqual([
      {field: 'adhaarnumber', rule: 'is the old name of aadhaar_number: send only aadhaar_number, not both'},
    ]);
    expect(bothNamesErrors({adhaarnumber: '1'}, renamed)).toEqual([]);
    expect(bothNamesErrors([1], renamed)).toEqual([]);
  });
});

describe('deprecatedProblems: a renamed field keeps its old name with a replacement and a sunset', () => {
  const body = (old: Record<string, unknown>) => ({
    type: 'object',
    properties: {data: {type: 'object', properties: {aadhaar_last4: {type: 'string'}, last_aadhar: old}}},
  });

  it('accepts a deprecated property that names its replacement and the sunset date', () => {
    const good = {
      type: 'string',
      deprecated: true,
      'x-replaced-by': 'aadhaar_last4',
      'x-sunset': '2027-03-31',
      description: 'Deprecated: read `aadhaar_last4`; sent until 2027-03-31.',
    };
    expect(deprecatedProblems(body(good))).toEqual([]);
  });

  it('names a deprecated property without an x-sunset date, and says where to add it', () => {
    const noSunset = {
      type: 'string',
      deprecated: true,
      'x-replaced-by': 'aadhaar_last4',
      description: 'Deprecated: read `aadhaar_last4`; sent until 2027-03-31.',
    };
    const message =
      "data.last_aadhar is deprecated, but has no x-sunset date. Add x-sunset: 'YYYY-MM-DD' (quoted), the last day the old name works, beside its x-replaced-by.";
    expect(deprecatedProblems(body(noSunset))).toEqual([message]);
    expect(deprecatedProblems(body({...noSunset, 'x-sunset': '31 March 2027'}))).toEqual([message]);
  });

  it('names a deprecated property without a replacement beside it', () => {
    expect(deprecatedProblems(body({type: 'string', deprecated: true, 'x-replaced-by': 'aadhaar_last5'}))).toEqual([
      'data.last_aadhar is deprecated, but its x-replaced-by names no property beside it. Add x-replaced-by: <the new name> (a property of the same object).',
    ]);
  });

  it('names a deprecated property whose description lacks the new name or the sunset date', () => {
    const noDate = {
      type: 'string',
      deprecated: true,
      'x-replaced-by': 'aadhaar_last4',
      'x-sunset': '2027-03-31',
      description: 'Deprecated: read `aadhaar_last4`; sent until 2027-01-31.',
    };
    expect(deprecatedProblems(body(noDate))).toEqual([
      'data.last_aadhar is deprecated, but its description does not name `aadhaar_last4` and the sunset date 2027-03-31 (its x-sunset). Say what to use instead and until when the old name works.',
    ]);
  });
});
