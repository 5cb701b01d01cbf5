/**
 * The search engine in the browser: Pagefind's own script, fetched from the index the build wrote
 * (build/pagefind/, plugins/search-index) the first time a reader reaches for the search box. A
 * chunk of its own, so no page pays for it on load.
 */
import {initPagefind, runQuery, SEARCH_INDEX_DIR, type PagefindApi, type SearchHit} from '@site/src/lib/search-query';

let engine: Promise<PagefindApi> | undefined;

/** Starts loading Pagefind and its index metadata once; a failed load is tried again next time. */
export function loadEngine(baseUrl: string): Promise<PagefindApi> {
  engine ??= (async () => {
    const base = `${baseUrl}${SEARCH_INDEX_DIR}/`;
    // Not bundled: the file is written after the bundle, by the index build.
    const api = (await import(/* webpackIgnore: true */ `${base}pagefind.js`)) as PagefindApi;
    await initPagefind(api, base, baseUrl);
    return api;
  })().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

export async function search(baseUrl: string, query: string, limit: number): Promise<SearchHit[]> {
  return runQuery(await loadEngine(baseUrl), query, limit);
}
