/**
 * Wraps the search plugin's SearchBar so that its code loads when a reader reaches for search,
 * not with every page. The plugin's bar (autocomplete, mark.js, the worker bridge: about
 * 18 KB gzip) was in the site-wide bundle and, on every load, ran effects that walk the whole
 * article (removing search highlights that are not there). Until then this renders a
 * look-alike input: focusing it, pressing it, or pressing Ctrl/Cmd+K loads the real bar, which
 * takes over with focus and what was typed; hovering it fetches the code ahead. A page opened
 * from a search result (`?_highlight=`) loads the real bar at once, so the words are marked.
 */
import {useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import styles from './styles.module.css';

const load = () => import('@theme-original/SearchBar');

const HIGHLIGHT_PARAM = '_highlight';

const isMac = (): boolean => /mac|iphone|ipad/i.test(navigator.platform);

/** Ctrl+K, or Cmd+K on a Mac: the plugin's default `searchBarShortcutKeymap` ("mod+k"). */
function isShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'k' && (isMac() ? event.metaKey : event.ctrlKey) && !event.altKey;
}

const barInput = (slot: HTMLElement | null) => slot?.querySelector<HTMLInputElement>('input.navbar__search-input');

/** What the look-alike held when the real bar took over. */
interface Handoff {
  readonly focus: boolean;
  readonly value: string;
}

function LookAlike({
  onActivate,
  onPrefetch,
  onLeave,
}: {
  readonly onActivate: () => void;
  readonly onPrefetch: () => void;
  /** Called as it is removed, while its input is still in the page: what the reader typed, and whether the box had focus. */
  readonly onLeave: (handoff: Handoff) => void;
}): ReactNode {
  const isBrowser = useIsBrowser();
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(
    () => () => {
      const el = input.current;
      if (el) onLeave({value: el.value, focus: document.activeElement === el});
    },
    [onLeave],
  );
  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
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
        placeholder={label}
        aria-label={label}
        className={clsx('navbar__search-input', styles.input)}
        onFocus={onActivate}
        onPointerDown={onActivate}
        onMouseEnter={onPrefetch}
      />
      {isBrowser && (
        <div className={styles.hints} aria-hidden="true">
          {[isMac() ? '⌘' : 'ctrl', 'K'].map((key) => (
            <kbd key={key} className={styles.hint}>
              {key}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}

export default function SearchBarWrapper(props: Record<string, unknown>): ReactNode {
  const [Bar, setBar] = useState<ComponentType<Record<string, unknown>>>();
  const started = useRef(false);
  // Filled by the look-alike as it goes, read by the layout effect below in the same commit.
  const handoff = useRef<Handoff>({value: '', focus: false});
  const wantsFocus = useRef(false);
  const slot = useRef<HTMLDivElement>(null);

  // The look-alike stays on screen (and takes typing) until the code is here; then the real bar
  // replaces it in one render, with the text and focus the look-alike had at that moment.
  const activate = useCallback((focus: boolean) => {
    wantsFocus.current ||= focus;
    if (started.current) return;
    started.current = true;
    void load().then((mod) => setBar(() => mod.default));
  }, []);

  const leave = useCallback((h: Handoff) => {
    handoff.current = h;
  }, []);

  useEffect(() => {
    if (Bar) return undefined;
    if (new URLSearchParams(window.location.search).has(HIGHLIGHT_PARAM)) {
      activate(false);
      return undefined;
    }
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      activate(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [Bar, activate]);

  // Focus first, in a layout effect: the bar's mount effect looks at the focus to decide whether
  // to load the index and open.
  useLayoutEffect(() => {
    if (Bar && (handoff.current.focus || wantsFocus.current)) barInput(slot.current)?.focus();
  }, [Bar]);

  // Then the text. The bar empties its box right after mounting (a timer that syncs it with the
  // page's `_highlight` words), so the text goes in after that timer, which this effect's
  // timer follows (a parent's effects run after its children's). The box is controlled by
  // React state, so the text is written the way typing does: the native value setter, then an
  // input event for its onChange. Once its index is in, the bar searches for what is there.
  useEffect(() => {
    if (!Bar || !handoff.current.value) return undefined;
    const timer = window.setTimeout(() => {
      const input = barInput(slot.current);
      if (!input) return;
      const value = handoff.current.value + input.value;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', {bubbles: true}));
    });
    return () => window.clearTimeout(timer);
  }, [Bar]);

  if (!Bar) {
    return <LookAlike onActivate={() => activate(true)} onPrefetch={() => void load()} onLeave={leave} />;
  }
  return (
    <div ref={slot} className={styles.slot}>
      <Bar {...props} />
    </div>
  );
}
