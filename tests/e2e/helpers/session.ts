/**
 * One browser context and one tab reused for many page loads, for specs that visit every
 * route (routes.spec, a11y.spec): a fresh context per route costs more than the page itself.
 * Problems are collected like openPage() does, and cleared at each visit(); requests to other
 * origins are recorded but not aborted, which keeps the browser's HTTP cache on.
 */
import type {Browser, BrowserContext, BrowserContextOptions, Page} from 'playwright-core';
import {
  clearProblems,
  emptyProblems,
  problemList,
  recordForeignRequests,
  waitForHydration,
  watchPage,
  type PageProblems,
} from './browser';
import {baseUrl} from './http';

export interface Visit {
  /** The main document's HTTP status (after redirects). */
  readonly status: number | undefined;
  /** Pathname the tab ended on (after redirects), percent-encoded as the browser shows it. */
  readonly pathname: string;
}

export interface Session {
  readonly context: BrowserContext;
  readonly page: Page;
  /** What went wrong since the last visit() (or clear()). */
  readonly problems: PageProblems;
  /**
   * Load `path` as a first visit (a full document load), wait for hydration (unless
   * `hydrate: false`) and for the requests the page starts right after it (prefetches).
   */
  visit(path: string, options?: {readonly hydrate?: boolean}): Promise<Visit>;
  /** Resolves once no request of the tab has been in flight for `quietMs`. */
  settle(quietMs?: number, timeoutMs?: number): Promise<void>;
  clear(): void;
  close(): Promise<void>;
}

export async function openSession(browser: Browser, options: BrowserContextOptions = {}): Promise<Session> {
  const origin = new URL(baseUrl()).origin;
  const context = await browser.newContext({baseURL: origin, serviceWorkers: 'block', ...options});
  const problems = emptyProblems();
  const page = await context.newPage();
  // A missing element should fail a test quickly, not after Playwright's 30 s.
  page.setDefaultTimeout(15_000);
  watchPage(page, origin, problems);
  // Recorded, not blocked, so the HTTP cache stays on (see recordForeignRequests).
  recordForeignRequests(page, origin, problems);

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

  async function settle(quietMs = 150, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (inFlight === 0 && Date.now() - lastActivity >= quietMs) return;
      await page.waitForTimeout(25);
    }
    // Not fatal: a slow request shows up as a failed request or a timeout elsewhere.
  }

  async function visit(path: string, visitOptions: {readonly hydrate?: boolean} = {}): Promise<Visit> {
    clearProblems(problems);
    const response = await page.goto(path, {waitUntil: 'load'});
    const hydrate = visitOptions.hydrate ?? options.javaScriptEnabled !== false;
    if (hydrate) {
      try {
        await waitForHydration(page);
      } catch (error) {
        const found = problemList(problems).join('\n  ') || '(no error recorded)';
        throw new Error(`${path} did not hydrate (${String(error)}). Seen:\n  ${found}`, {cause: error});
      }
      await settle();
    }
    return {status: response?.status(), pathname: new URL(page.url()).pathname};
  }

  return {
    context,
    page,
    problems,
    visit,
    settle,
    clear: () => clearProblems(problems),
    close: () => context.close(),
  };
}
