/** The bench report (scripts/bench/report.mjs): rows, targets and notes from a run's results. */
import {describe, expect, it} from 'vitest';
import {report} from '../../scripts/bench/report.mjs';

const SITES = {
  ours: {home: '/', docs: '/docs/v1/', blog: '/blog/long-blog-post'},
  stock: {home: '/', docs: '/docs/intro', blog: '/blog/long-blog-post'},
};

const page = (path: string, gzip: number) => ({path, gzip, raw: gzip * 3});
const lighthouse = (performance: number) => ({
  performance,
  tbtMs: 100,
  lcpMs: 1200,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  failing: performance < 95 ? ['render-blocking-resources'] : [],
  benchmarkIndex: 2000,
});

const RESULTS = {
  meta: {lighthouseRuns: 3, serving: 'nginx', loadAverageAfterBuilds: 3.2, cores: 2, docsDraft: false},
  build: {
    ours: {seconds: 30, warmSeconds: 31, peakRssMb: 800, routes: {indexHtml: 140, sitemapUrls: 130}},
    stock: {seconds: 20, warmSeconds: 10, peakRssMb: 500, routes: {indexHtml: 20, sitemapUrls: 18}},
  },
  bytes: {
    ours: {
      home: page('/', 1024),
      docs: page('/docs/v1/', 2048),
      api: page('/docs/v1/service/aeps/withdrawal', 2300),
      blog: page('/blog/long-blog-post', 900),
    },
    stock: {home: page('/', 1100), docs: page('/docs/intro', 2048), blog: page('/blog/long-blog-post', 950)},
  },
  searchIndex: {ours: {kind: 'pagefind', files: 80, gzip: 400_000}, stock: {gzip: 0}},
  search: {
    firstQuery: [{query: 'aeps', keyDelayMs: 120, gzip: 120_000}],
    medianLatencyMs: 40,
    queries: [
      {query: 'withdrawal', ok: true},
      {query: 'refund otp', ok: false, opened: '/docs/v1/service/dmt'},
    ],
  },
  lighthouse: {
    ours: {home: lighthouse(99), docs: lighthouse(90), api: lighthouse(98), blog: lighthouse(100)},
    stock: {home: lighthouse(97), docs: lighthouse(96), api: lighthouse(96), blog: lighthouse(96)},
  },
};

describe('bench report', () => {
  const {table, targets} = report(RESULTS, SITES);

  it('compares each figure with the stock site and judges it against its target', () => {
    expect(table).toContain(
      '| First-visit JS+CSS gzip, API (`/docs/v1/service/aeps/withdrawal` / `/docs/intro`) | 2.2 KB | 2.0 KB | 1.12× | ≤ 1.10 × stock /docs/intro (2.2 KB) | **no** |',
    );
    expect(table).toContain('| Cold build (s) | 30.0 | 20.0 | 1.50× |  |  |');
    expect(table).toContain(
      '| docs (`/docs/v1/` / `/docs/intro`) | 90 / 96 | 100 / 100 | 1200 / 1200 | 0.000 / 0.000 | 100 / 100 | 100 / 100 | 100 / 100 | **no** | yes |',
    );
  });

  it('lists every target with whether it is met, and names the missed ones first in the notes', () => {
    // docs and API bytes, first query, latency, reader queries, six Lighthouse figures on four pages.
    expect(targets).toHaveLength(5 + 6 * 4);
    expect(targets.filter((t) => t.met === false).map((t) => t.figure)).toEqual([
      'First-visit JS+CSS gzip, API (`/docs/v1/service/aeps/withdrawal` / `/docs/intro`)',
      'Search: reader queries whose expected page opens first',
      'Lighthouse mobile docs: Performance',
    ]);
    const notes = table.split('\n\n').at(-1)?.split('\n');
    expect(notes?.[0]).toMatch(/^Targets met: 26 of 29 \(missed: /);
    expect(notes?.slice(1)).toEqual([
      'Search "refund otp" opened /docs/v1/service/dmt first.',
      'Lighthouse docs (ours) fails: render-blocking-resources.',
    ]);
  });

  it("judges the dev server's first start, to the home page shown, against 1.5x the stock site's, and prints the rest beside it", () => {
    const dev = (shown: number, ok: number, second: number) => ({
      coldShownSeconds: shown,
      coldStartSeconds: ok,
      secondShownSeconds: second + 1,
      secondStartSeconds: second,
      edits: {},
    });
    const within = report({...RESULTS, dev: {ours: dev(14.9, 9, 6), stock: dev(10, 8, 4)}}, SITES);
    expect(within.table).toContain('| Dev first start to home shown (s) | 14.9 | 10.0 | 1.49× | ≤ 1.5× stock | yes |');
    expect(within.table).toContain('| Dev first start to home 200 (s) | 9.0 | 8.0 | 1.13× |  |  |');
    expect(within.table).toContain('| Dev second start to home shown (s) | 7.0 | 5.0 | 1.40× |  |  |');
    expect(within.table).toContain('| Dev second start to home 200 (s) | 6.0 | 4.0 | 1.50× |  |  |');
    // The answer 200 alone does not meet the target: the page must be shown.
    const over = report({...RESULTS, dev: {ours: dev(15.1, 9, 6), stock: dev(10, 8, 4)}}, SITES);
    expect(over.targets.filter((t) => t.figure.startsWith('Dev first start'))).toEqual([
      {figure: 'Dev first start to home shown (s)', target: '≤ 1.5× stock', value: 15.1, met: false},
    ]);
    // --only-dev: the dev rows alone.
    const onlyDev = report({meta: RESULTS.meta, dev: {ours: dev(14.9, 9, 6), stock: dev(10, 8, 4)}}, SITES);
    expect(onlyDev.table).toContain('| Dev first start to home shown (s) | 14.9 |');
    expect(onlyDev.table).not.toContain('Cold build');
  });

  it('leaves out the sections a run skipped', () => {
    const {table: bytesOnly} = report({...RESULTS, lighthouse: undefined, search: undefined}, SITES);
    expect(bytesOnly).not.toContain('Lighthouse');
    expect(bytesOnly).not.toContain('Search: first query');
    expect(bytesOnly).toContain('Search index on disk');
  });
});
