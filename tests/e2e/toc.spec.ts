/**
 * The table of contents beside a doc or a post lists its h2 and h3 headings and nothing deeper
 * (`tableOfContents` in docusaurus.config.ts), however deep the page's own headings go.
 */
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';
import {API_PAGE, LINKS_TO_API_PAGE, LONG_POST} from './helpers/site';

/** Pages with headings at levels 2 and 3; `h4`: the page has h4 headings too. */
const PAGES = [
  {path: LONG_POST, h4: false},
  {path: API_PAGE, h4: false},
  // The AEPS overview: "Supporting both routes" has two h4 sections.
  {path: LINKS_TO_API_PAGE, h4: true},
];

// Wide enough for the contents beside an operation page's two columns (src/css/served/reference.css).
test.use({viewport: {width: 1600, height: 800}});

test.describe('table of contents: headings h2 and h3 only', () => {
  for (const {path, h4} of PAGES) {
    test(path, async ({page, problems, open}) => {
      await open(path);
      await expect(page.locator('.table-of-contents').first()).toBeVisible();
      const levels = await page.evaluate(() => {
        const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.table-of-contents a[href^="#"]'));
        const linked = links.map((a) => {
          const id = decodeURIComponent(a.hash.slice(1));
          return document.getElementById(id)?.tagName ?? `missing #${id}`;
        });
        const h4InContent = Array.from(document.querySelectorAll('article h4[id]'), (h) => h.id);
        return {linked, h4InContent};
      });
      const distinct = [...new Set(levels.linked)].sort();
      expect(distinct, `TOC of ${path} links to`).toEqual(['H2', 'H3']);
      // The page that has h4 headings must still have them, or the check above proves nothing.
      if (h4) expect(levels.h4InContent.length, `h4 headings in ${path}`).toBeGreaterThan(0);
      expect(problemList(problems)).toEqual([]);
    });
  }
});

test.describe('table of contents: one entry highlighted, from the main column', () => {
  const active = '.table-of-contents__link--active';

  test("scrolled and clicked, one entry; never the sticky column's heading", async ({page, problems, open}) => {
    await open(API_PAGE);
    await page.locator('#response-codes').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 10);
    await expect(page.locator(active)).toHaveCount(1);
    await expect(page.locator(active)).not.toHaveText('Code samples');
    await page.locator('.table-of-contents a[href="#related"]').click();
    await expect(page.locator(active)).toHaveCount(1);
    await expect(page.locator(active)).toHaveAttribute('href', /#related$/);
    expect(problemList(problems)).toEqual([]);
  });
});
