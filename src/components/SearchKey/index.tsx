import type {ReactNode} from 'react';
import {SEARCH_KEY_SEPARATOR} from '#core/search/keys';

interface Props {
  /** What a reader types to land on this section exactly: header names, say (`X-Signature`). */
  readonly keys: readonly string[];
}

/**
 * `<SearchKey keys={['X-Signature']} />` under a heading: the section is where a search for one of
 * these keys lands first, before any full-text match (core/search/keys.ts; the build reads the mark
 * in plugins/search-index/pages.mjs). Shows nothing; the Markdown twin leaves it out.
 */
export default function SearchKey({keys}: Props): ReactNode {
  return <span hidden data-search-key={keys.join(SEARCH_KEY_SEPARATOR)} />;
}
