/**
 * The decisions of the search box (src/theme/SearchBar), as small pure functions: which text is worth
 * searching, what the list's status says, and what a key does in the combobox. They ship with the
 * results, on first use; what the closed box needs on every page is in ./navbar.ts.
 * tests/unit/search-box.test.ts runs them without a browser.
 */
import {MIN_QUERY_LENGTH} from './navbar';
import type {ExcerptPart, SearchHit} from './query';

/** How many pages the list shows before the reader asks for all (issue 24: at least eight). */
export const PAGE_LIMIT = 8;

/**
 * How many of those pages get their excerpts (a fragment each) when the reader
 * pauses: the list, at most 36rem high, shows about three pages with their sections before it
 * scrolls. The rest follow once the reader scrolls the list or moves to them (`wantsMoreExcerpts`).
 */
export const EXCERPT_PAGES = 4;

/** `idle` until the reader first reaches for the box; `loading` while Pagefind and its index load. */
export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The text to search for what the box holds: nothing for a query too short to be worth it, and
 * without a last word of one letter still being typed ("mini s" searches "mini"). Pagefind matches
 * each word as a prefix, so a lone letter asks for every index chunk of words with that letter,
 * the largest download of a first search, for results the next letter narrows at once.
 */
export function searchText(query: string): string {
  const text = query.replace(/(\S)\s+\S$/, '$1');
  return text.trim().length >= MIN_QUERY_LENGTH ? text : '';
}

/** The status the list announces: "loading" while the box holds newer text than the results shown. */
export const listStatus = (status: SearchStatus, shownFor: string, query: string): SearchStatus =>
  status === 'ready' && shownFor !== searchText(query).trim() ? 'loading' : status;

/** What a key pressed in the box does. */
export type KeyIntent = 'next' | 'previous' | 'open' | 'close' | 'blur';

/**
 * The combobox's keys: ArrowDown/ArrowUp move through the `count` results (and reopen the list),
 * Enter opens the one selected while the list is open on results, Escape closes the list, and
 * leaves the box when it is already closed.
 */
export function keyIntent(key: string, count: number, open: boolean, shownFor: string): KeyIntent | undefined {
  if (key === 'ArrowDown' || key === 'ArrowUp') return count ? (key === 'ArrowDown' ? 'next' : 'previous') : undefined;
  if (key === 'Enter') return open && count && shownFor ? 'open' : undefined;
  if (key === 'Escape') return open ? 'close' : 'blur';
  return undefined;
}

/** The result selected after a move, wrapping round at either end; -1 (none) moves to the first or last. */
export const moveActive = (active: number, intent: 'next' | 'previous', count: number): number =>
  (active + (intent === 'next' ? 1 : -1) + count) % count;

/**
 * One option of the list: a section of a page found, or the page itself while its sections are
 * still to come (the titles file has only pages). `page` is the hit it belongs to.
 */
export interface ResultOption {
  readonly page: number;
  readonly url: string;
  /** The section's heading (or the page's title before its sections are in); none for a page's top. */
  readonly title: string | undefined;
  readonly excerptParts: readonly ExcerptPart[];
}

/** The list's options in order: each page's sections, best first, under the page. */
export function resultOptions(hits: readonly SearchHit[]): ResultOption[] {
  return hits.flatMap((hit, page) =>
    hit.sections.length
      ? hit.sections.map((section) => ({page, ...section}))
      : [{page, url: hit.url, title: hit.title, excerptParts: hit.excerptParts}],
  );
}

/** How many more pages matched than the list shows: the "Show all" option offers them. */
export const morePages = (total: number, shown: number): number => Math.max(0, total - shown);

/**
 * The option selected once the list changes from `before` to `after` for the same query (the
 * excerpts came in, or the rest of the pages): the first option of the page that was selected, so
 * the reader's selection stays on its page; the first option when that page is gone.
 */
export function keepActive(active: number, before: readonly ResultOption[], after: readonly ResultOption[]): number {
  if (!after.length) return -1;
  const page = before[active]?.page;
  return Math.max(
    0,
    after.findIndex((o) => o.page === page),
  );
}

/**
 * Whether the reader, on the option of `page` (undefined: none selected), has reached the pages shown
 * without excerpts: on one of them, or on the last page with excerpts, just above them.
 */
export const wantsMoreExcerpts = (page: number | undefined): boolean => page !== undefined && page >= EXCERPT_PAGES - 1;

/**
 * The hits to show for the same query again: a page still without its sections (the query ran
 * again for the excerpts of more pages, and shows its titles first) keeps those it had, so nothing
 * shown goes away.
 */
export function keepSections(before: readonly SearchHit[], after: readonly SearchHit[]): SearchHit[] {
  const had = new Map(before.filter((h) => h.sections.length).map((h) => [h.url, h]));
  return after.map((hit) => (hit.sections.length ? hit : (had.get(hit.url) ?? hit)));
}
