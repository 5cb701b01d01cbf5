/**
 * The soak's parts (scripts/bench/soak.mjs): the percentile, the mix, the plateau, the report line,
 * and the headers it sends, against the sandbox engine in process.
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {createSandbox, memoryStore} from '#core/sandbox/engine';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {headersOf, percentile, plateauOf, requestOf, soakLines} from '../../scripts/bench/soak.mjs';
import {writtenSandbox} from '../helpers/contract';

describe('the sandbox soak', () => {
  it('takes the nearest-rank percentile', () => {
    const xs = Array.from({length: 100}, (_, i) => 100 - i);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile([], 99)).toBe(0);
  });

  it('reports requests per second, p99, RSS every 10,000 requests and whether it plateaus after the token window', () => {
    const figures = {requests: 60_000, seconds: 600, p99Ms: 12.34, rssBeforeMb: 170.2, errors: 0};
    const at = (mbs: number[]) => mbs.map((mb, i) => ({mb, atSeconds: (i + 1) * 100}));
    // Growth inside the window (the first two samples, up to 200 s) does not count; a sawtooth after it
    // (peaks 306 then 309.6) plateaus.
    expect(soakLines({...figures, rssSamples: at([180, 250, 300, 306, 280, 309.6, 290])})).toEqual([
      "| Sandbox soak | 60,000 requests in 600 s | 100 req/s | p99 12.3 ms | RSS 170 MB before; every 10,000: 180, 250, 300, 306, 280, 310, 290 MB | plateaus (+4 MB, later half's peak on earlier half's, of the 5 samples after the 5-minute token window) | 0 errors |",
    ]);
    expect(soakLines({...figures, rssSamples: at([180, 200, 220, 240, 260, 280])})[0]).toContain(
      "| still growing (+40 MB, later half's peak on earlier half's, of the 4 samples after the 5-minute token window) |",
    );
    expect(soakLines({...figures, rssSamples: at([180, 200, 210, 212, 214])})[0]).toContain(
      '| too short to tell: 3 of 4 samples after the 5-minute token window (run longer: --seconds) |',
    );
    expect(plateauOf([])).toEqual({plateau: undefined, growthMb: 0, after: 0});
  });

  it('mixes new orders, status calls and repeats of earlier orders, malformed bodies and reads', () => {
    const kinds = Array.from({length: 10}, (_, i) => requestOf(20 + i));
    expect(kinds.map((r) => `${r.method} ${r.path} ${r.expect}`)).toEqual([
      ...Array<string>(4).fill('POST /api/v1/service/payout/orders 200'),
      ...Array<string>(2).fill('POST /api/v1/service/payout/orders/status 200'),
      'POST /api/v1/service/payout/orders 200',
      'POST /api/v1/service/payout/orders 400',
      ...Array<string>(2).fill('GET /api/v1/common/bank 200'),
    ]);
    // The status call and the repeat name the order request 20 sent the round before (request 10).
    const referenceOf = (n: number): unknown =>
      (JSON.parse(requestOf(n).body ?? '{}') as {referenceid?: string}).referenceid;
    expect(referenceOf(24)).toBe(referenceOf(10));
    expect(referenceOf(24)).toMatch(/^RR-SOAK-\d+-10$/);
    expect(requestOf(26).body).toBe(requestOf(10).body);
  });

  // Issue 33: a soak of unsigned orders measures the transition window, not the signed path partners
  // are moving to; the engine answers an unsigned order with Deprecation, which the soak counts as an error.
  it("signs each payout order with the sandbox's test key, so no answer carries Deprecation", async () => {
    const dir = tempSandboxDir('bench-soak');
    try {
      const {sandbox: compiled} = await writtenSandbox(dir);
      const engine = createSandbox({
        index: compiled.index,
        loadFamily: (family) => loadWrittenFamily(dir, family),
        clock: {now: () => Date.now()},
        store: memoryStore(),
      });
      const sendN = async (n: number, drop: readonly string[] = []) => {
        const r = requestOf(n);
        const headers = Object.fromEntries(Object.entries(await headersOf(n)).filter(([k]) => !drop.includes(k)));
        return engine.send({method: r.method, url: r.path, headers, body: r.body});
      };
      for (const n of [20, 21, 24, 26, 27, 28]) {
        const res = await sendN(n);
        expect([n, res.status, res.headers.Deprecation]).toEqual([n, requestOf(n).expect, undefined]);
      }
      expect(Object.keys(await headersOf(24))).toEqual(['authorization', 'content-type']);
      const unsigned = await sendN(30, ['Signature-Input', 'Signature', 'Content-Digest']);
      expect(unsigned.headers.Deprecation).toMatch(/^@\d+$/);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});
