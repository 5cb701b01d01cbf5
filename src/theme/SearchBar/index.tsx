/**
 * Replaces the theme's (empty) SearchBar with the site's own search box over the Pagefind index
 * (plugins/search-index). Nothing of search loads with a page: focusing the box, pressing it, or
 * Ctrl/Cmd+K loads Pagefind and its index metadata (engine.ts); each query then fetches only the
 * index chunks and page fragments it needs. Hovering the box fetches the engine's code ahead.
 *
 * An ARIA 1.2 combobox: the input keeps the focus, ArrowUp/ArrowDown move through the results
 * (aria-activedescendant), Enter opens one, Escape closes the list; a live region says how many
 * results there are. A result opens its page with the words searched in `?_highlight=`, which this
 * component marks on arrival (highlight.ts, loaded only then).
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {useHistory, useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {HIGHLIGHT_PARAM, hitHref, type SearchHit} from '#core/search/query';
import styles from './styles.module.css';

const RESULT_LIMIT = 5;
/** A pause in typing this long means the reader has stopped at this query: fetch its excerpts. */
const EXCERPT_DELAY_MS = 300;
/** Shorter queries match most pages: they would only download page excerpts nobody reads. */
const MIN_QUERY_LENGTH = 2;

const loadEngine = () => import('./engine');

const isMac = (): boolean => /mac|iphone|ipad/i.test(navigator.platform);

/** Ctrl+K, or Cmd+K on a Mac. */
function isShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'k' && (isMac() ? event.metaKey : event.ctrlKey) && !event.altKey;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

/** Marks the words of `?_highlight=` in the article of the page just opened. */
function useHighlightOnArrival(): void {
  const {pathname, search} = useLocation();
  useEffect(() => {
    const terms = new URLSearchParams(search).getAll(HIGHLIGHT_PARAM);
    const article = document.querySelector('article');
    if (!terms.length || !article) return;
    void import('./highlight').then(({highlightTerms}) => highlightTerms(article, terms));
  }, [pathname, search]);
}

function statusText(status: Status, query: string, count: number): string {
  if (status === 'error')
    return translate({
      id: 'search.error',
      message: 'Search could not load. Reload the page to try again.',
      description: 'Shown in the search box list when the search index failed to load',
    });
  if (status !== 'ready')
    return translate({id: 'search.loading', message: 'Loading search…', description: 'While the search index loads'});
  if (!count)
    return translate(
      {id: 'search.noResults', message: 'No results for “{query}”', description: 'The search found nothing'},
      {query},
    );
  return translate(
    {id: 'search.resultCount', message: '{count} results', description: 'How many results the list shows'},
    {count: String(count)},
  );
}

export default function SearchBar(): ReactNode {
  const baseUrl = useBaseUrl('/');
  const history = useHistory();
  const isBrowser = useIsBrowser();
  const id = useId();
  const listId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<readonly SearchHit[]>([]);
  /** The query the hits shown are for (empty until one long enough has run). */
  const [shownFor, setShownFor] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The hits shown still wait for their excerpts. */
  const [excerptsPending, setExcerptsPending] = useState(false);
  useHighlightOnArrival();

  // One query at a time: while one runs, only the newest text waits its turn, so a fast typist's
  // intermediate words are never searched. Each query shows its results at once (titles, from the
  // titles file) and fetches their excerpts (a fragment of 1-6 KB gzip per page) only once the
  // reader has paused for EXCERPT_DELAY_MS: typing "cash withdrawal" a key at a time would
  // otherwise fetch excerpts for every word on the way, more than the index itself.
  const running = useRef(false);
  const waiting = useRef<string | null>(null);
  /** Ends the current pause early: set while one runs, called when new text comes in. */
  const wake = useRef<(() => void) | null>(null);
  const run = useCallback(
    (q: string) => {
      waiting.current = q;
      wake.current?.();
      if (running.current) return;
      running.current = true;
      /** `excerpts`: the same hits as shown, now with excerpts: the reader's selection stays. */
      const show = (found: readonly SearchHit[], text: string, pending: boolean, excerpts = false) => {
        setHits(found);
        setShownFor(text.trim());
        if (!excerpts || !found.length) setActive(found.length ? 0 : -1);
        setExcerptsPending(pending);
        setStatus('ready');
      };
      void (async () => {
        for (let next = waiting.current; next !== null; next = waiting.current) {
          waiting.current = null;
          const text = next.trim().length >= MIN_QUERY_LENGTH ? next : '';
          try {
            const {search} = await loadEngine();
            const found = await search(baseUrl, text, RESULT_LIMIT);
            if (waiting.current !== null) continue; // newer text came in: show its results instead
            if (found.quick) {
              show(found.quick, text, found.quick.length > 0);
              if (!found.quick.length) continue;
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, EXCERPT_DELAY_MS);
                wake.current = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
              wake.current = null;
              if (waiting.current !== null) continue;
            }
            const complete = await found.complete();
            if (waiting.current !== null) continue;
            show(complete, text, false, found.quick !== undefined);
          } catch {
            setStatus('error');
          }
        }
        running.current = false;
      })();
    },
    [baseUrl],
  );

  /** First use: load the engine and the index metadata, then search whatever is in the box. */
  const start = useCallback(() => {
    if (status !== 'idle') return;
    setStatus('loading');
    run(input.current?.value ?? '');
  }, [run, status]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const openHit = (hit: SearchHit) => {
    setOpen(false);
    input.current?.blur();
    history.push(hitHref(hit, shownFor));
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const q = event.target.value;
    setQuery(q);
    setOpen(true);
    if (status === 'idle') setStatus('loading');
    run(q);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    const count = hits.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % count : (i - 1 + count) % count));
    } else if (event.key === 'Enter') {
      const hit = hits[active] ?? hits[0];
      if (open && hit && shownFor) {
        event.preventDefault();
        openHit(hit);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else input.current?.blur();
    }
  };

  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  const showList = open && query.trim().length >= MIN_QUERY_LENGTH;
  const shownHits = status === 'ready' && shownFor ? hits : [];
  // The box holds newer text than the results shown: say "loading" rather than "no results".
  const listStatus = status === 'ready' && shownFor !== query.trim() ? 'loading' : status;
  const activeId = showList && shownHits[active] ? `${id}-hit-${active}` : undefined;

  // On phones the list is fixed across the screen (styles.module.css): it starts below the box,
  // wherever the announcement bar has put the navbar.
  useEffect(() => {
    const box = input.current?.getBoundingClientRect();
    if (showList && box) list.current?.style.setProperty('--rr-search-top', `${Math.round(box.bottom + 6)}px`);
  }, [showList]);

  return (
    <div className={clsx('navbar__search', styles.container)} dir="ltr">
      <svg aria-hidden="true" className={styles.icon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M6.03 10.2a4.17 4.17 0 1 1 4.17-4.17 4.16 4.16 0 0 1-4.17 4.17Zm9.69 4.22-4.82-4.82A5.88 5.88 0 0 0 12.06 6.03 6 6 0 1 0 9.6 10.9l4.82 4.82a.9.9 0 0 0 1.3 0 .9.9 0 0 0 0-1.3Z"
        />
      </svg>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        placeholder={label}
        autoComplete="off"
        spellCheck={false}
        className={clsx('navbar__search-input', styles.input)}
        value={query}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onFocus={() => {
          start();
          if (query.trim()) setOpen(true);
        }}
        onPointerDown={start}
        onMouseEnter={() => void loadEngine()}
        onBlur={() => setOpen(false)}
      />
      {isBrowser && !query && (
        <div className={styles.hints} aria-hidden="true">
          {[isMac() ? '⌘' : 'ctrl', 'K'].map((key) => (
            <kbd key={key} className={styles.hint}>
              {key}
            </kbd>
          ))}
        </div>
      )}
      <div className={styles.status} role="status">
        {showList ? statusText(listStatus, query, shownHits.length) : ''}
      </div>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={label}
        className={styles.results}
        hidden={!showList}
        aria-busy={showList && excerptsPending}
        data-results-for={showList && status === 'ready' ? shownFor : undefined}>
        {shownHits.map((hit, i) => (
          <li
            key={hit.url}
            id={`${id}-hit-${i}`}
            role="option"
            aria-selected={i === active}
            className={clsx(styles.hit, i === active && styles.hitActive)}
            // mousedown, not click: the input's blur closes the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              openHit(hit);
            }}
            onMouseMove={() => setActive(i)}>
            <span className={styles.hitTitle}>{hit.title}</span>
            <span className={styles.hitExcerpt}>
              {hit.excerptParts.map((part, j) =>
                part.match ? <mark key={j}>{part.text}</mark> : <span key={j}>{part.text}</span>,
              )}
            </span>
          </li>
        ))}
        {showList && !shownHits.length && (
          <li role="option" aria-selected={false} aria-disabled className={styles.empty}>
            {statusText(listStatus, query, 0)}
          </li>
        )}
      </ul>
    </div>
  );
}
