/**
 * One transaction, one set of numbers (issue 33): an IMPS payout answered `charges` 5.9 at creation and
 * 11.8 in its status call, its repeat and its webhook, because each later body was written from
 * another transaction's example. fast-check walks generated scenarios: a transaction started by any
 * operation the sandbox follows (a status call or an idempotency key), under any of its scenarios'
 * test values, then a random sequence of status calls, repeats, waits and webhook deliveries. Every
 * answer about the transaction must name the ids, amount, charges and references of its first
 * answer, and every time in them must be relative to the sandbox clock, not to the examples' 2025.
 * A fetched bill is new each time: a new `billid`, valid two hours after that fetch.
 * fast-check prints the seed and the shrunk walk of a failure; replay it with `{seed}`.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {listOperations, type Located} from '#core/contract/openapi';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {text, vary} from '#core/sandbox/body';
import {LIVE_ID_FIELDS} from '#core/sandbox/engine/live';
import {CREATES_TRANSACTION} from '#core/sandbox/engine/scenario';
import type {Json, JsonObject, OperationModel} from '#core/sandbox/model';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {writtenSandbox} from '../helpers/contract';
import {clockedSandbox, sample, urlOf, withValue, type ProbeRequest} from './sandbox-harness';

/** Walks: each starts a sandbox and sends up to a dozen requests, a few ms each; about 2 per (operation, scenario). */
const RUNS = 300;
const TIMEOUT = 120_000;
const DAY = 86_400_000;

/**
 * What a transaction is, as a client keys on it: the ids the sandbox makes up, the operation's own,
 * and the numbers and references a reconciliation compares. Named here, not read from the engine, so
 * the test does not share the rule it checks.
 */
const SAME_FIELDS = [
  ...LIVE_ID_FIELDS,
  'referenceid',
  'billid',
  'contact_id',
  'amount',
  'charges',
  'ccf',
  'totalamount',
  'mode',
  'paymentmode',
];

let compiled: CompiledSandbox;
let located: Map<string, Located>;
const dir = tempSandboxDir('transaction-walk');

beforeAll(async () => {
  // The run's compiled contract (tests/contract-setup.ts), not a bundle and compile of its own.
  const {deref: doc, sandbox} = await writtenSandbox(dir);
  compiled = sandbox;
  located = new Map(listOperations(doc).map((l) => [l.op.operationId, l]));
}, 120_000);
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An envelope's data, or a webhook payload itself. */
const fieldsOf = (body: JsonObject): JsonObject => (isObject(body.data) ? body.data : body);

/** Every date-time string of a body, at any depth. */
function times(value: Json | undefined, out: string[] = []): string[] {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value as Json[]) times(v, out);
  else if (isObject(value)) for (const v of Object.values(value)) times(v, out);
  return out;
}

/** Each scenario that starts a transaction the sandbox follows (a status call or an idempotency key). */
const starters = (): {op: OperationModel; index: number}[] =>
  compiled.families
    .flatMap((f) => f.operations)
    .filter((op) => op.tracking || op.idempotencyKey)
    .flatMap((op) =>
      op.scenarios.flatMap((s, index) => (!s.partnerId && CREATES_TRANSACTION.includes(s.code) ? [{op, index}] : [])),
    );

/**
 * The operation's documented request with a scenario's test values in it, and a fresh value of the
 * field that names the transaction (a client's new `referenceid`): the documented one is a test value
 * of the status call itself.
 */
function requestFor(l: Located, op: OperationModel, index: number, fresh: number): ProbeRequest {
  const scenario = op.scenarios[index];
  const req = (scenario?.when ?? []).reduce((r, c) => withValue(l, r, c.input, c.value), sample(l));
  const key = op.idempotencyKey ?? op.tracking?.field;
  const named = key === undefined ? undefined : (req.params[key] ?? (isObject(req.body) ? req.body[key] : undefined));
  const scenarioSets = scenario?.when.some((c) => c.input === key);
  return typeof named === 'string' && key && !scenarioSets ? withValue(l, req, key, vary(named, fresh)) : req;
}

type Step = {kind: 'status'} | {kind: 'repeat'} | {kind: 'wait'; seconds: number} | {kind: 'webhooks'};

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({kind: 'status'}),
  fc.constant<Step>({kind: 'repeat'}),
  fc.constant<Step>({kind: 'webhooks'}),
  fc.integer({min: 1, max: 120}).map((seconds): Step => ({kind: 'wait', seconds})),
);

/** A sandbox for one walk, starting at a generated moment, and a way to send a request to it. */
function walker(start: number, seed: number) {
  const h = clockedSandbox(compiled, dir, start, seed);
  const send = async (l: Located, req: ProbeRequest) =>
    h.sandbox.send({
      method: l.method,
      url: urlOf(compiled.index.basePath, l, req),
      headers: {
        Authorization: `Bearer ${await h.token()}`,
        ...(req.body !== undefined ? {'Content-Type': 'application/json'} : {}),
      },
      ...(req.body !== undefined ? {body: JSON.stringify(req.body)} : {}),
    });
  return {...h, send};
}

/** The status call's request for a transaction named by `key`. */
function statusRequest(op: OperationModel, key: Json): {l: Located; req: ProbeRequest} {
  const tracking = op.tracking as NonNullable<OperationModel['tracking']>;
  const l = located.get(tracking.status) as Located;
  const req = sample(l);
  const inPath = (l.op.parameters ?? []).some((p) => p.name === tracking.key);
  return {
    l,
    req: inPath ? {...req, params: {...req.params, [tracking.key]: key}} : {...req, body: {[tracking.key]: key}},
  };
}

describe('one transaction, one set of numbers', () => {
  it(
    'every answer about a transaction repeats its ids, amounts and references, and its times are now',
    async () => {
      const all = starters();
      expect(all.map((x) => x.op.id)).toContain('payout-create-order');
      // Generated as "operation #scenario" so a counterexample prints short; looked up below.
      const byName = new Map(all.map((x) => [`${x.op.id} #${x.index}`, x]));
      const walk = fc.record({
        started: fc.constantFrom(...byName.keys()),
        start: fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        seed: fc.nat(),
        steps: fc.array(step, {maxLength: 10}),
      });
      await fc.assert(
        fc.asyncProperty(walk, async ({started, start, seed, steps}) => {
          const {op, index} = byName.get(started) as (typeof all)[number];
          const l = located.get(op.id) as Located;
          const w = walker(start.getTime(), seed);
          const req = requestFor(l, op, index, seed);
          const first = await w.send(l, req);
          if (!CREATES_TRANSACTION.includes(Number(first.json.response_code))) return;
          const facts = fieldsOf(first.json);
          const bodies: [string, JsonObject][] = [];
          const check = (where: string, body: JsonObject): void => {
            const later = fieldsOf(body);
            for (const field of SAME_FIELDS) {
              const a = facts[field];
              const b = later[field];
              if (a === undefined || a === null || b === undefined || b === null) continue;
              expect(b, `${op.id} (${op.scenarios[index]?.label}): ${field} in ${where}`).toEqual(a);
            }
            for (const t of times(body)) {
              const ms = Date.parse(t);
              expect(ms, `${op.id}: ${t} in ${where} is not near the clock`).toBeGreaterThan(start.getTime() - DAY);
              expect(ms, `${op.id}: ${t} in ${where} is not near the clock`).toBeLessThan(w.now() + 30 * DAY);
            }
            bodies.push([where, body]);
          };
          check('the answer', first.json);
          const key = facts[op.tracking?.field ?? ''] ?? req.body?.[op.tracking?.field as never] ?? undefined;
          for (const s of steps) {
            if (s.kind === 'wait') w.advance(s.seconds);
            if (s.kind === 'status' && op.tracking && key !== undefined) {
              const status = statusRequest(op, key);
              const res = await w.send(status.l, status.req);
              if (res.json.response_code === 1)
                check(`${op.tracking.status} at ${w.now() - start.getTime()} ms`, res.json);
            }
            if (s.kind === 'repeat' && op.idempotencyKey) {
              const res = await w.send(l, req);
              // 4 with the original in data; 1 with the original answer where a repeat returns what exists.
              expect(res.json.response_code).toBe(op.repeatCode ?? 4);
              check('the repeat', res.json);
            }
            if (s.kind === 'webhooks') {
              const next = w.sandbox.pendingWebhooks()[0];
              if (next) w.advance(Math.max(0, Math.ceil((next.dueAt - w.now()) / 1000)));
              for (const d of await w.sandbox.takeDueWebhooks())
                check(`webhook ${d.webhook}`, JSON.parse(d.body) as JsonObject);
            }
          }
          expect(bodies.length).toBeGreaterThan(0);
        }),
        {numRuns: RUNS},
      );
    },
    TIMEOUT,
  );

  it(
    'a fetched bill is new each time and valid two hours after its fetch, as read back by its billid',
    async () => {
      const fetch = located.get('bbps-fetch-bill') as Located;
      const byId = located.get('bbps-fetch-bill-by-id') as Located;
      const gaps = fc.array(fc.integer({min: 0, max: 10_000}), {minLength: 1, maxLength: 5});
      await fc.assert(
        fc.asyncProperty(gaps, fc.nat(), async (waits, seed) => {
          const w = walker(Date.parse('2027-03-01T09:00:00Z'), seed);
          const seen = new Set<string>();
          for (const seconds of waits) {
            w.advance(seconds);
            const fetchedAt = w.now();
            const bill = fieldsOf((await w.send(fetch, sample(fetch))).json);
            const billid = text(bill.billid ?? '');
            expect(seen.has(billid), `billid ${billid} given twice`).toBe(false);
            seen.add(billid);
            expect(Date.parse(text(bill.expires_at ?? ''))).toBe(Math.floor(fetchedAt / 1000) * 1000 + 2 * 3_600_000);
            const read = (await w.send(byId, {params: {}, body: {billid}})).json;
            expect(read.response_code).toBe(1);
            expect(fieldsOf(read)).toMatchObject({billid, expires_at: bill.expires_at, billstatus: 'FETCHED'});
          }
        }),
        {numRuns: 20},
      );
    },
    TIMEOUT,
  );
});
