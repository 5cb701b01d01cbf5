import {useCallback, useMemo, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import blocks from '@generated/api-contract/default/sections/ApiIndex.json';
import Sections from '@site/src/components/Reference/Sections';
import {filterIndex, indexCount, indexFamilies} from '#core/contract/filter';
import {queryFromSearch, searchWithQuery} from './query';
import styles from './styles.module.css';

const FAMILIES = indexFamilies(blocks);

/**
 * The filter, kept in the address (`?q=`): read once hydrated (the static HTML is the unfiltered
 * list) and whenever the router's address changes (Back or Forward onto a filtered list), by
 * adjusting the state while rendering rather than in an effect; each edit replaces the current history entry
 * rather than adding one, so Back leaves the page instead of undoing keystrokes. The edit goes
 * straight to `window.history` (the router is not told): telling it would run a route change,
 * with its preloading and lifecycle hooks, on every keystroke.
 */
function useQueryInAddress(): [string, (query: string) => void] {
  const {search} = useLocation();
  const source = useIsBrowser() ? search : '';
  const [state, setState] = useState({source: '', query: ''});
  if (state.source !== source) setState({source, query: queryFromSearch(source)});
  const update = useCallback((next: string) => {
    setState((s) => ({...s, query: next}));
    const {pathname, hash} = window.location;
    const address = `${pathname}${searchWithQuery(window.location.search, next)}${hash}`;
    window.history.replaceState(window.history.state, '', address);
  }, []);
  return [state.query, update];
}

/** Above the list: how many entries it shows, or, when none match, what to try instead. */
function Count({query, count}: {readonly query: string; readonly count: number}): ReactNode {
  return (
    <p className={styles.count} aria-live="polite">
      {count === 0 && query.trim() ? (
        <Translate id="apiIndex.noMatch" values={{query: query.trim()}}>
          {'No operation matches “{query}”. Try a family name like aeps or a word like status.'}
        </Translate>
      ) : (
        <Translate id="apiIndex.count" values={{count}}>
          {'{count} operations and webhooks'}
        </Translate>
      )}
    </p>
  );
}

/**
 * Every operation and webhook, grouped by family (core/contract/component-sections.ts
 * `apiIndexBlocks`, as the Markdown twin has them), with a filter box. The full list is in the
 * static HTML; filtering only hides rows once hydrated. The box and the count are the page's
 * own: the twin has no filter.
 */
export default function ApiIndex(): ReactNode {
  const [query, setQuery] = useQueryInAddress();
  const families = useMemo(() => filterIndex(FAMILIES, query), [query]);
  return (
    <div>
      <label className={styles.filter}>
        <span>
          <Translate id="apiIndex.filter">Filter by name, path or family</Translate>
        </span>
        <input
          type="search"
          // The address is the filter's one source: a value the browser restores on Back or reload
          // would show before hydration, then be replaced by the one read from `?q=`.
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={translate({id: 'apiIndex.placeholder', message: 'e.g. withdrawal, /bbps, webhook'})}
        />
      </label>
      <Count query={query} count={indexCount(families)} />
      {families.map((f) => (
        <section key={f.heading.id} className={styles.family}>
          <Sections blocks={f.blocks} />
        </section>
      ))}
    </div>
  );
}
