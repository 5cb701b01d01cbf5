/**
 * The table of contents beside a doc or a post lists its h2 and h3 headings and nothing deeper
 * (`tableOfContents` in docusaurus.site.ts), however deep the page's own headings go: read from
 * the built HTML, which the theme renders the contents into and hydration keeps. In the browser,
 * the one entry highlighted as the reader scrolls and clicks.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse, type DefaultTreeAdapterMap} from 'parse5';
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';
import {buildDir} from './helpers/paths';
import {API_PAGE, LINKS_TO_API_PAGE, LONG_POST} from './helpers/site';

type HtmlElement = DefaultTreeAdapterMap['element'];

/** The heading tags the contents link to, and the ids of the article's h4 headings. */
function tocLevels(html: string): {linked: string[]; h4InContent: string[]} {
  const elements: {element: HtmlElement; inArticle: boolean}[] = [];
  const walk = (node: DefaultTreeAdapterMap['parentNode'], inArticle: boolean): void => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      const here = inArticle || child.tagName === 'article';
      elements.push({element: child, inArticle: here});
      walk(child, here);
    }
  };
  walk(parse(html), false);
  const attr = (element: HtmlElement, name: string): string => element.attrs.find((a) => a.name === name)?.value ?? '';
  const byId = new Map(elements.map(({element}) => [attr(element, 'id'), element.tagName.toUpperCase()]));
  const linked = elements
    .filter(
      ({element}) =>
        element.tagName === 'a' &&
        attr(element, 'class').split(/\s+/).includes('table-of-contents__link') &&
        attr(element, 'href').startsWith('#'),
    )
    .map(({element}) => {
      const id = decodeURIComponent(attr(element, 'href').slice(1));
      return byId.get(id) ?? `missing #${id}`;
    });
  const h4InContent = elements
    .filter(({element, inArticle}) => inArticle && element.tagName === 'h4' && attr(element, 'id'))
    .map(({element}) => attr(element, 'id'));
  return {linked, h4InContent};
}

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
    test(path, () => {
      const levels = tocLevels(readFileSync(join(buildDir, path, 'index.html'), 'utf8'));
      expect(levels.linked.length, `TOC entries of ${path}`).toBeGreaterThan(0);
      const distinct = [...new Set(levels.linked)].sort();
      expect(distinct, `TOC of ${path} links to`).toEqual(['H2', 'H3']);
      // The page that has h4 headings must still have them, or the check above proves nothing.
      if (h4) expect(levels.h4InContent.length, `h4 headings in ${path}`).toBeGreaterThan(0);
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
