/**
 * What issue 33's fuzz (sandbox-fuzz.test.ts) found, each pinned by one request, so a finding stays
 * fixed whatever the fuzz's seed draws: every answer still passes the fuzz's checks
 * (tests/helpers/sandbox-fuzz-answers.ts) and the refusals name what to fix.
 */
import fs from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {listOperations} from '#core/contract/openapi';
import type {ResponseCodeView} from '#core/contract/types';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {UTF8_RULE} from '#core/sandbox/engine/validate';
import type {JsonObject} from '#core/sandbox/model';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {writtenSandbox} from '../helpers/contract';
import {answerProblems, fuzzSandbox} from '../helpers/sandbox-fuzz-answers';
import {fuzzOperation, type FuzzOperation, type FuzzRequest} from '../helpers/sandbox-fuzz';
import {sample} from './sandbox-harness';

const dir = tempSandboxDir('fuzz-findings');
let compiled: CompiledSandbox;
let catalogue: readonly ResponseCodeView[];
let operations: Map<string, FuzzOperation>;
beforeAll(async () => {
  const written = await writtenSandbox(dir);
  compiled = written.sandbox;
  catalogue = written.responseCodes;
  operations = new Map(
    listOperations(written.deref)
      .filter((l) => l.kind === 'operation')
      .map((l) => [l.op.operationId, fuzzOperation(l)]),
  );
}, 120_000);
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/** The operation's documented example request with `change` applied, sent, and what the fuzz finds wrong. */
async function send(id: string, change: (req: FuzzRequest) => FuzzRequest) {
  const op = operations.get(id)!;
  const {params, body} = sample(op.l);
  const box = fuzzSandbox(compiled, (f) => loadWrittenFamily(dir, f), Date.parse('2026-12-02T06:30:00Z'), 1);
  const res = await box.send(op, change({params, ...(body === undefined ? {} : {body})}));
  return {res, problems: answerProblems(op.l, res, catalogue)};
}

const errors = (json: JsonObject) => (json.data as {errors?: unknown[]} | undefined)?.errors;

describe('the fuzz findings of issue 33', () => {
  it('a body in another media type is refused with HTTP 400 and code 10, the status the contract documents', async () => {
    const {res, problems} = await send('payout-order-status', (r) => ({...r, contentType: 'text/plain'}));
    expect(problems).toEqual([]);
    expect([res.status, res.json.response_code, res.json.message]).toEqual([400, 10, 'Unsupported media type']);
  });

  it('every operation documents HTTP 400 and code 10: an undeclared query parameter is refused on any call', async () => {
    const missing = [...operations.values()]
      .filter((op) => !op.l.op.responses['400'] || !(op.l.op['x-response-codes'] ?? []).includes(10))
      .map((op) => op.id);
    expect(missing).toEqual([]);
    const {res, problems} = await send('common-account-info', (r) => ({...r, extraQuery: {page: '2'}}));
    expect(problems).toEqual([]);
    expect(errors(res.json)).toEqual([{field: 'page', rule: 'is not a parameter of this request'}]);
  });

  it('takes an IPv6 device address with an IPv4 tail, as the ipv6 format does', async () => {
    const device = {ip: '::ffff:192.0.2.1', mac: '00-1A-2B-3C-4D-5E'};
    const {res, problems} = await send('bbps-fetch-bill', (r) => {
      const body = r.body as JsonObject;
      return {...r, body: {...body, agent: {...(body.agent as JsonObject), device}}};
    });
    expect(problems).toEqual([]);
    expect(res.json.response_code).not.toBe(10);
  });

  it('refuses a body with an unpaired surrogate (text no UTF-8 can carry) instead of reading it', async () => {
    const {res, problems} = await send('payout-order-status', (r) => ({
      ...r,
      rawBody: JSON.stringify(r.body).replace('"referenceid"', '"\uD800referenceid"'),
    }));
    expect(problems).toEqual([]);
    expect(errors(res.json)).toEqual([{field: '(body)', rule: UTF8_RULE}]);
  });

  it('refuses a signing key id of dots only, which the revoke path could not carry (`.` and `..` are dot segments)', async () => {
    for (const keyId of ['.', '..']) {
      const {res, problems} = await send('signing-key-register', (r) => ({
        ...r,
        body: {...(r.body as JsonObject), key_id: keyId},
      }));
      expect(problems).toEqual([]);
      expect((errors(res.json) as {field: string}[]).map((e) => e.field)).toEqual(['key_id']);
    }
  });

  it('names (body) when the body is not the object the schema asks for', async () => {
    const {res, problems} = await send('payout-order-status', (r) => ({...r, body: ['not', 'an', 'object']}));
    expect(problems).toEqual([]);
    expect(errors(res.json)).toEqual([{field: '(body)', rule: 'must be an object'}]);
  });
});
