/**
 * What the closed box (./index.tsx, on every page) and its results (./Results.tsx, loaded on first
 * use) both name: kept here, as the results may not import the box's hooks (they import the results).
 */
import {translate} from '@docusaurus/Translate';

/** The results' stylesheet (src/css/served/search.css, served as /css/search.css). */
export const RESULTS_CSS = '/css/search.css';

/** The id of the list of results: the box's aria-controls names it before the results have loaded. */
export const listId = (id: string): string => `${id}-results`;

export const searchErrorText = (): string =>
  translate({
    id: 'search.error',
    message: 'Search could not load. Reload the page to try again.',
    description: 'Shown in the search box list when the search index failed to load',
  });
