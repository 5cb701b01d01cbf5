/**
 * Where a reader lands (issue 34), which only a browser shows: a "Changed in" badge's link stops on
 * the changelog entry it names, below the sticky navbar; the sidebar reads an operation's method
 * with its title (CSS text, src/css/custom.css). The row /ResponseCode#code-5 names (a row a screen
 * holds, the per-family table it links) is checked in reference-layout.spec.ts's visit of it. At two laptop widths and a phone's: 1280 px in the
 * 1440 px visit (back from the changelog, the page laid out again), not a page load of its own.
 */
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';

const WIDTHS = [1440, 390] as const;

/** The withdrawal page's sidebar reads each operation's method after its title (a phone's in its drawer). */
async function expectSidebarMethods(page: Page, width: number): Promise<void> {
  // On a phone the sidebar is in the drawer, rendered once it opens.
  if (width < 997) await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const sidebar = page.locator(width < 997 ? '.navbar-sidebar' : 'nav.menu');
  await expect(sidebar.getByRole('link', {name: 'Cash withdrawal POST', exact: true})).toBeVisible();
  await expect(sidebar.getByRole('link', {name: 'List transactions GET', exact: true})).toBeVisible();
  if (width < 997) await page.getByRole('button', {name: 'Close navigation bar'}).click();
}

/** The page's first "Changed in" badge, followed: the changelog entry it names below the navbar, near the top. */
async function expectBadgeLands(page: Page, width: number): Promise<void> {
  const badge = page.locator('article a[href*="/docs/v1/changelog#"]').first();
  const id = decodeURIComponent(((await badge.getAttribute('href')) ?? '').split('#')[1] ?? '');
  await badge.click();
  await page.waitForURL(/\/docs\/v1\/changelog#/);
  const entry = page.locator(`[id="${id}"]`);
  await expect(entry).toBeInViewport();
  // Below the navbar (its scroll margin), and not far down the screen: the issue found it 450 px lower.
  const navbar = (await page.locator('.navbar').boundingBox())?.height ?? 0;
  await expect
    .poll(async () => (await entry.boundingBox())?.y ?? -1, {
      message: `#${id} below the navbar, near the top, at ${width} px`,
    })
    .toBeGreaterThanOrEqual(navbar);
  expect((await entry.boundingBox())?.y, `#${id} lands far below the navbar at ${width} px`).toBeLessThan(navbar + 100);
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({viewport: {width, height: width < 600 ? 844 : 900}});

    test(`the sidebar reads the method with the title; the change badge lands on its entry below the navbar${width === 1440 ? '; again at 1280 px' : ''}`, async ({
      page,
      open,
    }) => {
      await open('/docs/v1/service/aeps/withdrawal');
      await expectSidebarMethods(page, width);
      await expectBadgeLands(page, width);
      if (width === 1440) {
        await page.goBack();
        await page.waitForURL(/\/docs\/v1\/service\/aeps\/withdrawal$/);
        await page.setViewportSize({width: 1280, height: 900});
        await expectSidebarMethods(page, 1280);
        await expectBadgeLands(page, 1280);
      }
    });
  });
}
