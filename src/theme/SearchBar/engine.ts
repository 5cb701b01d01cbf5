/**
 * The search engine in the browser: Pagefind's own script, fetched from the index the build wrote
 * (build/pagefind/, plugins/search-index) the first time a reader reaches for the search box. It
 * ships in the results' chunk (./Results.tsx, with the query runner, core/search/runner.ts), so no
 * page pays for it on load.
 */
import {queryRunner, type RunnerOutput} from '#core/search/runner';
import {
  findPages,
  initPagefind,
  SEARCH_INDEX_DIR,
  TITLES_FILE,
  type FoundPages,
  type PagefindApi,
  type SearchTitles,
  type TitleIndex,
  titleIndex,
} from '#core/search/query';

interface Engine {
  readonly api: PagefindApi;
  readonly titles: TitleIndex | undefined;
}

let engine: Promise<Engine> | undefined;

/**
 * The titles file, or undefined without it: results then wait for their excerpts, and no query is
 * answered from the exact keys.
 */
async function loadTitles(base: string): Promise<TitleIndex | undefined> {
  const response = await fetch(`${base}${TITLES_FILE}`);
  return response.ok ? titleIndex((await response.json()) as SearchTitles) : undefined;
}

/**
 * Starts loading Pagefind, its index metadata and the titles file once; a failed load is tried
 * again next time.
 */
export function loadEngine(baseUrl: string): Promise<Engine> {
  engine ??= (async () => {
    const base = `${baseUrl}${SEARCH_INDEX_DIR}/`;
    // Results only wait for excerpts without it: never a reason to fail the search.
    const titles = loadTitles(base).catch(() => undefined);
    // Not bundled: the file is written after the bundle, by the index build.
    const api = (await import(/* webpackIgnore: true */ `${base}pagefind.js`)) as PagefindApi;
    await initPagefind(api, base, baseUrl);
    return {api, titles: await titles};
  })().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** Starts loading the engine ahead of the first query; a failure shows (and is retried) at that query. */
export function startEngine(baseUrl: string): void {
  loadEngine(baseUrl).catch(() => undefined);
}

export async function search(baseUrl: string, query: string, limit: number): Promise<FoundPages> {
  const {api, titles} = await loadEngine(baseUrl);
  return findPages(api, titles, query, limit);
}

/**
 * The box's `run(query)`, over this engine; `limit()` says how many pages the box shows now (the
 * first few, or all once the reader asks), `excerptPages()` how many of them get their excerpts
 * (read when the reader pauses: more once they scroll to the rest).
 */
export const createRunner = (
  baseUrl: string,
  output: RunnerOutput,
  limit: () => number,
  excerptPages: () => number,
): ((query: string) => void) =>
  queryRunner(async (text) => {
    const found = await search(baseUrl, text, limit());
    return {...found, complete: () => found.complete(excerptPages())};
  }, output);
