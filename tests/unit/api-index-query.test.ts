import {describe, expect, it} from 'vitest';
import {queryFromSearch, searchWithQuery} from '@site/src/components/ApiIndex/query';

describe('queryFromSearch', () => {
  it('reads the filter from ?q=, decoded, and is empty without one', () => {
    expect(queryFromSearch('?q=cash%20withdrawal')).toBe('cash withdrawal');
    expect(queryFromSearch('?q=%2Fbbps&x=1')).toBe('/bbps');
    expect(queryFromSearch('')).toBe('');
    expect(queryFromSearch('?x=1')).toBe('');
  });
});

describe('searchWithQuery', () => {
  it('sets the filter, keeping other parameters', () => {
    expect(searchWithQuery('', 'aeps')).toBe('?q=aeps');
    expect(searchWithQuery('?x=1&q=old', 'cash withdrawal')).toBe('?x=1&q=cash+withdrawal');
  });

  it('leaves the parameter out for an empty or blank filter', () => {
    expect(searchWithQuery('?q=aeps', '')).toBe('');
    expect(searchWithQuery('?q=aeps&x=1', '  ')).toBe('?x=1');
  });

  it('round-trips what it writes', () => {
    for (const q of ['withdrawal', '/bbps', 'a&b=c', 'पैन']) expect(queryFromSearch(searchWithQuery('', q))).toBe(q);
  });
});
