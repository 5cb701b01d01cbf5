/**
 * The decisions of the search box (src/theme/SearchBar), as small pure functions: which text is worth
 * searching, when the list shows and what its status says, and what a key does in the combobox.
 * tests/unit/search-box.test.ts runs them without a browser.
 */

/** Shorter queries match most pages: they would only download page excerpts nobody reads. */
export const MIN_QUERY_LENGTH = 2;

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

/** The list shows while the reader is in the box with a query long enough. */
export const showsList = (open: boolean, query: string): boolean => open && query.trim().length >= MIN_QUERY_LENGTH;

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

/** A key press as the page-wide search shortcut reads it. */
export interface ShortcutKey {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** The focus is in a place that takes text (input, textarea, select, contenteditable). */
  readonly inTextField: boolean;
}

/**
 * Whether a key press focuses the search box: Ctrl+K (Cmd+K on a Mac) anywhere, and `/` alone
 * outside a text field, where the reader is typing a slash, not asking for search.
 */
export function isSearchShortcut(event: ShortcutKey, mac: boolean): boolean {
  if (event.key.toLowerCase() === 'k') return (mac ? event.metaKey : event.ctrlKey) && !event.altKey;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.inTextField;
}
