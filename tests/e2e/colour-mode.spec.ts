/**
 * The colour mode, as readers use it: light by default (the system's choice, which is light
 * here), the navbar toggle and its label, the choice kept across reloads and tabs, and a toggle
 * that cannot be clicked before it works. Each test opens its own context (clean localStorage).
 */
import {expect, test} from './fixtures';
import {problemList, waitForHydration} from './helpers/browser';
import {request} from './helpers/http';
import {colourToggle, DESKTOP, htmlAttribute, INTRO, storedItem, TOGGLE_LABEL, toggleLabel} from './helpers/site';

test.use({colorScheme: 'light', viewport: DESKTOP});

test.describe('colour mode', () => {
  test('is light by default; the toggle cycles system -> light -> dark -> system, its label following', async ({
    page,
    problems,
    open,
    storageKeys,
  }) => {
    await open(INTRO);
    const toggle = colourToggle(page);
    const html = page.locator('html');
    // No stored choice: the site follows the system (respectPrefersColorScheme), which is
    // light here. Docusaurus 3.10 names that state "system mode", not "light mode".
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
    await expect(toggle).toHaveAttribute('aria-label', toggleLabel('system'));
    await expect(toggle).toBeEnabled();

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
    }
    expect(problemList(problems)).toEqual([]);
  });

  test('the choice survives a reload', async ({page, problems, open}) => {
    await open(INTRO);
    const toggle = colourToggle(page);
    await toggle.click(); // light
    await toggle.click(); // dark
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.reload({waitUntil: 'domcontentloaded'});
    // Set by the inline bootstrap script, before React: no flash of the light theme. Read at
    // once, not retried: a later 'dark' set by React would be the flash this rules out.
    expect(await htmlAttribute(page, 'data-theme')).toBe('dark');
    await waitForHydration(page);
    await expect(colourToggle(page)).toHaveAttribute('aria-label', toggleLabel('dark'));
    expect(problemList(problems)).toEqual([]);
  });

  test('two tabs stay in step: a change in one shows in the other', async ({page, context, problems, open}) => {
    await open(INTRO);
    const other = await context.newPage();
    await other.goto('/blog', {waitUntil: 'load'});
    await waitForHydration(other);

    const toggle = colourToggle(page);
    await toggle.click(); // light
    await toggle.click(); // dark
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(colourToggle(other)).toHaveAttribute('aria-label', toggleLabel('dark'));

    // And back the other way, from the second tab.
    await colourToggle(other).click(); // system (light here)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toHaveAttribute('aria-label', toggleLabel('system'));
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
