/**
 * Issue 27's definition of done: the reference partner passes every certify check; the naive one
 * fails exactly the named ones. Real HTTP on ports 0, a manual clock (no real waits). The last test
 * holds the example output of a real run as a file snapshot, which README.md and the docs page
 * show (scripts/certify-output.ts copies it there; tests/unit/certify-output.test.ts checks).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {certifyData} from '../../certify/src/bundle';
import {certifyClient} from '../../certify/src/client';
import type {CertifyData} from '../../certify/src/data';
import {fetchTransport} from '../../certify/src/http';
import {startRecorder} from '../../certify/src/recorder';
import {terminalSummary, type ReportContext} from '../../certify/src/report';
import type {CertifyReport} from '../../certify/src/types';
import {certifyWebhook} from '../../certify/src/webhook';
import type {FamilyValidators} from '#core/sandbox/model';
import {manualClock, runClient, startReceiver, type Kind, type ManualClock} from '../fixtures/certify/partners';

let data: CertifyData;
const validators: Record<string, FamilyValidators> = {};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rupeerail-certify-test-'));

beforeAll(async () => {
  const built = await certifyData();
  data = built.data;
  for (const v of built.validatorFiles) {
    const file = path.join(dir, `${v.family}.validators.mjs`);
    fs.writeFileSync(file, v.text);
    validators[v.family] = (await import(pathToFileURL(file).href)) as FamilyValidators;
  }
}, 180_000);

afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

const SECRET = 'partner_webhook_secret_1';
let n = 0;
const random = (): string => `0123456789abcdef${String(++n).padStart(16, '0')}`;

/** A clock that moves 3 ms each time it is read, so answer times are the same on every run. */
function steppingClock(): ManualClock {
  const clock = manualClock();
  return {now: () => (clock.advance(3), clock.now()), advance: (ms) => clock.advance(ms)};
}

async function webhookRun(kind: Kind, clock: ManualClock = manualClock()): Promise<CertifyReport> {
  const receiver = await startReceiver(kind, SECRET, clock);
  try {
    return await certifyWebhook({
      url: receiver.url,
      secret: SECRET,
      events: data.events,
      clock,
      send: fetchTransport,
      random,
    });
  } finally {
    await receiver.close();
  }
}

async function clientRun(kind: Kind): Promise<CertifyReport> {
  const clock = manualClock();
  const recorder = await startRecorder({
    index: data.index,
    loadFamily: (f) => ({model: data.families.find((m) => m.family === f)!, validators: validators[f]!}),
    clock,
    port: 0,
    seed: 27,
  });
  const limited = data.families
    .flatMap((f) => f.operations.flatMap((o) => o.scenarios))
    .find((s) => s.httpStatus === 429);
  try {
    await runClient(kind, recorder.url, clock, {...data.index.credentials, limitedPartnerId: limited!.partnerId!});
  } finally {
    await recorder.close();
  }
  return certifyClient(recorder.exchanges, data.client, recorder.url);
}

const failedIds = (r: CertifyReport): string[] => r.results.filter((x) => !x.passed).map((x) => x.rule.id);

describe('certify against the reference and the naive partner', () => {
  it('the reference webhook receiver passes every webhook check', async () => {
    const report = await webhookRun('reference');
    expect(failedIds(report)).toEqual([]);
    expect(report.results).toHaveLength(8);
  });

  it('the naive receiver fails exactly the refusal checks', async () => {
    expect(failedIds(await webhookRun('naive'))).toEqual([
      'webhook-body-changed',
      'webhook-wrong-secret',
      'webhook-stale-timestamp',
      'webhook-missing-headers',
    ]);
  });

  it('the reference client passes every client check', async () => {
    expect(failedIds(await clientRun('reference'))).toEqual([]);
  });

  it('the naive client fails resend, cadence and Retry-After', async () => {
    const report = await clientRun('naive');
    expect(failedIds(report)).toEqual([
      'client-no-resend-after-pending',
      'client-status-cadence',
      'client-retry-after',
    ]);
    expect(report.results.find((r) => !r.passed)?.evidence?.request).toContain('POST /api/v1/service/payout/orders');
  });
});

const ctx = (): ReportContext => ({
  siteUrl: data.site.url,
  productName: data.site.name,
  apiVersion: data.site.apiVersion,
});

/** The run's output with its random ports replaced by the documented defaults. */
const steady = (text: string): string =>
  text
    .replace(/http:\/\/127\.0\.0\.1:\d+\/webhooks/g, 'http://localhost:3000/webhooks')
    .replace(/127\.0\.0\.1:\d+\/api/g, '127.0.0.1:4010/api');

describe('the example output in the docs page and the README', () => {
  it('is a real run, kept as a file snapshot (-u updates it; npm run docs:certify-output copies it into the pages)', async () => {
    const webhook = steady(terminalSummary(await webhookRun('reference', steppingClock()), ctx()));
    const client = steady(terminalSummary(await clientRun('naive'), ctx()));
    const block = [
      '```text',
      '$ npm run certify -- --webhook-url http://localhost:3000/webhooks/rupeerail --secret "$WEBHOOK_SECRET"',
      webhook,
      '$ npm run certify -- --client --for 10m',
      '(a client that resends on pending, polls every second and ignores Retry-After)',
      client.trimEnd(),
      '```',
    ].join('\n');
    await expect(`${block}\n`).toMatchFileSnapshot('__snapshots__/certify-output.txt');
  }, 60_000);
});
