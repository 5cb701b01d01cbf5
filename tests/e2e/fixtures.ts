/**
 * The `test` every spec imports instead of @playwright/test's own: Playwright's fixtures (a
 * fresh browser context and page per test, the browser per worker, options from
 * playwright.config.ts) plus what our specs share.
 *
 * - Every browser context records, in `problems`, the requests to other origins (none resolves:
 *   playwright.config.ts) and the console errors, page errors and failed requests of its pages.
 * - `open(path)` loads a page as a reader's first visit and waits for React to hydrate it.
 * - `storageKeys` (per worker): the site's localStorage key names.
 * - `tab` (per worker): one context and tab reused by routes.spec.ts, which visits every route,
 *   where a fresh context per route costs more than the page itself.
 */
import {test as base, expect, type Page, type Request, type TestInfo} from '@playwright/test';
import {
  clearProblems,
  emptyProblems,
  pageIdle,
  problemList,
  recordForeignRequests,
  waitForHydration,
  watchPage,
  type PageProblems,
} from './helpers/browser';
import {baseUrl} from './helpers/paths';
import {storageKeys, type StorageKeys} from './helpers/site';

export {expect} from '@playwright/test';

export interface OpenOptions {
  /** Wait for React hydration after load (default: unless JavaScript is off). */
  readonly hydrate?: boolean;
}

/** Loads `path`, waits for hydration unless told not to, returns the document's HTTP status. */
export type Open = (path: string, options?: OpenOptions) => Promise<number | undefined>;

export type ColourMode = 'light' | 'dark';

/** The worker's reused tab. */
export interface Tab {
  readonly page: Page;
  /** What went wrong since the last visit(). */
  readonly problems: PageProblems;
  /**
   * Load `path` as a first visit (a full document load) by a reader whose system is in `mode`
   * and who never chose one (nothing stored: the theme follows the system), wait for hydration
   * and for the requests the page starts right after it; returns the status and the pathname the
   * tab ended on (after redirects, percent-encoded as the browser shows it).
   */
  visit(path: string, mode?: ColourMode): Promise<{readonly status: number | undefined; readonly pathname: string}>;
}

interface TestFixtures {
  problems: PageProblems;
  open: Open;
  /**
   * Origins other than the site's that the test answers itself (`page.route(...).fulfill`): their
   * requests are not recorded as foreign. `test.use({stubbedOrigins: [...]})`.
   */
  stubbedOrigins: readonly string[];
}

interface WorkerFixtures {
  storageKeys: StorageKeys;
  tab: Tab;
}

/** Waits for hydration; if it never comes, fails with what the page threw on the way. */
async function hydrated(page: Page, path: string, problems: PageProblems): Promise<void> {
  try {
    await waitForHydration(page);
  } catch (error) {
    const found = problemList(problems).join('\n  ') || '(no error recorded)';
    throw new Error(`${path} did not hydrate (${String(error)}). Seen:\n  ${found}`, {cause: error});
  }
}

/**
 * A screenshot of `page` attached to a failed test (the HTML report shows it), taken only when the
 * test failed (playwright.config.ts says why Playwright's own is off). A page that cannot be shot
 * (closed, or hung) leaves the failure as it is.
 */
export async function screenshotOnFailure(page: Page, testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
  const path = testInfo.outputPath('test-failed.png');
  await page.screenshot({path, timeout: 5_000}).then(
    () => testInfo.attachments.push({name: 'screenshot', path, contentType: 'image/png'}),
    () => undefined,
  );
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  page: async ({page}, use, testInfo) => {
    await use(page);
    await screenshotOnFailure(page, testInfo);
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  problems: async ({}, use) => {
    await use(emptyProblems());
  },

  stubbedOrigins: [[], {option: true}],

  context: async ({context, problems, stubbedOrigins}, use) => {
    const origin = new URL(baseUrl).origin;
    recordForeignRequests(context, origin, problems, stubbedOrigins);
    for (const page of context.pages()) watchPage(page, origin, problems);
    context.on('page', (page) => watchPage(page, origin, problems));
    await use(context);
  },

  open: async ({page, problems, javaScriptEnabled}, use) => {
    await use(async (path, options = {}) => {
      const response = await page.goto(path, {waitUntil: 'load'});
      if (options.hydrate ?? javaScriptEnabled !== false) await hydrated(page, path, problems);
      return response?.status();
    });
  },

  storageKeys: [
    // eslint-disable-next-line no-empty-pattern -- as for `problems`
    async ({}, use) => {
      await use(await storageKeys());
    },
    {scope: 'worker'},
  ],

  tab: [
    async ({browser, storageKeys: keys}, use) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        serviceWorkers: 'block',
        colorScheme: 'light',
        viewport: {width: 1280, height: 900},
      });
      const page = await context.newPage();
      const origin = new URL(baseUrl).origin;
      const problems = emptyProblems();
      page.setDefaultTimeout(15_000);
      // A colour mode chosen on one route (routes.spec switches it through localStorage) must not
      // carry over to the next: each visit starts as a reader who never chose, in the system mode
      // visit() emulates, so which mode a route loads in never depends on the routes before it.
      await page.addInitScript((key) => window.localStorage.removeItem(key), keys.theme);
      watchPage(page, origin, problems);
      // Recorded, not blocked, as in every context (see recordForeignRequests).
      recordForeignRequests(page, origin, problems);
      const settle = requestsSettle(page);

      await use({
        page,
        problems,
        async visit(path, mode = 'light') {
          clearProblems(problems);
          await page.emulateMedia({colorScheme: mode});
          const response = await page.goto(path, {waitUntil: 'load'});
          await hydrated(page, path, problems);
          await settle();
          return {status: response?.status(), pathname: new URL(page.url()).pathname};
        },
      });
      await context.close();
    },
    {scope: 'worker'},
  ],
});

/**
 * A function that resolves once no request of `page` is in flight and the page has then gone idle
 * (pageIdle) with still none in flight, so the requests a page starts right after hydration are
 * charged to that page, not to the next. A request still open after 10 s fails the visit with its
 * URL: no page of the site keeps one open.
 */
function requestsSettle(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const open = (): string[] => [...inFlight].map((request) => request.url());
  return async () => {
    // Nothing in flight once the page has gone idle: a request started in that idle period (a
    // lazy chunk, say) is waited for too.
    for (let round = 0; round < 5; round++) {
      await expect.poll(open, {message: 'requests still in flight', timeout: 10_000, intervals: [25]}).toEqual([]);
      await pageIdle(page);
      if (inFlight.size === 0) return;
    }
  };
}
