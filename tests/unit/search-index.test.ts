import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {minifyEntry, readTitles} from '../../plugins/search-index/write-index.mjs';
import {
  fileOfRoute,
  isIndexedPage,
  markIndexedBody,
  separateBlocks,
  keepLandingIds,
} from '../../plugins/search-index/pages.mjs';

const page = (htmlClass: string, body: string) =>
  `<!doctype html><html lang=en dir=ltr class="${htmlClass}" data-has-hydrated=false><head></head><body>${body}</body></html>`;

describe('isIndexedPage', () => {
  it('takes docs, blog posts and pages, by the class Docusaurus puts on <html>', () => {
    expect(isIndexedPage(page('docs-wrapper plugin-docs docs-doc-page docs-doc-id-v1/index', ''))).toBe(true);
    expect(isIndexedPage(page('blog-wrapper blog-post-page plugin-blog plugin-id-default', ''))).toBe(true);
    expect(isIndexedPage(page('mdx-wrapper mdx-page plugin-pages plugin-id-default', ''))).toBe(true);
    expect(isIndexedPage('<html lang=en class=plugin-pages><body></body></html>')).toBe(true);
  });

  it('leaves out blog lists, tag, author and archive pages, the not-found page and redirects', () => {
    expect(isIndexedPage(page('blog-wrapper blog-list-page plugin-blog', ''))).toBe(false);
    expect(isIndexedPage(page('blog-wrapper blog-tags-post-list-page plugin-blog', ''))).toBe(false);
    expect(isIndexedPage(page('blog-wrapper blog-authors-posts-page plugin-blog', ''))).toBe(false);
    expect(isIndexedPage(page('plugin-native plugin-id-default', ''))).toBe(false);
    expect(isIndexedPage(page('plugin-docs-root-redirect plugin-id-default', ''))).toBe(false);
    expect(isIndexedPage('<html lang=en><body></body></html>')).toBe(false);
  });
});

describe('markIndexedBody', () => {
  it('marks the first <article>, so the navbar, sidebar and footer stay out', () => {
    const html = '<nav>Docs</nav><main><article class="x"><h1>T</h1></article></main><footer>F</footer>';
    expect(markIndexedBody(html)).toBe(
      '<nav>Docs</nav><main><article data-pagefind-body class="x"> <h1>T</h1> </article></main><footer>F</footer>',
    );
  });

  it('marks <main> on a page without an article, and nothing on a page without either', () => {
    expect(markIndexedBody('<nav></nav><main><h1>Home</h1></main>')).toBe(
      '<nav></nav><main data-pagefind-body> <h1>Home</h1> </main>',
    );
    expect(markIndexedBody('<div><h1>Nothing</h1></div>')).toBeUndefined();
  });

  it('does not take an element whose name only starts with "main" or "article"', () => {
    expect(markIndexedBody('<mainframe></mainframe><main>x</main>')).toBe(
      '<mainframe></mainframe><main data-pagefind-body>x</main>',
    );
  });
});

describe('keepLandingIds', () => {
  it('keeps the ids of section headings, where a result lands, and drops the rest', () => {
    expect(keepLandingIds('<h2 class=a id="aeps">id=x</h2><div id=tab-1 data-id="k"><td id=\'y\'>14</td></div>')).toBe(
      '<h2 class=a id="aeps">id=x</h2><div data-id="k"><td>14</td></div>',
    );
    expect(keepLandingIds('<h1 id=top>T</h1><h5 id=deep>D</h5><tr id=request-amount class="">')).toBe(
      '<h1>T</h1><h5>D</h5><tr class="">',
    );
  });

  it('keeps a response-code row’s id and titles it, so Pagefind makes the row a section of its own', () => {
    expect(keepLandingIds('<tr id=code-14><td data-label=Code>14</tr><td id=code-15>')).toBe(
      '<tr id="code-14" data-pagefind-title="Response code 14"><td data-label=Code>14</tr><td>',
    );
  });
});

describe('separateBlocks', () => {
  /** The words a reader of the text sees, as Pagefind reads them (tags dropped, no space added). */
  const words = (html: string): string[] =>
    separateBlocks(html)
      .replace(/<[^>]+>/g, '')
      .split(/\s+/)
      .filter(Boolean);

  it('ends a word at each table cell, list item and block, with or without its end tag', () => {
    expect(words('<tr><th>Code</th><th>Meaning</th></tr><tr><td>14</td><td>LIMIT</td></tr>')).toEqual([
      'Code',
      'Meaning',
      '14',
      'LIMIT',
    ]);
    expect(words('<ul><li>a</li><li>b</li></ul><dl><dt>x</dt><dd>y</dd></dl>')).toEqual(['a', 'b', 'x', 'y']);
    // As the minified build writes them: no </td>, </p> or </li>.
    expect(
      words('<tr><td><code>code</code><div>integer</div><span>required</span><td><p>The outcome<p>Second'),
    ).toEqual(['code', 'integer', 'required', 'The', 'outcome', 'Second']);
    expect(words('another finger.<td><span>Only with</span><ul><li>one<li>two</ul><div>three</div>four')).toEqual([
      'another',
      'finger.',
      'Only',
      'with',
      'one',
      'two',
      'three',
      'four',
    ]);
  });

  it('leaves inline markup joined: a word split by <code> or <span> stays one word', () => {
    expect(separateBlocks('ref<code>id</code><span>x</span><b>y</b>')).toBe('ref<code>id</code><span>x</span><b>y</b>');
    expect(words('<p>ref<code>id</code><span>x</span></p>')).toEqual(['refidx']);
  });

  it('does not take a longer tag name for a block (<pre> is one, <param>, <picture> and <data> are not)', () => {
    expect(separateBlocks('a<picture>b</picture><param>c<data>d</data>')).toBe(
      'a<picture>b</picture><param>c<data>d</data>',
    );
    expect(words('a<pre>b</pre>c')).toEqual(['a', 'b', 'c']);
  });
});

describe('fileOfRoute', () => {
  it('finds the index.html Docusaurus writes for a route, with or without its trailing slash', () => {
    expect(fileOfRoute('/', '/')).toBe('index.html');
    expect(fileOfRoute('/docs/v1/', '/')).toBe('docs/v1/index.html');
    expect(fileOfRoute('/docs/v1/service/aeps/withdrawal', '/')).toBe('docs/v1/service/aeps/withdrawal/index.html');
    expect(fileOfRoute('/docs/v1/service/aeps/kyc/{kycId}', '/')).toBe('docs/v1/service/aeps/kyc/{kycId}/index.html');
  });

  it('strips a base URL other than /', () => {
    expect(fileOfRoute('/api-docs/ResponseCode', '/api-docs/')).toBe('ResponseCode/index.html');
    expect(fileOfRoute('/api-docs/', '/api-docs/')).toBe('index.html');
  });
});

describe('readTitles', () => {
  it('reads each fragment’s title and URL by its id, and names a file that is no fragment', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-titles-'));
    try {
      fs.mkdirSync(path.join(dir, 'fragment'));
      const fragment = (page: object) => zlib.gzipSync(Buffer.from(`pagefind_dcd${JSON.stringify(page)}`));
      fs.writeFileSync(
        path.join(dir, 'fragment', 'en_1a2b3c4.pf_fragment'),
        fragment({url: '/docs/v1/aeps', meta: {title: 'Aadhaar banking (AEPS)'}}),
      );
      fs.writeFileSync(path.join(dir, 'fragment', 'en_5d6e7f8.pf_fragment'), fragment({url: '/blog', meta: {}}));
      expect(readTitles(dir)).toEqual({
        en_1a2b3c4: ['Aadhaar banking (AEPS)', '/docs/v1/aeps'],
        en_5d6e7f8: ['/blog', '/blog'],
      });
      const bad = path.join(dir, 'fragment', 'en_9.pf_fragment');
      fs.writeFileSync(bad, zlib.gzipSync(Buffer.from('{}')));
      expect(() => readTitles(dir)).toThrow(`${bad}: not a Pagefind fragment (no pagefind_dcd signature).`);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('minifyEntry', () => {
  it('rewrites Pagefind’s entry script smaller, as a module that still exports the same', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-entry-'));
    try {
      const file = path.join(dir, 'pagefind.js');
      const source = `const calculate_sub_results = (fragment, desired_length) => {\n  // a comment\n  return fragment.anchors.slice(0, desired_length);\n};\nexport const subResults = (f, n) => calculate_sub_results(f, n);\n`;
      fs.writeFileSync(file, source);
      minifyEntry(dir);
      const written = fs.readFileSync(file, 'utf8');
      expect(written.length).toBeLessThan(source.length);
      expect(written).not.toContain('a comment');
      const module = (await import(`data:text/javascript,${encodeURIComponent(written)}`)) as {
        subResults: (f: {anchors: number[]}, n: number) => number[];
      };
      expect(module.subResults({anchors: [1, 2, 3]}, 2)).toEqual([1, 2]);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});
