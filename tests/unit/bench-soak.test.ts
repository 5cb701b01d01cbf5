/** The soak's pure parts (scripts/bench/soak.mjs): the percentile and the report line. */
import {describe, expect, it} from 'vitest';
import {percentile, soakLines} from '../../scripts/bench/soak.mjs';

describe('the sandbox soak', () => {
  it('takes the nearest-rank percentile', () => {
    const xs = Array.from({length: 100}, (_, i) => 100 - i);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile([], 99)).toBe(0);
  });

  it('reports requests per second, p99 and RSS before and after', () => {
    expect(
      soakLines({requests: 100_000, seconds: 200, p99Ms: 12.34, rssBeforeMb: 170.2, rssAfterMb: 230.7, errors: 0}),
    ).toEqual([
      '| Sandbox soak | 100,000 requests | 500 req/s | p99 12.3 ms | RSS 170 MB before, 231 MB after | 0 errors |',
    ]);
  });
});
