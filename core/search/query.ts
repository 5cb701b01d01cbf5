/**
 * Search queries against the site's Pagefind index (plugins/search-index writes it to
 * build/pagefind/): the options and the shape of a hit, shared by the search box in the browser
 * (src/theme/SearchBar) and by Node (scripts/lib/search-docs.ts), so both rank alike and answer with
 * the same title, URL and excerpt. Pure: Pagefind's own API object is passed in.
 */
import {buildExactTable, exactTargets, type DeclaredKey, type ExactTable, type SearchKind} from './keys';
import {HIGHLIGHT_PARAM} from './navbar';

/** The folder of build/ that holds the index, and the URL path it is served under. */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * Each page's title and URL by its Pagefind id, beside the index (plugins/search-index writes it):
 * the box shows a query's results from it at once and fetches excerpts only for the query the
 * reader stops at.
 */
export const TITLES_FILE = 'pagefind-titles.json';

/**
 * The titles file's content: each page's title, URL and kind by its Pagefind id, and the exact keys
 * the pages declare (plugins/search-index/write-index.mjs `titlesWithKeys`).
 */
export interface SearchTitles {
  readonly pages: Readonly<Record<string, readonly [string, string, SearchKind]>>;
  readonly keys: readonly DeclaredKey[];
}

/** The titles file as a query reads it: the pages, each page's kind by URL, the exact-key table. */
export interface TitleIndex {
  readonly pages: SearchTitles['pages'];
  readonly kinds: ReadonlyMap<string, SearchKind>;
  readonly exact: ExactTable;
}

/** Reads the titles file once, when the engine loads. */
export function titleIndex(file: SearchTitles): TitleIndex {
  return {
    pages: file.pages,
    kinds: new Map(Object.values(file.pages).map(([, url, kind]) => [url, kind])),
    exact: buildExactTable(file.keys),
  };
}

/** At most this many exact places open a query's results, before the full-text ones. */
export const MAX_EXACT = 3;

/**
 * Pagefind's options. Its default ranking puts the expected page first for the reader queries of
 * scripts/bench/search.mjs (checked in tests/e2e/search.spec.ts), so no ranking weights are set;
 * the build weighs a few elements instead (`data-pagefind-weight`: field names, response codes).
 * `noWorker`: the engine runs in the page (a query over an index this size is quick), which keeps
 * the worker script out of a first search's download. Pagefind reads it in `init()`; in
 * Node, which has no worker, its option check prints that it does not know it.
 */
export const SEARCH_OPTIONS = {excerptLength: 22, noWorker: true} as const;

/** One word found, as Pagefind scores it. */
export interface PagefindLocation {
  readonly balanced_score: number;
}

/**
 * A part of a page Pagefind matched: the part before the first anchor (no `anchor`), or a heading
 * or titled element with an `id` and what follows it up to the next (plugins/search-index/pages.mjs
 * keeps those ids).
 */
export interface PagefindSubResult {
  readonly title: string;
  readonly excerpt: string;
  readonly anchor?: {readonly id: string};
  readonly weighted_locations: readonly PagefindLocation[];
}

/** What Pagefind's `result.data()` gives, as far as we read it. */
export interface PagefindResultData {
  readonly url: string;
  readonly excerpt: string;
  readonly meta: {readonly title?: string};
  readonly sub_results?: readonly PagefindSubResult[];
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

/** A matching section of a page: where a result lands. */
export interface SearchSection {
  /** The section's heading; undefined for the top of the page, before its first heading. */
  readonly title: string | undefined;
  /** The page with the section's anchor (`/ResponseCode#code-14`). */
  readonly url: string;
  readonly excerptParts: readonly ExcerptPart[];
}

export interface SearchHit {
  readonly title: string;
  /** What the page is (endpoint, webhook, guide, blog post, response code): shown beside the title. */
  readonly kind: SearchKind;
  /** The page, as the site links it (`/docs/v1/service/aeps/withdrawal`). */
  readonly url: string;
  /** Words around the best match, as plain text. */
  readonly excerpt: string;
  /** The same words, with the ones that matched the query marked. */
  readonly excerptParts: readonly ExcerptPart[];
  /** The page's best-matching sections, best first; empty until the page's excerpts are in. */
  readonly sections: readonly SearchSection[];
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

/**
 * Words that match nearly every page and say nothing of what a reader looks for: a query keeps
 * them out, so "the zzqxj" finds nothing instead of every page with "the" (issue 24), and
 * "how to refund" searches "refund". Pagefind answers a page matching any word of a query.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by can do does for from how i if in into is it its me my of on or so that the then this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** The query without its stop words: `"How to do a refund"` -> `"refund"`; '' when nothing is left. */
export function withoutStopWords(query: string): string {
  return query
    .split(/\s+/)
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()))
    .join(' ');
}

/** A query's words, for the highlight on the page opened: `"Cash  withdrawal"` -> `['cash', 'withdrawal']`. */
export function queryTerms(query: string): string[] {
  return [...new Set(withoutStopWords(query).toLowerCase().split(/\s+/).filter(Boolean))];
}

/** The URL a hit or section opens: the page, with the words searched for the highlight, then its anchor. */
export function hitHref(hit: Pick<SearchHit, 'url'>, query: string): string {
  const [page = '', hash] = hit.url.split('#', 2);
  const params = queryTerms(query)
    .map((t) => `${HIGHLIGHT_PARAM}=${encodeURIComponent(t)}`)
    .join('&');
  return `${params ? `${page}?${params}` : page}${hash === undefined ? '' : `#${hash}`}`;
}

/** Points Pagefind at its files and loads the index metadata. */
export async function initPagefind(api: PagefindApi, basePath: string, baseUrl: string): Promise<void> {
  await api.options({...SEARCH_OPTIONS, basePath, baseUrl});
  await api.init();
}

/** How many sections a page shows under its title. */
export const MAX_SECTIONS = 3;

const score = (sub: PagefindSubResult): number => sub.weighted_locations.reduce((n, l) => n + l.balanced_score, 0);

/**
 * A page's sections that matched, best first (by Pagefind's scores of the words found in each, so
 * "response_code 14" puts the row of code 14, its code weighted by the build, before the intro that
 * names response_code), at most `max`. Headings lose the hash link's zero-width space.
 */
export function pageSections(d: PagefindResultData, max = MAX_SECTIONS): SearchSection[] {
  return (d.sub_results ?? [])
    .map((sub, order) => ({sub, order, score: score(sub)}))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .map(({sub}) => ({
      title: sub.anchor ? sub.title.replace(/[\s\u200b]+$/, '') : undefined,
      url: sub.anchor ? `${d.url}#${sub.anchor.id}` : d.url,
      excerptParts: excerptParts(sub.excerpt),
    }));
}

function toHit(d: PagefindResultData, kinds: TitleIndex['kinds'] | undefined): SearchHit {
  const parts = excerptParts(d.excerpt);
  return {
    title: d.meta.title ?? d.url,
    kind: kinds?.get(d.url) ?? 'guide',
    url: d.url,
    excerpt: parts.map((p) => p.text).join(''),
    excerptParts: parts,
    sections: pageSections(d),
  };
}

/** Runs `query` and returns the first `limit` hits, best first, with excerpts; none for a blank query. */
export async function runQuery(
  api: PagefindApi,
  query: string,
  limit: number,
  titles?: TitleIndex,
): Promise<SearchHit[]> {
  return (await findPages(api, titles, query, limit)).complete();
}

export interface FoundPages {
  /** How many pages matched in all (the hits are the first `limit` of them). */
  readonly total: number;
  /** The hits from the titles file, without excerpts; undefined when it lacks one of them. */
  readonly quick: SearchHit[] | undefined;
  /**
   * Fetches the fragments of the first `pages` hits (all of them by default) and returns the same
   * hits, those with their excerpts; the rest as `quick` has them (all with excerpts without it).
   */
  complete(pages?: number): Promise<SearchHit[]>;
}

/**
 * Runs `query` without its stop words (Pagefind fetches the index chunks its words need) and
 * returns the first `limit` hits in two steps: at once from `titles`, and with excerpts on `complete()`, which fetches each
 * page's fragment. A page missing from `titles` (an index written without it) leaves `quick` unset.
 */
export async function findPages(
  api: PagefindApi,
  titles: TitleIndex | undefined,
  query: string,
  limit: number,
): Promise<FoundPages> {
  const exact = exactHits(titles, query).slice(0, Math.min(MAX_EXACT, limit));
  const words = withoutStopWords(query);
  if (!words && !exact.length) return {total: 0, quick: [], complete: () => Promise.resolve([])};
  // A page an exact place already opens is not listed again below it.
  const opened = new Set(exact.map((h) => pageOf(h.url)));
  const all = words ? ((await api.search(words))?.results ?? []) : [];
  const known = all.map((r) => titles?.pages[r.id]);
  const kept = all.filter((_, i) => !opened.has(known[i]?.[1] ?? ''));
  const results = kept.slice(0, limit - exact.length);
  const named = results.map((r) => titles?.pages[r.id]);
  const quick = named.every((t) => t !== undefined)
    ? named.map(([title, url, kind]) => ({title, url, kind, excerpt: '', excerptParts: [], sections: []}))
    : undefined;
  return {
    total: exact.length + kept.length,
    quick: quick && [...exact, ...quick],
    complete: async (pages = exact.length + results.length) => {
      const count = quick ? Math.max(0, pages - exact.length) : results.length;
      const fetched = await Promise.all(results.slice(0, count).map((r) => r.data()));
      const done = fetched.map((d) => toHit(d, titles?.kinds)).filter((h) => !opened.has(h.url));
      return [...exact, ...done, ...(quick ?? []).slice(done.length)];
    },
  };
}

const pageOf = (url: string): string => url.split('#', 1)[0] ?? url;

/** The places a query names exactly, as hits without excerpts: the title says where they land. */
function exactHits(titles: TitleIndex | undefined, query: string): SearchHit[] {
  return exactTargets(titles?.exact, query).map(([title, url, kind]) => ({
    title,
    url,
    kind,
    excerpt: '',
    excerptParts: [],
    sections: [],
  }));
}
