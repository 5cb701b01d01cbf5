/**
 * Docusaurus plugin: the site's search index, written by Pagefind after the production build into
 * build/pagefind/. The index is split into small chunks that the browser fetches per query
 * (src/theme/SearchBar), and the same files answer queries in Node (scripts/lib/search-docs.ts).
 *
 * Only what readers search is indexed: docs, blog posts and pages, each from its article or main
 * element, without code samples, JSON examples and what every endpoint page repeats (pages.mjs).
 * write-index.mjs does the work in a Node process of its own (Pagefind's Node API is ESM-only; this
 * file is loaded as CommonJS), which runs Pagefind's binary (an npm package per platform): about a
 * second for this site.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {SEARCH_INDEX_DIR, TITLES_FILE} from '#core/search/query';

export class SearchIndexError extends Error {}

const WRITER = path.join(__dirname, 'write-index.mjs');

function runWriter(args: readonly string[], routes: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, ...args], {stdio: ['pipe', 'inherit', 'pipe']});
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new SearchIndexError(`Search index (plugins/search-index): ${stderr.trim()}`)),
    );
    child.stdin.end(JSON.stringify(routes));
  });
}

export default function searchIndexPlugin(context: {siteConfig: {baseUrl: string}}): Plugin {
  return {
    name: 'search-index',
    async postBuild({outDir, routesPaths}) {
      await runWriter(
        [outDir, context.siteConfig.baseUrl, path.join(outDir, SEARCH_INDEX_DIR), TITLES_FILE],
        routesPaths,
      );
    },
  };
}
