/**
 * Facts about the Docusaurus site under test that the browser specs share: the pages they use and
 * the widths where the layout changes, the names of its localStorage keys, client-side
 * navigation, and a way to tell a client-side navigation from a full page load.
 */
import {expect, type Locator, type Page} from '@playwright/test';
import {request} from './http';

export const DESKTOP = {width: 1280, height: 800};
/** Docusaurus switches at 996 px: up to 996 is mobile, from 997 desktop. */
export const MOBILE = {width: 995, height: 800};
export const WIDE_ENOUGH = {width: 997, height: 800};

/** A long docs page with the API reference block (parameter tables, code samples). */
export const API_PAGE = '/docs/v1/service/aeps/withdrawal';
/** Its heading. */
export const API_PAGE_HEADING = 'AEPS cash withdrawal';
export const INTRO = '/docs/v1/';
/** A page whose prose links to API_PAGE (the AEPS overview): client-side navigation tests click that link. */
export const LINKS_TO_API_PAGE = '/docs/v1/aeps';
export const LINKS_TO_API_PAGE_HEADING = 'Aadhaar banking (AEPS)';
export const LONG_POST = '/blog/long-blog-post';

/** The navbar's colour-mode toggle; its label ends with the mode it is in. */
export const TOGGLE_LABEL = 'Switch between dark and light mode';
export const toggleLabel = (mode: 'light' | 'dark' | 'system'): string => `${TOGGLE_LABEL} (currently ${mode} mode)`;
export function colourToggle(page: Page): Locator {
  return page.locator(`nav.navbar button[aria-label^="${TOGGLE_LABEL}"]:visible`);
}

export interface StorageKeys {
  /** Colour-mode choice: 'light' | 'dark'; absent = system. */
  readonly theme: string;
  /** Id of the announcement the reader last saw. */
  readonly announcementId: string;
  /** 'true' once the reader closed that announcement. */
  readonly announcementDismiss: string;
}

/**
 * Docusaurus 3 namespaces its localStorage keys per site (`future.v4` turns on
 * siteStorageNamespacing: `theme` becomes `theme-<hash of url and baseUrl>`). The suffix is
 * read from the colour-mode bootstrap script of the home page, so the tests follow the site
 * if its URL or the flag changes.
 */
export async function storageKeys(): Promise<StorageKeys> {
  const html = (await request('/')).body.toString('utf8');
  const suffix = /localStorage\.getItem\(["']theme([^"']*)["']\)/.exec(html)?.[1];
  if (suffix === undefined) {
    throw new Error('e2e: no colour-mode bootstrap script (localStorage.getItem("theme...")) in /');
  }
  return {
    theme: `theme${suffix}`,
    announcementId: `docusaurus.announcement.id${suffix}`,
    announcementDismiss: `docusaurus.announcement.dismiss${suffix}`,
  };
}

/**
 * Navigate client-side, as a click on a <Link> does: push the URL onto the history and let
 * the router (history v4 listens to popstate) render it. Use a real link where the page has
 * one; this reaches any path.
 */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
  }, path);
}

/**
 * Tags the current document; sameDocument() then tells whether the tab is still on it (a
 * client-side navigation) or loaded a new one (a full page load or a reload).
 */
export async function markDocument(page: Page): Promise<string> {
  const mark = `e2e-${Date.now()}-${Math.random()}`;
  await page.evaluate((value) => {
    (window as unknown as {__e2eMark?: string}).__e2eMark = value;
  }, mark);
  return mark;
}

export async function sameDocument(page: Page, mark: string): Promise<boolean> {
  const current = await page.evaluate(() => (window as unknown as {__e2eMark?: string}).__e2eMark);
  return current === mark;
}

/**
 * Waits until the tab's pathname is `pathname`, as `location.pathname` spells it (read in the page:
 * Chromium leaves braces as they are where Node's URL parser would percent-encode them). While a
 * new document loads there is no page to ask (null), and the poll asks again.
 */
export async function waitForPathname(page: Page, pathname: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => window.location.pathname).catch(() => null), {message: 'location.pathname'})
    .toBe(pathname);
}

/** An attribute of <html> (data-theme, data-has-hydrated ...) as it is now, or null. */
export function htmlAttribute(page: Page, name: string): Promise<string | null> {
  return page.evaluate((attribute) => document.documentElement.getAttribute(attribute), name);
}

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/**
 * Resolves once the CSS transitions running in the page have ended. Infima fades colours over
 * 200 ms when the mode changes: checked halfway, text still has the old mode's colour on the new
 * mode's background (dark text on white, on a busy machine).
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished),
    ),
  );
}

/**
 * Puts the reader's system in `mode` while the page is open, for a reader who never chose one (the
 * theme follows the system: respectPrefersColorScheme), and waits until the page shows it with its
 * colours settled: the second mode of one visit, where a new load would cost as much as the checks.
 */
export async function followSystemMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({colorScheme: mode});
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await transitionsEnded(page);
}
