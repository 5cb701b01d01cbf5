/**
 * The colour mode, as readers use it: light by default (the system's choice, which is light
 * here), the navbar toggle and its label, the browser's theme-color following it, the choice kept
 * across reloads and tabs, and a toggle that cannot be clicked before it works; in each mode, the
 * quiet text (table of contents, inactive tabs) quieter than the body text yet readable, and the
 * same dark footer. Each test opens its own context (clean localStorage).
 */
import {expect, test} from './fixtures';
import {problemList, waitForHydration} from './helpers/browser';
import {colours, contrast} from './helpers/contrast';
import {request} from './helpers/http';
import {colourToggle, DESKTOP, htmlAttribute, INTRO, storedItem, TOGGLE_LABEL, toggleLabel} from './helpers/site';

test.use({colorScheme: 'light', viewport: DESKTOP});

test.describe('colour mode', () => {
  /**
   * One visit of the intro from a clean context (nothing stored), whose steps were three tests each
   * loading it (issue 35's e2e budget; the theme-color one was theme-parts.spec.ts's): the default
   * first, then two tabs, each change made in one shown in the other, then the toggle's cycle from
   * where the tabs left it (system again), then a reload.
   */
  test("is light by default; two tabs stay in step; the toggle cycles system -> light -> dark -> system, its label, the stored choice and the browser's theme-color following; a choice survives a reload", async ({
    page,
    context,
    problems,
    open,
    storageKeys,
  }) => {
    await open(INTRO);
    const toggle = colourToggle(page);
    const html = page.locator('html');

    await test.step('is light by default', async () => {
      // No stored choice: the site follows the system (respectPrefersColorScheme), which is
      // light here. Docusaurus 3.10 names that state "system mode", not "light mode".
      await expect(html).toHaveAttribute('data-theme', 'light');
      await expect(html).toHaveAttribute('data-theme-choice', 'system');
      await expect(toggle).toHaveAttribute('aria-label', toggleLabel('system'));
      await expect(toggle).toBeEnabled();
    });

    await test.step('two tabs stay in step: a change in one shows in the other', async () => {
      const other = await context.newPage();
      await other.goto('/blog', {waitUntil: 'load'});
      await waitForHydration(other);

      await toggle.click(); // light
      await toggle.click(); // dark
      await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(colourToggle(other)).toHaveAttribute('aria-label', toggleLabel('dark'));

      // And back the other way, from the second tab.
      await colourToggle(other).click(); // system (light here)
      await expect(html).toHaveAttribute('data-theme', 'light');
      await expect(toggle).toHaveAttribute('aria-label', toggleLabel('system'));
      await other.close();
    });

    await test.step("the toggle cycles system -> light -> dark -> system, its label, the stored choice and the browser's theme-color following", async () => {
      const meta = page.locator('meta[name="theme-color"]');
      const light = (await meta.getAttribute('content')) ?? '';
      expect(light).toMatch(/^#[0-9a-f]{6}$/);
      const cycle = [
        {label: toggleLabel('light'), theme: 'light', choice: 'light', stored: 'light'},
        {label: toggleLabel('dark'), theme: 'dark', choice: 'dark', stored: 'dark'},
        {label: toggleLabel('system'), theme: 'light', choice: 'system', stored: null},
      ] as const;
      for (const step of cycle) {
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-label', step.label);
        expect(await htmlAttribute(page, 'data-theme'), step.label).toBe(step.theme);
        expect(await htmlAttribute(page, 'data-theme-choice'), step.label).toBe(step.choice);
        expect(await storedItem(page, storageKeys.theme), step.label).toBe(step.stored);
        if (step.theme === 'dark') {
          await expect(meta).not.toHaveAttribute('content', light);
          await expect(meta).toHaveAttribute('content', /^#[0-9a-f]{6}$/);
        } else {
          await expect(meta).toHaveAttribute('content', light);
        }
      }
    });

    await test.step('a choice survives a reload', async () => {
      await toggle.click(); // light
      await toggle.click(); // dark
      await expect(html).toHaveAttribute('data-theme', 'dark');

      await page.reload({waitUntil: 'domcontentloaded'});
      // Set by the inline bootstrap script, before React: no flash of the light theme. Read at
      // once, not retried: a later 'dark' set by React would be the flash this rules out.
      expect(await htmlAttribute(page, 'data-theme')).toBe('dark');
      await waitForHydration(page);
      await expect(colourToggle(page)).toHaveAttribute('aria-label', toggleLabel('dark'));
    });
    expect(problemList(problems)).toEqual([]);
  });

  test.describe(() => {
    test.use({javaScriptEnabled: false});

    test('the toggle is disabled until React has hydrated the page', async ({page, open}) => {
      const html = (await request(INTRO)).body.toString('utf8');
      const buttons = [...html.matchAll(/<button\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => tag.includes(TOGGLE_LABEL));
      expect(buttons.length, 'colour-mode toggle in the server HTML').toBeGreaterThan(0);
      for (const tag of buttons) expect(tag).toMatch(/\sdisabled(?=[\s>=])/);

      // Without JavaScript it stays disabled (nothing would handle a click).
      await open(INTRO);
      await expect(colourToggle(page)).toBeDisabled();
    });
  });
});

/** A page with the table of contents beside it at 1440 px and a group of language tabs (JwtSamples). */
const TOC_AND_TABS_PAGE = '/HeaderMarkdown';
/** WCAG 1.4.3 (AA) for body-size text. */
const AA = 4.5;

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode at 1440 px`, () => {
    test.use({colorScheme: mode, viewport: {width: 1440, height: 900}});

    // The footer is the same on every page: checked on this one, in the same visit.
    test("the contents and the inactive tabs are quieter than the body text, and still 4.5:1; the footer is the specification's dark footer, the same colour as in the other mode, its text 4.5:1", async ({
      page,
      problems,
      open,
    }) => {
      await open(TOC_AND_TABS_PAGE);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const body = await colours(page.locator('article .markdown > p').first());
      const bodyRatio = contrast(body.color, body.background);
      const quiet = {
        'contents link': page
          .locator('.theme-doc-toc-desktop .table-of-contents__link:not(.table-of-contents__link--active)')
          .first(),
        'inactive tab': page.locator('article [role="tab"][aria-selected="false"]').first(),
      };
      for (const [name, locator] of Object.entries(quiet)) {
        await expect(locator, name).toBeVisible();
        const {color, background} = await colours(locator);
        const ratio = contrast(color, background);
        expect(ratio, `${name}: ${color} on ${background}`).toBeGreaterThanOrEqual(AA);
        expect(
          ratio,
          `${name} (${color}) against the body text (${body.color}, ${bodyRatio.toFixed(1)}:1)`,
        ).toBeLessThan(bodyRatio);
      }

      const footer = page.locator('footer.footer');
      await expect(footer).toHaveClass(/footer--dark/);
      const {background} = await colours(footer);
      // Infima's dark footer (#303846), the same in both modes: not the dark page's own grey.
      expect(background).toBe('rgb(48, 56, 70)');
      for (const text of [
        footer.locator('.footer__title').first(),
        footer.locator('.footer__link-item').first(),
        footer.locator('.footer__copyright'),
      ]) {
        const seen = await colours(text);
        expect(contrast(seen.color, seen.background), `footer: ${await text.innerText()}`).toBeGreaterThanOrEqual(AA);
      }
      expect(problemList(problems)).toEqual([]);
    });
  });
}
