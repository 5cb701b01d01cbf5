/**
 * The page shell in Chromium, as readers use it: colour mode, announcement bar, the navbar on
 * phones and desktops, the skip link, the table of contents, the navigation progress bar, and
 * what a reader sees when something breaks (a render error, a chunk that does not load, a URL
 * that cannot be decoded).
 *
 * Each test opens its own context (clean localStorage); one browser for the file.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Browser, BrowserContext, Locator, Page, Route} from 'playwright-core';
import {site} from '../../site.config';
import {launchBrowser, openPage, problemList, waitForHydration} from './helpers/browser';
import {docsSidebar} from './helpers/docs';
import {request} from './helpers/http';
import {markDocument, sameDocument, storageKeys, waitForPathname, type StorageKeys} from './helpers/site';

const DESKTOP = {width: 1280, height: 800};
/** Docusaurus switches at 996 px: up to 996 is mobile, from 997 desktop. */
const MOBILE = {width: 995, height: 800};
const WIDE_ENOUGH = {width: 997, height: 800};

/** A long docs page with the API reference block (parameter tables, code samples). */
const API_PAGE = '/docs/v1/service/aeps/withdrawal';
/** Its heading, and the docs page whose "Next" link leads to it. */
const API_PAGE_HEADING = 'AEPS cash withdrawal';
const INTRO = '/docs/v1/';
/** A page whose prose links to API_PAGE: client-side navigation tests click that link. */
const LINKS_TO_API_PAGE = '/docs/v1/aeps';
const LONG_POST = '/blog/long-blog-post';

const TOGGLE_LABEL = 'Switch between dark and light mode';
const toggleLabel = (mode: 'light mode' | 'dark mode' | 'system mode'): string => `${TOGGLE_LABEL} (currently ${mode})`;

let browser: Browser;
let keys: StorageKeys;

beforeAll(async () => {
  browser = await launchBrowser();
  keys = await storageKeys();
});
afterAll(() => browser?.close());

function colourToggle(page: Page): Locator {
  return page.locator(`nav.navbar button[aria-label^="${TOGGLE_LABEL}"]:visible`);
}

function htmlAttribute(page: Page, name: string): Promise<string | null> {
  return page.evaluate((attribute) => document.documentElement.getAttribute(attribute), name);
}

function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** '#0b3d2e' -> 'rgb(11, 61, 46)', as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('colour mode', () => {
  it('is light by default; the toggle cycles system -> light -> dark -> system, its label following', async () => {
    const {page, problems, close} = await openPage(browser, INTRO, {
      context: {colorScheme: 'light', viewport: DESKTOP},
    });
    const toggle = colourToggle(page);
    // No stored choice: the site follows the system (respectPrefersColorScheme), which is
    // light here. Docusaurus 3.10 names that state "system mode", not "light mode".
    expect(await htmlAttribute(page, 'data-theme')).toBe('light');
    expect(await htmlAttribute(page, 'data-theme-choice')).toBe('system');
    expect(await toggle.getAttribute('aria-label')).toBe(toggleLabel('system mode'));
    expect(await toggle.isEnabled()).toBe(true);

    const cycle = [
      {label: toggleLabel('light mode'), theme: 'light', choice: 'light', stored: 'light'},
      {label: toggleLabel('dark mode'), theme: 'dark', choice: 'dark', stored: 'dark'},
      {label: toggleLabel('system mode'), theme: 'light', choice: 'system', stored: null},
    ] as const;
    for (const step of cycle) {
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-label')).toBe(step.label);
      expect(await htmlAttribute(page, 'data-theme'), step.label).toBe(step.theme);
      expect(await htmlAttribute(page, 'data-theme-choice'), step.label).toBe(step.choice);
      expect(await storedItem(page, keys.theme), step.label).toBe(step.stored);
    }
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  it('the choice survives a reload', async () => {
    const {page, problems, close} = await openPage(browser, INTRO, {
      context: {colorScheme: 'light', viewport: DESKTOP},
    });
    const toggle = colourToggle(page);
    await toggle.click(); // light
    await toggle.click(); // dark
    await expect.poll(() => htmlAttribute(page, 'data-theme')).toBe('dark');

    await page.reload({waitUntil: 'domcontentloaded'});
    // Set by the inline bootstrap script, before React: no flash of the light theme.
    expect(await htmlAttribute(page, 'data-theme')).toBe('dark');
    await waitForHydration(page);
    expect(await colourToggle(page).getAttribute('aria-label')).toBe(toggleLabel('dark mode'));
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  it('two tabs stay in step: a change in one shows in the other', async () => {
    const first = await openPage(browser, INTRO, {context: {colorScheme: 'light', viewport: DESKTOP}});
    const other = await first.context.newPage();
    await other.goto('/blog', {waitUntil: 'load'});
    await waitForHydration(other);

    const toggle = colourToggle(first.page);
    await toggle.click(); // light
    await toggle.click(); // dark
    await expect.poll(() => htmlAttribute(other, 'data-theme')).toBe('dark');
    await expect.poll(() => colourToggle(other).getAttribute('aria-label')).toBe(toggleLabel('dark mode'));

    // And back the other way, from the second tab.
    await colourToggle(other).click(); // system (light here)
    await expect.poll(() => htmlAttribute(first.page, 'data-theme')).toBe('light');
    await expect.poll(() => colourToggle(first.page).getAttribute('aria-label')).toBe(toggleLabel('system mode'));
    expect(problemList(first.problems)).toEqual([]);
    await first.close();
  });

  it('the toggle is disabled until React has hydrated the page', async () => {
    const html = (await request(INTRO)).body.toString('utf8');
    const buttons = [...html.matchAll(/<button\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes(TOGGLE_LABEL));
    expect(buttons.length, 'colour-mode toggle in the server HTML').toBeGreaterThan(0);
    for (const tag of buttons) expect(tag).toMatch(/\sdisabled(?=[\s>=])/);

    // Without JavaScript it stays disabled (nothing would handle a click).
    const noJs = await openPage(browser, INTRO, {
      context: {javaScriptEnabled: false, viewport: DESKTOP},
    });
    expect(await colourToggle(noJs.page).isDisabled()).toBe(true);
    await noJs.close();
  });
});

describe('announcement bar', () => {
  const bar = (page: Page): Locator => page.locator('div.theme-announcement-bar');

  it('is shown with the configured colours and a "Close" button', async () => {
    const {page, problems, close} = await openPage(browser, '/', {context: {viewport: DESKTOP}});
    await bar(page).waitFor({state: 'visible'});
    const colours = await bar(page).evaluate((element) => {
      const style = getComputedStyle(element);
      return {background: style.backgroundColor, text: style.color};
    });
    expect(colours).toEqual({
      background: rgb(site.announcement.backgroundColor),
      text: rgb(site.announcement.textColor),
    });
    await expect.poll(() => bar(page).innerText()).toContain('Sandbox keys');
    expect(await bar(page).locator('button[aria-label="Close"]').isVisible()).toBe(true);
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  it('stays closed after a reload once closed', async () => {
    const {page, problems, close} = await openPage(browser, '/', {context: {viewport: DESKTOP}});
    await bar(page).getByRole('button', {name: 'Close', exact: true}).click();
    await bar(page).waitFor({state: 'hidden'});
    expect(await storedItem(page, keys.announcementDismiss)).toBe('true');

    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    expect(await bar(page).isVisible()).toBe(false);
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  /** Stores a closed, older announcement, as a reader who closed the previous one has. */
  async function closedAnOlderAnnouncement(page: Page): Promise<void> {
    await page.evaluate(
      ({id, dismiss}) => {
        window.localStorage.setItem(id, 'an-older-announcement');
        window.localStorage.setItem(dismiss, 'true');
      },
      {id: keys.announcementId, dismiss: keys.announcementDismiss},
    );
  }

  it('a new announcement (another id than the one closed) shows from the next page load on', async () => {
    const {page, problems, close} = await openPage(browser, '/', {context: {viewport: DESKTOP}});
    await closedAnOlderAnnouncement(page);
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    // The theme noticed the new id: the old dismissal no longer counts.
    await expect.poll(() => storedItem(page, keys.announcementId)).toBe(site.announcement.id);
    expect(await storedItem(page, keys.announcementDismiss)).toBe('false');

    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    await bar(page).waitFor({state: 'visible', timeout: 5_000});
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  /**
   * Fails with Docusaurus 3.10 as it is: the inline script marks the page
   * `data-announcement-bar-initially-dismissed="true"` from the old dismissal before React
   * runs, and the theme's CSS hides the bar for as long as that attribute is there, which is
   * the whole life of the page, although the theme itself has decided to show the bar.
   */
  it('a new announcement shows already on the first page load after it changed', async () => {
    const {page, problems, close} = await openPage(browser, '/', {context: {viewport: DESKTOP}});
    await closedAnOlderAnnouncement(page);
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    await bar(page).waitFor({state: 'visible', timeout: 5_000});
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});

describe('navbar on phones and desktops', () => {
  const hamburger = (page: Page): Locator =>
    page.locator('nav.navbar').getByRole('button', {name: 'Toggle navigation bar', exact: true});
  const panel = (page: Page): Locator => page.locator('.navbar-sidebar');
  const navbarDocsLink = (page: Page): Locator =>
    page.locator('nav.navbar .navbar__items a.navbar__link', {hasText: 'Docs'});

  /**
   * Whether `locator` is shown inside the open panel: the panel slides its two menus
   * sideways, so the one not shown is still "visible" to the DOM, just outside the panel.
   */
  async function inPanel(page: Page, locator: Locator): Promise<boolean> {
    const [box, panelBox] = await Promise.all([locator.boundingBox(), panel(page).boundingBox()]);
    if (!box || !panelBox) return false;
    const centre = box.x + box.width / 2;
    return centre > panelBox.x && centre < panelBox.x + panelBox.width;
  }

  it('below 996 px: the hamburger opens the panel with the primary menu, and "Close navigation bar" closes it', async () => {
    const {page, problems, close} = await openPage(browser, '/', {context: {viewport: MOBILE}});
    expect(await hamburger(page).isVisible()).toBe(true);
    expect(await navbarDocsLink(page).isVisible()).toBe(false);

    await hamburger(page).click();
    await panel(page).waitFor({state: 'visible'});
    const primaryDocs = panel(page).locator('.menu__link', {hasText: 'Docs'});
    await expect.poll(() => inPanel(page, primaryDocs)).toBe(true);

    await panel(page).getByRole('button', {name: 'Close navigation bar', exact: true}).click();
    await panel(page).waitFor({state: 'hidden'});
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  it('on a docs page the panel shows the docs sidebar with "← Back to main menu"; wider than 996 px closes it', async () => {
    const {page, problems, close} = await openPage(browser, API_PAGE, {context: {viewport: MOBILE}});
    await hamburger(page).click();
    await panel(page).waitFor({state: 'visible'});

    const secondaryLink = panel(page).locator('.theme-doc-sidebar-menu a.menu__link', {
      hasText: 'Getting started',
    });
    await expect.poll(() => inPanel(page, secondaryLink)).toBe(true);
    const back = panel(page).getByRole('button', {name: '← Back to main menu', exact: true});
    expect(await inPanel(page, back)).toBe(true);
    expect(await panel(page).getByRole('button', {name: 'Close navigation bar'}).isVisible()).toBe(true);

    await back.click();
    const primaryDocs = panel(page).locator('.menu__link', {hasText: 'Docs'});
    await expect.poll(() => inPanel(page, primaryDocs)).toBe(true);
    await expect.poll(() => inPanel(page, secondaryLink)).toBe(false);

    await page.setViewportSize(WIDE_ENOUGH);
    await panel(page).waitFor({state: 'hidden'});
    expect(await page.locator('nav.navbar').getAttribute('class')).not.toContain('navbar-sidebar--show');
    expect(await hamburger(page).isVisible()).toBe(false);
    expect(await navbarDocsLink(page).isVisible()).toBe(true);
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  it('hides on scrolling down a long page and comes back on scrolling up', async () => {
    const {page, problems, close} = await openPage(browser, API_PAGE, {context: {viewport: DESKTOP}});
    // Hidden = slid up out of the viewport (the theme's class for it is a CSS-module name).
    const navbar = page.locator('nav.navbar');
    const hidden = async (): Promise<boolean> =>
      navbar.evaluate((element) => element.getBoundingClientRect().bottom <= 0);
    expect(await hidden()).toBe(false);

    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await page.mouse.wheel(0, 600);
    await expect.poll(hidden, {message: 'navbar hidden after scrolling down'}).toBe(true);
    await page.mouse.wheel(0, -300);
    await expect.poll(hidden, {message: 'navbar back after scrolling up'}).toBe(false);
    expect(problemList(problems)).toEqual([]);
    await close();
  });

  /**
   * The theme focuses <main> through a temporary tabindex that it removes at once; Chromium
   * (156 here) then moves focus to <body> (the focus fixup rule) but keeps the sequential
   * focus starting point in <main>. What a keyboard user gets is what is checked: the next
   * Tab lands inside the main content, past the navbar and the sidebar.
   */
  it('the first Tab reaches "Skip to main content"; Enter, then Tab, lands in the main content', async () => {
    const {page, problems, close} = await openPage(browser, API_PAGE, {context: {viewport: DESKTOP}});
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      text: (document.activeElement as HTMLElement | null)?.innerText,
    }));
    expect(focused).toEqual({tag: 'A', text: 'Skip to main content'});

    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(MAIN|BODY)$/);
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => {
      const active = document.activeElement;
      const main = document.querySelector('main');
      return {
        insideMain: Boolean(main && active && main.contains(active) && active !== main),
        inNavbarOrSidebar: Boolean(active?.closest('nav.navbar, .theme-doc-sidebar-container')),
      };
    });
    expect(next).toEqual({insideMain: true, inNavbarOrSidebar: false});
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});

describe('table of contents: headings h2 and h3 only', () => {
  for (const path of [LONG_POST, API_PAGE]) {
    it(path, async () => {
      const {page, problems, close} = await openPage(browser, path, {context: {viewport: DESKTOP}});
      const levels = await page.evaluate(() => {
        const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.table-of-contents a[href^="#"]'));
        const linked = links.map((a) => {
          const id = decodeURIComponent(a.hash.slice(1));
          return document.getElementById(id)?.tagName ?? `missing #${id}`;
        });
        const h4InContent = document.querySelectorAll('article h4[id], main h4[id]').length;
        return {linked, h4InContent};
      });
      const distinct = [...new Set(levels.linked)].sort();
      expect(distinct, `TOC of ${path} links to`).toEqual(['H2', 'H3']);
      // Not vacuous only where the page has h4 headings: report it in the test name's output.
      if (levels.h4InContent === 0) console.info(`${path}: no h4 heading on the page`);
      expect(problemList(problems)).toEqual([]);
      await close();
    });
  }
});

describe('navigation progress bar (200 ms delay)', () => {
  /** Records in window.__e2eProgressSeen whether #nprogress was ever added to the page. */
  async function watchProgressBar(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const state = window as unknown as {__e2eProgressSeen: boolean};
      state.__e2eProgressSeen = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) state.__e2eProgressSeen = true;
      }).observe(document, {childList: true, subtree: true});
    });
  }
  const progressSeen = (page: Page): Promise<boolean> =>
    page.evaluate(() => (window as unknown as {__e2eProgressSeen: boolean}).__e2eProgressSeen);

  it('shows while a page whose code is slow to arrive loads', async () => {
    const {page, context, close} = await openPage(browser, LINKS_TO_API_PAGE, {context: {viewport: DESKTOP}});
    await watchProgressBar(context);
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    expect(await progressSeen(page)).toBe(false);

    const slow = async (route: Route): Promise<void> => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    };
    await page.route('**/assets/js/*.js', slow);
    const mark = await markDocument(page);
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();
    await page.locator('#nprogress').waitFor({state: 'attached', timeout: 1_400});
    await waitForPathname(page, API_PAGE);
    await page.locator('h1', {hasText: API_PAGE_HEADING}).waitFor();
    expect(await sameDocument(page, mark)).toBe(true);
    await page.unroute('**/assets/js/*.js', slow);
    await close();
  });

  it('never shows on a quick navigation to a page already loaded', async () => {
    const {page, context, close} = await openPage(browser, LINKS_TO_API_PAGE, {context: {viewport: DESKTOP}});
    await watchProgressBar(context);
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    // Load the API page once, then go back: the overview's code is already there.
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();
    await page.locator('h1', {hasText: API_PAGE_HEADING}).waitFor();
    await page.evaluate(() => {
      (window as unknown as {__e2eProgressSeen: boolean}).__e2eProgressSeen = false;
    });
    await page.goBack();
    await waitForPathname(page, LINKS_TO_API_PAGE);
    await page.locator('h1', {hasText: 'Aadhaar banking'}).waitFor();
    // The bar would start 200 ms after the navigation began; give it that chance, and more.
    await page.waitForTimeout(400);
    expect(await progressSeen(page)).toBe(false);
    await close();
  });
});

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

describe('when something breaks', () => {
  it('a render error shows the crash page; "Try again" renders the page once the error is gone', async () => {
    const {page, close} = await openPage(browser, LINKS_TO_API_PAGE, {context: {viewport: DESKTOP}});
    await induceRenderError(page, API_PAGE);
    await page.locator(`article a[href="${API_PAGE}"]`).first().click();
    await waitForPathname(page, API_PAGE);

    const heading = page.getByRole('heading', {level: 1, name: /^This page crashed\.?$/});
    await heading.waitFor();
    const main = page.locator('#__docusaurus_skipToContent_fallback');
    expect(await main.innerText()).toContain(`e2e: induced render error in ${API_PAGE}`);
    const tryAgain = page.getByRole('button', {name: 'Try again', exact: true});
    expect(await tryAgain.isVisible()).toBe(true);
    // Our wrap (src/theme/ErrorPageContent) adds the way back and where to report.
    expect(await main.innerText()).toContain(site.supportEmail);
    // The navbar is still there: the error is caught inside the layout.
    expect(await page.locator('nav.navbar').isVisible()).toBe(true);

    await page.evaluate(() => {
      (window as unknown as {__e2eCrash: {active: boolean}}).__e2eCrash.active = false;
    });
    await tryAgain.click();
    await page.getByRole('heading', {level: 1, name: API_PAGE_HEADING}).waitFor();
    expect(await heading.count()).toBe(0);
    await close();
  });

  /**
   * Docusaurus 3.10 preloads a route's chunks before it renders it; when that fails during a
   * client-side navigation (PendingNavigation) it logs the ChunkLoadError and reloads the page
   * ("if a route fails to preload, the page reloads"), so a deploy that removed old chunks
   * heals itself. The red "Retry" box of @theme/Loading is not reached on this path.
   */
  it('a chunk that fails to load during client-side navigation: the page reloads and then loads', async () => {
    const {page, close} = await openPage(browser, LINKS_TO_API_PAGE, {context: {viewport: DESKTOP}});
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
    await page.getByRole('heading', {level: 1, name: API_PAGE_HEADING}).waitFor();
    expect(aborted).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/ChunkLoadError|Loading chunk .* failed/);
    expect(await page.getByRole('button', {name: 'Retry'}).count()).toBe(0);
    await close();
  });

  it('a chunk that keeps failing: the reloaded page stays readable (server HTML), and loads once the chunk is back', async () => {
    const {page, close} = await openPage(browser, LINKS_TO_API_PAGE, {context: {viewport: DESKTOP}});
    const executed = new Set(await page.evaluate(() => Array.from(document.scripts, (s) => s.src)));
    const failing = new Set<string>();
    const fail = async (route: Route): Promise<void> => {
      const request = route.request();
      const url = request.url();
      if (failing.has(url) || (request.resourceType() === 'script' && !executed.has(url) && failing.size === 0)) {
        failing.add(url);
        return route.abort('failed');
      }
      // Hand the request on to the context's handler (blockForeignRequests), which lets it through:
      // continuing it here too would handle it twice when the two race.
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
    expect(await heading.isVisible()).toBe(true);
    expect((await page.locator('article').innerText()).length).toBeGreaterThan(500);
    expect(await htmlAttribute(page, 'data-has-hydrated')).not.toBe('true');

    await page.unroute('**/assets/js/*.js', fail);
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    expect(await heading.isVisible()).toBe(true);
    await close();
  });

  it('a malformed URL (/docs/%E0%A4%A) shows the not-found page, hydrated, never a blank page', async () => {
    const {page, status, problems, close} = await openPage(browser, '/docs/%E0%A4%A', {
      context: {viewport: DESKTOP},
    });
    expect(status).toBe(400);
    expect(await page.getByRole('heading', {level: 1, name: 'Page Not Found'}).isVisible()).toBe(true);
    // src/client/safe-pathname.ts re-encoded the stray '%' signs before the router read them.
    expect(new URL(page.url()).pathname).toBe('/docs/%25E0%25A4%25A');
    expect(await docsSidebar(page).count()).toBe(0);
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});

describe('API reference tables (not hydrated on the page opened, see src/components/ServerHtml)', () => {
  /** Every parameter table's rows, as text. */
  const tableRows = (page: Page) =>
    page
      .locator('main table')
      .evaluateAll((tables) =>
        tables.map((t) => Array.from(t.querySelectorAll('tbody tr'), (tr) => (tr as HTMLElement).innerText)),
      );

  it('keep their rows after hydration, and render the same rows after client-side navigation', async () => {
    const {page, problems, close} = await openPage(browser, API_PAGE, {context: {viewport: DESKTOP}});
    const first = await tableRows(page);
    expect(first.length).toBeGreaterThan(3);
    expect(first.every((rows) => rows.length > 0)).toBe(true);
    const mark = await markDocument(page);
    // Away by a client-side link (the paginator), then back through history: React renders the rows itself.
    const next = page.locator('a.pagination-nav__link--next');
    const href = (await next.getAttribute('href')) ?? '';
    await next.click();
    await waitForPathname(page, encodeURI(href).replace(/%7B/g, '{').replace(/%7D/g, '}'));
    await page.goBack();
    await waitForPathname(page, API_PAGE);
    await page.getByRole('heading', {level: 1, name: API_PAGE_HEADING}).waitFor();
    expect(await sameDocument(page, mark), 'client-side navigation, no reload').toBe(true);
    expect(await tableRows(page)).toEqual(first);
    expect(problemList(problems)).toEqual([]);
    await close();
  });
});
