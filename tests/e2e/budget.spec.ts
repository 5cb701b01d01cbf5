/**
 * Byte budgets: first-visit JS+CSS (gzip) per page type, measured the way `npm run bench` does
 * (scripts/bench/bytes.mjs: every script and stylesheet a cold browser fetches until the page
 * has hydrated). Byte counts are deterministic, so each ceiling sits just above the figure
 * measured when it was set: a change that adds weight fails here and must either be cut or
 * raise the ceiling in the same commit, with the reason. Lower a ceiling whenever you cut.
 */
import {expect, test} from './fixtures';
import {baseUrl} from './helpers/paths';
// The bench's own measuring function, so the test and the report can never disagree.
import {firstVisitBytes} from '../../scripts/bench/bytes.mjs';
import {FIRST_QUERIES, firstQueryBytes} from '../../scripts/bench/search.mjs';

/**
 * gzip bytes, each a little above what `npm run bench` measured when the ceiling was set (`npm run
 * bench` sets them beside the stock site's). A ceiling moves only with a reason, given in the commit
 * that moves it (with the figures); `git log -p tests/e2e/budget.spec.ts` has their history.
 */
const CEILINGS: readonly {readonly kind: string; readonly path: string; readonly max: number}[] = [
  {kind: 'home', path: '/', max: 146_400},
  {kind: 'docs (getting started)', path: '/docs/v1/', max: 183_200},
  {kind: 'API page (heaviest)', path: '/docs/v1/service/aeps/kyc', max: 184_900},
  {kind: 'API page', path: '/docs/v1/service/aeps/withdrawal', max: 186_000},
  {kind: 'blog post', path: '/blog/long-blog-post', max: 180_900},
  {kind: 'extra page', path: '/HeaderMarkdown', max: 176_200},
  {kind: 'extra page', path: '/BodyParam', max: 170_700},
  {kind: 'extra page', path: '/ResponseCode', max: 175_000},
  {kind: 'extra page', path: '/PanStatusResponse', max: 171_400},
  {kind: 'extra page (API index)', path: '/api', max: 176_000},
];

test.describe('first-visit JS+CSS budget (gzip)', () => {
  for (const c of CEILINGS) {
    test(`${c.kind} ${c.path} stays under ${c.max} bytes`, async ({browser}) => {
      const measured = await firstVisitBytes(browser, baseUrl, c.path);
      const detail = measured.assets.map((a) => `${a.gzip} ${a.url}`).join('\n');
      expect(measured.gzip, `${c.path}: ${measured.gzip} bytes gzip\n${detail}`).toBeLessThanOrEqual(c.max);
    });
  }
});

/**
 * A reader's first search: everything fetched from Ctrl+K until the first query's results are in
 * and the network is quiet (the results' code with the engine, their stylesheet, Pagefind's script
 * and wasm, the index metadata, the index chunks and the excerpts of the first pages shown), typed
 * a key every 150 ms as a quick typist does. The target is 150 KB gzip (design §6); the bench's queries, from the
 * getting-started page as the bench does.
 */
const FIRST_QUERY_MAX = 160_000;
// The four queries measured 117-149 KB on a quiet machine (the target holds; `npm run bench` reports
// it). The ceiling sits 10 KB above, not at the target: beside the other workers' tests a key can
// arrive after the typing pause, and the prefix then searched fetches one more index chunk (seen
// once: "cash withdrawal" at 154.7 KB with a 6.4 KB chunk for a prefix).

test.describe('first search download (gzip)', () => {
  for (const query of FIRST_QUERIES) {
    test(`"${query}" stays under ${FIRST_QUERY_MAX} bytes`, async ({browser}) => {
      const measured = await firstQueryBytes(browser, baseUrl, '/docs/v1/', query);
      const detail = measured.files.map((f) => `${f.gzip} ${f.url}`).join('\n');
      expect(measured.gzip, `"${query}": ${measured.gzip} bytes gzip\n${detail}`).toBeLessThanOrEqual(FIRST_QUERY_MAX);
    });
  }
});
