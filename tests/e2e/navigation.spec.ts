/**
 * Moving between pages without a page load: link prefetches that wait for the reader
 * (src/client/idle-prefetch.ts), the opened page's chunk scripts created after main.js has run
 * (src/client/deferred-chunk-scripts.ts), the progress bar that shows only when a page is slow to arrive,
 * and the API reference tables, which the page opened keeps as server HTML and React renders
 * itself after a client-side navigation.
 */
import type {Page, Route} from '@playwright/test';
import {expect, test} from './fixtures';
import {pageIdle, problemList} from './helpers/browser';
import {
  API_PAGE,
  API_PAGE_HEADING,
  DESKTOP,
  LINKS_TO_API_PAGE,
  LINKS_TO_API_PAGE_HEADING,
  markDocument,
  sameDocument,
  waitForPathname,
} from './helpers/site';

test.use({viewport: DESKTOP});

/**
 * Records in window.__e2ePrefetches the href of every <link rel=prefetch> added to the page, and
 * counts in window.__e2eLinksInView the links an IntersectionObserver has reported in view, once
 * its callback has returned: Docusaurus' <Link> calls `window.docusaurus.prefetch` inside that
 * callback, so from then on an undeferred prefetch would already be in the page.
 */
async function watchPrefetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as {__e2ePrefetches: string[]; __e2eLinksInView: number};
    state.__e2ePrefetches = [];
    state.__e2eLinksInView = 0;
    const Native = window.IntersectionObserver;
    window.IntersectionObserver = class extends Native {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super((entries, observer) => {
          callback(entries, observer);
          state.__e2eLinksInView += entries.filter(
            (entry) => entry.target instanceof HTMLAnchorElement && entry.isIntersecting,
          ).length;
        }, options);
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof HTMLLinkElement && node.rel === 'prefetch') state.__e2ePrefetches.push(node.href);
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
}
const prefetches = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as {__e2ePrefetches: string[]}).__e2ePrefetches);

/**
 * Records in window.__e2eChunkScripts every script of /assets/js/ the page creates, and whether
 * main.js was running when it did: noted at the call (a MutationObserver reports later, when
 * currentScript has moved on).
 */
async function watchChunkScripts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const created: {src: string; duringMain: boolean}[] = [];
    (window as unknown as {__e2eChunkScripts: typeof created}).__e2eChunkScripts = created;
    const append: (this: Node, node: Node) => Node = Node.prototype.appendChild; // eslint-disable-line @typescript-eslint/unbound-method -- called with its node below
    Reflect.set(Node.prototype, 'appendChild', function (this: Node, node: Node): Node {
      if (node instanceof HTMLScriptElement && node.src.includes('/assets/js/')) {
        const running = document.currentScript;
        created.push({
          src: new URL(node.src).pathname,
          duringMain: running instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(running.src),
        });
      }
      return append.call(this, node);
    });
  });
}

/** Every parameter table's rows, as text. */
const tableRows = (page: Page): Promise<string[][]> =>
  page
    .locator('main table')
    .evaluateAll((tables) =>
      tables.map((t) => Array.from(t.querySelectorAll('tbody tr'), (tr) => (tr as HTMLElement).innerText)),
    );

/** Clicks the paginator's "Next" link and waits for the address to change (braces stay as they are). */
async function followNextLink(page: Page): Promise<void> {
  const next = page.locator('a.pagination-nav__link--next');
  const href = (await next.getAttribute('href')) ?? '';
  await next.click();
  await waitForPathname(page, encodeURI(href).replace(/%7B/g, '{').replace(/%7D/g, '}'));
}

/**
 * The API page opened once for three things it shows from its first load on (issue 35's e2e
 * budget: they were three tests, each loading it), in the order that keeps each one's start: what
 * the load did (chunk scripts), then what must wait for the reader (prefetches, until the pointer
 * moves), then a client-side navigation away and back (the reference tables).
 */
test("the API page opened: its chunk scripts created after main.js has run; no link prefetch before the reader's first interaction; its reference tables kept as server HTML, and rendered alike after client-side navigation", async ({
  page,
  problems,
  open,
}) => {
  await watchChunkScripts(page);
  await watchPrefetches(page);
  await open(API_PAGE);

  /**
   * src/client/deferred-chunk-scripts.ts: the opened page's chunk scripts are created in tasks of
   * their own, not inside main.js's evaluation (while main.js runs, `document.currentScript` is
   * its <script>). The page still hydrates from them.
   */
  await test.step('chunk scripts: the page opened creates them after main.js has run, not while it runs', async () => {
    const created = await page.evaluate(
      () => (window as unknown as {__e2eChunkScripts: {src: string; duringMain: boolean}[]}).__e2eChunkScripts,
    );
    const chunks = created.filter((c) => !/\/(runtime~main|main)\.[0-9a-f]+\.js$/.test(c.src));
    expect(chunks.length, 'chunk scripts of the API page').toBeGreaterThan(3);
    expect(chunks.filter((c) => c.duringMain).map((c) => c.src)).toEqual([]);
  });

  /**
   * Docusaurus prefetches the route behind every link in view as soon as React has hydrated
   * (`<link rel=prefetch>` per chunk); src/client/idle-prefetch.ts holds them back until the
   * reader first moves the pointer, scrolls, touches or types. The second half shows the page
   * does prefetch, so an empty list before it means "deferred", not "nothing to prefetch".
   */
  await test.step("link prefetching: none starts before the reader's first interaction", async () => {
    // The page's sidebar and navbar links are in view: once their observers have reported them,
    // Docusaurus has asked for their prefetches, and without the deferral the <link rel=prefetch>
    // elements would be in the page. The page then goes idle, so the deferral's own idle callback
    // has had its chance too.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as {__e2eLinksInView: number}).__e2eLinksInView), {
        message: 'links reported in view',
      })
      .toBeGreaterThan(5);
    await pageIdle(page);
    expect(await prefetches(page), 'prefetches before any interaction').toEqual([]);

    await page.mouse.move(400, 300);
    await expect
      .poll(async () => (await prefetches(page)).length, {message: 'prefetches after the pointer moved'})
      .toBeGreaterThan(0);
    const foreign = (await prefetches(page)).filter((href) => !new URL(href).pathname.startsWith('/assets/'));
    expect(foreign, 'prefetched, but not a chunk of the site').toEqual([]);
  });

  // src/components/ServerHtml: not hydrated on the page opened.
  await test.step('API reference tables keep their rows after hydration, and render the same rows after client-side navigation', async () => {
    const first = await tableRows(page);
    expect(first.length).toBeGreaterThan(3);
    expect(first.every((rows) => rows.length > 0)).toBe(true);
    expect(await page.locator('main [data-server-html] tr').count()).toBeGreaterThan(10);
    // Not hydrated: React created no fiber for any row (it keys each DOM node it owns `__reactFiber$…`).
    const hydratedRows = await page
      .locator('main [data-server-html] tr')
      .evaluateAll((rows) => rows.filter((tr) => Object.keys(tr).some((k) => k.startsWith('__reactFiber$'))).length);
    expect(hydratedRows, 'field table rows hydrated on the page opened').toBe(0);
    const mark = await markDocument(page);
    // Away by a client-side link (the paginator), then back through history: React renders the rows itself.
    await followNextLink(page);
    await page.goBack();
    await waitForPathname(page, API_PAGE);
    await expect(page.getByRole('heading', {level: 1, name: API_PAGE_HEADING})).toBeVisible();
    expect(await sameDocument(page, mark), 'client-side navigation, no reload').toBe(true);
    expect(await tableRows(page)).toEqual(first);
  });
  expect(problemList(problems)).toEqual([]);
});

/**
 * Holds back every request of `page` that `pattern` matches from start() on, as a slow network
 * would, until release() lets them through (and those asked for meanwhile go straight on) and
 * they have arrived.
 */
function holdScripts(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let holding = true;
  return {
    start: () =>
      page.route(pattern, async (route) => {
        if (holding) held.push(route);
        else await route.continue();
      }),
    held: () => held.length,
    async release(): Promise<void> {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
      await Promise.all(held.map(async (route) => (await route.request().response())?.finished()));
      await page.unroute(pattern);
    },
  };
}

/**
 * Stops the page's clock (installed with page.clock.install()): no timer fires until the test runs
 * it on. Playwright pauses at a time to come, and the page's clock runs while the time is read, so
 * the pause is a little ahead, and read again if it has already passed.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 50);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

test.describe('navigation progress bar (200 ms delay)', () => {
  /** Records in window.__e2eProgressSeen whether #nprogress was ever added to the page. */
  async function watchProgressBar(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const state = window as unknown as {__e2eProgressSeen: boolean};
      state.__e2eProgressSeen = false;
      // A bar put into the page, not one still fading out from an earlier navigation.
      new MutationObserver((records) => {
        for (const r of records)
          if (Array.from(r.addedNodes).some((node) => (node as Element).id === 'nprogress'))
            state.__e2eProgressSeen = true;
      }).observe(document, {childList: true, subtree: true});
    });
  }
  const progressSeen = (page: Page): Promise<boolean> =>
    page.evaluate(() => (window as unknown as {__e2eProgressSeen: boolean}).__e2eProgressSeen);

  test('shows while a page whose code is slow to arrive loads', async ({page, open}) => {
    await watchProgressBar(page);
    await open(LINKS_TO_API_PAGE);
    expect(await progressSeen(page)).toBe(false);

    // The next page's scripts are held until the bar has shown (no timing: the page cannot arrive
    // before), then let through.
    const scripts = holdScripts(page, '**/assets/js/*.js');
    await scripts.start();
    const mark = await markDocument(page);
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();
    await expect(page.locator('#nprogress')).toBeAttached();
    expect(scripts.held(), 'the API page asked for scripts of its own').toBeGreaterThan(0);
    await scripts.release();
    await waitForPathname(page, API_PAGE);
    await expect(page.locator('h1', {hasText: API_PAGE_HEADING})).toBeVisible();
    expect(await sameDocument(page, mark)).toBe(true);
  });

  test('never shows on a quick navigation to a page already loaded', async ({page, open}) => {
    await watchProgressBar(page);
    // The page's clock, to let the bar's 200 ms timer run out on demand (it runs in real time
    // until paused).
    await page.clock.install();
    await open(LINKS_TO_API_PAGE);
    // Load the API page once, then go back: the overview's code is already there.
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();
    await expect(page.locator('h1', {hasText: API_PAGE_HEADING})).toBeVisible();
    // On a busy machine that first navigation may show the bar; it fades out before we go back.
    await expect(page.locator('#nprogress')).toHaveCount(0);
    await page.evaluate(() => {
      (window as unknown as {__e2eProgressSeen: boolean}).__e2eProgressSeen = false;
    });
    // Time stands still in the page while it goes back: however busy the machine, the navigation
    // ends before the bar's timer is due. Once it has, the clock runs a second on: a bar still
    // scheduled shows now.
    await pauseClock(page);
    await page.goBack();
    await waitForPathname(page, LINKS_TO_API_PAGE);
    await expect(page.locator('h1', {hasText: LINKS_TO_API_PAGE_HEADING})).toBeVisible();
    await page.clock.runFor(1_000);
    await page.clock.resume();
    expect(await progressSeen(page)).toBe(false);
  });
});

test.describe('API reference tables (not hydrated on the page opened, see src/components/ServerHtml)', () => {
  test('keep their rows when the reader goes back before the next page has arrived', async ({page, problems, open}) => {
    await open(API_PAGE);
    const first = await tableRows(page);
    expect(first.flat().length).toBeGreaterThan(10);
    // Hold every script asked for from now on: the next page cannot arrive, so its navigation stays
    // pending and the page opened stays on screen (a slow phone network does the same).
    const scripts = holdScripts(page, /\.js$/);
    await scripts.start();
    await followNextLink(page);
    expect(scripts.held(), 'the next page asked for scripts of its own').toBeGreaterThan(0);
    await page.goBack();
    await waitForPathname(page, API_PAGE);
    // Let the held scripts through, wait until each has arrived, and for React to have done what
    // they set off (the page goes idle).
    await scripts.release();
    await pageIdle(page);
    await expect(page.getByRole('heading', {level: 1, name: API_PAGE_HEADING})).toBeVisible();
    // React re-rendered the page while the navigation was pending: the rows are still the server's.
    expect(await tableRows(page)).toEqual(first);
    expect(problemList(problems)).toEqual([]);
  });
});
