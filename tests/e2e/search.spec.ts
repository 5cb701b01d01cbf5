/**
 * Offline search (@easyops-cn/docusaurus-search-local) in Chromium against the built site:
 * the index is fetched only once the reader reaches for the search box, Ctrl+K focuses it, it
 * works in the phone layout, the words searched are highlighted on the page opened, and the
 * queries a reader would type put the right page first.
 *
 * Ranking: the plugin searches page titles, then headings, then descriptions and body text,
 * and lists title hits first, so "first result" mostly tests that titles say what a page is.
 * Enter opens the first suggestion (the plugin selects it as you type).
 *
 * Targets whose page is not in this build yet (family pages still being written) are skipped
 * with their path in the name, and start running as soon as the page is built.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Browser, Page} from 'playwright-core';
import {launchBrowser, openPage, problemList} from './helpers/browser';
import {buildDir} from './helpers/paths';

// :visible: while the plugin's bar mounts, a hidden copy sits behind the stand-in (src/theme/SearchBar).
const SEARCH_INPUT = 'input.navbar__search-input:visible';
/** autocomplete.js renders an ARIA listbox; its classes are CSS-module hashes. */
const SUGGESTION = '[role="listbox"] [role="option"]';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Is there a built page at this route (a docs family may not be written yet)? */
function built(route: string): boolean {
  const bare = route.replace(/\/$/, '');
  return existsSync(join(buildDir, bare, 'index.html')) || existsSync(join(buildDir, `${bare}.html`));
}

function builtUnder(prefix: string): boolean {
  return existsSync(join(buildDir, prefix));
}

/** Type a query the way a reader does and open the first suggestion; returns the page opened. */
async function searchAndOpenFirst(page: Page, query: string): Promise<URL> {
  const input = page.locator(SEARCH_INPUT);
  await input.click();
  await input.pressSequentially(query, {delay: 20});
  await page.locator(SUGGESTION).first().waitFor({state: 'visible', timeout: 15_000});
  const before = page.url();
  await input.press('Enter');
  await page.waitForURL((url) => url.href !== before, {timeout: 15_000});
  return new URL(page.url());
}

describe('loading', () => {
  it('nothing search-related is fetched until the box is focused; Ctrl+K focuses it and loads the index', async () => {
    const {page, problems, close} = await openPage(browser, '/docs/v1/service/aeps/withdrawal');
    const requests: string[] = [];
    const workers: string[] = [];
    // Route prefetches (<link rel=prefetch>, resource type "other") start on the first key press
    // too (src/client/idle-prefetch.ts) and may repeat chunks the page has: not search's doing.
    page.on('request', (r) => {
      if (r.resourceType() !== 'other') requests.push(r.url());
    });
    page.on('worker', (w) => workers.push(w.url()));
    // Give idle-time prefetching a chance to show up. No mouse movement: hovering the box
    // also starts the download (the plugin's onMouseEnter), which is fine for readers.
    await page.waitForTimeout(1500);
    // The first load happened inside openPage: its requests are in the performance timeline.
    const timeline = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    const before = new Set([...timeline, ...requests]);
    expect([...before].filter((url) => /search-index/.test(url))).toEqual([]);
    expect(workers).toEqual([]);

    const indexLoaded = page.waitForResponse((res) => /\/search-index[^/]*\.json$/.test(new URL(res.url()).pathname));
    requests.length = 0;
    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.matches('input.navbar__search-input') ?? false))
      .toBe(true);
    const res = await indexLoaded;
    expect(res.status()).toBe(200);
    // Hashed file name, so a new build never serves a stale index from a cache.
    expect(new URL(res.url()).pathname).toMatch(/^\/search-index-[0-9a-f]{8}\.json$/);
    expect(workers.length).toBe(1);
    // Everything focusing fetched (index, worker, autocomplete code) was new: none of it was
    // part of the page load.
    const onFocus = [...new Set(requests)];
    expect(onFocus.length).toBeGreaterThan(1);
    expect(onFocus.filter((url) => before.has(url))).toEqual([]);
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});

describe('the index', () => {
  it('holds what every endpoint page repeats once at most: the request headers and the response envelope', () => {
    const file = readdirSync(buildDir).find((f) => /^search-index-[0-9a-f]{8}\.json$/.test(f));
    expect(file, 'a hashed search index in the build').toBeDefined();
    const index = readFileSync(join(buildDir, file ?? ''), 'utf8');
    const count = (text: string) => index.split(text).length - 1;
    // Words of the Authorization header's row and of the envelope's `message` row, on every endpoint page.
    expect(count('Bearer followed by a JWT signed')).toBeLessThanOrEqual(1);
    expect(count('A human-readable summary you may show')).toBeLessThanOrEqual(1);
  });
});

describe('the box before the search code is loaded', () => {
  it('takes what a reader types at once, searches it, and is replaced in place', async () => {
    const {page, problems, close} = await openPage(browser, '/docs/v1/');
    // The box on a fresh page is a stand-in; its code and the plugin's load on first use.
    const input = page.locator(SEARCH_INPUT);
    const before = await input.boundingBox();
    await input.click();
    await page.keyboard.type('response code'); // no delay: faster than the code and index arrive
    await page.locator(SUGGESTION).first().waitFor({state: 'visible', timeout: 15_000});
    expect(await input.inputValue()).toBe('response code');
    expect(await page.evaluate(() => document.activeElement?.matches('input.navbar__search-input'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await input.boundingBox()).toEqual(before);
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});

describe('queries a reader would type', () => {
  const cases: {query: string; expected: string; accept: (path: string) => boolean; ready: () => boolean}[] = [
    {
      query: 'cash withdrawal',
      expected: '/docs/v1/service/aeps/withdrawal',
      accept: (p) => p === '/docs/v1/service/aeps/withdrawal',
      ready: () => built('/docs/v1/service/aeps/withdrawal'),
    },
    {
      // A body field name, as a developer pastes it from their own code.
      query: 'adhaarnumber',
      expected: 'an AEPS page',
      accept: (p) => p.startsWith('/docs/v1/service/aeps/'),
      ready: () => builtUnder('docs/v1/service/aeps'),
    },
    {
      // The bank list is where an IIN comes from: its page must win over the many AEPS
      // pages that only take one as a field.
      query: 'IIN',
      expected: '/docs/v1/common/bank',
      accept: (p) => p === '/docs/v1/common/bank',
      ready: () => built('/docs/v1/common/bank'),
    },
    {
      query: 'response code',
      expected: '/ResponseCode',
      accept: (p) => p === '/ResponseCode',
      ready: () => built('/ResponseCode'),
    },
    {
      query: 'BBPS',
      expected: 'a BBPS page',
      accept: (p) => p.startsWith('/docs/v1/service/bbps/'),
      ready: () => builtUnder('docs/v1/service/bbps'),
    },
  ];

  for (const c of cases) {
    it.skipIf(!c.ready())(`"${c.query}" opens ${c.expected} first`, async () => {
      const {page, problems, close} = await openPage(browser, '/docs/v1/');
      const opened = await searchAndOpenFirst(page, c.query);
      expect(c.accept(opened.pathname), `"${c.query}" opened ${opened.pathname}${opened.hash}`).toBe(true);
      expect(problemList(problems)).toEqual([]);
      await close();
    });
  }
});

describe('on the page opened', () => {
  it('the words searched are highlighted', async () => {
    const {page, problems, close} = await openPage(browser, '/');
    const opened = await searchAndOpenFirst(page, 'cash withdrawal');
    expect(opened.searchParams.getAll('_highlight')).toEqual(['cash', 'withdrawal']);
    await expect.poll(() => page.locator('article mark').count(), {timeout: 5_000}).toBeGreaterThan(0);
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});

describe('phone layout (390 px)', () => {
  it('the collapsed search box opens, searches and navigates', async () => {
    const {page, problems, close} = await openPage(browser, '/docs/v1/', {
      context: {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true},
    });
    const input = page.locator(SEARCH_INPUT);
    await expect.poll(() => input.isVisible()).toBe(true);
    const opened = await searchAndOpenFirst(page, 'cash withdrawal');
    expect(opened.pathname).toBe('/docs/v1/service/aeps/withdrawal');
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});
