/**
 * Browser side of the end-to-end tests: Debian's Chromium driven by playwright-core (no
 * @playwright/test runner; Vitest runs the tests). Playwright's own browser builds cannot be
 * downloaded on our machines; /usr/bin/chromium is installed by scripts/ensure-system-deps.sh.
 */
import {chromium} from 'playwright-core';
import type {Browser, BrowserContext, BrowserContextOptions, Page} from 'playwright-core';
import {baseUrl} from './http';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      // Tests run as root in a container, where Chromium's sandbox cannot start.
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      // Chromium's own traffic (updates, sync, field trials) would leave the machine.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Belt and braces: no host name resolves, so nothing but the server under test (on
      // 127.0.0.1, which the rule would otherwise catch too) can be reached even if a page
      // tries. Foreign requests are also aborted and recorded by openPage().
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

/** What went wrong while a page was open. Every list empty means a clean page. */
export interface PageProblems {
  /** console.error calls and browser-logged errors (CSP violations, failed loads). */
  readonly consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  readonly pageErrors: string[];
  /** Subresources that failed at network level or answered 4xx/5xx. */
  readonly failedRequests: string[];
  /** Any request to another origin (aborted before it leaves the browser). */
  readonly foreignRequests: string[];
}

export interface OpenedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly problems: PageProblems;
  /** The main document's HTTP status. */
  readonly status: number | undefined;
  readonly close: () => Promise<void>;
}

export interface OpenPageOptions {
  /** Extra context options (viewport, colorScheme, javaScriptEnabled, reducedMotion ...). */
  readonly context?: BrowserContextOptions;
  /** Wait for React hydration after load (default true; meaningless with JavaScript off). */
  readonly hydrate?: boolean;
}

/**
 * Open `path` (relative to the server under test) in a fresh context and collect problems
 * from the first request on. The caller asserts on `problems`, e.g. with problemList().
 */
export async function openPage(browser: Browser, path: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const origin = new URL(baseUrl()).origin;
  const context = await browser.newContext({
    baseURL: origin,
    // A service worker would hide what the server really answers.
    serviceWorkers: 'block',
    ...options.context,
  });
  const problems = emptyProblems();
  await blockForeignRequests(context, origin, problems);
  const page = await context.newPage();
  watchPage(page, origin, problems);

  const response = await page.goto(path, {waitUntil: 'load'});
  if (options.hydrate ?? options.context?.javaScriptEnabled !== false) {
    try {
      await waitForHydration(page);
    } catch (error) {
      // Usually the page threw before React could hydrate: say what it threw.
      await context.close();
      const found = problemList(problems).join('\n  ') || '(no error recorded)';
      throw new Error(`${path} did not hydrate (${String(error)}). Seen:\n  ${found}`, {cause: error});
    }
  }
  return {
    page,
    context,
    problems,
    status: response?.status(),
    close: () => context.close(),
  };
}

export function emptyProblems(): PageProblems {
  return {consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: []};
}

/** Empties every list, e.g. before the next navigation of a reused page. */
export function clearProblems(problems: PageProblems): void {
  for (const list of Object.values(problems) as string[][]) list.length = 0;
}

/** Aborts, and records in `problems`, every request of `context` that would leave `origin`. */
export async function blockForeignRequests(
  context: BrowserContext,
  origin: string,
  problems: PageProblems,
): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isSameOriginOrInline(url, origin)) return route.continue().catch(ignoreSettledRoute);
    problems.foreignRequests.push(url);
    return route.abort('blockedbyclient').catch(ignoreSettledRoute);
  });
}

/**
 * A reload or navigation cancels the requests still in flight, and Playwright then reports a
 * route the handler was about to continue as already handled. That is the page moving on, not a
 * failure; anything else is rethrown.
 */
function ignoreSettledRoute(error: unknown): void {
  if (
    error instanceof Error &&
    /Route is already handled|Target page, context or browser has been closed/.test(error.message)
  )
    return;
  throw error;
}

/**
 * Records, without blocking, every request of `page` to another origin. For long runs over many
 * pages (openSession): routing, which blocking needs, turns off Chromium's HTTP cache, so every
 * page would download and compile the site's JavaScript afresh. launchBrowser() already makes
 * every host name but 127.0.0.1 unresolvable, so such a request fails where it starts.
 */
export function recordForeignRequests(page: Page, origin: string, problems: PageProblems): void {
  page.on('request', (request) => {
    if (!isSameOriginOrInline(request.url(), origin)) problems.foreignRequests.push(request.url());
  });
}

/**
 * Records into `problems` what goes wrong in `page` from now on: console errors, uncaught
 * errors, failed subresources. Main documents are left out: their status is the caller's to
 * check, since a 404 page is expected on some paths.
 */
export function watchPage(page: Page, origin: string, problems: PageProblems): void {
  // URLs of the main documents loaded (redirects included).
  const documents = new Set<string>();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    // Chromium's own note on a document that answered 4xx ("Failed to load resource: the
    // server responded with a status of 404") duplicates that status.
    if (documents.has(source) && message.text().startsWith('Failed to load resource:')) return;
    problems.consoleErrors.push(`${message.text()} (${source || 'page'})`);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.stack ?? error.message));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // Aborted on purpose: foreign requests (recorded by blockForeignRequests or
    // recordForeignRequests) and requests a navigation cancels (Docusaurus prefetches that are
    // no longer needed).
    if (!isSameOriginOrInline(request.url(), origin) || failure === 'net::ERR_ABORTED') return;
    problems.failedRequests.push(`${failure} ${request.url()}`);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents.add(response.url());
    } else if (response.status() >= 400) {
      problems.failedRequests.push(`${response.status()} ${response.url()}`);
    }
  });
}

function isSameOriginOrInline(url: string, origin: string): boolean {
  return url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin;
}

/**
 * Resolves once React has hydrated the server-rendered page: Docusaurus 3 then sets
 * `<html data-has-hydrated="true">` (@docusaurus/core lib/client/hasHydratedDataAttribute.js).
 * Before that, clicks and keyboard handlers are not wired up yet.
 */
export async function waitForHydration(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout});
}

/** All problems as one flat list of readable lines: `expect(problemList(p)).toEqual([])`. */
export function problemList(problems: PageProblems): string[] {
  return [
    ...problems.consoleErrors.map((line) => `console: ${line}`),
    ...problems.pageErrors.map((line) => `page error: ${line}`),
    ...problems.failedRequests.map((line) => `request: ${line}`),
    ...problems.foreignRequests.map((line) => `foreign request: ${line}`),
  ];
}
