/**
 * Offline search (Pagefind index in build/pagefind/, src/theme/SearchBar) in Chromium against the
 * built site: nothing of search loads until the reader reaches for the box, Ctrl+K focuses it, it
 * works from the keyboard and in the phone layout, it passes axe with its list open, the words
 * searched are highlighted on the page opened, and Node reads the same index
 * (scripts/lib/search-docs.ts, for tools such as an MCP server).
 *
 * Enter opens the first result (the box selects it as results arrive). Which page a reader's query
 * puts first is held in Node ('searchDocs puts the expected page first ...'): the box ranks with the
 * same code (`findPages` in core/search/query.ts), so the browser repeats only what it alone shows.
 * A page is loaded once per width for all its checks, each a `test.step` (issue 35's e2e budget).
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gunzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {axeViolationsIn, pageIdle, problemList} from './helpers/browser';
import {buildDir} from './helpers/paths';
import {openSearchIndex, searchDocs} from '../../scripts/lib/search-docs';
// The bench's reader queries (issue 12), so the report and this test judge the same list.
import {READER_QUERIES} from '../../scripts/bench/search.mjs';

const SEARCH_INPUT = 'input.navbar__search-input:visible';
const FOCUSED_INPUT = 'input.navbar__search-input:focus';
const RESULT = '[role="listbox"] [role="option"]';
const INDEX_DIR = join(buildDir, 'pagefind');

/** Type a query the way a reader does and open the first result; returns the page opened. */
async function searchAndOpenFirst(page: Page, query: string): Promise<URL> {
  const input = page.locator(SEARCH_INPUT);
  await input.click();
  await input.pressSequentially(query, {delay: 20});
  await expect(page.locator(`[role="listbox"][data-results-for="${query}"] [role="option"]`).first()).toBeVisible({
    timeout: 15_000,
  });
  const before = page.url();
  await input.press('Enter');
  await expect(page).not.toHaveURL(before, {timeout: 15_000});
  return new URL(page.url());
}

/** Each page's indexed text, as Pagefind stores it (a gzipped, signed JSON fragment per page). */
function indexedPages(): {url: string; content: string}[] {
  const dir = join(INDEX_DIR, 'fragment');
  return readdirSync(dir).map((f) => {
    const json = gunzipSync(readFileSync(join(dir, f)))
      .subarray('pagefind_dcd'.length)
      .toString('utf8');
    return JSON.parse(json) as {url: string; content: string};
  });
}

// One load of the withdrawal page for both (the e2e budget of issue 35): what loads when comes
// first, on the fresh page; `/` is the same shortcut handler whether search has loaded or not
// (useShortcut in src/theme/SearchBar/hooks.ts, the page's own code).
test.describe('loading, and the shortcuts', () => {
  test('nothing search-related is fetched until the box is focused; Ctrl+K focuses it and loads the index; / focuses the box from down the page, with the navbar hidden by the scroll; inside a text field it types a slash', async ({
    page,
    problems,
    open,
  }) => {
    await open('/docs/v1/service/aeps/withdrawal');
    await test.step('nothing search-related is fetched until the box is focused; Ctrl+K focuses it and loads the index', async () => {
      const requests: string[] = [];
      // Route prefetches (<link rel=prefetch>, resource type "other") start on the first key press
      // too (src/client/idle-prefetch.ts) and may repeat chunks the page has: not search's doing.
      page.on('request', (r) => {
        if (r.resourceType() !== 'other') requests.push(new URL(r.url()).pathname);
      });
      // Let the page go idle, so anything it would fetch at idle time (a search prefetched ahead,
      // say) has been asked for. No mouse movement: hovering the box fetches the search code ahead,
      // which is fine for readers.
      await pageIdle(page);
      const timeline = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
      );
      const before = new Set([...timeline, ...requests]);
      expect([...before].filter((p) => p.startsWith('/pagefind/'))).toEqual([]);
      // Nor the results' stylesheet: the one every page loads has none of their rules.
      expect([...before].filter((p) => p.endsWith('/css/search.css'))).toEqual([]);

      const metaLoaded = page.waitForResponse((res) => /^\/pagefind\/.*\.pf_meta$/.test(new URL(res.url()).pathname));
      requests.length = 0;
      await page.keyboard.press('Control+k');
      await expect(page.locator(FOCUSED_INPUT)).toHaveCount(1);
      const res = await metaLoaded;
      expect(res.status()).toBe(200);
      // Hashed file name, so a new build never serves a stale index from a cache.
      expect(new URL(res.url()).pathname).toMatch(/^\/pagefind\/pagefind\.en_[0-9a-f]{10}\.pf_meta$/);
      // The engine and the index metadata, and nothing of the index itself before a query.
      await expect
        .poll(() => requests.filter((p) => p.startsWith('/pagefind/')).sort())
        .toEqual(
          expect.arrayContaining([
            '/pagefind/pagefind.js',
            '/pagefind/wasm.en.pagefind',
            '/pagefind/pagefind-entry.json',
          ]),
        );
      expect(requests.filter((p) => /\/(index|fragment)\//.test(p))).toEqual([]);
      // The results' code and stylesheet load with the engine.
      await expect.poll(() => requests).toContain('/css/search.css');
      expect(requests.filter((p) => before.has(p))).toEqual([]);
    });

    await test.step('/ focuses the box from down the page, with the navbar hidden by the scroll; inside a text field it types a slash', async () => {
      // Out of the box, as a reader reading on: the box's focus would keep the navbar in view.
      await page.locator(FOCUSED_INPUT).blur();
      await expect(page.locator(FOCUSED_INPUT)).toHaveCount(0);
      const navbar = page.locator('nav.navbar');
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 600);
      await page.mouse.wheel(0, 600);
      await expect.poll(() => navbar.evaluate((el) => el.getBoundingClientRect().bottom <= 0)).toBe(true);
      await page.keyboard.press('/');
      const input = page.locator(SEARCH_INPUT);
      await expect(input).toBeFocused();
      await expect(input).toHaveValue('');
      // Back in view while it has the focus, so the reader sees what they type.
      await expect.poll(() => navbar.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      await page.keyboard.type('a/b');
      await expect(input).toHaveValue('a/b');
    });
    expect(problemList(problems)).toEqual([]);
  });
});

test.describe('the index', () => {
  test('holds what every endpoint page repeats once at most: the request headers and the response envelope', () => {
    const pages = indexedPages();
    expect(pages.length).toBeGreaterThan(90);
    const holding = (text: string) => pages.filter((p) => p.content.includes(text)).map((p) => p.url);
    // Words of the Authorization header's row and of the envelope's `message` row, on every endpoint page.
    expect(holding('Bearer followed by a JWT signed').length).toBeLessThanOrEqual(1);
    expect(holding('A human-readable summary you may show').length).toBeLessThanOrEqual(1);
  });

  test('holds pages, not lists of them, and no site chrome', () => {
    const urls = indexedPages().map((p) => p.url);
    expect(urls).toContain('/docs/v1/service/aeps/withdrawal');
    expect(urls).toContain('/blog/long-blog-post');
    expect(urls).toContain('/ResponseCode');
    expect(urls.filter((u) => /^\/blog(\/page\/|\/tags|\/archive|\/authors|$)/.test(u))).toEqual([]);
    const home = indexedPages().find((p) => p.url === '/');
    // The footer's link lists are on every page and in no page's text.
    expect(home?.content).not.toContain('Copyright');
  });

  test('answers queries in Node as the site does: "cash withdrawal" finds the AEPS withdrawal page first', async () => {
    const search = await openSearchIndex(buildDir);
    const hits = await search('cash withdrawal');
    expect(hits[0]).toMatchObject({title: 'AEPS cash withdrawal', url: '/docs/v1/service/aeps/withdrawal'});
    expect(hits[0]?.excerpt).toMatch(/cash withdrawal/i);
    expect(hits[0]?.excerptParts.filter((p) => p.match).map((p) => p.text.toLowerCase())).toContain('cash');
  });

  test('searchDocs puts the expected page first for each of the bench’s reader queries', async () => {
    const firsts = await Promise.all(
      READER_QUERIES.map(async ({query, expect: want}) => {
        const [first] = await searchDocs(buildDir, query, 3);
        // The page, as the bench reads the page Enter opens: an exact hit lands on a row (#code-5).
        const page = first?.url.split('#')[0] ?? '';
        const ok = first !== undefined && (typeof want === 'string' ? page === want : want.test(page));
        return `${query} -> ${first?.url ?? 'nothing'}${ok ? '' : ` (expected ${String(want)})`}`;
      }),
    );
    expect(firsts.filter((line) => line.includes('(expected'))).toEqual([]);
    const [hit] = await searchDocs(buildDir, 'mini statement', 1);
    // Only the three fields a tool needs, as plain text.
    expect(Object.keys(hit ?? {}).sort()).toEqual(['excerpt', 'title', 'url']);
    expect(hit?.excerpt).not.toMatch(/<mark>|&amp;/);
  });
});

/**
 * The intro page at the default width, in one visit whose steps were three tests (the e2e budget of
 * issue 35): the typing before the search code arrives comes first, on the fresh page; then the box
 * with its results open under axe; then the combobox from the keyboard, which ends on the page it
 * opens.
 */
test.describe('the box: before the search code is loaded, under axe, and from the keyboard', () => {
  test('takes what a reader types at once, searches it, and stays in place; axe finds nothing in the box with the results open; a combobox: arrows move through the results, Enter opens the one selected, the count is announced; the words searched are highlighted on the page opened', async ({
    page,
    problems,
    open,
  }) => {
    await open('/docs/v1/');
    const input = page.locator(SEARCH_INPUT);

    await test.step('before the search code is loaded: takes what a reader types at once, searches it, and stays in place', async () => {
      const before = await input.boundingBox();
      await input.click();
      await page.keyboard.type('response code'); // no delay: faster than the engine and index arrive
      await expect(page.locator(RESULT).first()).toBeVisible({timeout: 15_000});
      await expect(page.locator('[role="listbox"]')).toHaveAttribute('data-results-for', 'response code');
      await expect(input).toHaveValue('response code');
      await expect(page.locator(FOCUSED_INPUT)).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(page.locator('[role="listbox"]')).toBeHidden();
      expect(await input.boundingBox(), 'the box where it was before the search code loaded').toEqual(before);
    });

    // On the box with its results (inside it): routes.spec checks the page around them.
    await test.step('axe finds nothing in the box with the results open', async () => {
      await input.fill('');
      await page.keyboard.type('withdrawal');
      await expect(page.locator('[role="listbox"][data-results-for="withdrawal"]')).toBeVisible({timeout: 15_000});
      expect(await axeViolationsIn(page, '.navbar__search')).toEqual([]);
    });

    await test.step('a combobox: arrows move through the results, Enter opens the one selected, the count is announced', async () => {
      await page.keyboard.press('Escape');
      await input.fill('');
      await page.keyboard.press('Control+k');
      await expect(input).toBeFocused();
      await expect(input).toHaveAttribute('role', 'combobox');
      await expect(input).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.type('aeps');
      const list = page.locator('[role="listbox"][data-results-for="aeps"]');
      await expect(list).toBeVisible({timeout: 15_000});
      await expect(input).toHaveAttribute('aria-expanded', 'true');
      const options = list.locator('[role="option"]');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      // At once, while the excerpts are still to come (the list is aria-busy until they are in):
      // their arrival must not move the reader's selection off its page. Options are sections of
      // pages, each in its page's group, named by the page's title.
      await page.keyboard.press('ArrowDown');
      const selected = list.locator('[role="option"][aria-selected="true"]');
      const groupOf = (option: typeof selected) => option.locator('xpath=ancestor::*[@role="group"][1]');
      const title = await groupOf(selected).getAttribute('aria-label');
      await expect(list).toHaveAttribute('aria-busy', 'false');
      await expect(groupOf(selected)).toHaveAttribute('aria-label', title ?? '');
      await expect(selected.locator('mark').first()).toBeVisible();
      // The box's own live region (Docusaurus has another, for route changes).
      await expect(page.locator('.navbar__search [role="status"]')).toHaveText(/^(\d+ results|1 result)$/);
      await expect(input).toHaveAttribute('aria-activedescendant', (await selected.getAttribute('id')) ?? '');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', {level: 1})).toHaveText(title ?? '');
    });

    // Was a test of its own, loading the home page for it (issue 35's e2e budget): the box is the
    // navbar's, the same on every page.
    await test.step('the words searched are highlighted on the page opened', async () => {
      await page.locator(SEARCH_INPUT).fill('');
      const opened = await searchAndOpenFirst(page, 'cash withdrawal');
      expect(opened.searchParams.getAll('_highlight')).toEqual(['cash', 'withdrawal']);
      await expect(page.locator('article mark').first()).toBeAttached();
    });
    expect(problemList(problems)).toEqual([]);
  });
});

/** Types `query` into the box and waits for its results with their sections (excerpts in). */
async function searchFor(page: Page, query: string) {
  const input = page.locator(SEARCH_INPUT);
  await input.click();
  await input.fill(query);
  const list = page.locator(`[role="listbox"][data-results-for="${query}"]:not([aria-busy="true"])`);
  await expect(list).toBeVisible({timeout: 15_000});
  return list;
}

/** Searches "response_code 14": the catalogue's code-14 row comes first, as a section; Enter lands on the row, below the navbar. */
async function expectLandingOnCode14(page: Page): Promise<void> {
  const list = await searchFor(page, 'response_code 14');
  const group = list.locator('[role="group"]').first();
  // An exact key (core/search/keys.ts): the row itself comes first, before any full-text page.
  await expect(group).toHaveAttribute('aria-label', 'Response code 14');
  const first = group.locator('[role="option"]').first();
  await expect(first).toContainText('Response code 14');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.locator(SEARCH_INPUT).press('Enter');
  await expect(page).toHaveURL(/\/ResponseCode\?.*#code-14$/, {timeout: 15_000});
  const row = page.locator('tr#code-14');
  await expect(row).toBeInViewport();
  // Not under the sticky navbar, whether or not it is showing.
  await expect
    .poll(
      async () => {
        const navbar = await page.locator('nav.navbar').boundingBox();
        const box = await row.boundingBox();
        return box !== null && navbar !== null && box.y >= Math.max(0, navbar.y + navbar.height) - 1;
      },
      {message: 'the code-14 row below the navbar'},
    )
    .toBe(true);
  // Highlighted for a moment (the row's own 2.5 s animation), then not: the animation is run to its
  // end at once instead of waited for (the same animationend, which takes the class off; issue
  // 35's e2e budget).
  await expect(row).toHaveClass(/landed/);
  await row.evaluate((el) => {
    for (const animation of el.getAnimations()) if (animation instanceof CSSAnimation) animation.finish();
  });
  await expect(row).not.toHaveClass(/landed/);
}

// Issue 24: results grouped by page with the matching section's heading, eight pages and "Show
// all", landing on the row of a response code, and stop words matching nothing. The grouping and
// the stop words do not depend on the width: once, at 1440 px, in the same visit as the landing
// there (the e2e budget of issue 35); the landing again on a phone.
test.describe('results by page, at 1440 px', () => {
  test.use({viewport: {width: 1440, height: 900}});

  test('each page is a group under its title, with section headings; eight pages, then "Show all N results" loads the rest; stop words alone, or with no real match, find nothing; "response_code 14" shows the catalogue with its code-14 row as a section, and Enter lands on the row', async ({
    page,
    problems,
    open,
  }) => {
    await open('/docs/v1/');
    await test.step('each page a group under its title; eight pages, then "Show all N results" loads the rest', async () => {
      const list = await searchFor(page, 'aeps');
      const groups = list.locator('[role="group"]');
      await expect(groups).toHaveCount(8);
      // A page's title heads its group, its sections (with their headings) are the options.
      // The title, then what the page is (Guide, Endpoint, ...).
      await expect(groups.first().locator('[aria-hidden="true"]').first()).toContainText(
        (await groups.first().getAttribute('aria-label')) ?? '',
      );
      expect(await list.locator('[role="option"] span:first-child').count()).toBeGreaterThan(8);
      // The first pages come with their sections; those further down get theirs once the reader
      // scrolls to them (their fragments are not fetched for a list nobody scrolled).
      const titled = groups.locator(':scope > [aria-hidden="true"]');
      expect(await titled.count()).toBeLessThan(8);
      await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(titled).toHaveCount(8, {timeout: 15_000});
      const showAll = list.locator('[role="option"]', {hasText: /^Show all \d+ results$/});
      const total = Number(/\d+/.exec((await showAll.innerText()) ?? '')?.[0]);
      expect(total).toBeGreaterThan(8);
      await showAll.dispatchEvent('mousedown');
      await expect(groups).toHaveCount(total, {timeout: 15_000});
      await expect(showAll).toHaveCount(0);
      await expect(page.locator(SEARCH_INPUT)).toBeFocused();
    });

    await test.step('stop words alone, or with no real match, find nothing', async () => {
      for (const query of ['the', 'the zzqxj', 'of the']) {
        const none = await searchFor(page, query);
        await expect(none.locator('[role="option"]'), `"${query}"`).toHaveText([`No results for “${query}”`]);
        await expect(none.locator('[role="group"]'), `"${query}"`).toHaveCount(0);
      }
    });

    await test.step('"response_code 14" shows the catalogue with its code-14 row as a section, and Enter lands on the row', () =>
      expectLandingOnCode14(page));
    expect(problemList(problems)).toEqual([]);
  });
});

test.describe('results by page, at 390 px', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  test('"response_code 14" shows the catalogue with its code-14 row as a section, and Enter lands on the row', async ({
    page,
    problems,
    open,
  }) => {
    await open('/docs/v1/');
    await expectLandingOnCode14(page);
    expect(problemList(problems)).toEqual([]);
  });
});
