/**
 * The API index's filter in the address (`/api?q=withdrawal`), so a filtered list can be shared,
 * reloaded and come back to with Back. Pure: the component reads and writes `location.search`.
 */

/** The parameter the filter is kept in. */
export const QUERY_PARAM = 'q';

/** The filter a search string holds ('' when none). */
export function queryFromSearch(search: string): string {
  return new URLSearchParams(search).get(QUERY_PARAM) ?? '';
}

/**
 * `search` with the filter set to `query`, other parameters kept; an empty filter leaves the
 * parameter out, so the unfiltered page keeps its plain address. '' or a string starting `?`.
 */
export function searchWithQuery(search: string, query: string): string {
  const params = new URLSearchParams(search);
  if (query.trim()) params.set(QUERY_PARAM, query);
  else params.delete(QUERY_PARAM);
  const next = params.toString();
  return next ? `?${next}` : '';
}
