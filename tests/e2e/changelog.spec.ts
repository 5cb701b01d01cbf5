/**
 * The API changelog reads as release notes (issue 24, "Smaller"): each release opens with its
 * written summary and a breaking-changes checklist (openapi/releases/notes.yaml), then the changes
 * per operation with the docs-only ones folded away; the releases and their parts are the table of
 * contents; prose keeps a readable measure; the Markdown twin has the same structure. At 1440 px,
 * the most common laptop width, where the contents column shows.
 */
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';

const PAGE = '/docs/v1/changelog';

test.use({viewport: {width: 1440, height: 900}});

test.describe('API changelog as release notes', () => {
  // One load of this large page for all that is read on it; the steps that change it (a box
  // ticked, a fold opened, a contents link followed) come after what they could disturb.
  test('prose keeps a readable measure (80 characters at most); each release: summary, then the breaking checklist, then the changes; docs-only changes folded away until opened; the table of contents lists the releases and their parts', async ({
    page,
    problems,
    open,
  }) => {
    await open(PAGE);
    const {widest, limit} = await page.evaluate(() => {
      const article = document.querySelector('.theme-doc-markdown') as HTMLElement;
      const probe = document.createElement('span');
      probe.textContent = '0'.repeat(80);
      article.appendChild(probe);
      const measure = probe.getBoundingClientRect().width;
      probe.remove();
      const prose = Array.from(article.querySelectorAll('p, li'));
      return {widest: Math.max(...prose.map((p) => p.getBoundingClientRect().width)), limit: measure};
    });
    expect(widest).toBeGreaterThan(400);
    expect(widest, `the widest paragraph against ${limit} px, 80 characters`).toBeLessThanOrEqual(limit + 1);

    const order = await page.evaluate(() => {
      const top = (sel: string): number => document.querySelector(sel)?.getBoundingClientRect().top ?? NaN;
      const release = document.getElementById('v1.3.0');
      const summary = release?.nextElementSibling;
      return {
        summary: summary?.textContent ?? '',
        heading: top('[id="v1.3.0"]'),
        summaryTop: summary?.getBoundingClientRect().top ?? NaN,
        breaking: top('[id="v1.3.0-breaking"]'),
        added: top('[id="v1.3.0-added"]'),
        changed: top('[id="v1.3.0-changed"]'),
      };
    });
    expect(order.summary).toContain('reconciliation');
    expect(order.heading).toBeLessThan(order.summaryTop);
    expect(order.summaryTop).toBeLessThan(order.breaking);
    expect(order.breaking).toBeLessThan(order.added);
    expect(order.added).toBeLessThan(order.changed);

    // The checklist: a box a reader ticks per breaking change, each with what to do and its sunset.
    const checklist = page.locator('[id="v1.3.0-breaking"] + ul');
    const boxes = checklist.locator('input[type="checkbox"]');
    await expect(boxes).toHaveCount(4);
    await expect(checklist).toContainText('X-Webhook-Secret-Proof');
    // The test values a release changes are a change too (openapi/releases/test-values.yaml).
    await expect(checklist).toContainText('Aadhaar test values');
    await expect(checklist).toContainText('What to do');
    await expect(checklist).toContainText('2027-06-30: the old form works until the end of that day (IST).');
    await checklist.getByText('Request tokens carry').click();
    await expect(boxes.nth(1)).toBeChecked();
    // A release that breaks nothing says so.
    await expect(page.locator('[id="v1.0.0-breaking"] + p')).toHaveText('None.');

    const folded = page.locator('[id="v1.3.0-changed"] + ul details');
    expect(await folded.count()).toBeGreaterThan(10);
    expect(await page.locator('article details[open]').count()).toBe(0);
    const first = folded.first();
    await expect(first.locator('summary')).toHaveText(/^\d+ docs-only changes?$/);
    await expect(first.locator('li').first()).toBeHidden();
    await first.locator('summary').click();
    await expect(first.locator('li').first()).toBeVisible();
    await expect(first.locator('li').first()).toContainText('Docs only');

    const toc = page.locator('.theme-doc-toc-desktop');
    await expect(toc).toBeVisible();
    for (const version of ['1.4.0', '1.3.0', '1.2.0', '1.1.0', '1.0.0'])
      await expect(toc.locator(`a[href="#v${version}"]`)).toBeVisible();
    await expect(toc.locator('a[href="#v1.3.0-breaking"]')).toHaveText('Breaking changes');
    await toc.locator('a[href="#v1.1.0"]').click();
    await expect(page).toHaveURL(/#v1\.1\.0$/);
    await expect(page.locator('[id="v1.1.0"]')).toBeInViewport();
    expect(problemList(problems)).toEqual([]);
  });

  test('the Markdown twin carries the same structure', async ({request}) => {
    const twin = await (await request.get(`${PAGE}.md`)).text();
    const at = (text: string): number => twin.indexOf(text);
    // The newest release first (1.4.0, in progress), its summary, checklist and new operations, then 1.3.0.
    expect(at('## 1.4.0 (')).toBeGreaterThan(0);
    expect(at('The release in progress')).toBeGreaterThan(at('## 1.4.0 ('));
    expect(at('### Breaking changes')).toBeGreaterThan(at('The release in progress'));
    expect(at('- [ ] ')).toBeGreaterThan(at('### Breaking changes'));
    expect(at('### New operations and webhooks')).toBeGreaterThan(at('- [ ] '));
    expect(at('## 1.3.0 (')).toBeGreaterThan(at('### New operations and webhooks'));
    expect(at('reconciliation')).toBeGreaterThan(at('## 1.3.0 ('));
    expect(twin).toMatch(/<details><summary>\d+ docs-only changes?<\/summary>/);
    expect(twin).toContain('## 1.0.0 (2026-11-22)');
  });
});
