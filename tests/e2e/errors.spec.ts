/**
 * What a reader sees when something breaks: a page that throws while it renders (the crash page
 * and "Try again"), a chunk that fails to load during a client-side navigation (once, or for
 * good), and a URL that cannot be decoded.
 */
import type {Page, Route} from '@playwright/test';
import {site} from '../../site.config';
import {expect, test} from './fixtures';
import {problemList, waitForHydration} from './helpers/browser';
import {docsSidebar} from './helpers/docs';
import {
  API_PAGE,
  API_PAGE_HEADING,
  DESKTOP,
  htmlAttribute,
  LINKS_TO_API_PAGE,
  markDocument,
  sameDocument,
  waitForPathname,
} from './helpers/site';

test.use({viewport: DESKTOP});

/**
 * Makes the next page whose MDX module has `metadata.permalink === target` throw while it
 * renders, as long as window.__e2eCrash.active is true, without changing what the server
 * sends: it wraps the module factories of every chunk the page loads from now on (through the
 * bundler's chunk-loading array) and swaps that one module's default export (the page
 * component) for one that throws, then renders the original once the flag is cleared.
 */
async function induceRenderError(page: Page, target: string): Promise<void> {
  await page.evaluate((permalink) => {
    type Factory = (this: unknown, module: {exports: unknown}, exports: unknown, require: unknown) => void;
    type Exports = {default?: unknown; metadata?: {permalink?: string}};
    const state = window as unknown as {__e2eCrash: {target: string; active: boolean}} & Record<string, unknown>;
    state.__e2eCrash = {target: permalink, active: true};
    const name = Object.keys(window).find((key) => key.startsWith('webpackChunk') && Array.isArray(state[key]));
    if (!name) throw new Error('e2e: no bundler chunk array (window.webpackChunk*) on the page');
    const chunks = state[name] as Array<unknown> & {push: (...items: unknown[]) => number};
    // eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped below and called with the array as `this`
    const push = chunks.push;
    chunks.push = function (this: unknown, ...items: unknown[]) {
      for (const item of items) {
        const modules = (item as [unknown, Record<string, Factory>])[1];
        for (const id of Object.keys(modules)) {
          const factory = modules[id] as Factory;
          modules[id] = function (this: unknown, module, exports, require) {
            factory.call(this, module, exports, require);
            const original = module.exports as Exports;
            if (typeof original?.default !== 'function' || original.metadata?.permalink !== permalink) return;
            const Page = original.default as (props: unknown) => unknown;
            const Crashing = (props: unknown): unknown => {
              if (state.__e2eCrash.active) throw new Error(`e2e: induced render error in ${permalink}`);
              return Page(props);
            };
            module.exports = {...original, __esModule: true, default: Crashing};
          };
        }
      }
      return push.apply(this, items);
    };
  }, target);
}

test.describe('when something breaks', () => {
  test('a render error shows the crash page; "Try again" renders the page once the error is gone', async ({
    page,
    open,
  }) => {
    await open(LINKS_TO_API_PAGE);
    await induceRenderError(page, API_PAGE);
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();
    await waitForPathname(page, API_PAGE);

    const heading = page.getByRole('heading', {level: 1, name: /^This page crashed\.?$/});
    await expect(heading).toBeVisible();
    const main = page.locator('#__docusaurus_skipToContent_fallback');
    await expect(main).toContainText(`e2e: induced render error in ${API_PAGE}`);
    const tryAgain = page.getByRole('button', {name: 'Try again', exact: true});
    await expect(tryAgain).toBeVisible();
    // Our wrap (src/theme/ErrorPageContent) adds the way back and where to report.
    await expect(main).toContainText(site.supportEmail);
    // The navbar is still there: the error is caught inside the layout.
    await expect(page.locator('nav.navbar')).toBeVisible();

    await page.evaluate(() => {
      (window as unknown as {__e2eCrash: {active: boolean}}).__e2eCrash.active = false;
    });
    await tryAgain.click();
    await expect(page.getByRole('heading', {level: 1, name: API_PAGE_HEADING})).toBeVisible();
    await expect(heading).toHaveCount(0);
  });

  /**
   * Docusaurus 3.10 preloads a route's chunks before it renders it; when that fails during a
   * client-side navigation (PendingNavigation) it logs the ChunkLoadError and reloads the page
   * ("if a route fails to preload, the page reloads"), so a deploy that removed old chunks
   * heals itself. The red "Retry" box of @theme/Loading is not reached on this path.
   */
  test('a chunk that fails to load during client-side navigation: the page reloads and then loads', async ({
    page,
    open,
  }) => {
    await open(LINKS_TO_API_PAGE);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const executed = new Set(await page.evaluate(() => Array.from(document.scripts, (s) => s.src)));
    const aborted: string[] = [];
    await page.route('**/assets/js/*.js', async (route) => {
      const request = route.request();
      if (aborted.length === 0 && request.resourceType() === 'script' && !executed.has(request.url())) {
        aborted.push(request.url());
        return route.abort('failed');
      }
      return route.continue();
    });
    const mark = await markDocument(page);
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();

    await waitForPathname(page, API_PAGE);
    await expect.poll(() => sameDocument(page, mark).catch(() => false)).toBe(false);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1, name: API_PAGE_HEADING})).toBeVisible();
    expect(aborted).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/ChunkLoadError|Loading chunk .* failed/);
    await expect(page.getByRole('button', {name: 'Retry'})).toHaveCount(0);
  });

  test('a chunk that keeps failing: the reloaded page stays readable (server HTML), and loads once the chunk is back', async ({
    page,
    open,
  }) => {
    await open(LINKS_TO_API_PAGE);
    const executed = new Set(await page.evaluate(() => Array.from(document.scripts, (s) => s.src)));
    const failing = new Set<string>();
    const fail = async (route: Route): Promise<void> => {
      const request = route.request();
      const url = request.url();
      if (failing.has(url) || (request.resourceType() === 'script' && !executed.has(url) && failing.size === 0)) {
        failing.add(url);
        return route.abort('failed');
      }
      // Let every other script through as the server answers it.
      return route.fallback();
    };
    await page.route('**/assets/js/*.js', fail);
    const mark = await markDocument(page);
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();
    await waitForPathname(page, API_PAGE);
    await expect.poll(() => sameDocument(page, mark).catch(() => false)).toBe(false);
    await page.waitForLoadState('load');

    // Not hydrated, but not blank either: the server-rendered page is all there.
    const heading = page.getByRole('heading', {level: 1, name: API_PAGE_HEADING});
    await expect(heading).toBeVisible();
    expect((await page.locator('article').innerText()).length).toBeGreaterThan(500);
    expect(await htmlAttribute(page, 'data-has-hydrated')).not.toBe('true');

    await page.unroute('**/assets/js/*.js', fail);
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    await expect(heading).toBeVisible();
  });

  test('a malformed URL (/docs/%E0%A4%A) shows the not-found page, hydrated, never a blank page', async ({
    page,
    problems,
    open,
  }) => {
    expect(await open('/docs/%E0%A4%A')).toBe(400);
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
    // src/client/safe-pathname.ts re-encoded the stray '%' signs before the router read them.
    expect(new URL(page.url()).pathname).toBe('/docs/%25E0%25A4%25A');
    await expect(docsSidebar(page)).toHaveCount(0);
    expect(problemList(problems)).toEqual([]);
  });

  test('a mistyped address: "Did you mean" links the closest page, and the search box holds its shortcut hint', async ({
    page,
    problems,
    open,
  }) => {
    expect(await open('/docs/v1/service/aeps/withdrawl')).toBe(404);
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
    const suggestion = page.getByTestId('did-you-mean');
    await expect(suggestion).toHaveText(`Did you mean ${API_PAGE}?`);

    // The hint sits inside the box, at its right end, centred on its height.
    const main = page.locator('main');
    const input = await main.getByRole('combobox', {name: 'Search'}).boundingBox();
    const hint = await main.locator('kbd').last().boundingBox();
    if (!input || !hint) throw new Error('e2e: the 404 page has no search box with a shortcut hint');
    expect(hint.x).toBeGreaterThan(input.x + input.width / 2);
    expect(hint.x + hint.width).toBeLessThanOrEqual(input.x + input.width);
    expect(Math.abs(hint.y + hint.height / 2 - (input.y + input.height / 2))).toBeLessThanOrEqual(2);

    await suggestion.getByRole('link').click();
    await waitForPathname(page, API_PAGE);
    await expect(page.getByRole('heading', {level: 1, name: API_PAGE_HEADING})).toBeVisible();
    expect(problemList(problems)).toEqual([]);
  });
});
