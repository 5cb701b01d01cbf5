/**
 * Facts about the Docusaurus site under test that the browser specs share: the names of its
 * localStorage keys, client-side navigation, and a way to tell a client-side navigation from a
 * full page load.
 */
import type {Page} from 'playwright-core';
import {request} from './http';

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

/** Waits until the tab's pathname (percent-encoded, as location.pathname) is `pathname`. */
export async function waitForPathname(page: Page, pathname: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((expected) => window.location.pathname === expected, pathname, {
    timeout,
  });
}
