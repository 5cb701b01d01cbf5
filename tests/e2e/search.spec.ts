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
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';
import {buildDir} from './helpers/paths';

// :visible: while the plugin's bar mounts, a hidden copy sits behind the stand-in (src/theme/SearchBar).
const SEARCH_INPUT = 'input.navbar__search-input:visible';
/** Whichever of them has the focus. */
const FOCUSED_INPUT = 'input.navbar__search-input:focus';
/** autocomplete.js renders an ARIA listbox; its classes are CSS-module hashes. */
const SUGGESTION = '[role="listbox"] [role="option"]';

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
  await expect(page.locator(SUGGESTION).first()).toBeVisible({timeout: 15_000});
  const before = page.url();
  await input.press('Enter');
  await expect(page).not.toHaveURL(before, {timeout: 15_000});
  return new URL(page.url());
}

test.describe('loading', () => {
  test('nothing search-related is fetched until the box is focused; Ctrl+K focuses it and loads the index', async ({
    page,
    problems,
    open,
  }) => {
    await open('/docs/v1/service/aeps/withdrawal');
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
    // The first load happened inside open(): its requests are in the performance timeline.
    const timeline = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    const before = new Set([...timeline, ...requests]);
    expect([...before].filter((url) => /search-index/.test(url))).toEqual([]);
    expect(workers).toEqual([]);

    const indexLoaded = page.waitForResponse((res) => /\/search-index[^/]*\.json$/.test(new URL(res.url()).pathname));
    requests.length = 0;
    await page.keyboard.press('Control+k');
    await expect(page.locator(FOCUSED_INPUT)).toHaveCount(1);
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
  });
});

test.describe('the index', () => {
  test('holds what every endpoint page repeats once at most: the request headers and the response envelope', () => {
    const file = readdirSync(buildDir).find((f) => /^search-index-[0-9a-f]{8}\.json$/.test(f));
    expect(file, 'a hashed search index in the build').toBeDefined();
    const index = readFileSync(join(buildDir, file ?? ''), 'utf8');
    const count = (text: string) => index.split(text).length - 1;
    // Words of the Authorization header's row and of the envelope's `message` row, on every endpoint page.
    expect(count('Bearer followed by a JWT signed')).toBeLessThanOrEqual(1);
    expect(count('A human-readable summary you may show')).toBeLessThanOrEqual(1);
  });
});

test.describe('the box before the search code is loaded', () => {
  test('takes what a reader types at once, searches it, and is replaced in place', async ({page, problems, open}) => {
    await open('/docs/v1/');
    // The box on a fresh page is a stand-in; its code and the plugin's load on first use.
    const input = page.locator(SEARCH_INPUT);
    const before = await input.boundingBox();
    await input.click();
    await page.keyboard.type('response code'); // no delay: faster than the code and index arrive
    await expect(page.locator(SUGGESTION).first()).toBeVisible({timeout: 15_000});
    await expect(input).toHaveValue('response code');
    await expect(page.locator(FOCUSED_INPUT)).toHaveCount(1);
    await page.keyboard.press('Escape');
    expect(await input.boundingBox()).toEqual(before);
    expect(problemList(problems)).toEqual([]);
  });
});

test.describe('queries a reader would type', () => {
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
    test(`"${c.query}" opens ${c.expected} first`, async ({page, problems, open}) => {
      test.skip(!c.ready(), `${c.expected} is not in this build yet`);
      await open('/docs/v1/');
      const opened = await searchAndOpenFirst(page, c.query);
      expect(c.accept(opened.pathname), `"${c.query}" opened ${opened.pathname}${opened.hash}`).toBe(true);
      expect(problemList(problems)).toEqual([]);
    });
  }
});

test.describe('on the page opened', () => {
  test('the words searched are highlighted', async ({page, problems, open}) => {
    await open('/');
    const opened = await searchAndOpenFirst(page, 'cash withdrawal');
    expect(opened.searchParams.getAll('_highlight')).toEqual(['cash', 'withdrawal']);
    await expect(page.locator('article mark').first()).toBeAttached();
    expect(problemList(problems)).toEqual([]);
  });
});

test.describe('phone layout (390 px)', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  test('the collapsed search box opens, searches and navigates', async ({page, problems, open}) => {
    await open('/docs/v1/');
    await expect(page.locator(SEARCH_INPUT)).toBeVisible();
    const opened = await searchAndOpenFirst(page, 'cash withdrawal');
    expect(opened.pathname).toBe('/docs/v1/service/aeps/withdrawal');
    expect(problemList(problems)).toEqual([]);
  });
});
