// @ts-check
// Search as a reader meets it: what the first query downloads, how long results take to follow a
// keystroke once the index is in, and which pages the reader queries put first.
import {gzipSize, median} from './lib.mjs';

/** The box in the navbar (the visible one: phones have the same input, collapsed). */
const INPUT = 'input.navbar__search-input:visible';
/** Results are ARIA options of a listbox, whatever renders them. */
const OPTION = '[role="listbox"] [role="option"]';
const QUIET_MS = 1000;

/**
 * The queries a reader types (issue 12) and the page each should open first.
 * @type {readonly {query: string, expect: string | RegExp}[]}
 */
export const READER_QUERIES = [
  {query: 'cash withdrawal', expect: '/docs/v1/service/aeps/withdrawal'},
  {query: 'aadhaar_number', expect: /^\/docs\/v1\/service\/aeps\//},
  // A field of BBPS payments and of card bill payments (paid over BBPS): a page of either family
  // that documents it.
  {query: 'bbpsrefid', expect: /^\/docs\/v1\/service\/(?:bbps|paycc)\b/},
  {query: 'code 14', expect: '/ResponseCode'},
  {query: 'LIMIT_EXCEEDED', expect: '/ResponseCode'},
  {query: 'IIN', expect: '/docs/v1/common/bank'},
  {query: 'BBPS', expect: /^\/docs\/v1\/service\/bbps\b/},
  {query: 'mini statement', expect: '/docs/v1/service/aeps/statement'},
  {query: 'response code', expect: '/ResponseCode'},
  // Exact keys (issue 34): a header opens the section that defines it, a path its operation (the
  // POST of the two on it), a code number its row; a phrase of the guides is not answered by a post.
  {query: 'X-Signature', expect: '/docs/v1/webhooks'},
  {query: '/service/payout/orders', expect: '/docs/v1/service/payout/orders'},
  {query: 'response code 5', expect: '/ResponseCode'},
  {query: 'payout-order-status', expect: '/docs/v1/service/payout/orders/status'},
  {query: 'status call', expect: /^\/(?!blog\/)/},
];

/**
 * Queries whose first-search download the bench measures (and tests/e2e/budget.spec.ts holds under
 * its ceiling): one word, a field name, two words, a product term.
 */
export const FIRST_QUERIES = ['IIN', 'aadhaar_number', 'cash withdrawal', 'mini statement'];

/** @param {string} path @param {string | RegExp} expect */
const matches = (path, expect) => (typeof expect === 'string' ? path === expect : expect.test(path));

/**
 * Bytes of everything fetched from the moment the reader presses Ctrl+K on `page` until the first
 * query's results are shown and the network has been quiet for QUIET_MS: the search code, the
 * engine, the index and whatever the results need. Sizes as in bytes.mjs (gzip 9 of each body).
 * The query is typed a key every `keyDelayMs` (150: a quick typist), so each word on the way
 * is searched as a reader's would be.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {string} pagePath @param {string} query
 * @param {number} [keyDelayMs]
 */
export async function firstQueryBytes(browser, origin, pagePath, query, keyDelayMs = 150) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(origin + pagePath, {waitUntil: 'load'});
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout: 60_000});
    await page.waitForTimeout(QUIET_MS);
    /** @type {Promise<{url: string, raw: number, gzip: number}>[]} */
    const bodies = [];
    let lastActivity = performance.now();
    // Context-level: requests of the page's workers (a search engine's worker) are counted too.
    context.on('request', () => (lastActivity = performance.now()));
    context.on('response', (res) => {
      lastActivity = performance.now();
      // Route prefetches start on the first key press too (src/client/idle-prefetch.ts): not search's.
      if (res.request().resourceType() === 'other' && /\/assets\/js\//.test(res.url())) return;
      bodies.push(
        res.body().then(
          (b) => ({url: new URL(res.url()).pathname, raw: b.length, gzip: gzipSize(b)}),
          () => ({url: new URL(res.url()).pathname, raw: 0, gzip: 0}),
        ),
      );
    });
    await page.keyboard.press('Control+k');
    await page.locator(INPUT).pressSequentially(query, {delay: keyDelayMs});
    // Results for the whole query, with their excerpts in (the box fetches those after a pause in
    // typing, marking the list aria-busy until then), then a quiet network.
    await page
      .locator(`[role="listbox"][data-results-for="${query.trim()}"]:not([aria-busy="true"]) [role="option"]`)
      .first()
      .waitFor({timeout: 30_000});
    lastActivity = Math.max(lastActivity, performance.now());
    while (performance.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    const files = await Promise.all(bodies);
    return {
      query,
      keyDelayMs,
      raw: files.reduce((n, f) => n + f.raw, 0),
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      files: files.sort((a, b) => b.gzip - a.gzip),
    };
  } finally {
    await context.close();
  }
}

/**
 * For each query: the first results' titles and the page Enter opens, and the milliseconds from
 * the query's last keystroke to the results of the whole query shown (`latencyMs`, the issue's
 * 100 ms target) and to their excerpts shown (`excerptsMs`: the box waits for a pause in typing
 * before fetching them), with the index already loaded by an earlier query.
 * @param {import('playwright-core').Browser} browser @param {string} origin
 * @returns {Promise<{medianLatencyMs: number | null, queries: {query: string, opened: string, ok: boolean, top: string[], latencyMs: number, excerptsMs: number}[]}>}
 */
export async function queryQuality(browser, origin, queries = READER_QUERIES) {
  const context = await browser.newContext();
  const out = [];
  try {
    const page = await context.newPage();
    for (const {query, expect} of queries) {
      await page.goto(`${origin}/docs/v1/`, {waitUntil: 'load'});
      await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout: 60_000});
      const input = page.locator(INPUT);
      await input.click();
      // Warm: the engine and index are loaded by a first query, as they are after a reader's first.
      await input.pressSequentially('upi', {delay: 20});
      await page.locator(OPTION).first().waitFor({timeout: 30_000});
      await input.fill('');
      await input.pressSequentially(query.slice(0, -1), {delay: 20});
      await page.waitForTimeout(500);
      // Time the last keystroke: from its keydown to the list showing results for the whole query
      // (data-results-for), and to their excerpts being in (aria-busy off, after the box's pause).
      await page.evaluate((q) => {
        const w = /** @type {any} */ (window);
        w.__shownAt = 0;
        w.__excerptsAt = 0;
        w.__keyAt = 0;
        document.addEventListener('keydown', (e) => (w.__keyAt = e.timeStamp), {capture: true, once: true});
        const list = document.querySelector('[role="listbox"]');
        const check = () => {
          if (!w.__keyAt || list?.getAttribute('data-results-for') !== q) return;
          w.__shownAt ||= performance.now();
          if (list.getAttribute('aria-busy') !== 'true') w.__excerptsAt ||= performance.now();
        };
        if (list) new MutationObserver(check).observe(list, {attributes: true, childList: true, subtree: true});
      }, query.trim());
      await input.press(query.slice(-1));
      await page.waitForTimeout(1500);
      const {latencyMs, excerptsMs} = await page.evaluate(() => {
        const w = /** @type {any} */ (window);
        return {latencyMs: Math.max(0, w.__shownAt - w.__keyAt), excerptsMs: Math.max(0, w.__excerptsAt - w.__keyAt)};
      });
      const top = (await page.locator(OPTION).allInnerTexts()).slice(0, 3).map((t) => t.split('\n')[0] ?? '');
      const before = page.url();
      await input.press('Enter');
      await page.waitForURL((u) => u.href !== before, {timeout: 15_000}).catch(() => {});
      const opened = new URL(page.url()).pathname.replace(/(.)\/$/, '$1');
      out.push({
        query,
        opened,
        ok: matches(opened, expect),
        top,
        latencyMs: Math.round(latencyMs),
        excerptsMs: Math.round(excerptsMs),
      });
    }
  } finally {
    await context.close();
  }
  return {medianLatencyMs: median(out.map((q) => q.latencyMs)), queries: out};
}
