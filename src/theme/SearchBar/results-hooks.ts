/**
 * The state and effects of the search results (./Results.tsx), in their chunk: the queries run over
 * the engine, and the place of the list on phones. What the list shows is decided in
 * core/search/box.ts.
 */
import {useCallback, useEffect, useRef, useState, type RefObject} from 'react';
import {
  EXCERPT_PAGES,
  keepActive,
  keepSections,
  PAGE_LIMIT,
  resultOptions,
  searchText,
  type SearchStatus,
} from '#core/search/box';
import type {SearchHit} from '#core/search/query';
import {createRunner} from './engine';

/**
 * On phones the list is fixed across the screen (src/css/served/search.css): it starts below the box,
 * wherever the announcement bar has put the navbar.
 */
export function useListTop(
  showList: boolean,
  input: RefObject<HTMLInputElement | null>,
  list: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const box = input.current?.getBoundingClientRect();
    if (showList && box) list.current?.style.setProperty('--rr-search-top', `${Math.round(box.bottom + 6)}px`);
  }, [showList, input, list]);
}

/** The results of the box's queries, and `run(query, all)`, which loads the engine on first use. */
export function useSearch(baseUrl: string) {
  const [hits, setHits] = useState<readonly SearchHit[]>([]);
  /** How many pages matched in all: more than `hits` until the reader asks for all. */
  const [total, setTotal] = useState(0);
  /** The query the hits shown are for (empty until one long enough has run). */
  const [shownFor, setShownFor] = useState('');
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [active, setActive] = useState(-1);
  /** The hits shown still wait for their excerpts. */
  const [excerptsPending, setExcerptsPending] = useState(false);
  /** How many pages the next query asks for (read by the runner when it runs one). */
  const limit = useRef(PAGE_LIMIT);
  /** How many of them get their excerpts (read by the runner when the reader pauses). */
  const excerptPages = useRef(EXCERPT_PAGES);
  /** The text last searched, searched again for the excerpts of more pages. */
  const searched = useRef('');
  const shown = useRef<{text: string; hits: readonly SearchHit[]}>({text: '', hits: []});
  /** The query runner (core/search/runner.ts): it loads the engine, and tries again after a failure. */
  const runner = useRef<((query: string) => void) | null>(null);
  const show = useCallback((hitsFound: readonly SearchHit[], text: string, pending: boolean, count: number): void => {
    const before = shown.current;
    const same = before.text === text.trim();
    const found = same ? keepSections(before.hits, hitsFound) : hitsFound;
    // The same query again (its excerpts, or all its pages): the selection stays on its page.
    setActive((i) => (same ? keepActive(i, resultOptions(before.hits), resultOptions(found)) : found.length ? 0 : -1));
    shown.current = {text: text.trim(), hits: found};
    setHits(found);
    setTotal(count);
    setShownFor(text.trim());
    setExcerptsPending(pending);
    setStatus('ready');
  }, []);
  // Stable, so the results run it from an effect when the query changes.
  const run = useCallback(
    (query: string, all = false): void => {
      limit.current = all ? Number.POSITIVE_INFINITY : PAGE_LIMIT;
      excerptPages.current = all ? Number.POSITIVE_INFINITY : EXCERPT_PAGES;
      setStatus((s) => (s === 'idle' ? 'loading' : s));
      runner.current ??= createRunner(
        baseUrl,
        {
          show: (found, text, pending, _excerpts, count) => show(found, text, pending, count),
          fail: () => setStatus('error'),
        },
        () => limit.current,
        () => excerptPages.current,
      );
      searched.current = searchText(query);
      runner.current(searched.current);
    },
    [baseUrl, show],
  );
  /** The excerpts of every page shown: the same text again, its titles kept on screen meanwhile. */
  const moreExcerpts = useCallback((): void => {
    if (excerptPages.current >= limit.current) return;
    excerptPages.current = limit.current;
    runner.current?.(searched.current);
  }, []);
  return {hits, total, shownFor, status, active, setActive, excerptsPending, run, moreExcerpts};
}
