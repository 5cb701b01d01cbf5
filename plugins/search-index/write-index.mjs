// @ts-check
/**
 * Writes the Pagefind index of a finished build:
 *
 *   node plugins/search-index/write-index.mjs <build-dir> <base-url> <output-dir> <titles-file>
 *   (routes on stdin, JSON)
 *
 * Run by the search-index plugin in a process of its own: Pagefind's Node API is an ES module with
 * no CommonJS entry, and Docusaurus loads plugins as CommonJS. Problems go to stderr with the route
 * or file they concern, and the exit code is 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {transformSync} from 'esbuild';
import * as pagefind from 'pagefind';
import {declaredKeys, EXCLUDED_SELECTORS, fileOfRoute, isIndexedPage, markIndexedBody, pageKind} from './pages.mjs';

/** Pagefind's fragments are gzip of this signature followed by the page's JSON. */
const FRAGMENT_SIGNATURE = 'pagefind_dcd';

/**
 * The titles file (named by TITLES_FILE of core/search/query.ts, passed in by index.ts): each page's title and URL by its
 * Pagefind id, read back from the fragments just written. The search box shows a query's results
 * from it at once and fetches the fragments (the excerpts) only for the query
 * the reader stops at, not for every word on the way.
 * @param {string} outputPath @returns {Record<string, [string, string]>}
 */
export function readTitles(outputPath) {
  const dir = path.join(outputPath, 'fragment');
  /** @type {Record<string, [string, string]>} */
  const titles = {};
  for (const file of fs.readdirSync(dir).sort()) {
    const body = zlib.gunzipSync(fs.readFileSync(path.join(dir, file)));
    if (body.subarray(0, FRAGMENT_SIGNATURE.length).toString() !== FRAGMENT_SIGNATURE) {
      throw new Error(`${path.join(dir, file)}: not a Pagefind fragment (no ${FRAGMENT_SIGNATURE} signature).`);
    }
    /** @type {{url: string, meta: {title?: string}}} */
    const page = JSON.parse(body.subarray(FRAGMENT_SIGNATURE.length).toString('utf8'));
    titles[file.replace(/\.pf_fragment$/, '')] = [page.meta.title ?? page.url, page.url];
  }
  return titles;
}

/**
 * The titles file's content (SearchTitles of core/search/query.ts): each page's title, URL and kind
 * by its Pagefind id, and the exact keys the pages declare with where each lands, in route order
 * (the box builds its lookup table from them: core/search/keys.ts buildExactTable).
 * @param {Record<string, [string, string]>} titles
 * @param {Map<string, {kind: import('../../core/search/keys').SearchKind, keys: import('./pages.mjs').DeclaredKeys[]}>} declared
 */
export function titlesWithKeys(titles, declared) {
  /** @type {Record<string, [string, string, string]>} */
  const pages = {};
  const titleOf = new Map();
  for (const [id, [title, url]] of Object.entries(titles)) {
    pages[id] = [title, url, declared.get(url)?.kind ?? 'guide'];
    titleOf.set(url, title);
  }
  const keys = [...declared].flatMap(([url, page]) =>
    page.keys.map((d) => ({
      keys: d.keys,
      target: [d.title ?? titleOf.get(url) ?? url, d.anchor ? `${url}#${d.anchor}` : url, d.kind ?? page.kind],
    })),
  );
  return {pages, keys};
}

/**
 * Minifies Pagefind's entry script in place: it ships readable (47 KB, 13.4 KB gzip), and every
 * reader's first search downloads it; minified it is about 2 KB gzip less, room the grouped results'
 * extra page fragments need under the first-search ceiling (tests/e2e/budget.spec.ts, issue 24).
 * @param {string} outputPath
 */
export function minifyEntry(outputPath) {
  const file = path.join(outputPath, 'pagefind.js');
  const {code} = transformSync(fs.readFileSync(file, 'utf8'), {minify: true, format: 'esm', target: 'es2020'});
  fs.writeFileSync(file, code);
}

/**
 * @param {{outDir: string, baseUrl: string, outputPath: string, titlesFile: string, routes: readonly string[]}} o
 * @returns {Promise<number>} how many pages were indexed
 */
export async function writeSearchIndex({outDir, baseUrl, outputPath, titlesFile, routes}) {
  const {index, errors} = await pagefind.createIndex({excludeSelectors: [...EXCLUDED_SELECTORS], forceLanguage: 'en'});
  try {
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    let pages = 0;
    /** @type {Map<string, {kind: import('../../core/search/keys').SearchKind, keys: import('./pages.mjs').DeclaredKeys[]}>} */
    const declared = new Map();
    for (const route of new Set(routes)) {
      const file = path.join(outDir, fileOfRoute(route, baseUrl));
      if (!fs.existsSync(file)) continue; // redirects and routes written elsewhere (404.html)
      const html = fs.readFileSync(file, 'utf8');
      if (!isIndexedPage(html)) continue;
      const content = markIndexedBody(html);
      if (!content) {
        throw new Error(
          `${path.relative(outDir, file)}: no <article> or <main> to index for ${route}. Give the page one, or leave its kind out in plugins/search-index/pages.mjs.`,
        );
      }
      declared.set(route, {kind: pageKind(html), keys: declaredKeys(html)});
      const added = await index.addHTMLFile({url: route, content});
      if (added.errors.length) throw new Error(`Pagefind could not index ${route}: ${added.errors.join('; ')}`);
      pages++;
    }
    if (!pages) throw new Error('No page was indexed for search: check plugins/search-index/pages.mjs.');
    fs.rmSync(outputPath, {recursive: true, force: true});
    const written = await index.writeFiles({outputPath});
    if (written.errors.length) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
    // Pagefind also writes its ready-made search UIs and highlighter, and the engine for pages of
    // no known language: the site uses its own box (src/theme/SearchBar) and indexes English only.
    for (const file of fs.readdirSync(outputPath)) {
      if (
        /^pagefind-(?:component-|modular-)?ui\.(?:js|css)$|^pagefind-highlight\.js$|^wasm\.unknown\.pagefind$/.test(
          file,
        )
      )
        fs.rmSync(path.join(outputPath, file));
    }
    minifyEntry(outputPath);
    fs.writeFileSync(
      path.join(outputPath, titlesFile),
      JSON.stringify(titlesWithKeys(readTitles(outputPath), declared)),
    );
    return pages;
  } finally {
    await pagefind.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [outDir, baseUrl, outputPath, titlesFile] = process.argv.slice(2);
  if (!outDir || !baseUrl || !outputPath || !titlesFile) {
    console.error(
      'usage: node plugins/search-index/write-index.mjs <build-dir> <base-url> <output-dir> <titles-file> < routes.json',
    );
    process.exit(2);
  }
  try {
    const routes = JSON.parse(fs.readFileSync(0, 'utf8'));
    const pages = await writeSearchIndex({outDir, baseUrl, outputPath, titlesFile, routes});
    console.log(`search index: ${pages} pages`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}
