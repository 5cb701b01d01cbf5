/**
 * The search box's effects (./index.tsx): loading the engine and its query runner on first use, the Ctrl/Cmd+K
 * shortcut, the place of the list on phones, and the highlight of the words searched on arrival.
 * What the box shows is decided in core/search/box.ts.
 */
import {useEffect, useRef, useState, type RefObject} from 'react';
import {useLocation} from '@docusaurus/router';
import {isSearchShortcut, keepActive, PAGE_LIMIT, resultOptions, searchText, type SearchStatus} from '#core/search/box';
import {HIGHLIGHT_PARAM, type SearchHit} from '#core/search/query';

/** The engine's chunk: imported on first use only, and fetched ahead when the pointer is on the box. */
export const loadEngine = () => import('./engine');

export const isMac = (): boolean => /mac|iphone|ipad/i.test(navigator.platform);

/** Whether the focus is where a key types text (then `/` is a slash, not the shortcut). */
const inTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Ctrl+K, or Cmd+K on a Mac, anywhere; `/` outside a text field. */
const isShortcut = (event: KeyboardEvent): boolean =>
  isSearchShortcut(
    {
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      inTextField: inTextField(event.target),
    },
    isMac(),
  );

/**
 * Ctrl/Cmd+K or `/` anywhere on the page puts the focus in the box; a navbar hidden on scroll comes
 * back while the box has the focus (./styles.module.css, `:focus-within`).
 */
export function useShortcut(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}

/**
 * Marks the words of `?_highlight=` in the article of the page just opened, and shows the section
 * or table row a result landed on (`#code-14`): in view below the navbar (styles.module.css gives
 * it a scroll margin) and highlighted for a moment.
 */
export function useHighlightOnArrival(landedClass: string): void {
  const {pathname, search, hash} = useLocation();
  useEffect(() => {
    const terms = new URLSearchParams(search).getAll(HIGHLIGHT_PARAM);
    const article = document.querySelector('article');
    if (!terms.length || !article) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // The router scrolled the target to the very top, under the navbar when it shows: again,
    // with the class's scroll margin, now and once the marks are in (the page may have moved).
    const land = (): void => {
      if (target?.classList.contains(landedClass)) target.scrollIntoView({block: 'start'});
    };
    if (target) {
      target.classList.add(landedClass);
      target.addEventListener('animationend', () => target.classList.remove(landedClass), {once: true});
      land();
    }
    void import('./highlight').then(({highlightTerms}) => {
      highlightTerms(article, terms);
      land();
    });
  }, [pathname, search, hash, landedClass]);
}

/**
 * On phones the list is fixed across the screen (styles.module.css): it starts below the box,
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
  const shown = useRef<{text: string; hits: readonly SearchHit[]}>({text: '', hits: []});
  // The query runner (core/search/runner.ts) ships in the engine's chunk; a chunk that fails to
  // load is tried again on the next query.
  const runner = useRef<Promise<(query: string) => void> | null>(null);
  const show = (found: readonly SearchHit[], text: string, pending: boolean, count: number): void => {
    const before = shown.current;
    const same = before.text === text.trim();
    // The same query again (its excerpts, or all its pages): the selection stays on its page.
    setActive((i) => (same ? keepActive(i, resultOptions(before.hits), resultOptions(found)) : found.length ? 0 : -1));
    shown.current = {text: text.trim(), hits: found};
    setHits(found);
    setTotal(count);
    setShownFor(text.trim());
    setExcerptsPending(pending);
    setStatus('ready');
  };
  const run = (query: string, all = false): void => {
    limit.current = all ? Number.POSITIVE_INFINITY : PAGE_LIMIT;
    if (status === 'idle') setStatus('loading');
    runner.current ??= loadEngine().then(({createRunner}) =>
      createRunner(
        baseUrl,
        {
          show: (found, text, pending, _excerpts, count) => show(found, text, pending, count),
          fail: () => setStatus('error'),
        },
        () => limit.current,
      ),
    );
    runner.current.then(
      (next) => next(searchText(query)),
      () => {
        runner.current = null;
        setStatus('error');
      },
    );
  };
  return {hits, total, shownFor, status, active, setActive, excerptsPending, run};
}
