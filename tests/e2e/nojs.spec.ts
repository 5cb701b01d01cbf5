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
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Browser} from 'playwright-core';
import {site} from '../../site.config';
import {launchBrowser, problemList} from './helpers/browser';
import {buildDir} from './helpers/paths';
import {openSession, type Session} from './helpers/session';

let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, {javaScriptEnabled: false, viewport: {width: 1280, height: 900}});
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

describe('JavaScript off', () => {
  it('an API page shows its parameter table and its cURL sample', async () => {
    const {page} = session;
    const {status} = await session.visit('/docs/v1/service/aeps/withdrawal');
    expect(status).toBe(200);
    expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).not.toBe('true');
    expect(await page.getByRole('heading', {level: 1, name: 'AEPS cash withdrawal'}).isVisible()).toBe(true);

    // The name cell holds the name in <code>, then its type and 'required'.
    const cell = page
      .locator('main table td')
      .filter({has: page.locator('code', {hasText: /^adhaarnumber$/})})
      .first();
    expect(await cell.isVisible(), 'parameter "adhaarnumber" in a visible table cell').toBe(true);

    const samples = page.locator('.api-code-samples').first();
    expect(await samples.getByRole('tab', {name: 'cURL', selected: true}).isVisible()).toBe(true);
    const shown = samples.locator('[role="tabpanel"]:not([hidden])');
    expect(await shown.count(), 'one code sample shown').toBe(1);
    const code = await shown.innerText();
    expect(code).toMatch(/^curl\b/m);
    expect(code).toContain(site.environments.sandbox.baseUrl);
    // The other languages are in the page, just not shown.
    expect(await samples.locator('[role="tabpanel"][hidden]').count()).toBeGreaterThan(0);

    expect(problemList(session.problems)).toEqual([]);
  });

  it('the long blog post shows its whole text', async () => {
    const {page} = session;
    const {status} = await session.visit('/blog/long-blog-post');
    expect(status).toBe(200);
    const article = page.locator('article').first();
    // Before the truncate marker, and after it (the part the blog list leaves out).
    for (const text of ['Sooner or later every payments integration', 'Sending a request is easy.']) {
      expect(await article.getByText(text).first().isVisible(), text).toBe(true);
    }
    expect(await article.getByRole('heading', {level: 2, name: 'Why retries are the hard part'}).isVisible()).toBe(
      true,
    );
    expect((await article.innerText()).length).toBeGreaterThan(5_000);
    expect(problemList(session.problems)).toEqual([]);
  });

  it('fenced code is highlighted, titled, numbered and marked by the build, not by a script', async () => {
    const {page} = session;
    const {status} = await session.visit('/blog/mdx-blog-post');
    expect(status).toBe(200);
    // ```js title="verify-signature.mjs" {4-6} showLineNumbers, as rendered (second of its two copies).
    const block = page.locator('.theme-code-block', {hasText: 'verify-signature.mjs'}).last();
    expect(await block.locator('.token.keyword').count(), 'Prism tokens in the HTML').toBeGreaterThan(3);
    const lines = block.locator('.token-line');
    expect(await lines.count()).toBe(7);
    const marked = await lines.evaluateAll((els) =>
      els.flatMap((el, i) => (el.classList.contains('theme-code-block-highlighted-line') ? [i + 1] : [])),
    );
    expect(marked).toEqual([4, 5, 6]);
    const numbers = await lines.evaluateAll((els) => els.map((el) => getComputedStyle(el, '::before').content));
    expect(numbers).toEqual(Array.from({length: 7}, () => 'counter(line)'));
    // A highlight comment marks the next line and is not shown; in the Markdown source block it is text.
    const token = page.locator('.theme-code-block', {hasText: 'make-token.mjs'}).last();
    expect(await token.innerText()).not.toContain('highlight-next-line');
    expect(await token.locator('.theme-code-block-highlighted-line').innerText()).toContain('iat: Math.floor');
    const source = page.locator('.theme-code-block.language-md', {hasText: 'make-token.mjs'}).first();
    expect(await source.innerText()).toContain('// highlight-next-line');
    expect(problemList(session.problems)).toEqual([]);
  });
});

describe('the build', () => {
  it('pages paint before their scripts run: no script in <head>, one identical loader ending <body>', () => {
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

  it('ships no syntax highlighter to browsers (every code block is highlighted at build time)', () => {
    const dir = join(buildDir, 'assets', 'js');
    // prism-react-renderer registers its bundled grammars as properties, which minifiers keep.
    const withPrism = readdirSync(dir).filter((f) =>
      /\.languages\.objectivec\b/.test(readFileSync(join(dir, f), 'utf8')),
    );
    expect(withPrism).toEqual([]);
  });
});
