/**
 * With JavaScript off, the server-rendered HTML alone must carry everything a reader needs
 * (design §4): an API page's parameters and code samples, a blog post's whole text.
 *
 * Docusaurus Tabs render every panel in the HTML and hide all but the selected one with the
 * `hidden` attribute, and only JavaScript can switch them: without it the default tab (cURL) is
 * what a reader sees, which is acceptable; the other languages are in the HTML (for search
 * engines and reader modes) but not shown.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import {site} from '../../site.config';
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';
import {buildDir} from './helpers/paths';
import {API_PAGE} from './helpers/site';

/**
 * What in `root` moves while the page is still being parsed (issue 35). The browser paints a page
 * before it has all of it, so at some frame an element stands with nothing after it in the document
 * yet; whatever moves (its top-left corner, as a layout shift is counted) when the rest arrives is a
 * layout shift. For each element that shows, the nodes after it inside `root` are taken out (the page
 * as parsed up to its end tag), its corner is read, and they are put back where they were, in the
 * same task. Run with JavaScript off, the DOM is the server's HTML, as the parser builds it.
 * Returns "element x,y -> x,y" (part-parsed, then whole) for each element that moves. `elements`
 * chooses which elements of `root` are checked (all by default).
 */
async function movesWhileParsing(page: Page, root: string, elements = '*'): Promise<string[]> {
  return page.locator(root).evaluate((rootElement, elements) => {
    const corner = (element: Element): string => {
      const {x, y} = element.getBoundingClientRect();
      return `${Math.round(x)},${Math.round(y)}`;
    };
    const moved: string[] = [];
    for (const element of Array.from(rootElement.querySelectorAll(elements))) {
      const {width, height} = element.getBoundingClientRect();
      if (!width || !height) continue;
      const whole = corner(element);
      // What follows the element, level by level outwards; put back in the reverse order.
      const taken: [ChildNode, Node][] = [];
      for (let node: Node = element; node !== rootElement && node.parentNode; node = node.parentNode) {
        const parent = node.parentNode;
        while (node.nextSibling && parent.lastChild) {
          taken.push([parent.lastChild, parent]);
          parent.lastChild.remove();
        }
      }
      const parsed = corner(element);
      for (const [node, parent] of taken.reverse()) parent.appendChild(node);
      if (parsed !== whole) {
        moved.push(
          `${[element.tagName.toLowerCase(), ...Array.from(element.classList)].join('.')} ${parsed} -> ${whole}`,
        );
      }
    }
    return moved;
  }, elements);
}

test.describe('JavaScript off', () => {
  test.use({javaScriptEnabled: false});

  test('an API page shows its parameter table, its cURL sample and its sandbox scenarios, its Markdown link, and no Try it or Copy page button', async ({
    page,
    problems,
    open,
  }) => {
    expect(await open(API_PAGE)).toBe(200);
    expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).not.toBe('true');
    await expect(page.getByRole('heading', {level: 1, name: 'AEPS cash withdrawal'})).toBeVisible();

    // Nothing in the navbar or the announcement bar moves as the rest of it arrives: the navbar's
    // right side keeps its final width from the first paint (src/css/custom.css), the search box is
    // empty or whole (src/theme/SearchBar), the bar's text keeps the close button's room
    // (src/theme/AnnouncementBar/Content). Once a run painted the search icon alone at the right
    // edge, and it jumped 232 px. At 1280 px, then at 390 px by a resize (laid out again as on a
    // load at that width).
    // In the bar, its parts and their text blocks: centred text cut inside a line moves its links
    // too, which no room kept can prevent.
    const parts = [
      ['nav.navbar', '*'],
      ['.theme-announcement-bar', ':scope > *, :scope > * > *'],
    ] as const;
    const moves = async (width: number): Promise<void> => {
      for (const [root, elements] of parts)
        expect(await movesWhileParsing(page, root, elements), `moved as ${root} arrived, ${width} px`).toEqual([]);
    };
    await moves(1280);
    await page.setViewportSize({width: 390, height: 844});
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(390);
    await moves(390);
    await page.setViewportSize({width: 1280, height: 900});

    // The name cell holds the name in <code>, then its type and 'required'.
    const cell = page
      .locator('main table td')
      .filter({has: page.locator('code', {hasText: /^aadhaar_number$/})})
      .first();
    await expect(cell, 'parameter "aadhaar_number" in a visible table cell').toBeVisible();

    await expect(page.getByRole('heading', {name: 'Code samples', level: 2})).toBeVisible();
    const samples = page.locator('.api-code-samples').first();
    await expect(samples.getByRole('tab', {name: 'cURL', selected: true})).toBeVisible();
    const shown = samples.locator('[role="tabpanel"]:not([hidden])');
    await expect(shown, 'one code sample shown').toHaveCount(1);
    await expect(shown).toHaveText(/^RR_SIGNED=1 rr_call POST\b/m, {useInnerText: true});
    await expect(shown).toContainText(site.environments.sandbox.baseUrl);
    // The other languages are in the page, just not shown.
    expect(await samples.locator('[role="tabpanel"][hidden]').count()).toBeGreaterThan(0);

    // Try it needs the page's JavaScript: without it no button offers a panel that cannot work, and
    // the sandbox scenarios are still there to read (try-it.spec.ts, what Try it does with it).
    await expect(page.getByRole('heading', {name: 'Sandbox scenarios', level: 2})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try it'})).toHaveCount(0);
    await expect(page.getByRole('region', {name: 'Try it'})).toHaveCount(0);

    // "Copy page as Markdown" needs JavaScript too: the page still links its Markdown twin, and
    // shows no dead button (llms.spec.ts, what the button copies).
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', `${API_PAGE}.md`);
    await expect(page.getByRole('button', {name: /Copy page/})).toHaveCount(0);

    expect(problemList(problems)).toEqual([]);
  });

  test('the long blog post shows its whole text', async ({page, problems, open}) => {
    expect(await open('/blog/long-blog-post')).toBe(200);
    const article = page.locator('article').first();
    // Before the truncate marker, and after it (the part the blog list leaves out).
    for (const text of ['Sooner or later every payments integration', 'Sending a request is easy.']) {
      await expect(article.getByText(text).first(), text).toBeVisible();
    }
    await expect(article.getByRole('heading', {level: 2, name: 'Why retries are the hard part'})).toBeVisible();
    expect((await article.innerText()).length).toBeGreaterThan(5_000);
    expect(problemList(problems)).toEqual([]);
  });

  test('fenced code is highlighted, titled, numbered and marked by the build, not by a script', async ({
    page,
    problems,
    open,
  }) => {
    expect(await open('/blog/mdx-blog-post')).toBe(200);
    // ```js title="verify-signature.mjs" {4-6} showLineNumbers, as rendered (second of its two copies).
    const block = page.locator('.theme-code-block', {hasText: 'verify-signature.mjs'}).last();
    expect(await block.locator('.token.keyword').count(), 'Prism tokens in the HTML').toBeGreaterThan(3);
    const lines = block.locator('.token-line');
    await expect(lines).toHaveCount(9);
    const marked = await lines.evaluateAll((els) =>
      els.flatMap((el, i) => (el.classList.contains('theme-code-block-highlighted-line') ? [i + 1] : [])),
    );
    expect(marked).toEqual([4, 5, 6]);
    const numbers = await lines.evaluateAll((els) => els.map((el) => getComputedStyle(el, '::before').content));
    expect(numbers).toEqual(Array.from({length: 9}, () => 'counter(line)'));
    // A highlight comment marks the next line and is not shown; in the Markdown source block it is text.
    const token = page.locator('.theme-code-block', {hasText: 'make-token.mjs'}).last();
    await expect(token).not.toContainText('highlight-next-line');
    await expect(token.locator('.theme-code-block-highlighted-line')).toContainText('iat, // seconds');
    const source = page.locator('.theme-code-block.language-md', {hasText: 'make-token.mjs'}).first();
    await expect(source).toContainText('// highlight-next-line');
    expect(problemList(problems)).toEqual([]);
  });
});

test.describe('the build', () => {
  test('pages paint before their scripts run: no script in <head>, one identical loader ending <body>', () => {
    const pages = [
      'index.html',
      'docs/v1/index.html',
      'docs/v1/service/aeps/kyc/index.html',
      'blog/long-blog-post/index.html',
    ];
    const loaders = pages.map((file) => {
      const html = readFileSync(join(buildDir, file), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, `${file}: <head>`).not.toMatch(/<script[^>]*\bsrc=/);
      const loader = /<script>(requestAnimationFrame\(.*?)<\/script><\/body>/.exec(html)?.[1];
      expect(loader, `${file}: the loader script at the end of <body>`).toBeDefined();
      const list = /<script type=application\/json id=__docusaurus-scripts>(.*?)<\/script>/.exec(html)?.[1] ?? '[]';
      expect(JSON.parse(list)).toEqual([
        expect.stringMatching(/^\/assets\/js\/runtime~main\.[0-9a-f]+\.js$/),
        expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]+\.js$/),
      ]);
      return loader;
    });
    expect(new Set(loaders).size, 'the same loader on every page (one stable CSP hash)').toBe(1);
  });

  test('ships no syntax highlighter to browsers (every code block is highlighted at build time)', () => {
    const dir = join(buildDir, 'assets', 'js');
    // prism-react-renderer registers its bundled grammars as properties, which minifiers keep.
    const withPrism = readdirSync(dir).filter((f) =>
      /\.languages\.objectivec\b/.test(readFileSync(join(dir, f), 'utf8')),
    );
    expect(withPrism).toEqual([]);
  });
});
