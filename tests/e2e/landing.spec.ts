/**
 * Where a reader lands (issue 34), which only a browser shows: a "Changed in" badge's link stops on
 * the changelog entry it names, below the sticky navbar; the row /ResponseCode#code-5 names is a row
 * a screen holds, not 1,500 px of a list in a narrow cell; the sidebar reads an operation's method
 * with its title (CSS text, src/css/custom.css). At a laptop and a phone width.
 */
import {expect, test} from './fixtures';

const WIDTHS = [1440, 390] as const;

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({viewport: {width, height: width < 600 ? 844 : 900}});

    test('the sidebar reads the method with the title; the change badge lands on its entry below the navbar', async ({
      page,
      open,
    }) => {
      await open('/docs/v1/service/aeps/withdrawal');
      // On a phone the sidebar is in the drawer, rendered once it opens.
      if (width < 997) await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      const sidebar = page.locator('nav.menu');
      await expect(sidebar.getByRole('link', {name: 'Cash withdrawal POST', exact: true})).toBeVisible();
      await expect(sidebar.getByRole('link', {name: 'List transactions GET', exact: true})).toBeVisible();
      if (width < 997) await page.keyboard.press('Escape');

      const badge = page.locator('article a[href*="/docs/v1/changelog#"]').first();
      const id = decodeURIComponent(((await badge.getAttribute('href')) ?? '').split('#')[1] ?? '');
      await badge.click();
      await page.waitForURL(/\/docs\/v1\/changelog#/);
      const entry = page.locator(`[id="${id}"]`);
      await expect(entry).toBeInViewport();
      const navbar = await page.locator('.navbar').boundingBox();
      const box = await entry.boundingBox();
      expect(box?.y, `#${id} under the navbar`).toBeGreaterThanOrEqual(navbar?.height ?? 0);
      expect(box?.y, `#${id} lands below where it should`).toBeLessThan((navbar?.height ?? 0) + 40);
    });

    test('/ResponseCode#code-5: the row fits in half a screen, below the navbar; the per-family table it links follows the catalogue', async ({
      page,
      open,
    }) => {
      await open('/ResponseCode#code-5');
      const row = page.locator('tr[id="code-5"]');
      await expect(row).toBeInViewport();
      const box = await row.boundingBox();
      expect(box?.height).toBeLessThan(450);
      await row.getByRole('link', {name: 'How each family resolves it.'}).click();
      await expect(page.locator('[id="code-5-by-family"] + * tr')).toHaveCount(14);
      await expect(page.locator('[id="code-5-by-family"]')).toBeInViewport();
    });
  });
}
