/**
 * The closed search box's effects (./index.tsx, on every page): loading the results and the engine on
 * first use, the Ctrl/Cmd+K and `/` shortcut, and the highlight of the words searched on arrival.
 * The results' own state and effects are in ./results-hooks.ts, which loads with them.
 */
import {useEffect, type RefObject} from 'react';
import {preinit, preload} from 'react-dom';
import {useLocation} from '@docusaurus/router';
import {HIGHLIGHT_PARAM, isSearchShortcut} from '#core/search/navbar';

/**
 * The results' chunk (./Results.tsx, with the engine, its query runner and the box's decisions):
 * imported on first use only, and fetched ahead when the pointer is on the box.
 */
export const loadResults = () => import('./Results');

/**
 * Fetches what the results need, side by side: their stylesheet and their chunk, then Pagefind and
 * its index metadata as soon as that is in (the results would only ask for it once rendered).
 * Rendered in a transition, the results wait for the stylesheet (./Results.tsx links it too), so
 * they never show unstyled.
 */
/** Fetches the results' chunk and stylesheet ahead (the pointer is on the box), not yet the engine. */
export function prefetchSearch(cssHref: string): void {
  preload(cssHref, {as: 'style'});
  loadResults().catch(() => undefined);
}

export function loadSearch(baseUrl: string, cssHref: string): ReturnType<typeof loadResults> {
  preinit(cssHref, {as: 'style', precedence: 'default'});
  return loadResults().then((chunk) => {
    chunk.startEngine(baseUrl);
    return chunk;
  });
}

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
