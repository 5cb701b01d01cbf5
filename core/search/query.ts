/**
 * Search queries against the site's Pagefind index (plugins/search-index writes it to
 * build/pagefind/): the options and the shape of a hit, shared by the search box in the browser
 * (src/theme/SearchBar) and by Node (scripts/lib/search-docs.ts), so both rank alike and answer with
 * the same title, URL and excerpt. Pure: Pagefind's own API object is passed in.
 */

/** The folder of build/ that holds the index, and the URL path it is served under. */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * Each page's title and URL by its Pagefind id, beside the index (plugins/search-index writes it):
 * the box shows a query's results from it at once and fetches excerpts only for the query the
 * reader stops at.
 */
export const TITLES_FILE = 'pagefind-titles.json';

/** The titles file's content: `{[pagefind id]: [title, url]}`. */
export type TitleMap = Readonly<Record<string, readonly [string, string]>>;

/** The query parameter that carries the words searched to the page opened (highlighted there). */
export const HIGHLIGHT_PARAM = '_highlight';

/**
 * Pagefind's options. Its default ranking puts the expected page first for the reader queries of
 * scripts/bench/search.mjs (checked in tests/e2e/search.spec.ts), so no ranking weights are set;
 * the build weighs a few elements instead (`data-pagefind-weight`: field names, response codes).
 * `noWorker`: the engine runs in the page (a query over an index this size is quick), which keeps
 * the worker script out of a first search's download. Pagefind reads it in `init()`; in
 * Node, which has no worker, its option check prints that it does not know it.
 */
export const SEARCH_OPTIONS = {excerptLength: 22, noWorker: true} as const;

/** What Pagefind's `result.data()` gives, as far as we read it. */
export interface PagefindResultData {
  readonly url: string;
  readonly excerpt: string;
  readonly meta: {readonly title?: string};
}

/** The part of Pagefind's browser API (build/pagefind/pagefind.js) a query uses. */
export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{readonly results: readonly PagefindResult[]} | null>;
}

/** One result of `search()`: the page's id (its fragment's name) and its data, fetched on demand. */
export interface PagefindResult {
  readonly id: string;
  data(): Promise<PagefindResultData>;
}

export interface SearchHit {
  readonly title: string;
  /** The page, as the site links it (`/docs/v1/service/aeps/withdrawal`). */
  readonly url: string;
  /** Words around the best match, as plain text. */
  readonly excerpt: string;
  /** The same words, with the ones that matched the query marked. */
  readonly excerptParts: readonly ExcerptPart[];
}

export interface ExcerptPart {
  readonly text: string;
  readonly match: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'"};

const decode = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? '');

/**
 * Pagefind's excerpt is escaped text with the matched words in `<mark>`: split it into parts the UI
 * renders as text (React escapes them again), never as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  for (const [i, piece] of excerpt.split(/<\/?mark>/).entries()) {
    if (piece) parts.push({text: decode(piece), match: i % 2 === 1});
  }
  return parts;
}

/** A query's words, for the highlight on the page opened: `"Cash  withdrawal"` -> `['cash', 'withdrawal']`. */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

/** The URL a hit opens: the page, with the words searched for the highlight. */
export function hitHref(hit: Pick<SearchHit, 'url'>, query: string): string {
  const params = queryTerms(query)
    .map((t) => `${HIGHLIGHT_PARAM}=${encodeURIComponent(t)}`)
    .join('&');
  return params ? `${hit.url}?${params}` : hit.url;
}

/** Points Pagefind at its files and loads the index metadata. */
export async function initPagefind(api: PagefindApi, basePath: string, baseUrl: string): Promise<void> {
  await api.options({...SEARCH_OPTIONS, basePath, baseUrl});
  await api.init();
}

function toHit(d: PagefindResultData): SearchHit {
  const parts = excerptParts(d.excerpt);
  return {title: d.meta.title ?? d.url, url: d.url, excerpt: parts.map((p) => p.text).join(''), excerptParts: parts};
}

/** Runs `query` and returns the first `limit` hits, best first, with excerpts; none for a blank query. */
export async function runQuery(api: PagefindApi, query: string, limit: number): Promise<SearchHit[]> {
  return (await findPages(api, undefined, query, limit)).complete();
}

export interface FoundPages {
  /** The hits from the titles file, without excerpts; undefined when it lacks one of them. */
  readonly quick: SearchHit[] | undefined;
  /** Fetches the pages' fragments and returns the same hits with their excerpts. */
  complete(): Promise<SearchHit[]>;
}

/**
 * Runs `query` (Pagefind fetches the index chunks its words need) and returns the first `limit`
 * hits in two steps: at once from `titles`, and with excerpts on `complete()`, which fetches each
 * page's fragment. A page missing from `titles` (an index written without it) leaves `quick` unset.
 */
export async function findPages(
  api: PagefindApi,
  titles: TitleMap | undefined,
  query: string,
  limit: number,
): Promise<FoundPages> {
  if (!query.trim()) return {quick: [], complete: () => Promise.resolve([])};
  const results = ((await api.search(query))?.results ?? []).slice(0, limit);
  const known = results.map((r) => titles?.[r.id]);
  const quick = known.every((t): t is readonly [string, string] => t !== undefined)
    ? known.map(([title, url]) => ({title, url, excerpt: '', excerptParts: []}))
    : undefined;
  return {
    quick,
    complete: async () => (await Promise.all(results.map((r) => r.data()))).map(toHit),
  };
}
