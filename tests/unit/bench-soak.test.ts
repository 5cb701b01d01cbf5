/** The soak's pure parts (scripts/bench/soak.mjs): the percentile, the mix, the plateau and the report line. */
import {describe, expect, it} from 'vitest';
import {percentile, plateauOf, requestOf, soakLines} from '../../scripts/bench/soak.mjs';

describe('the sandbox soak', () => {
  it('takes the nearest-rank percentile', () => {
    const xs = Array.from({length: 100}, (_, i) => 100 - i);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile([], 99)).toBe(0);
  });

  it('reports requests per second, p99, RSS every 10,000 requests and whether it plateaus', () => {
    const figures = {requests: 60_000, seconds: 120, p99Ms: 12.34, rssBeforeMb: 170.2, errors: 0};
    expect(soakLines({...figures, rssSamplesMb: [180, 200, 210, 212, 214, 213.6]})).toEqual([
      '| Sandbox soak | 60,000 requests | 500 req/s | p99 12.3 ms | RSS 170 MB before; every 10,000: 180, 200, 210, 212, 214, 214 MB | plateaus (+4 MB over the second half) | 0 errors |',
    ]);
    expect(soakLines({...figures, rssSamplesMb: [180, 200, 220, 240, 260, 280]})[0]).toContain(
      '| still growing (+60 MB over the second half) |',
    );
    expect(plateauOf([180, 200, 210])).toEqual({plateau: undefined, growthMb: 0});
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
});
