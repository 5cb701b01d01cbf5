/**
 * What the browser specs watch in a page: console errors, page errors, failed requests and any
 * request to another origin, collected as `problems` (tests/e2e/fixtures.ts wires them into every
 * browser context), and React's hydration.
 */
import AxeBuilder from '@axe-core/playwright';
import type {BrowserContext, Page} from '@playwright/test';

/** What went wrong while a page was open. Every list empty means a clean page. */
export interface PageProblems {
  /** console.error calls and browser-logged errors (CSP violations, failed loads). */
  readonly consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  readonly pageErrors: string[];
  /** Subresources that failed at network level or answered 4xx/5xx. */
  readonly failedRequests: string[];
  /** Any request to another origin (none resolves: see recordForeignRequests). */
  readonly foreignRequests: string[];
}

export function emptyProblems(): PageProblems {
  return {consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: []};
}

/** Empties every list, e.g. before the next navigation of a reused page. */
export function clearProblems(problems: PageProblems): void {
  for (const list of Object.values(problems) as string[][]) list.length = 0;
}

/**
 * Records every request of `target` (a page, or every page of a context) to an origin other than
 * `origin` and `stubbed` (origins a test answers itself with `page.route`). Recorded, not blocked:
 * routing, which blocking needs, pauses every request of the context for a round trip through
 * Playwright and turns off Chromium's HTTP cache, so every load downloads and compiles the site's
 * JavaScript afresh (measured: tests/README.md, "What makes the steps fast"). The browser's launch
 * flags (playwright.config.ts) make every host name but 127.0.0.1 unresolvable, so such a request
 * fails where it starts; recorded, it fails the test that asserts a clean page.
 */
export function recordForeignRequests(
  target: Pick<BrowserContext, 'on'> | Pick<Page, 'on'>,
  origin: string,
  problems: PageProblems,
  stubbed: readonly string[] = [],
): void {
  (target as Pick<Page, 'on'>).on('request', (request) => {
    const url = request.url();
    if (isSameOriginOrInline(url, origin) || stubbed.includes(new URL(url).origin)) return;
    problems.foreignRequests.push(url);
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
  // Checked on every frame: an assertion's retries come 100 to 500 ms apart, and a test (or the
  // worker's core) waited up to that long after each page had hydrated (issue 35's e2e budget).
  // Re-run in the new document if the page reloads on the way; a new document can be polled before
  // it has its <html> element (`documentElement` null), which is not hydrated yet either.
  await page.waitForFunction(() => document.documentElement?.dataset.hasHydrated === 'true', undefined, {
    timeout,
    polling: 'raf',
  });
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
