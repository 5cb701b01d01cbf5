/**
 * What the closed search box needs on every page (src/theme/SearchBar/index.tsx, in the chunk every
 * page loads): the shortcut that focuses it, when its list shows, and the query parameter a result
 * carries to the page it opens. Kept apart from box.ts and query.ts on purpose: a module the navbar
 * imports ships whole in main.js, and the rest of search loads on first use only.
 * tests/unit/search-navbar.test.ts runs it.
 */

/** Shorter queries match most pages: they would only download page excerpts nobody reads. */
export const MIN_QUERY_LENGTH = 2;

/** The query parameter that carries the words searched to the page opened (highlighted there). */
export const HIGHLIGHT_PARAM = '_highlight';

/** The list shows while the reader is in the box with a query long enough. */
export const showsList = (open: boolean, query: string): boolean => open && query.trim().length >= MIN_QUERY_LENGTH;

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
