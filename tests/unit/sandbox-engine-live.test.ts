/**
 * Live ids and times (core/sandbox/engine/live.ts, issue 26): the table on hand-made bodies, then the
 * engine over the real scenarios with a seed and a clock: fresh ids per session, `expires_at` after
 * now, the same seed giving the same answers, repeats and status calls naming the send's ids.
 */
import fs from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {EXAMPLE_NOW, formatLike, idNumbers, liven, liveTable, sentStrings} from '#core/sandbox/engine/live';
import type {JsonObject} from '#core/sandbox/model';
import {SANDBOX_RETENTION_HOURS} from '#core/sandbox/engine/retention';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {postingSandbox} from './sandbox-harness';
import {compiledContract, writtenSandbox} from '../helpers/contract';

const NOW = Date.parse('2026-11-27T01:00:00Z');

describe('the live table', () => {
  const numbers = idNumbers(7);
  const table = (answer: JsonObject, later: {body: JsonObject; at: number}[] = [], sent: string[] = []) => {
    let seq = 0;
    return liveTable({
      answer: {body: answer, at: NOW},
      later,
      sent: new Set(sent),
      idFields: [],
      next: () => numbers(++seq),
    });
  };

  it('gives each made-up id a new value of the same shape, and leaves what the request sent', () => {
    const t = table({data: {ackno: 'AEPS8841203394', utr: '531810774520', referenceid: 'RR-1'}}, [], ['531810774520']);
    expect(t.AEPS8841203394).toMatch(/^AEPS\d{10}$/);
    expect(t.AEPS8841203394).not.toBe('AEPS8841203394');
    expect(t['531810774520']).toBeUndefined();
    expect(t['RR-1']).toBeUndefined();
  });

  it("puts the answer's earliest event at now and keeps a deadline's distance from it", () => {
    const t = table({data: {txn_time: '2025-11-14T10:42:07+05:30', expires_at: '2025-11-14T10:57:07+05:30'}});
    expect(t['2025-11-14T10:42:07+05:30']).toBe('2026-11-27T06:30:00+05:30');
    expect(Date.parse(t['2025-11-14T10:57:07+05:30'] as string) - NOW).toBe(15 * 60_000);
  });

  it('places an answer with deadlines only from the moment the examples are written at', () => {
    const t = table({data: {expires_at: '2025-11-14T10:57:07+05:30'}});
    expect(Date.parse(t['2025-11-14T10:57:07+05:30'] as string)).toBe(
      NOW + Date.parse('2025-11-14T10:57:07+05:30') - EXAMPLE_NOW,
    );
  });

  it("keeps a later body's event times between the answer and the moment that body is given", () => {
    const later = [
      {body: {updated_at: '2025-11-14T12:00:00+05:30', txn_time: '2025-11-13T00:00:00+05:30'}, at: NOW + 30_000},
    ];
    const t = table({data: {created_at: '2025-11-14T10:42:07+05:30'}}, later);
    expect(Date.parse(t['2025-11-14T12:00:00+05:30'] as string)).toBe(NOW + 30_000);
    expect(Date.parse(t['2025-11-13T00:00:00+05:30'] as string)).toBe(NOW);
  });

  it("keeps a later body's respond_by (a UPI dispute's deadline) its distance after the event, unclamped", () => {
    const raised = '2025-11-20T11:05:12+05:30';
    const respondBy = '2025-11-25T18:00:00+05:30';
    const t = table({data: {raised_at: raised}}, [{body: {raised_at: raised, respond_by: respondBy}, at: NOW + 2_000}]);
    expect(Date.parse(t[raised] as string)).toBe(NOW);
    expect(Date.parse(t[respondBy] as string) - NOW).toBe(Date.parse(respondBy) - Date.parse(raised));
  });

  it("maps a later body's id field to the answer's live value, and rewrites ids inside URLs", () => {
    const t = table({data: {session_id: 'DMTS7K2M9Q4X1B', url: 'https://j.example/s/DMTS7K2M9Q4X1B?t=f3a9c1e07b'}}, [
      {body: {data: {session_id: 'DMTS0000000000'}}, at: NOW},
    ]);
    expect(t.DMTS0000000000).toBe(t.DMTS7K2M9Q4X1B);
    const body = liven({data: {url: 'https://j.example/s/DMTS7K2M9Q4X1B?t=f3a9c1e07b'}}, t) as {data: {url: string}};
    expect(body.data.url).toBe(`https://j.example/s/${t.DMTS7K2M9Q4X1B}?t=${t.f3a9c1e07b}`);
    expect(body.data.url).not.toContain('f3a9c1e07b');
  });

  it('writes a time in the offset of the example, to the second', () => {
    expect(formatLike(Date.parse('2026-11-27T01:00:00.750Z'), '2025-11-14T10:42:07+05:30')).toBe(
      '2026-11-27T06:30:00+05:30',
    );
    expect(formatLike(Date.parse('2026-11-27T01:00:00Z'), '2025-11-14T10:42:07Z')).toBe('2026-11-27T01:00:00Z');
  });

  it('collects every string a request sent, at any depth', () => {
    expect([...sentStrings({a: 'x', b: [{c: 'y'}], d: 1})]).toEqual(['x', 'y']);
  });

  it('starts each seed somewhere else, one number per id after that', () => {
    expect(idNumbers(1)(1)).not.toBe(idNumbers(2)(1));
    expect(idNumbers(1)(2)).toBe(idNumbers(1)(1) + 1);
  });
});

const {sandbox: compiled} = await compiledContract();
const dir = tempSandboxDir('live');
beforeAll(() => writtenSandbox(dir), 60_000);
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/** A sandbox on the real scenarios, with a clock the test moves, and a POST as the partner. */
function engine(seed: number) {
  return postingSandbox(compiled, dir, NOW, seed);
}

const session = (referenceid: string): JsonObject => ({
  referenceid,
  merchantcode: 'RRM000451',
  remitter_mobile: '9000000002',
  redirect_url: 'https://partner.example.com/dmt/done',
});

describe('the engine, live', () => {
  it('gives two DMT sessions different ids and URLs, each expiring 15 minutes from now', async () => {
    const e = engine(1);
    const a = (await e.post('/service/dmt/generate/url', session('RR-LIVE-1'))).data;
    const b = (await e.post('/service/dmt/generate/url', session('RR-LIVE-2'))).data;
    expect(a.session_id).not.toBe(b.session_id);
    expect(a.url).not.toBe(b.url);
    // The link carries a one-time code in its path (never the session id, never a query string).
    expect(String(a.url)).not.toMatch(/[?#]/);
    expect(Date.parse(String(a.expires_at))).toBe(NOW + 15 * 60_000);
  });

  it('answers the same for the same seed, and other ids for another seed', async () => {
    const once = async (seed: number) =>
      (await engine(seed).post('/service/dmt/generate/url', session('RR-LIVE-1'))).data;
    expect(await once(5)).toEqual(await once(5));
    expect((await once(5)).session_id).not.toBe((await once(6)).session_id);
  });

  it("answers a repeat with the original's ids and times, later", async () => {
    const e = engine(3);
    const first = (await e.post('/service/dmt/generate/url', session('RR-LIVE-3'))).data;
    e.advance(60);
    const again = await e.post('/service/dmt/generate/url', session('RR-LIVE-3'));
    expect(again.response_code).toBe(4);
    expect([again.data.session_id, again.data.url, again.data.expires_at]).toEqual([
      first.session_id,
      first.url,
      first.expires_at,
    ]);
  });

  it('answers a status call and a webhook with the ids the send got', async () => {
    const e = engine(4);
    const sent = (await e.post('/service/dmt/generate/url', session('RR-LIVE-4'))).data;
    const status = (await e.post('/service/dmt/transfer/status', {referenceid: 'RR-LIVE-4'})).data;
    expect(status.session_id).toBe(sent.session_id);
    const hooks = e.sandbox.pendingWebhooks().map((w) => JSON.parse(w.body) as Record<string, unknown>);
    expect(hooks.length).toBeGreaterThan(0);
    for (const hook of hooks) expect(hook.session_id).toBe(sent.session_id);
  });

  it('answers a repeat with code 4 within the retention, and afresh after it', async () => {
    const e = engine(8);
    await e.post('/service/dmt/generate/url', session('RR-LIVE-8'));
    e.advance((SANDBOX_RETENTION_HOURS - 1) * 3600);
    expect((await e.post('/service/dmt/generate/url', session('RR-LIVE-8'))).response_code).toBe(4);
    e.advance(2 * 3600);
    // The sweep runs on the first request after a minute of clock time; the repeat after it is new.
    await e.post('/service/dmt/transfer/status', {referenceid: 'RR-NONE'});
    expect((await e.post('/service/dmt/generate/url', session('RR-LIVE-8'))).response_code).toBe(1);
  });
});
