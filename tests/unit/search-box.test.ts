import {describe, expect, it} from 'vitest';
import {
  EXCERPT_PAGES,
  keepActive,
  keepSections,
  keyIntent,
  listStatus,
  morePages,
  moveActive,
  resultOptions,
  searchText,
  wantsMoreExcerpts,
} from '#core/search/box';
import type {SearchHit} from '#core/search/query';

describe('search box: the list', () => {
  it('searches a query of two characters or more, nothing for a shorter one', () => {
    expect([searchText('ae'), searchText(' a '), searchText('')]).toEqual(['ae', '', '']);
  });

  it('holds back a last word of one letter until the next one comes', () => {
    expect([searchText('mini s'), searchText('mini st'), searchText('mini s '), searchText('a b')]).toEqual([
      'mini',
      'mini st',
      'mini s ',
      '',
    ]);
    // The results for "mini" answer "mini s": the list is not waiting for newer ones.
    expect(listStatus('ready', 'mini', 'mini s')).toBe('ready');
  });

  it('says "loading" while the box holds newer text than the results shown', () => {
    expect(listStatus('ready', 'aep', 'aeps')).toBe('loading');
    expect(listStatus('ready', 'aeps', ' aeps ')).toBe('ready');
    expect(listStatus('error', 'aep', 'aeps')).toBe('error');
    expect(listStatus('idle', '', 'aeps')).toBe('idle');
  });
});

describe('search box: the keys of the combobox', () => {
  it('moves through the results with the arrows, only when there are some', () => {
    expect([keyIntent('ArrowDown', 3, false, 'ae'), keyIntent('ArrowUp', 3, true, 'ae')]).toEqual(['next', 'previous']);
    expect(keyIntent('ArrowDown', 0, true, 'ae')).toBeUndefined();
  });

  it('wraps round at either end, and starts from the first or the last with none selected', () => {
    expect([moveActive(2, 'next', 3), moveActive(0, 'previous', 3)]).toEqual([0, 2]);
    expect([moveActive(-1, 'next', 3), moveActive(-1, 'previous', 3)]).toEqual([0, 1]);
  });

  it('opens a result with Enter only while the list is open on results', () => {
    expect(keyIntent('Enter', 2, true, 'aeps')).toBe('open');
    expect([
      keyIntent('Enter', 2, false, 'aeps'),
      keyIntent('Enter', 0, true, 'aeps'),
      keyIntent('Enter', 2, true, ''),
    ]).toEqual([undefined, undefined, undefined]);
  });

  it('closes the list with Escape, and leaves the box when it is closed already', () => {
    expect([keyIntent('Escape', 2, true, 'ae'), keyIntent('Escape', 2, false, 'ae')]).toEqual(['close', 'blur']);
    expect(keyIntent('a', 2, true, 'ae')).toBeUndefined();
  });
});

describe('search box: results grouped by page', () => {
  const mark = [{text: '14', match: true}];
  const catalogue: SearchHit = {
    title: 'Response codes',
    kind: 'guide',
    url: '/ResponseCode',
    excerpt: '',
    excerptParts: [],
    sections: [
      {title: 'Response code 14', url: '/ResponseCode#code-14', excerptParts: mark},
      {title: undefined, url: '/ResponseCode', excerptParts: []},
    ],
  };
  const waiting: SearchHit = {title: 'Cash', kind: 'guide', url: '/cash', excerpt: '', excerptParts: [], sections: []};

  it('offers each page’s sections, best first, and a page whose sections are still to come as itself', () => {
    expect(resultOptions([catalogue, waiting])).toEqual([
      {page: 0, title: 'Response code 14', url: '/ResponseCode#code-14', excerptParts: mark},
      {page: 0, title: undefined, url: '/ResponseCode', excerptParts: []},
      {page: 1, title: 'Cash', url: '/cash', excerptParts: []},
    ]);
  });

  it('keeps the selection on its page when the sections come in', () => {
    const before = resultOptions([{...catalogue, sections: []}, waiting]);
    const after = resultOptions([
      catalogue,
      {...waiting, sections: [{title: 'Cash', url: '/cash#x', excerptParts: []}]},
    ]);
    expect(keepActive(1, before, after)).toBe(2);
    expect(keepActive(0, before, after)).toBe(0);
    expect(keepActive(-1, before, after)).toBe(0);
    expect(keepActive(1, before, [])).toBe(-1);
  });

  it('counts the pages beyond those shown, for "Show all"', () => {
    expect([morePages(23, 8), morePages(5, 5), morePages(0, 0)]).toEqual([15, 0, 0]);
  });
});

describe('search box: excerpts of the pages further down', () => {
  const page = (url: string, sections: number): SearchHit => ({
    title: url,
    kind: 'guide',
    url,
    excerpt: '',
    excerptParts: [],
    sections: Array.from({length: sections}, (_, i) => ({title: `s${i}`, url: `${url}#s${i}`, excerptParts: []})),
  });

  it('asks for them once the reader reaches the last page with excerpts, not before', () => {
    expect([wantsMoreExcerpts(undefined), wantsMoreExcerpts(0), wantsMoreExcerpts(EXCERPT_PAGES - 2)]).toEqual([
      false,
      false,
      false,
    ]);
    expect([wantsMoreExcerpts(EXCERPT_PAGES - 1), wantsMoreExcerpts(EXCERPT_PAGES + 2)]).toEqual([true, true]);
  });

  it('keeps the sections a page had while the same query shows its titles again', () => {
    const before = [page('/a', 2), page('/b', 0)];
    const after = keepSections(before, [page('/a', 0), page('/b', 0), page('/c', 1)]);
    expect(after.map((h) => h.sections.length)).toEqual([2, 0, 1]);
    // New sections win over the ones kept.
    expect(keepSections(before, [page('/a', 3)])[0]?.sections).toHaveLength(3);
  });
});
