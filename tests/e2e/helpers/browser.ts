/**
 * What the browser specs watch in a page: console errors, page errors, failed requests and any
 * request to another origin, collected as `problems` (tests/e2e/fixtures.ts wires them into every
 * browser context), and React's hydration.
 */
import AxeBuilder from '@axe-core/playwright';
import {expect, type BrowserContext, type Page} from '@playwright/test';

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
 * pages (the worker's `tab`): routing, which blocking needs, turns off Chromium's HTTP cache, so
 * every page would download and compile the site's JavaScript afresh. The browser's launch flags
 * (playwright.config.ts) already make every host name but 127.0.0.1 unresolvable, so such a
 * request fails where it starts.
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
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', {timeout});
}

/**
 * Resolves once the page has rendered two frames and then had an idle period, so the work it had
 * queued when this was called (React effects, IntersectionObserver callbacks, idle callbacks
 * registered earlier, which run first) has run. The state to wait for before checking that
 * something did *not* happen after a load, instead of a sleep of a guessed length. If the page never
 * goes idle, the browser runs the callback after `timeoutMs` anyway (requestIdleCallback's own
 * deadline), and the check that follows judges the page as it is then.
 */
export async function pageIdle(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(
    (timeout) =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), {timeout})));
      }),
    timeoutMs,
  );
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

/**
 * The WCAG 2.0/2.1 A and AA violations axe finds inside `selector` (an opened panel), as
 * `rule: targets` lines: the sandbox panels' check, where the page-wide one is routes.spec.ts's.
 */
export async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({page})
    .setLegacyMode()
    .options({resultTypes: ['violations']})
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
