/**
 * `search_docs` reads the search index the site ships (build/pagefind/, written by
 * plugins/search-index) with the same Pagefind code and options as the search box
 * (scripts/lib/search-docs.ts and core/search/query.ts), so an assistant gets the pages a reader
 * gets. Nothing is indexed a second time: `npm run mcp:build` copies the index folder into the MCP
 * data, and the server opens that copy.
 *
 * The rest of the server sees only `copySearchIndex` (at mcp:build), `openSearch` (at start) and
 * `SearchHit`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {openSearchIndex, SearchIndexMissingError} from '../../scripts/lib/search-docs';
import {SEARCH_INDEX_DIR} from '#core/search/query';

export {SearchIndexMissingError};

/** Pagefind's entry file, present in every index it writes. */
const ENTRY = 'pagefind.js';

/** Copies the site's search index from a build into the MCP data folder (`npm run mcp:build`). */
export function copySearchIndex(buildDir: string, dataDir: string): void {
  const from = path.join(buildDir, SEARCH_INDEX_DIR);
  if (!fs.existsSync(path.join(from, ENTRY))) {
    throw new SearchIndexMissingError(`mcp:build: no search index in ${from} (no ${ENTRY}). Run npm run build first.`);
  }
  const to = path.join(dataDir, SEARCH_INDEX_DIR);
  fs.rmSync(to, {recursive: true, force: true});
  fs.cpSync(from, to, {recursive: true});
}

export interface SearchHit {
  readonly title: string;
  /** Absolute URL of the page. */
  readonly url: string;
  /** A short piece of the page's text around the best match. */
  readonly excerpt: string;
}

export type SearchDocs = (query: string, limit?: number) => Promise<SearchHit[]>;

/** Opens the index in the MCP data folder and returns the query function. `siteUrl` makes the routes absolute. */
export async function openSearch(dataDir: string, siteUrl: string): Promise<SearchDocs> {
  const query = await openSearchIndex(dataDir);
  const origin = siteUrl.replace(/\/$/, '');
  return async (text, limit = 8) =>
    (await query(text, limit)).map(({title, url, excerpt}) => ({title, url: `${origin}${url}`, excerpt}));
}
