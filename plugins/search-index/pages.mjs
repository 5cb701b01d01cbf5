// @ts-check
/**
 * Which built pages go into the search index, and which part of each: pure functions of a page's
 * HTML, so the choice is tested without a build (tests/unit/search-index.test.ts). Plain JavaScript:
 * write-index.mjs runs in a Node process of its own (see index.ts).
 */

/**
 * Page kinds by the class Docusaurus puts on `<html>`: a doc, a blog post, a page of src/pages.
 * Blog lists, tag, author and archive pages only repeat posts, the not-found page and the `/docs`
 * redirect say nothing a reader searches for.
 */
const INDEXED_KINDS = ['docs-doc-page', 'blog-post-page', 'plugin-pages'];

/**
 * Left out of the index, inside the part that is indexed. Code samples (one request in seven
 * languages) and JSON examples repeat the same words on every API page and would multiply the
 * index without helping anyone find a page; what each endpoint page copies from a shared source is
 * marked `data-search-ignore` by its component (the request headers table, the response envelope's
 * rows, error-envelope tables, the Sandbox page tables); and the page's furniture: breadcrumbs, the
 * "Copy page as Markdown" actions, the table of contents shown on phones, the doc footer (edit link,
 * last update), previous/next links and a post's tags; and interface text: the buttons that open Try
 * it and the webhook lab, and the counts on folded field tables ("Response fields (18)", marked
 * `data-pagefind-ignore` where they are rendered).
 */
/** @type {readonly string[]} */
export const EXCLUDED_SELECTORS = [
  '.api-code-samples',
  '.api-json-example',
  '[data-search-ignore]',
  '.rr-page-actions',
  '.theme-doc-breadcrumbs',
  '.theme-doc-toc-mobile',
  '.theme-doc-footer',
  '.pagination-nav',
  '.theme-blog-footer-edit-meta-row',
  '.theme-code-block',
  // Try it and the webhook lab before they open: a button ("Try it") is interface, not content.
  '.api-on-demand',
];

const HTML_CLASS = /<html\b[^>]*\bclass=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** Is this built page one a reader should find through search? @param {string} html */
export function isIndexedPage(html) {
  const m = HTML_CLASS.exec(html);
  const classes = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').split(/\s+/);
  return INDEXED_KINDS.some((kind) => classes.includes(kind));
}

/**
 * The page with `data-pagefind-body` on its content: the first `<article>` (a doc or a post:
 * title, prose, reference) or, on pages without one, the first `<main>`. Navbar, sidebars and
 * footer stay outside, so no word of the site's chrome is indexed once per page. Undefined when
 * the page has neither (the caller names the file).
 * @param {string} html @returns {string | undefined}
 */
export function markIndexedBody(html) {
  for (const tag of ['article', 'main']) {
    const at = html.search(new RegExp(`<${tag}[\\s>]`, 'i'));
    if (at >= 0) {
      const end = at + tag.length + 1;
      return keepLandingIds(separateBlocks(`${html.slice(0, end)} data-pagefind-body${html.slice(end)}`));
    }
  }
  return undefined;
}

/** An attribute's value in a start tag's attributes, however it is quoted (the build minifies HTML). */
const attr = (/** @type {string} */ name) => new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'i');
const SEARCH_KIND_ATTR = attr('data-search-kind');
const valueOf = (/** @type {RegExpExecArray | null} */ m) => m?.[1] ?? m?.[2] ?? m?.[3];

/**
 * What a page is, shown beside its results (core/search/keys.ts SearchKind): a blog post by the
 * class Docusaurus puts on <html>, an endpoint or a webhook page by its request line
 * (`data-search-kind`, src/components/Reference), any other page a guide.
 * @param {string} html @returns {import('../../core/search/keys').SearchKind}
 */
export function pageKind(html) {
  const m = HTML_CLASS.exec(html);
  if ((m?.[1] ?? m?.[2] ?? m?.[3] ?? '').split(/\s+/).includes('blog-post-page')) return 'blog';
  const kind = valueOf(SEARCH_KIND_ATTR.exec(html));
  return kind === 'endpoint' || kind === 'webhook' ? kind : 'guide';
}

/**
 * Between the keys of one `data-search-key`: SEARCH_KEY_SEPARATOR of core/search/keys.ts, which
 * this plain-JavaScript file cannot import (tests/unit/search-index.test.ts holds the two equal).
 */
export const KEY_SEPARATOR = '|';

/** A start tag with `data-search-key` or with an `id`, in document order. */
const KEY_OR_ID = /<([a-z][\w-]*)\b([^>]*?\s(?:data-search-key|id)=[^>]*)>/gi;
const KEY_ATTR = attr('data-search-key');
const ID_OF = attr('id');
const TEXT_UNTIL = (/** @type {string} */ tag) => new RegExp(`^([\\s\\S]*?)</${tag}>`, 'i');

/**
 * @typedef {{keys: string[], anchor: string | undefined, title: string | undefined, kind: import('../../core/search/keys').SearchKind | undefined}} DeclaredKeys
 */

/**
 * The exact keys a page declares and where each lands (core/search/keys.ts): a `data-search-key`
 * (keys separated by `|`) lands on the section heading (h2-h4 with an id) before it, or on the page
 * when none comes before it; a response-code row (`<tr id="code-N">`) is the key `code N`, landing on
 * the row. `title` is the heading's text (or `Response code N`), undefined for the page's own title.
 * @param {string} html @returns {DeclaredKeys[]}
 */
export function declaredKeys(html) {
  /** @type {DeclaredKeys[]} */
  const out = [];
  /** @type {{id: string, title: string} | undefined} */
  let heading;
  for (const m of html.matchAll(KEY_OR_ID)) {
    const [, tag = '', attrs = ''] = m;
    const id = valueOf(ID_OF.exec(` ${attrs}`));
    if (id && /^h[2-4]$/i.test(tag)) {
      const rest = html.slice((m.index ?? 0) + m[0].length);
      const text = (TEXT_UNTIL(tag).exec(rest)?.[1] ?? '').replace(/<[^>]*>/g, '').replace(/[\s\u200b]+/g, ' ');
      heading = {id, title: text.trim()};
    }
    const code = id && tag.toLowerCase() === 'tr' ? CODE_ROW_ID.exec(id) : null;
    if (code) out.push({keys: [`code ${code[1]}`], anchor: id, title: `Response code ${code[1]}`, kind: 'code'});
    const keys = valueOf(KEY_ATTR.exec(` ${attrs}`));
    if (keys) {
      out.push({
        keys: keys.split(KEY_SEPARATOR).filter(Boolean),
        anchor: heading?.id,
        title: heading?.title,
        kind: undefined,
      });
    }
  }
  return out;
}

/** Elements that end a word: cells, rows, list items, paragraphs, blocks. */
const BLOCKS = 'td|th|tr|li|dt|dd|caption|p|div|h[1-6]|pre|blockquote|summary|details|section|table|ul|ol|dl';
const BLOCK_START = new RegExp(`<(${BLOCKS})(?=[\\s>])`, 'gi');
const BLOCK_END = new RegExp(`</(${BLOCKS})>`, 'gi');

/**
 * A space before and after each block element (a table cell, a list item, a paragraph, a div):
 * the build minifies HTML, drops the end tags HTML lets it drop (`</td>`, `</p>`, `</li>`), and
 * Pagefind reads `<td>Code<td>Meaning` or `<span>required</span><td><p>The` as the one word
 * "CodeMeaning" or "requiredThe", in what it finds and in the excerpt a result shows.
 * @param {string} html
 */
export function separateBlocks(html) {
  return html.replace(BLOCK_START, ' <$1').replace(BLOCK_END, '</$1> ');
}

/** An element's start tag with its `id` (any quoting): tag name, attributes before, id, attributes after. */
const ID_ATTR = /<([a-z][\w-]*)\b([^>]*?)\sid=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))([^>]*)>/gi;

/** A response-code row of the catalogue (/ResponseCode#code-14): a place search results land on. */
const CODE_ROW_ID = /^code-(\d+)$/;

/**
 * The page with `id` attributes only where a search result lands (issue 24): section headings
 * (h2-h4) and the response-code rows, which also get a `data-pagefind-title` ("Response code 14"):
 * Pagefind turns an anchor into a sub-result (a section of the page, with its own URL and excerpt)
 * only for a heading or an element so titled. Every other id (each field of the section tree, each
 * tab) goes: Pagefind would store each in the page's fragment, and the anchors were a tenth of each
 * fragment a query downloads.
 * @param {string} html
 */
export function keepLandingIds(html) {
  return html.replace(ID_ATTR, (all, tag, before, ...ids) => {
    const id = ids.slice(0, 3).find((v) => v !== undefined) ?? '';
    const after = ids[3];
    if (/^h[2-4]$/i.test(tag)) return all;
    const code = CODE_ROW_ID.exec(id);
    if (code && tag.toLowerCase() === 'tr') {
      return `<${tag}${before} id="${id}" data-pagefind-title="Response code ${code[1]}"${after}>`;
    }
    return `<${tag}${before}${after}>`;
  });
}

/**
 * The file Docusaurus writes a route to (trailingSlash unset): `/` -> `index.html`,
 * `/docs/v1/` and `/docs/v1` -> `docs/v1/index.html`. The route itself, as Docusaurus links it, is
 * the URL the index records, so a result never lands on a redirect or a second spelling.
 * @param {string} route @param {string} baseUrl
 */
export function fileOfRoute(route, baseUrl) {
  const rel = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, '');
  const dir = rel.replace(/\/+$/, '');
  return dir ? `${dir}/index.html` : 'index.html';
}
