/**
 * The home page and the API index (/api), issue 24 "Smaller": the home page fits a phone (no
 * sideways scroll), numbers its first-call steps with short links and leaves no service card
 * alone on a row; the index's filter says what to try when nothing matches, and is kept in the
 * address (`?q=`) through a reload and Back.
 */
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {pageIdle, problemList, waitForHydration} from './helpers/browser';
import {DESKTOP, waitForPathname} from './helpers/site';

const PHONE = {width: 390, height: 844};
const LAPTOPS = [
  {width: 1440, height: 900},
  {width: 1280, height: 800},
] as const;

/** How far the page scrolls sideways (0 when it fits the window). */
const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The service cards' boxes, row by row (cards whose tops agree share a row). */
async function cardRows(page: Page): Promise<{x: number; width: number}[][]> {
  const boxes = await page
    .locator('main section')
    .first()
    .locator('ul > li')
    .evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON() as DOMRect));
  const rows = new Map<number, {x: number; width: number}[]>();
  for (const box of boxes) rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
  return [...rows.values()];
}

/** WCAG's relative luminance of a computed `rgb(...)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/**
 * Issue 34 "Smaller": the hero's "Get started" button had the hero's own colour and nearly vanished
 * (a button is a user-interface component: 3:1 against what is behind it, WCAG 1.4.11), in both
 * colour modes; the first-call steps are a plain numbered list, not boxes that look clickable.
 */
async function expectHeroActionAndPlainSteps(page: Page, width: number): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
    // The hero is a gradient: every colour it passes through, each against the button.
    const [button, hero] = await page.evaluate(() => {
      const link = Array.from(document.querySelectorAll('a.button')).find(
        (a) => a.textContent?.trim() === 'Get started',
      );
      const header = link?.closest('header');
      if (!link || !header) return ['', [] as string[]];
      const style = getComputedStyle(header);
      const stops = style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [style.backgroundColor];
      return [getComputedStyle(link).backgroundColor, stops];
    });
    expect(button, `"Get started" on the hero at ${width} px`).toMatch(/^rgb/);
    for (const stop of hero) {
      const [a, b] = [luminance(button), luminance(stop)].sort((x, y) => y - x);
      const ratio = ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
      expect(ratio, `"Get started" (${button}) on the hero (${stop}), ${mode}, ${width} px`).toBeGreaterThanOrEqual(3);
    }
  }
  const looks = await page.locator('main ol > li').evaluateAll((items) =>
    items.map((li) => {
      const style = getComputedStyle(li);
      return {border: style.borderTopStyle, shadow: style.boxShadow, cursor: style.cursor};
    }),
  );
  for (const look of looks)
    expect(look, `a first-call step at ${width} px`).toEqual({border: 'none', shadow: 'none', cursor: 'auto'});
}

test.describe('home page', () => {
  test.describe('at 390 px', () => {
    test.use({viewport: PHONE});

    test('no sideways scroll; the first call in three numbered steps, each with a short link, a plain list; "Get started" stands out from the hero', async ({
      page,
      problems,
      open,
    }) => {
      await open('/');
      expect(await sidewaysScroll(page)).toBe(0);
      const steps = page.locator('main ol > li');
      await expect(steps).toHaveCount(3);
      for (const link of await steps.getByRole('link').all()) {
        expect((await link.innerText()).length).toBeLessThanOrEqual(24);
      }
      // The base URLs stack into cards, each URL under its label, inside the window.
      const url = page.locator('main td[data-label] code').first();
      await expect(url).toContainText('https://');
      const box = await url.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
      await expectHeroActionAndPlainSteps(page, PHONE.width);
      expect(problemList(problems)).toEqual([]);
    });
  });

  // One load, both laptop widths (the grid is CSS: a resize lays it out as a load does).
  test.describe(`at ${LAPTOPS.map((v) => v.width).join(' and ')} px`, () => {
    test.use({viewport: LAPTOPS[0]});

    test('no service card alone on the last row (unless it spans the row); the steps a plain list; "Get started" stands out from the hero', async ({
      page,
      open,
    }) => {
      await open('/');
      for (const viewport of LAPTOPS) {
        await page.setViewportSize(viewport);
        await pageIdle(page);
        const rows = await cardRows(page);
        const columns = rows[0]?.length ?? 0;
        expect(columns, `columns at ${viewport.width} px`).toBeGreaterThan(1);
        const last = rows.at(-1) ?? [];
        if (last.length === 1) {
          const first = rows[0] ?? [];
          const rowWidth = (first.at(-1)?.x ?? 0) + (first.at(-1)?.width ?? 0) - (first[0]?.x ?? 0);
          expect(last[0]?.width, `the last card at ${viewport.width} px`).toBeCloseTo(rowWidth, 0);
        }
        expect(await sidewaysScroll(page), `sideways scroll at ${viewport.width} px`).toBe(0);
        await expectHeroActionAndPlainSteps(page, viewport.width);
      }
    });
  });
});

test.describe('API index (/api)', () => {
  test.use({viewport: DESKTOP});

  test('the filter is kept in the address: read on load, replaced as it changes, back after Back; a filter that matches nothing says what to try', async ({
    page,
    problems,
    open,
  }) => {
    const filter = page.getByRole('searchbox', {name: 'Filter by name, path or family'});
    await open('/api?q=withdrawal');
    await expect(filter).toHaveValue('withdrawal');
    await expect(page.locator('main p[aria-live]')).toHaveText(/^[1-9] operations and webhooks$/);

    const entries = await page.evaluate(() => history.length);
    await filter.fill('bbps');
    await expect.poll(() => new URL(page.url()).search).toBe('?q=bbps');
    // Replaced, not pushed: Back leaves the page rather than undo keystrokes.
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // Hydrated before anything is read or typed: until then the box shows the static page's empty
    // filter, and a click would load the next page from the server instead of routing to it.
    await page.reload({waitUntil: 'load'});
    await waitForHydration(page);
    await expect(filter).toHaveValue('bbps');

    await page.locator('main a[href^="/docs/v1/service/bbps/"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/api');
    // Back once the operation's page shows, as a reader would: the address changes before the
    // route's code has loaded, and a Back in between races the router's pending navigation.
    await expect(filter).toHaveCount(0);
    await page.goBack();
    await waitForPathname(page, '/api');
    await waitForHydration(page);
    await expect(filter).toHaveValue('bbps');
    expect(new URL(page.url()).search).toBe('?q=bbps');

    await filter.fill('');
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await filter.fill('zzqx');
    await expect(page.locator('main')).toContainText('No operation matches “zzqx”. Try a family name like aeps');
    expect(problemList(problems)).toEqual([]);
  });
});
