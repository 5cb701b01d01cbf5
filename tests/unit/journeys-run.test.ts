/**
 * Our journey runner (core/journeys/run.ts) over the real sandbox engine (core/journeys/engine-port.ts):
 * every workflow runs to its end, every success criterion holds, and the states it reaches are the
 * states its criteria name, step by step, with no real time passing (the run's clock moves on).
 *
 * Every journey file of openapi/journeys/. The states are compared with what the workflows expect,
 * not with Respect's run (tests/integration/journeys.test.ts): issue 32, 4 asks for the two
 * runners' states compared, which needs that test's results in a shape both read.
 */
import fs from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {listOperations} from '#core/contract/openapi';
import {enginePort} from '#core/journeys/engine-port';
import {finished, retiredForms, runJourney, runNextStep, startRun} from '#core/journeys/run';
import type {Journey, JourneyFile} from '#core/journeys/view';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {loadJourneyViews} from '#node/contract/journeys';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {writtenSandbox} from '../helpers/contract';
import {testKeySignature} from './sandbox-harness';

const START = Date.parse('2025-11-14T05:00:00Z');
const dir = tempSandboxDir('journeys-run');
let compiled: CompiledSandbox;
let files: JourneyFile[];
let port: () => ReturnType<typeof enginePort>;

beforeAll(async () => {
  const {deref, sandbox} = await writtenSandbox(dir);
  compiled = sandbox;
  const loaded = loadJourneyViews(deref);
  expect(loaded.problems).toEqual([]);
  files = loaded.journeys;
  const located = new Map(listOperations(deref).map((l) => [l.op.operationId, l]));
  let n = 0;
  port = () =>
    enginePort({
      index: compiled.index,
      loadFamily: (family) => loadWrittenFamily(dir, family),
      start: START,
      seed: 7,
      uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      // Signed as a partner signs it, so the run also shows the sandbox's answer to a signed call.
      extraHeaders: (request, authorization, _reqId, nowMs) => {
        const l = located.get(request.route.id);
        return l
          ? testKeySignature(compiled, l, {url: request.url, authorization, body: request.body}, nowMs)
          : Promise.resolve({});
      },
    });
});

function byId(id: string): Journey {
  const found = files.flatMap((f) => f.journeys).find((j) => j.id === id);
  if (!found) throw new Error(`openapi/journeys/ has no workflow ${id}: name one it has.`);
  return found;
}

afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

describe('runJourney over the sandbox engine', () => {
  it('runs every workflow to its end, reaching the states its criteria name', async () => {
    const journeys = files.flatMap((f) => f.journeys);
    const runs = await Promise.all(journeys.map((j) => runJourney(j, port())));
    expect(
      journeys.flatMap(
        (j, i) => runs[i]?.runs.flatMap((r) => r.failures.map((f) => `${j.id} ${r.stepId}: ${f}`)) ?? [],
      ),
    ).toEqual([]);
    expect(runs.map((r) => r.runs.map((s) => s.state))).toEqual(
      journeys.map((j) => j.steps.map((s) => s.criteria.find((c) => c.on === 'state')?.value)),
    );
    // Signed as a partner signs, every step walks today's forms, as the Respect run requires.
    expect(journeys.flatMap((j, i) => retiredForms(j, runs[i] ?? {runs: []}))).toEqual([]);
  });

  it('shows each step: the request with its token, the answer, the webhooks that follow, no time waited', async () => {
    const journey = byId('payout-processing-then-paid');
    const p = port();
    const first = await runNextStep(journey, startRun(journey), p);
    const [create] = first.runs;
    expect(create?.request?.url).toBe('/api/v1/service/payout/orders');
    expect(create?.request?.headers.Authorization).toMatch(/^Bearer ey/);
    expect(JSON.parse(create?.answer?.body ?? '{}')).toMatchObject({response_code: 2, data: {status: 'PROCESSING'}});
    // The webhook the bank's answer sends, queued 30 seconds on: what follows the step.
    expect(create?.follows.map((w) => [w.webhook, (w.dueAt - START) / 1000])).toEqual([['payout-order-update', 30]]);
    let state = first;
    while (!finished(journey, state)) state = await runNextStep(journey, state, p);
    expect(p.now() - START).toBe(30_000);
    expect(state.runs.map((r) => [r.stepId, r.state ?? null, r.failures.length])).toEqual([
      ['create-order', 'PROCESSING', 0],
      ['status-processing', 'PROCESSING', 0],
      ['bank-confirms', null, 0],
      ['webhook-paid', 'SUCCESS', 0],
      ['status-paid', 'SUCCESS', 0],
    ]);
    // The webhook step answers with the delivery as the engine signed it.
    expect(state.runs[3]?.delivery?.headers['X-Signature']).toMatch(/^v1=[0-9a-f]{64}/);
  });

  it('rotates the webhook secret: both secrets sign during the overlap, the new one alone after', async () => {
    const journey = byId('webhooks-secret-rotation');
    const run = await runJourney(journey, port());
    expect(run.runs.filter((r) => r.kind === 'webhook').map((r) => [r.stepId, r.signedWith])).toEqual([
      ['webhook-both-secrets', ['previous', 'current']],
      ['webhook-new-secret', ['current']],
    ]);
    // Expecting the previous secret to sign after the overlap fails, saying what signed.
    const wrong = {
      ...journey,
      steps: journey.steps.map((s) =>
        s.id === 'webhook-new-secret'
          ? {
              ...s,
              criteria: s.criteria.map((c) =>
                c.on === 'signed-with' ? {...c, value: ['previous', 'current'] as const} : c,
              ),
            }
          : s,
      ),
    };
    expect((await runJourney(wrong, port())).runs.at(-1)?.failures).toEqual([
      "$response.header.X-Journeys-Signed-With == 'current': the delivery was signed with current",
    ]);
  });

  it('names a step that walks a form the API retires, with the header that says so', async () => {
    // The operator list's mobilenumber is deprecated (x-replaced-by: recharge-operator-lookup).
    const journey: Journey = {
      id: 'recharge-old-lookup',
      summary: 'An operator look-up in the deprecated form',
      inputs: {},
      steps: [
        {
          id: 'operator',
          description: 'Look the number up.',
          kind: 'call',
          operationId: 'recharge-operators',
          parameters: [{in: 'query', name: 'mobilenumber', value: '9000000001'}],
          criteria: [],
          outputs: {},
        },
      ],
    };
    expect(retiredForms(journey, await runJourney(journey, port()))).toEqual([
      "workflow recharge-old-lookup, step operator: the answer carries Deprecation: @1796063400, so the call used a form the API retires. Fix: send it as the current form (x-replaced-by on the contract's deprecated field or operation).",
      "workflow recharge-old-lookup, step operator: the answer carries Sunset: Wed, 30 Jun 2027 18:30:00 GMT, so the call used a form the API retires. Fix: send it as the current form (x-replaced-by on the contract's deprecated field or operation).",
    ]);
  });

  it('stops at a step whose criterion does not hold, saying what the answer had', async () => {
    const journey = byId('payout-paid');
    const wrong = {
      ...journey,
      steps: journey.steps.map((s, i) =>
        i === 0 ? {...s, criteria: s.criteria.map((c) => (c.on === 'response_code' ? {...c, value: 2} : c))} : s,
      ),
    };
    const run = await runJourney(wrong, port());
    expect(run.runs.map((r) => r.failures)).toEqual([['$response.body#/response_code == 1: the answer has 1']]);
  });
});
