/**
 * The `test` every spec imports instead of @playwright/test's own: Playwright's fixtures (a
 * fresh browser context and page per test, the browser per worker, options from
 * playwright.config.ts) plus what our specs share.
 *
 * - Every browser context aborts requests to other origins and records, in `problems`, those
 *   requests and the console errors, page errors and failed requests of each of its pages.
 * - `open(path)` loads a page as a reader's first visit and waits for React to hydrate it.
 * - `storageKeys` (per worker): the site's localStorage key names.
 * - `tab` (per worker): one context and tab reused by the specs that visit every route, where a
 *   fresh context per route costs more than the page itself.
 */
import {test as base, type Page} from '@playwright/test';
import {
  blockForeignRequests,
  clearProblems,
  emptyProblems,
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

/** The worker's reused tab. */
export interface Tab {
  readonly page: Page;
  /** What went wrong since the last visit(). */
  readonly problems: PageProblems;
  /**
   * Load `path` as a first visit (a full document load), wait for hydration and for the
   * requests the page starts right after it; returns the status and the pathname the tab ended
   * on (after redirects, percent-encoded as the browser shows it).
   */
  visit(path: string): Promise<{readonly status: number | undefined; readonly pathname: string}>;
}

interface TestFixtures {
  problems: PageProblems;
  open: Open;
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

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  problems: async ({}, use) => {
    await use(emptyProblems());
  },

  context: async ({context, problems}, use) => {
    const origin = new URL(baseUrl).origin;
    await blockForeignRequests(context, origin, problems);
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
    async ({browser}, use) => {
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
      watchPage(page, origin, problems);
      // Recorded, not blocked, so the HTTP cache stays on (see recordForeignRequests).
      recordForeignRequests(page, origin, problems);
      const settle = requestsSettle(page);

      await use({
        page,
        problems,
        async visit(path) {
          clearProblems(problems);
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
 * A function that resolves once no request of `page` has been in flight for `quietMs` (or after
 * `timeoutMs`; a slow request then shows up as a failed request or a timeout elsewhere). So the
 * requests a page starts right after hydration are charged to that page, not to the next.
 */
function requestsSettle(page: Page, quietMs = 150, timeoutMs = 5_000): () => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  const done = (): void => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (inFlight === 0 && Date.now() - lastActivity >= quietMs) return;
      await page.waitForTimeout(25);
    }
  };
}
