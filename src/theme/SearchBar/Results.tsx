/**
 * The search box's results (./index.tsx renders them once the reader first reaches for the box):
 * the list of results grouped by page (a group per page, under its title), each option a section of
 * it with its heading, best first; the first eight pages, then a "Show all" option; the status the
 * box announces, and the keys that move through the list. A chunk of its own with the engine
 * (./engine.ts) and its stylesheet (src/css/served/search.css), loaded together on first use, so no
 * page pays for them on load.
 *
 * The input stays in the navbar and keeps the focus (an ARIA 1.2 combobox): ArrowUp/ArrowDown move
 * through the results (its aria-activedescendant, set through `onView`), Enter opens one, Escape
 * closes the list. A result opens its page at the section's anchor with the words searched in
 * `?_highlight=`.
 */
import {useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {
  keyIntent,
  listStatus,
  morePages,
  moveActive,
  resultOptions,
  wantsMoreExcerpts,
  type ResultOption as Option,
  type SearchStatus,
} from '#core/search/box';
import type {SearchKind} from '#core/search/keys';
import {showsList} from '#core/search/navbar';
import {hitHref, type SearchHit} from '#core/search/query';
import {listId, RESULTS_CSS, searchErrorText} from './shared';
import {useListTop, useSearch} from './results-hooks';

export {startEngine} from './engine';

/** What the input in the navbar shows of the results: its ARIA state and the status it announces. */
export interface BoxView {
  readonly expanded: boolean;
  /** The id of the option selected, for the input's aria-activedescendant. */
  readonly activeId: string | undefined;
  readonly status: string;
}

export interface ResultsProps {
  /** The box's id (useId): the list's and the options' ids start with it. */
  readonly id: string;
  readonly label: string;
  readonly query: string;
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly input: RefObject<HTMLInputElement | null>;
  /** Where the results put their handler of the input's keys. */
  readonly keysRef: RefObject<((event: KeyboardEvent<HTMLInputElement>) => void) | null>;
  readonly onView: (view: BoxView) => void;
}

function statusText(status: SearchStatus, query: string, count: number): string {
  if (status === 'error') return searchErrorText();
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

/** What a result is, beside its title: a reader tells an endpoint from a guide or a post at a glance. */
function kindText(kind: SearchKind): string {
  switch (kind) {
    case 'endpoint':
      return translate({
        id: 'search.kind.endpoint',
        message: 'Endpoint',
        description: 'A result that is an API operation',
      });
    case 'webhook':
      return translate({
        id: 'search.kind.webhook',
        message: 'Webhook',
        description: 'A result that is a webhook event',
      });
    case 'blog':
      return translate({id: 'search.kind.blog', message: 'Blog', description: 'A result that is a blog post'});
    case 'code':
      return translate({
        id: 'search.kind.code',
        message: 'Response code',
        description: 'A result that is a response code',
      });
    default:
      return translate({id: 'search.kind.guide', message: 'Guide', description: 'A result that is a guide page'});
  }
}

function KindLabel({kind}: {readonly kind: SearchKind}): ReactNode {
  return <span className="search-results__kind">{kindText(kind)}</span>;
}

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

/** The results for the query in the box, as the list shows them, and what a key or a choice does. */
function useResults({query, open, setOpen, input, keysRef}: ResultsProps) {
  const history = useHistory();
  const search = useSearch(useBaseUrl('/'));
  const {hits, total, shownFor, status, active, setActive, run, moreExcerpts} = search;
  // The box's text, searched as it changes (from the first render: what the reader typed while
  // the results loaded).
  useEffect(() => run(query), [query, run]);
  const shownHits = status === 'ready' && shownFor ? hits : [];
  const groups = groupOptions(shownHits);
  const options = groups.flatMap((g) => g.options);
  const more = morePages(total, shownHits.length);
  /** The "Show all" option comes after the results, when there are more pages. */
  const showAllIndex = more ? options.length : -1;
  const count = options.length + (more ? 1 : 0);
  // Moving down to the pages still without excerpts fetches theirs (so does scrolling the list).
  const activePage = options[active]?.page;
  useEffect(() => {
    if (wantsMoreExcerpts(activePage)) moreExcerpts();
  }, [activePage, moreExcerpts]);

  const choose = (index: number): void => {
    if (index === showAllIndex) return run(query, true);
    const option = options[index] ?? options[0];
    if (!option) return;
    setOpen(false);
    input.current?.blur();
    history.push(hitHref(option, shownFor));
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
  useEffect(() => {
    keysRef.current = onKeyDown;
  });
  return {...search, shownHits, groups, more, showAllIndex, count, choose};
}

export default function Results(props: ResultsProps): ReactNode {
  const {id, label, query, open, input, onView} = props;
  const list = useRef<HTMLDivElement>(null);
  const results = useResults(props);
  const {total, shownFor, status, active, setActive, excerptsPending, shownHits, groups, more, showAllIndex, count} =
    results;
  const showList = showsList(open, query);
  const shownStatus = listStatus(status, shownFor, query);
  useListTop(showList, input, list);
  const activeId = showList && active >= 0 && active < count ? hitId(id, active) : undefined;
  const statusLine = showList ? statusText(shownStatus, query, total) : '';
  // Layout effect: the input's state changes in the same frame as the list.
  useLayoutEffect(
    () => onView({expanded: showList, activeId, status: statusLine}),
    [onView, showList, activeId, statusLine],
  );

  /** An option at `index` of the list. */
  const optionAt = (index: number, children: ReactNode, className?: string): ReactNode => (
    <ResultOption
      key={index}
      id={hitId(id, index)}
      selected={index === active}
      className={className}
      index={index}
      onChoose={results.choose}
      onHover={setActive}>
      {children}
    </ResultOption>
  );
  return (
    <div
      ref={list}
      id={listId(id)}
      role="listbox"
      aria-label={label}
      className="search-results"
      hidden={!showList}
      aria-busy={showList && excerptsPending}
      data-results-for={showList && status === 'ready' ? shownFor : undefined}
      onScroll={results.moreExcerpts}>
      {/* React holds the list back until its stylesheet has loaded: it never shows unstyled. */}
      <link rel="stylesheet" href={useBaseUrl(RESULTS_CSS)} precedence="default" />
      {groups.map(({hit, options: own}) => (
        <div key={hit.url} role="group" aria-label={hit.title} className="search-results__group">
          {hit.sections.length > 0 && (
            <div className="search-results__group-title" aria-hidden="true">
              {hit.title} <KindLabel kind={hit.kind} />
            </div>
          )}
          {own.map((option) =>
            optionAt(
              option.index,
              <OptionText option={option} kind={hit.sections.length > 0 ? undefined : hit.kind} />,
            ),
          )}
        </div>
      ))}
      {more > 0 && optionAt(showAllIndex, showAllText(total), 'search-results__show-all')}
      {showList && !shownHits.length && (
        <div role="option" aria-selected={false} aria-disabled className="search-results__empty">
          {statusText(shownStatus, query, 0)}
        </div>
      )}
    </div>
  );
}

/**
 * An option's words: the section's heading (or the page's title and what the page is, when the
 * option is the whole page: `kind`), then the excerpt, matches marked.
 */
function OptionText({option, kind}: {readonly option: Option; readonly kind: SearchKind | undefined}): ReactNode {
  return (
    <>
      {option.title && (
        <span className={kind ? 'search-results__hit-title' : 'search-results__section-title'}>
          {option.title}
          {kind && ' '}
          {kind && <KindLabel kind={kind} />}
        </span>
      )}
      <span className="search-results__excerpt">
        {option.excerptParts.map((part, j) =>
          part.match ? <mark key={j}>{part.text}</mark> : <span key={j}>{part.text}</span>,
        )}
      </span>
    </>
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
      className={clsx('search-results__hit', selected && 'search-results__hit--active', className)}
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose(index);
      }}
      onMouseMove={() => onHover(index)}>
      {children}
    </div>
  );
}
