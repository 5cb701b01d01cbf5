/**
 * The navbar on phones and desktops: the hamburger and its panel (primary menu, docs sidebar,
 * back button, close, Esc), the switch at 996 px, the search box beside the version label on a
 * phone, hiding on scroll, and the skip link a keyboard user meets first.
 */
import type {Locator, Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {pageIdle, problemList} from './helpers/browser';
import {API_PAGE, DESKTOP, MOBILE, WIDE_ENOUGH} from './helpers/site';

/** The phone of issue 24's checks. */
const PHONE = {width: 390, height: 844};

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

test.describe('navbar on phones and desktops', () => {
  test.describe(() => {
    test.use({viewport: MOBILE});

    test('below 996 px: the hamburger opens the panel with the primary menu, and "Close navigation bar" closes it', async ({
      page,
      problems,
      open,
    }) => {
      await open('/');
      await expect(hamburger(page)).toBeVisible();
      await expect(navbarDocsLink(page)).toBeHidden();
      // Created on first opening, not during the page load (src/theme/Navbar/MobileSidebar)...
      await expect(panel(page)).toHaveCount(0);
      await page.evaluate(() => {
        document.addEventListener('transitionrun', (event) => {
          const target = event.target as Element;
          if (target.classList.contains('navbar-sidebar') && event.propertyName === 'transform')
            document.documentElement.dataset.panelSlid = 'true';
        });
      });

      await hamburger(page).click();
      await expect(panel(page)).toBeVisible();
      // ...and still sliding in, the first time too (@starting-style in src/css/custom.css).
      await expect(page.locator('html')).toHaveAttribute('data-panel-slid', 'true');
      const primaryDocs = panel(page).locator('.menu__link', {hasText: 'Docs'});
      await expect.poll(() => inPanel(page, primaryDocs)).toBe(true);

      await panel(page).getByRole('button', {name: 'Close navigation bar', exact: true}).click();
      await expect(panel(page)).toBeHidden();
      expect(problemList(problems)).toEqual([]);
    });

    /**
     * The theme hands the docs sidebar to the phone menu through a first `localeCompare`, which
     * loads the browser's collation data, a long task on a slow phone: our wrap
     * (src/theme/DocSidebar/Mobile) does that on the reader's first interaction, not in the load.
     * The same visit then goes through the panel's docs sidebar (one load of the page at this
     * width for both: the e2e budget of issue 35).
     */
    test('nothing calls localeCompare during the load, the first touch hands the docs sidebar over; on a docs page the panel shows the docs sidebar with "← Back to main menu"; wider than 996 px closes it', async ({
      page,
      problems,
      open,
    }) => {
      await page.addInitScript(() => {
        const calls = {count: 0};
        (window as unknown as {__e2eLocaleCompare: typeof calls}).__e2eLocaleCompare = calls;
        const proto = String.prototype;
        const original = Reflect.get(proto, 'localeCompare') as (this: string, ...args: unknown[]) => number;
        Reflect.set(proto, 'localeCompare', function (this: string, ...args: unknown[]) {
          calls.count++;
          return original.apply(this, args);
        });
      });
      const calls = (): Promise<number> =>
        page.evaluate(() => (window as unknown as {__e2eLocaleCompare: {count: number}}).__e2eLocaleCompare.count);
      await open(API_PAGE);

      await test.step('no localeCompare before the first touch; the touch hands the docs sidebar over', async () => {
        // Hydrated, then idle: the load's work is done, the theme's own hand-over included.
        await pageIdle(page);
        expect(await calls(), 'localeCompare calls before any interaction').toBe(0);
        await hamburger(page).click();
        await expect(panel(page).locator('.navbar-sidebar__back')).toBeAttached();
        expect(await calls(), 'localeCompare calls once the panel opened').toBeGreaterThan(0);
      });

      await test.step('the panel shows the docs sidebar with "← Back to main menu", then the main menu', async () => {
        await expect(panel(page)).toBeVisible();
        const secondaryLink = panel(page).locator('.theme-doc-sidebar-menu a.menu__link', {
          hasText: 'Getting started',
        });
        await expect.poll(() => inPanel(page, secondaryLink)).toBe(true);
        const back = panel(page).getByRole('button', {name: '← Back to main menu', exact: true});
        expect(await inPanel(page, back)).toBe(true);
        await expect(panel(page).getByRole('button', {name: 'Close navigation bar'})).toBeVisible();

        await back.click();
        const primaryDocs = panel(page).locator('.menu__link', {hasText: 'Docs'});
        await expect.poll(() => inPanel(page, primaryDocs)).toBe(true);
        await expect.poll(() => inPanel(page, secondaryLink)).toBe(false);
        // The main menu is more than "Docs": the reference and the blog are a tap away.
        for (const label of [/^API reference$/, /^Blog$/])
          expect(await inPanel(page, panel(page).locator('.menu__link').filter({hasText: label})), String(label)).toBe(
            true,
          );
      });

      await test.step('wider than 996 px closes the panel and shows the desktop navbar', async () => {
        await page.setViewportSize(WIDE_ENOUGH);
        await expect(panel(page)).toBeHidden();
        await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
        await expect(hamburger(page)).toBeHidden();
        await expect(navbarDocsLink(page)).toBeVisible();
      });
      expect(problemList(problems)).toEqual([]);
    });
  });

  test.describe(() => {
    test.use({viewport: PHONE, isMobile: true, hasTouch: true});

    /**
     * One load at 390 px, then 320 px by a resize (the e2e budget of issue 35): the panel's header
     * is laid out again when the width changes, as on a load at that width.
     */
    test("on a 390 and a 320 px phone the panel's header shows the whole brand name; Esc closes it and gives the focus back to the menu button; the focused search box leaves the API version label in view, beside it", async ({
      page,
      problems,
      open,
    }) => {
      await open(API_PAGE);
      await test.step('390 px: the whole brand name; Esc closes the panel', async () => {
        await expectWholeBrand(page);
        await expectEscCloses(page);
      });
      await test.step('320 px: the whole brand name', async () => {
        await page.setViewportSize({width: 320, height: PHONE.height});
        await expectWholeBrand(page);
        await expectEscCloses(page);
        await page.setViewportSize(PHONE);
      });
      await test.step('390 px: the focused search box leaves the API version label in view, beside it', () =>
        expectSearchBesideVersion(page));
      expect(problemList(problems)).toEqual([]);
    });
  });

  /** The panel opened: its header shows the whole brand name, and the close button. */
  async function expectWholeBrand(page: Page): Promise<void> {
    await hamburger(page).click();
    const brand = panel(page).locator('.navbar-sidebar__brand .navbar__title');
    await expect(brand).toBeVisible();
    // Cut to "Rupee…" (CSS text-overflow) when the header also held the API version label.
    await expect.poll(() => brand.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await expect(panel(page).getByRole('button', {name: 'Close navigation bar', exact: true})).toBeVisible();
  }

  async function expectEscCloses(page: Page): Promise<void> {
    await page.keyboard.press('Escape');
    await expect(panel(page), 'panel after Esc').toBeHidden();
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
    await expect(hamburger(page), 'focus after Esc').toBeFocused();
  }

  async function expectSearchBesideVersion(page: Page): Promise<void> {
    const search = page.locator('nav.navbar input[type="search"]');
    const version = page.locator('nav.navbar .navbar__inner').getByText(/^API v\d/);
    await search.click();
    await expect(search).toBeFocused();
    // Widened from its icon (src/theme/SearchBar); the label moves left (src/theme/Navbar/Logo).
    await expect.poll(async () => (await search.boundingBox())?.width ?? 0).toBeGreaterThan(120);
    await expect(version).toBeVisible();
    const [box, label] = await Promise.all([search.boundingBox(), version.boundingBox()]);
    if (!box || !label) throw new Error('e2e: no box for the search input or the version label');
    expect(label.x + label.width, 'version label ends left of the search box').toBeLessThanOrEqual(box.x);
    expect(label.x).toBeGreaterThanOrEqual(0);
  }

  test.describe(() => {
    test.use({viewport: DESKTOP});

    /**
     * One load of the page at this width for both (the e2e budget of issue 35): the scroll first,
     * then back at the top, the keyboard. Scrolling moves no focus, so the first Tab still starts
     * from the top of the document. The theme focuses <main> through a temporary tabindex that it
     * removes at once; Chromium then moves focus to <body> (the focus fixup rule) but keeps the
     * sequential focus starting point in <main>. What a keyboard user gets is what is checked: the
     * next Tab lands inside the main content, past the navbar and the sidebar.
     */
    test('hides on scrolling down a long page and comes back on scrolling up; the first Tab reaches "Skip to main content"; Enter, then Tab, lands in the main content', async ({
      page,
      problems,
      open,
    }) => {
      await open(API_PAGE);
      // Hidden = slid up out of the viewport (the theme's class for it is a CSS-module name).
      const navbar = page.locator('nav.navbar');
      const hidden = async (): Promise<boolean> =>
        navbar.evaluate((element) => element.getBoundingClientRect().bottom <= 0);

      await test.step('the navbar hides on scrolling down and comes back on scrolling up', async () => {
        expect(await hidden(), 'navbar hidden before any scroll').toBe(false);
        await page.mouse.move(640, 400);
        await page.mouse.wheel(0, 600);
        await page.mouse.wheel(0, 600);
        await expect.poll(hidden, {message: 'navbar hidden after scrolling down'}).toBe(true);
        await page.mouse.wheel(0, -300);
        await expect.poll(hidden, {message: 'navbar back after scrolling up'}).toBe(false);
      });

      await test.step('the first Tab reaches "Skip to main content"; Enter, then Tab, lands in the main content', async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect.poll(() => page.evaluate(() => window.scrollY), {message: 'back at the top'}).toBe(0);
        await page.keyboard.press('Tab');
        await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();

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
      });
      expect(problemList(problems)).toEqual([]);
    });
  });
});

/**
 * The extra pages of src/pages (plugins/docs-pages): inside the docs layout, with the docs sidebar,
 * their own item active, and breadcrumbs through the sidebar's category; on a phone the menu panel
 * holds the same sidebar.
 */
const EXTRA_PAGES = [
  {path: '/HeaderMarkdown', label: 'Headers and tokens', category: 'Getting started'},
  {path: '/BodyParam', label: 'Request body rules', category: 'Getting started'},
  {path: '/ResponseCode', label: 'Response codes', category: 'Getting started'},
  {path: '/api', label: 'API reference index', category: 'Getting started'},
  {path: '/PanStatusResponse', label: 'PAN status values', category: 'PAN card'},
] as const;

test.describe('extra pages in the docs layout', () => {
  // One load per page, checked at both widths (the layout follows a resize as it does a load).
  const viewports = [{width: 1920, height: 1000}, DESKTOP];
  test.describe(() => {
    test.use({viewport: viewports[0]});
    for (const extra of EXTRA_PAGES) {
      test(`${extra.path} at ${viewports.map((v) => v.width).join(' and ')} px: the docs sidebar with "${extra.label}" active, and breadcrumbs`, async ({
        page,
        problems,
        open,
      }) => {
        expect(await open(extra.path)).toBe(200);
        for (const viewport of viewports) {
          await page.setViewportSize(viewport);
          // The theme follows a resize in a React render (its phone and desktop parts).
          await pageIdle(page);
          const sidebar = page.locator('.theme-doc-sidebar-container');
          await expect(sidebar).toBeVisible();
          await expect(sidebar.locator('a.menu__link--active:not(.menu__link--sublist)')).toHaveText(extra.label);
          const crumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
          await expect(crumbs.locator('.breadcrumbs__item')).toHaveText(['', extra.category, extra.label]);
          await expect(page.locator('article h1')).toBeVisible();
          // Polled: after the resize from the wider layout the page may take a frame or two more
          // to narrow; an overflow that stays fails once the poll gives up.
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
              message: `page width at ${viewport.width} px`,
            })
            .toBeLessThanOrEqual(viewport.width);
        }
        expect(problemList(problems)).toEqual([]);
      });
    }
  });

  test.describe(() => {
    test.use({viewport: PHONE, isMobile: true, hasTouch: true});

    test('/ResponseCode at 390 px: breadcrumbs, and the menu panel holds the docs sidebar with the page active', async ({
      page,
      problems,
      open,
    }) => {
      expect(await open('/ResponseCode')).toBe(200);
      await expect(page.getByRole('navigation', {name: 'Breadcrumbs'})).toContainText('Getting started');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await hamburger(page).click();
      const active = panel(page).locator('.theme-doc-sidebar-menu a.menu__link--active:not(.menu__link--sublist)');
      await expect(active).toHaveText('Response codes');
      await expect.poll(() => inPanel(page, active)).toBe(true);
      expect(problemList(problems)).toEqual([]);
    });
  });
});
