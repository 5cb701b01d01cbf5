/**
 * The announcement bar above the navbar: its colours and text, closing it for good, and a new
 * announcement (another id) reaching readers who closed the previous one, in one visit from a
 * clean context (nothing stored).
 */
import type {Locator, Page} from '@playwright/test';
import {site} from '../../site.config';
import {expect, test} from './fixtures';
import {problemList, waitForHydration} from './helpers/browser';
import {DESKTOP, followSystemMode, storedItem} from './helpers/site';

const bar = (page: Page): Locator => page.locator('div.theme-announcement-bar');

/** '#0b3d2e' -> 'rgb(11, 61, 46)', as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

type Rgba = readonly [number, number, number, number];

/** 'rgb(11, 61, 46)' or 'rgba(0, 0, 0, 0.5)', as getComputedStyle reports colours, as channels. */
function parseColour(css: string): Rgba {
  const parts = /rgba?\(([^)]+)\)/
    .exec(css)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3) throw new Error(`e2e: not an rgb() colour: ${css}`);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

/** `front` at `alpha` over an opaque `back`: what the eye sees. */
function over(front: Rgba, alpha: number, back: Rgba): Rgba {
  const mix = (i: 0 | 1 | 2): number => front[i] * alpha + back[i] * (1 - alpha);
  return [mix(0), mix(1), mix(2), 1];
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgba): number {
  const linear = (c: number): number => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The Close button's cross against the bar, at 3:1 or better (WCAG non-text contrast). */
async function expectCloseButtonStandsOut(page: Page): Promise<void> {
  // The cross's stroke, faded by every opacity up to the bar, over the bar's background.
  const seen = await bar(page)
    .getByRole('button', {name: 'Close', exact: true})
    .evaluate((button) => {
      const stroke = button.querySelector('[stroke]') ?? button;
      let opacity = 1;
      let background = 'rgba(0, 0, 0, 0)';
      for (let el: Element | null = stroke; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        opacity *= Number(style.opacity);
        if (!/rgba\(.*, 0\)$|transparent/.test(style.backgroundColor)) {
          background = style.backgroundColor;
          break;
        }
      }
      return {stroke: getComputedStyle(stroke).stroke || getComputedStyle(stroke).color, opacity, background};
    });
  const back = parseColour(seen.background);
  const front = parseColour(seen.stroke);
  const ratio = contrast(over(front, seen.opacity * front[3], back), back);
  expect(ratio, `${seen.stroke} at opacity ${seen.opacity} on ${seen.background}`).toBeGreaterThanOrEqual(3);
}

test.use({viewport: DESKTOP});

/**
 * One visit of the home page, whose steps were three tests each loading it (issue 35's e2e budget),
 * in the order a reader meets them: the bar as shown in the light mode, its Close button's contrast
 * there and in the dark mode (the reader's system switches while the page is open), closed for
 * good, then a new announcement (another id) reaching the reader who closed the old one.
 */
test('the announcement bar: its colours, text and a "Close" button at 3:1 or better against the bar in the light and the dark mode; closed, it stays closed after a reload; a new announcement shows from the first page load after it changed', async ({
  page,
  problems,
  open,
  storageKeys,
}) => {
  await open('/');

  await test.step('shown with the configured colours and a "Close" button that stands out from the bar at 3:1 or better (light)', async () => {
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toHaveCSS('background-color', rgb(site.announcement.backgroundColor));
    await expect(bar(page)).toHaveCSS('color', rgb(site.announcement.textColor));
    await expect(bar(page)).toContainText('Sandbox keys');
    await expect(bar(page).locator('button[aria-label="Close"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectCloseButtonStandsOut(page);
  });

  await test.step('the close button stands out from the bar at 3:1 or better in the dark mode (WCAG non-text contrast)', async () => {
    await followSystemMode(page, 'dark');
    await expectCloseButtonStandsOut(page);
    await followSystemMode(page, 'light');
  });

  await test.step('stays closed after a reload once closed', async () => {
    await bar(page).getByRole('button', {name: 'Close', exact: true}).click();
    await expect(bar(page)).toBeHidden();
    expect(await storedItem(page, storageKeys.announcementDismiss)).toBe('true');

    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    expect(await bar(page).isVisible()).toBe(false);
  });

  /**
   * A reader who closed the previous announcement, on the first page view after it changed.
   * Docusaurus's inline script marks the page `data-announcement-bar-initially-dismissed="true"`
   * from the old dismissal before React runs, and the theme's CSS hides the bar for as long as
   * that attribute is there, the whole life of the page. src/client/announcement.ts clears the
   * mark when the dismissed id is not the current one.
   */
  await test.step('a new announcement (another id than the one closed) shows already on the first page load after it changed, and from the next page load on', async () => {
    await page.evaluate(
      ({id, dismiss}) => {
        window.localStorage.setItem(id, 'an-older-announcement');
        window.localStorage.setItem(dismiss, 'true');
      },
      {id: storageKeys.announcementId, dismiss: storageKeys.announcementDismiss},
    );
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    await expect(bar(page), 'on the first page load after the change').toBeVisible({timeout: 5_000});
    // The theme noticed the new id: the old dismissal no longer counts.
    await expect.poll(() => storedItem(page, storageKeys.announcementId)).toBe(site.announcement.id);
    expect(await storedItem(page, storageKeys.announcementDismiss)).toBe('false');

    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    await expect(bar(page), 'on the next page load').toBeVisible({timeout: 5_000});
  });
  expect(problemList(problems)).toEqual([]);
});
