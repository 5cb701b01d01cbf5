/**
 * Replaces the theme's (empty) SearchBar with the site's own search box over the Pagefind index
 * (plugins/search-index). Nothing of search loads with a page: focusing the box, pressing it, or
 * Ctrl/Cmd+K loads Pagefind and its index metadata (engine.ts); each query then fetches only the
 * index chunks and page fragments it needs. Hovering the box fetches the engine's code ahead.
 *
 * An ARIA 1.2 combobox: the input keeps the focus, ArrowUp/ArrowDown move through the results
 * (aria-activedescendant), Enter opens one, Escape closes the list; a live region says how many
 * results there are. Results are grouped by page (a group per page, under its title), each option a
 * section of it with its heading, best first; the first eight pages, then a "Show all" option. A
 * result opens its page at the section's anchor (a heading, or a response-code row) with the words
 * searched in `?_highlight=`, which this component marks on arrival (highlight.ts, loaded only then)
 * while the section it landed on is highlighted for a moment.
 *
 * The box's decisions (the list, its status, the keys) are pure functions in core/search/box.ts; its
 * state and effects are named hooks (./hooks.ts); this file lays out the markup.
 */
import {useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {
  keyIntent,
  listStatus,
  morePages,
  moveActive,
  resultOptions,
  showsList,
  type ResultOption as Option,
  type SearchStatus,
} from '#core/search/box';
import {hitHref, type SearchHit} from '#core/search/query';
import {isMac, loadEngine, useHighlightOnArrival, useListTop, useSearch, useShortcut} from './hooks';
import styles from './styles.module.css';

function statusText(status: SearchStatus, query: string, count: number): string {
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
  if (count === 1)
    return translate({id: 'search.resultCount.one', message: '1 result', description: 'The list shows one result'});
  return translate(
    {id: 'search.resultCount', message: '{count} results', description: 'How many results the list shows'},
    {count: String(count)},
  );
}

const hitId = (id: string, index: number): string => `${id}-hit-${index}`;

function showAllText(count: number): string {
  return translate(
    {id: 'search.showAll', message: 'Show all {count} results', description: 'The last option: load every page found'},
    {count: String(count)},
  );
}

/** The list's options with their place in it, by page. */
function groupOptions(hits: readonly SearchHit[]): {hit: SearchHit; options: (Option & {index: number})[]}[] {
  const options = resultOptions(hits).map((o, index) => ({...o, index}));
  return hits.map((hit, page) => ({hit, options: options.filter((o) => o.page === page)}));
}

export default function SearchBar(): ReactNode {
  const history = useHistory();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const {hits, total, shownFor, status, active, setActive, excerptsPending, run} = useSearch(useBaseUrl('/'));
  const showList = showsList(open, query);
  const shownHits = status === 'ready' && shownFor ? hits : [];
  const shownStatus = listStatus(status, shownFor, query);
  const groups = groupOptions(shownHits);
  const options = groups.flatMap((g) => g.options);
  const more = morePages(total, shownHits.length);
  /** The "Show all" option comes after the results, when there are more pages. */
  const showAllIndex = more ? options.length : -1;
  const count = options.length + (more ? 1 : 0);
  useHighlightOnArrival(styles.landed ?? '');
  useShortcut(input);
  useListTop(showList, input, list);

  /** First use: load the engine and the index metadata, then search whatever is in the box. */
  const start = (): void => {
    if (status === 'idle') run(input.current?.value ?? '');
  };

  const openOption = (option: Option): void => {
    setOpen(false);
    input.current?.blur();
    history.push(hitHref(option, shownFor));
  };

  const choose = (index: number): void => {
    if (index === showAllIndex) run(query, true);
    else {
      const option = options[index] ?? options[0];
      if (option) openOption(option);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const intent = keyIntent(event.key, count, open, shownFor);
    if (!intent) return;
    if (intent === 'blur') return input.current?.blur();
    event.preventDefault();
    if (intent === 'close') setOpen(false);
    else if (intent === 'open') choose(active);
    else {
      setOpen(true);
      setActive((i) => moveActive(i, intent, count));
    }
  };

  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  const listId = `${id}-results`;
  /** An option at `index` of the list. */
  const optionAt = (index: number, children: ReactNode, className?: string): ReactNode => (
    <ResultOption
      key={index}
      id={hitId(id, index)}
      selected={index === active}
      className={className}
      index={index}
      onChoose={choose}
      onHover={setActive}>
      {children}
    </ResultOption>
  );
  return (
    <div className={clsx('navbar__search', styles.container)} dir="ltr">
      <SearchIcon />
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && active < count ? hitId(id, active) : undefined}
        placeholder={label}
        autoComplete="off"
        spellCheck={false}
        className={clsx('navbar__search-input', styles.input)}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          run(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          start();
          if (query.trim()) setOpen(true);
        }}
        onPointerDown={start}
        onMouseEnter={() => void loadEngine()}
        onBlur={() => setOpen(false)}
      />
      {!query && <ShortcutHints />}
      <div className={styles.status} role="status">
        {showList ? statusText(shownStatus, query, total) : ''}
      </div>
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label={label}
        className={styles.results}
        hidden={!showList}
        aria-busy={showList && excerptsPending}
        data-results-for={showList && status === 'ready' ? shownFor : undefined}>
        {groups.map(({hit, options: own}) => (
          <div key={hit.url} role="group" aria-label={hit.title} className={styles.group}>
            {hit.sections.length > 0 && (
              <div className={styles.groupTitle} aria-hidden="true">
                {hit.title}
              </div>
            )}
            {own.map((option) =>
              optionAt(
                option.index,
                <>
                  {option.title && (
                    <span className={hit.sections.length ? styles.sectionTitle : styles.hitTitle}>{option.title}</span>
                  )}
                  <span className={styles.hitExcerpt}>
                    {option.excerptParts.map((part, j) =>
                      part.match ? <mark key={j}>{part.text}</mark> : <span key={j}>{part.text}</span>,
                    )}
                  </span>
                </>,
              ),
            )}
          </div>
        ))}
        {more > 0 && optionAt(showAllIndex, showAllText(total), styles.showAll)}
        {showList && !shownHits.length && (
          <div role="option" aria-selected={false} aria-disabled className={styles.empty}>
            {statusText(shownStatus, query, 0)}
          </div>
        )}
      </div>
    </div>
  );
}

interface ResultOptionProps {
  readonly id: string;
  /** Its place in the list, passed back to `onChoose` and `onHover`. */
  readonly index: number;
  readonly selected: boolean;
  readonly className?: string | undefined;
  readonly onChoose: (index: number) => void;
  readonly onHover: (index: number) => void;
  readonly children: ReactNode;
}

/** One option of the list. mousedown, not click: the input's blur closes the list before a click lands. */
function ResultOption({id, index, selected, className, onChoose, onHover, children}: ResultOptionProps): ReactNode {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      className={clsx(styles.hit, selected && styles.hitActive, className)}
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose(index);
      }}
      onMouseMove={() => onHover(index)}>
      {children}
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
