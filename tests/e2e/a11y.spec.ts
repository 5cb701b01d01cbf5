/**
 * axe-core on every route of project-routes.txt, in the light and the dark colour mode:
 * zero violations of WCAG 2.0 and 2.1, levels A and AA (design §6).
 *
 * Time: axe is the slow part (2-4 CPU seconds on an API page), so
 * - each route is loaded once and checked twice: first in the mode the page loaded in, then
 *   after switching the reader's choice the way another tab would (localStorage plus a storage
 *   event, which the theme listens to), once React has re-rendered (code blocks change their
 *   Prism theme then). The stored choice carries over to the next route, so routes load
 *   alternately in light and in dark;
 * - the workers work through the routes side by side, each in its own reused tab (the `tab`
 *   fixture), one test per route;
 * - axe runs in legacy mode: axe.run() in the page itself. The default finishes every run in a
 *   new blank tab (for cross-origin iframes, which our pages do not have), which costs about as
 *   much as the check of a small page.
 */
import AxeBuilder from '@axe-core/playwright';
import type {AxeResults, Result} from 'axe-core';
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {encodeRoute, readRoutes} from './helpers/routes';
import {toggleLabel, type StorageKeys} from './helpers/site';
import {existsSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {buildDir} from './helpers/paths';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Mode = 'light' | 'dark';

const routes = readRoutes();

/**
 * A page whose built HTML passes this many bytes gets the slow timeout (three times the default):
 * axe's time grows with the page's nodes, and the API changelog (about 260 KB, twice the next
 * largest) has run past the default on a busy machine while finding nothing.
 */
const LARGE_PAGE_BYTES = 200_000;

function isLargePage(route: string): boolean {
  const file = join(buildDir, route, 'index.html');
  return existsSync(file) && statSync(file).size > LARGE_PAGE_BYTES;
}

async function currentMode(page: Page): Promise<Mode> {
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  return theme === 'dark' ? 'dark' : 'light';
}

/** Switch the stored colour mode, as another tab does, and wait until React has re-rendered. */
async function switchMode(page: Page, keys: StorageKeys, mode: Mode): Promise<void> {
  await page.evaluate(
    ({key, value}) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', {key, newValue: value, storageArea: window.localStorage}));
    },
    {key: keys.theme, value: mode},
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  // The toggle's label is rendered in the same React commit as the code blocks' colours.
  await expect(page.locator(`nav.navbar button[aria-label="${toggleLabel(mode)}"]`)).toBeAttached();
  // Infima fades colours over 200 ms; checked halfway, text still has the old mode's colour on
  // the new mode's background (dark text on white, on a busy machine).
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished),
    ),
  );
}

function describeViolation(mode: Mode, violation: Result): string {
  const targets = violation.nodes
    .slice(0, 3)
    .map((node) => {
      const target = node.target.map(String).join(' ');
      // For contrast, the numbers say how far off it is.
      const data = node.any.find((check) => check.id === 'color-contrast')?.data as
        {fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string} | undefined;
      return data?.contrastRatio
        ? `${target} (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}, needs ${data.expectedContrastRatio})`
        : target;
    })
    .join('; ');
  const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
  return `[${mode}] ${violation.id}: ${violation.help} -- ${targets}${more}`;
}

async function violations(page: Page, mode: Mode): Promise<string[]> {
  const results: AxeResults = await new AxeBuilder({page})
    .setLegacyMode()
    // Passes and incomplete results are not needed; leaving them out saves time. options()
    // replaces every option set so far, so it must come before withTags().
    .options({resultTypes: ['violations']})
    .withTags(TAGS)
    .analyze();
  return results.violations.map((violation) => describeViolation(mode, violation));
}

test.describe('axe: no WCAG 2.1 A/AA violation, light and dark', () => {
  test('the list is not empty', () => {
    expect(routes.length).toBeGreaterThan(90);
  });

  for (const route of routes) {
    test(route, async ({tab, storageKeys}) => {
      test.slow(isLargePage(route), `${route}: over ${LARGE_PAGE_BYTES} bytes of HTML`);
      const {page} = tab;
      const {status} = await tab.visit(encodeRoute(route));
      expect(status, `${route} answered ${status}, not 200: nothing to check`).toBe(200);
      const first = await currentMode(page);
      const second: Mode = first === 'light' ? 'dark' : 'light';
      const found = await violations(page, first);
      await switchMode(page, storageKeys, second);
      found.push(...(await violations(page, second)));
      expect(found, `axe on ${route}:\n  ${found.join('\n  ')}\n`).toEqual([]);
    });
  }
});
