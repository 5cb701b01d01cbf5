/**
 * The announcement bar above the navbar: its colours and text, closing it for good, and a new
 * announcement (another id) reaching readers who closed the previous one. Each test opens its
 * own context (clean localStorage).
 */
import type {Locator, Page} from '@playwright/test';
import {site} from '../../site.config';
import {expect, test} from './fixtures';
import {problemList, waitForHydration} from './helpers/browser';
import {DESKTOP, storedItem} from './helpers/site';

const bar = (page: Page): Locator => page.locator('div.theme-announcement-bar');

/** '#0b3d2e' -> 'rgb(11, 61, 46)', as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test.use({viewport: DESKTOP});

test.describe('announcement bar', () => {
  test('is shown with the configured colours and a "Close" button', async ({page, problems, open}) => {
    await open('/');
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toHaveCSS('background-color', rgb(site.announcement.backgroundColor));
    await expect(bar(page)).toHaveCSS('color', rgb(site.announcement.textColor));
    await expect(bar(page)).toContainText('Sandbox keys');
    await expect(bar(page).locator('button[aria-label="Close"]')).toBeVisible();
    expect(problemList(problems)).toEqual([]);
  });

  test('stays closed after a reload once closed', async ({page, problems, open, storageKeys}) => {
    await open('/');
    await bar(page).getByRole('button', {name: 'Close', exact: true}).click();
    await expect(bar(page)).toBeHidden();
    expect(await storedItem(page, storageKeys.announcementDismiss)).toBe('true');

    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    expect(await bar(page).isVisible()).toBe(false);
    expect(problemList(problems)).toEqual([]);
  });

  // A reader who closed the previous announcement, on the first page view after it changed.
  test.describe(() => {
    test.beforeEach(async ({page, open, storageKeys}) => {
      await open('/');
      await page.evaluate(
        ({id, dismiss}) => {
          window.localStorage.setItem(id, 'an-older-announcement');
          window.localStorage.setItem(dismiss, 'true');
        },
        {id: storageKeys.announcementId, dismiss: storageKeys.announcementDismiss},
      );
      await page.reload({waitUntil: 'load'});
      await waitForHydration(page);
    });

    test('a new announcement (another id than the one closed) shows from the next page load on', async ({
      page,
      problems,
      storageKeys,
    }) => {
      // The theme noticed the new id: the old dismissal no longer counts.
      await expect.poll(() => storedItem(page, storageKeys.announcementId)).toBe(site.announcement.id);
      expect(await storedItem(page, storageKeys.announcementDismiss)).toBe('false');

      await page.reload({waitUntil: 'load'});
      await waitForHydration(page);
      await expect(bar(page)).toBeVisible({timeout: 5_000});
      expect(problemList(problems)).toEqual([]);
    });

    /**
     * Docusaurus's inline script marks the page `data-announcement-bar-initially-dismissed="true"`
     * from the old dismissal before React runs, and the theme's CSS hides the bar for as long as
     * that attribute is there, the whole life of the page. src/client/announcement.ts clears the
     * mark when the dismissed id is not the current one.
     */
    test('a new announcement shows already on the first page load after it changed', async ({page, problems}) => {
      await expect(bar(page)).toBeVisible({timeout: 5_000});
      expect(problemList(problems)).toEqual([]);
    });
  });
});
