/**
 * Theme components that src/theme replaces or wraps and no other spec reads back: the "Last
 * updated" line and a post's date and reading time (written without Intl, so the theme's own
 * wording is checked against Intl here). The browser's theme-color that follows the mode is a step
 * of colour-mode.spec.ts's visit of the intro.
 */
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';
import {DESKTOP, INTRO, LONG_POST} from './helpers/site';

/** How the theme writes a date with Intl (en, UTC): `month` 'short' on docs, 'long' on posts. */
const themeDate = (iso: string, month: 'short' | 'long'): string =>
  new Intl.DateTimeFormat('en', {day: 'numeric', month, year: 'numeric', timeZone: 'UTC'}).format(new Date(iso));

test.use({viewport: DESKTOP, colorScheme: 'light'});

test.describe('theme parts written here', () => {
  test('a doc\'s "Last updated on" line reads like the theme\'s, with the date of its datetime', async ({
    page,
    problems,
    open,
  }) => {
    await open(INTRO);
    const line = page.locator('.theme-last-updated');
    const time = line.locator('time');
    const iso = (await time.getAttribute('datetime')) ?? '';
    // A year in the past century would mean seconds read as milliseconds (or the reverse).
    expect(new Date(iso).getUTCFullYear(), `datetime ${iso}`).toBeGreaterThan(2020);
    await expect(line).toHaveText(`Last updated on ${themeDate(iso, 'short')}`);
    expect(problemList(problems)).toEqual([]);
  });

  test("a post's date and reading time read like the theme's", async ({page, problems, open}) => {
    await open(LONG_POST);
    const time = page.locator('article header time').first();
    const iso = (await time.getAttribute('datetime')) ?? '';
    await expect(time).toHaveText(themeDate(iso, 'long'));
    await expect(page.locator('article header').first()).toContainText(/ · \d+ min read/);
    expect(problemList(problems)).toEqual([]);
  });
});
