/**
 * The layout of an operation page (src/css/served/reference.css): from 1400 px the code samples, Try it
 * and the response examples sit in a sticky column beside the fields, and the table of contents
 * stays; below, the single column of before, in page order. Nothing shifts while the page loads and
 * hydrates (CLS 0), at either width.
 */
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';
import {API_PAGE} from './helpers/site';

/** The layout shifts of the page so far (PerformanceObserver, buffered from the first paint). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as {value: number}).value;
        }).observe({type: 'layout-shift', buffered: true});
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test.describe('operation page, wide (1440 px)', () => {
  test.use({viewport: {width: 1440, height: 900}});

  test('samples, Try it and response examples in a sticky column beside the fields', async ({page, problems, open}) => {
    expect(await open(API_PAGE)).toBe(200);
    expect(await layoutShift(page)).toBe(0);
    const main = page.getByRole('heading', {name: 'Request', level: 2});
    const side = page.locator('.api-reference__side');
    const [m, s] = [await main.boundingBox(), await side.boundingBox()];
    expect(m && s && s.x >= m.x + m.width).toBe(true);
    await expect(side.getByRole('heading', {name: 'Code samples'})).toBeVisible();
    await expect(side.getByRole('button', {name: 'Try it', exact: true})).toBeVisible();
    await expect(side.locator('.api-reference__examples')).toBeVisible();
    // The response examples show in the column, not again in the responses; the request's stays.
    await expect(page.locator('.markdown > .api-json-example--response').first()).toBeHidden();
    await expect(page.locator('.markdown > .api-json-example:not(.api-json-example--response)').first()).toBeVisible();
    // The table of contents stays, beside the column and clear of it.
    const toc = page.locator('.theme-doc-toc-desktop');
    await expect(toc).toBeVisible();
    const t = await toc.boundingBox();
    expect(s && t && s.x + s.width <= t.x).toBe(true);
    expect(m && m.width >= 400, `the fields get ${m?.width} px`).toBe(true);

    // The column starts at the top of the content and, scrolled to the response codes, is still in view.
    await page.getByRole('heading', {name: 'Response codes'}).scrollIntoViewIfNeeded();
    const navbar = (await page.locator('nav.navbar').boundingBox())?.height ?? 0;
    const stuck = await side.boundingBox();
    expect(stuck && stuck.y >= navbar && stuck.y < navbar + 40).toBe(true);
    expect(problemList(problems)).toEqual([]);
  });
});

for (const width of [1280, 390]) {
  test.describe(`operation page, ${width} px`, () => {
    test.use({viewport: {width, height: 900}});

    test('one column in page order, response examples in their responses', async ({page, problems, open}) => {
      expect(await open(API_PAGE)).toBe(200);
      expect(await layoutShift(page)).toBe(0);
      const top = async (selector: string): Promise<number> =>
        (await page.locator(selector).first().boundingBox())?.y ?? Number.NaN;
      const [request, samples, responses] = [
        await top('#request'),
        await top('.api-reference__side'),
        await top('#responses'),
      ];
      expect(request < samples && samples < responses).toBe(true);
      await expect(page.locator('.api-reference__examples')).toBeHidden();
      await expect(page.locator('.markdown > .api-json-example--response').first()).toBeVisible();
      expect(problemList(problems)).toEqual([]);
    });
  });
}
