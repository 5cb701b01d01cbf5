/**
 * Wraps the search plugin's SearchBar so that its code loads when a reader reaches for search,
 * not with every page. The plugin's bar (autocomplete, mark.js, the worker bridge: about
 * 18 KB gzip) was in the site-wide bundle and, on every load, ran effects that walk the whole
 * article (removing search highlights that are not there). Until then this renders a
 * look-alike input: focusing it, pressing it, or pressing Ctrl/Cmd+K loads the real bar, which
 * takes over with focus and what was typed; hovering it fetches the code ahead. A page opened
 * from a search result (`?_highlight=`) loads the real bar at once, so the words are marked.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';
import {flushSync} from 'react-dom';
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

/** What the look-alike held when the real bar took over. */
interface Handoff {
  readonly focus: boolean;
  readonly value: string;
}

function LookAlike({
  onActivate,
  onPrefetch,
  inputRef,
}: {
  readonly onActivate: () => void;
  readonly onPrefetch: () => void;
  readonly inputRef: Ref<HTMLInputElement>;
}): ReactNode {
  const isBrowser = useIsBrowser();
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
        ref={inputRef}
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
  // False while the real bar is mounted but hidden, behind the look-alike (see below).
  const [shown, setShown] = useState(false);
  const started = useRef(false);
  const wantsFocus = useRef(false);
  const handoff = useRef<Handoff>({value: '', focus: false});
  const lookAlike = useRef<HTMLInputElement>(null);
  const slot = useRef<HTMLDivElement>(null);

  const activate = useCallback((focus: boolean) => {
    wantsFocus.current ||= focus;
    if (started.current) return;
    started.current = true;
    void load().then((mod) => setBar(() => mod.default));
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

  // Once the code is here, the real bar mounts hidden while the look-alike stays on screen and
  // keeps taking keystrokes: right after mounting, the bar empties its box (a timer that syncs it
  // with the page's `_highlight` words). This effect's timer runs after that one (a parent's
  // effects run after its children's); it reads the look-alike's text and focus, and swaps the
  // two in one synchronous render, so no keystroke falls between them.
  useEffect(() => {
    if (!Bar || shown) return undefined;
    const timer = window.setTimeout(() => {
      const el = lookAlike.current;
      handoff.current = {
        value: el?.value ?? '',
        focus: wantsFocus.current || (el !== null && document.activeElement === el),
      };
      flushSync(() => setShown(true));
    });
    return () => window.clearTimeout(timer);
  }, [Bar, shown]);

  // The real box gets the text the way typing would give it (native value setter, then an input
  // event for the bar's onChange: its box is controlled by React state), then the focus, which
  // makes the bar load its index; once the index is in, it searches for what is in the box.
  useLayoutEffect(() => {
    if (!shown) return;
    const input = slot.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    if (!input) return;
    const {value, focus} = handoff.current;
    if (value) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
    if (focus) input.focus();
  }, [shown]);

  return (
    <>
      {!shown && <LookAlike onActivate={() => activate(true)} onPrefetch={() => void load()} inputRef={lookAlike} />}
      {Bar && (
        <div ref={slot} className={styles.slot} hidden={!shown}>
          <Bar {...props} />
        </div>
      )}
    </>
  );
}
