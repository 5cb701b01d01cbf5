/**
 * Byte budgets: first-visit JS+CSS (gzip) per page type, measured the way `npm run bench` does
 * (scripts/bench/bytes.mjs: every script and stylesheet a cold browser fetches until the page
 * has hydrated). Byte counts are deterministic, so each ceiling sits just above the figure
 * measured when it was set: a change that adds weight fails here and must either be cut or
 * raise the ceiling in the same commit, with the reason. Lower a ceiling whenever you cut.
 *
 * A reader's first search download is not here: what it fetches depends on how fast the query is
 * typed (each word on the way is searched, and a prefix can fetch one more index chunk), so beside
 * other tests it missed a ceiling the code still met. `npm run bench` reports it as a figure
 * ("Search: first query", typed at one key per 150 ms on a machine doing nothing else), against the
 * 150 KB target of design §6 (issue 35).
 */
import {expect, test} from './fixtures';
import {baseUrl} from './helpers/paths';
// The bench's own measuring function, so the test and the report can never disagree.
import {firstVisitBytes} from '../../scripts/bench/bytes.mjs';

/**
 * gzip bytes, each a little above what `npm run bench` measured when the ceiling was set (`npm run
 * bench` sets them beside the stock site's). A ceiling moves only with a reason, given in the commit
 * that moves it (with the figures); `git log -p tests/e2e/budget.spec.ts` has their history.
 */
const CEILINGS: readonly {readonly kind: string; readonly path: string; readonly max: number}[] = [
  {kind: 'home', path: '/', max: 148_500},
  {kind: 'docs (getting started)', path: '/docs/v1/', max: 185_000},
  {kind: 'API page (heaviest)', path: '/docs/v1/service/aeps/kyc', max: 185_900},
  {kind: 'API page', path: '/docs/v1/service/aeps/withdrawal', max: 188_200},
  {kind: 'blog post', path: '/blog/long-blog-post', max: 184_700},
  {kind: 'extra page', path: '/HeaderMarkdown', max: 181_700},
  {kind: 'extra page', path: '/BodyParam', max: 172_200},
  {kind: 'extra page', path: '/ResponseCode', max: 178_900},
  {kind: 'code page (every client wrapper)', path: '/docs/v1/client-wrapper', max: 196_100},
  {kind: 'extra page', path: '/PanStatusResponse', max: 172_700},
  {kind: 'extra page (API index)', path: '/api', max: 178_000},
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
