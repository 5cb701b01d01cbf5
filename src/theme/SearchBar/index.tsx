/**
 * Replaces the theme's (empty) SearchBar with the site's own search box over the Pagefind index
 * (plugins/search-index). This file is the closed box, in the chunk every page loads: the input, its
 * Ctrl/Cmd+K and `/` shortcut, and the highlight of the words searched on the page a result opens.
 * Nothing else of search loads with a page: focusing the box, pressing it, or Ctrl/Cmd+K loads the
 * results (./Results.tsx: the list, its status and keys), the engine (./engine.ts, in the same
 * chunk), Pagefind and its index metadata, and the results' stylesheet, side by side; each query
 * then fetches only the index chunks and page fragments it needs. Hovering the box fetches the
 * results' code and stylesheet ahead.
 *
 * An ARIA 1.2 combobox: the input keeps the focus and the results drive its state (`onView`) and its
 * keys. A result opens its page at the section's anchor (a heading, or a response-code row) with
 * the words searched in `?_highlight=`, which this component marks on arrival (highlight.ts, loaded
 * only then) while the section it landed on is highlighted for a moment.
 */
import {startTransition, useId, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {isMac, loadSearch, prefetchSearch, useHighlightOnArrival, useShortcut} from './hooks';
import type {BoxView, ResultsProps} from './Results';
import {listId, RESULTS_CSS, searchErrorText} from './shared';
import styles from './styles.module.css';

const CLOSED: BoxView = {expanded: false, activeId: undefined, status: ''};

/**
 * The results' component once its chunk is in, and `start()`, which loads it (once; again after a
 * failure, which the box announces).
 */
function useResultsChunk(setView: (view: BoxView) => void) {
  const [chunk, setChunk] = useState<{Results: ComponentType<ResultsProps>} | null>(null);
  const loading = useRef(false);
  const baseUrl = useBaseUrl('/');
  const cssHref = useBaseUrl(RESULTS_CSS);
  const start = (): void => {
    if (loading.current) return;
    loading.current = true;
    loadSearch(baseUrl, cssHref).then(
      // A transition: React holds the results back until their stylesheet has loaded.
      ({default: Results}) => startTransition(() => setChunk({Results})),
      () => {
        loading.current = false;
        setView({...CLOSED, status: searchErrorText()});
      },
    );
  };
  const prefetch = (): void => prefetchSearch(cssHref);
  return {Results: chunk?.Results, start, prefetch};
}

export default function SearchBar(): ReactNode {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const keysRef = useRef<((event: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [view, setView] = useState(CLOSED);
  const {Results, start, prefetch} = useResultsChunk(setView);
  useHighlightOnArrival(styles.landed ?? '');
  useShortcut(input);

  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  return (
    <div className={clsx('navbar__search', styles.container)} dir="ltr">
      {/*
       * The input first, the icon (absolutely placed over it) after: the browser paints a page while
       * it is still parsing it, and a box holding only its icon was 0 px wide, so the icon jumped when
       * the input arrived (issue 35). The box is now empty or at its final size.
       */}
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={view.expanded}
        aria-controls={listId(id)}
        aria-activedescendant={view.activeId}
        placeholder={label}
        autoComplete="off"
        spellCheck={false}
        className={clsx('navbar__search-input', styles.input)}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => keysRef.current?.(event)}
        onFocus={() => {
          start();
          if (query.trim()) setOpen(true);
        }}
        onPointerDown={start}
        onMouseEnter={prefetch}
        onBlur={() => setOpen(false)}
      />
      <SearchIcon />
      {!query && <ShortcutHints />}
      <div className={styles.status} role="status">
        {view.status}
      </div>
      {Results ? (
        <Results
          id={id}
          label={label}
          query={query}
          open={open}
          setOpen={setOpen}
          input={input}
          keysRef={keysRef}
          onView={setView}
        />
      ) : (
        // Until the results have loaded: the list the input controls, empty.
        <div id={listId(id)} role="listbox" aria-label={label} hidden />
      )}
    </div>
  );
}

function SearchIcon(): ReactNode {
  return (
    <svg aria-hidden="true" className={styles.icon} focusable="false" viewBox="0 0 16 16">
      <path
        fill="currentColor"
        d="M6.03 10.2a4.17 4.17 0 1 1 4.17-4.17 4.16 4.16 0 0 1-4.17 4.17Zm9.69 4.22-4.82-4.82A5.88 5.88 0 0 0 12.06 6.03 6 6 0 1 0 9.6 10.9l4.82 4.82a.9.9 0 0 0 1.3 0 .9.9 0 0 0 0-1.3Z"
      />
    </svg>
  );
}

/** The Ctrl/Cmd+K hint in the empty box; only in the browser, which knows the platform. */
function ShortcutHints(): ReactNode {
  const isBrowser = useIsBrowser();
  if (!isBrowser) return null;
  return (
    <div className={styles.hints} aria-hidden="true">
      {[isMac() ? '⌘' : 'ctrl', 'K'].map((key) => (
        <kbd key={key} className={styles.hint}>
          {key}
        </kbd>
      ))}
    </div>
  );
}
