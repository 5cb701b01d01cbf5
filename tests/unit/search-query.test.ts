import {describe, expect, it} from 'vitest';
import {
  excerptParts,
  findPages,
  hitHref,
  initPagefind,
  queryTerms,
  runQuery,
  SEARCH_OPTIONS,
  type PagefindApi,
  type PagefindResultData,
} from '#core/search/query';

/** A stand-in for Pagefind's API that records what it was asked. */
function fakePagefind(pages: readonly PagefindResultData[]) {
  const calls: string[] = [];
  const api: PagefindApi = {
    options: (o) => {
      calls.push(`options ${JSON.stringify(o)}`);
      return Promise.resolve();
    },
    init: () => {
      calls.push('init');
      return Promise.resolve();
    },
    search: (query) => {
      calls.push(`search ${query}`);
      return Promise.resolve({
        results: pages.map((d, i) => ({
          id: `en_${i}`,
          data: () => {
            calls.push(`data ${d.url}`);
            return Promise.resolve(d);
          },
        })),
      });
    },
  };
  return {api, calls};
}

const withdrawal: PagefindResultData = {
  url: '/docs/v1/service/aeps/withdrawal',
  excerpt: 'AEPS <mark>cash</mark> <mark>withdrawal.</mark> A customer&#39;s &lt;PID&gt; &amp; more',
  meta: {title: 'AEPS cash withdrawal'},
};

describe('excerptParts', () => {
  it('splits Pagefind’s excerpt at its <mark> tags and decodes the escaped text', () => {
    expect(excerptParts(withdrawal.excerpt)).toEqual([
      {text: 'AEPS ', match: false},
      {text: 'cash', match: true},
      {text: ' ', match: false},
      {text: 'withdrawal.', match: true},
      {text: " A customer's <PID> & more", match: false},
    ]);
  });

  it('keeps markup in the text as text: nothing but <mark> is read as a tag', () => {
    expect(excerptParts('&lt;script&gt;x&lt;/script&gt; <b>y</b>')).toEqual([
      {text: '<script>x</script> <b>y</b>', match: false},
    ]);
  });
});

describe('queryTerms and hitHref', () => {
  it('carry the words searched, once each and in lower case, to the page opened', () => {
    expect(queryTerms('  Cash  withdrawal cash ')).toEqual(['cash', 'withdrawal']);
    expect(hitHref({url: '/docs/v1/service/aeps/withdrawal'}, 'Cash withdrawal')).toBe(
      '/docs/v1/service/aeps/withdrawal?_highlight=cash&_highlight=withdrawal',
    );
    expect(hitHref({url: '/ResponseCode'}, 'LIMIT_EXCEEDED & co')).toBe(
      '/ResponseCode?_highlight=limit_exceeded&_highlight=%26&_highlight=co',
    );
    expect(hitHref({url: '/api'}, '  ')).toBe('/api');
  });
});

describe('runQuery', () => {
  it('returns title, URL and excerpt of the first hits, in Pagefind’s order', async () => {
    const {api, calls} = fakePagefind([withdrawal, {url: '/docs/v1/aeps', excerpt: 'x', meta: {}}, withdrawal]);
    const hits = await runQuery(api, 'cash withdrawal', 2);
    expect(calls).toEqual(['search cash withdrawal', 'data /docs/v1/service/aeps/withdrawal', 'data /docs/v1/aeps']);
    expect(hits.map((h) => [h.title, h.url])).toEqual([
      ['AEPS cash withdrawal', '/docs/v1/service/aeps/withdrawal'],
      ['/docs/v1/aeps', '/docs/v1/aeps'], // a page without a title is named by its URL
    ]);
    expect(hits[0]?.excerpt).toBe("AEPS cash withdrawal. A customer's <PID> & more");
  });

  it('asks nothing for a blank query', async () => {
    const {api, calls} = fakePagefind([withdrawal]);
    expect(await runQuery(api, '   ', 8)).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('initPagefind', () => {
  it('sets the shared options, then loads the index metadata', async () => {
    const {api, calls} = fakePagefind([]);
    await initPagefind(api, '/pagefind/', '/');
    expect(calls).toEqual([
      `options ${JSON.stringify({...SEARCH_OPTIONS, basePath: '/pagefind/', baseUrl: '/'})}`,
      'init',
    ]);
  });
});

describe('findPages', () => {
  const aeps: PagefindResultData = {url: '/docs/v1/aeps', excerpt: 'AEPS <mark>cash</mark>', meta: {title: 'AEPS'}};

  it('answers from the titles file at once and fetches excerpts only on complete()', async () => {
    const {api, calls} = fakePagefind([withdrawal, aeps]);
    const titles = {
      en_0: ['AEPS cash withdrawal', '/docs/v1/service/aeps/withdrawal'],
      en_1: ['AEPS', '/docs/v1/aeps'],
    } as const;
    const found = await findPages(api, titles, 'cash', 6);
    expect(found.quick).toEqual([
      {title: 'AEPS cash withdrawal', url: '/docs/v1/service/aeps/withdrawal', excerpt: '', excerptParts: []},
      {title: 'AEPS', url: '/docs/v1/aeps', excerpt: '', excerptParts: []},
    ]);
    expect(calls).toEqual(['search cash']);
    const complete = await found.complete();
    expect(complete.map((h) => h.excerpt)).toEqual(["AEPS cash withdrawal. A customer's <PID> & more", 'AEPS cash']);
    expect(calls).toEqual(['search cash', 'data /docs/v1/service/aeps/withdrawal', 'data /docs/v1/aeps']);
  });

  it('has no quick hits when the titles file lacks a page, so the box waits for the excerpts', async () => {
    const {api} = fakePagefind([withdrawal, aeps]);
    const found = await findPages(api, {en_0: ['AEPS cash withdrawal', '/docs/v1/service/aeps/withdrawal']}, 'cash', 6);
    expect(found.quick).toBeUndefined();
    expect((await found.complete()).map((h) => h.url)).toEqual(['/docs/v1/service/aeps/withdrawal', '/docs/v1/aeps']);
  });

  it('asks nothing for a blank query', async () => {
    const {api, calls} = fakePagefind([withdrawal]);
    const found = await findPages(api, {}, ' ', 6);
    expect(found.quick).toEqual([]);
    expect(await found.complete()).toEqual([]);
    expect(calls).toEqual([]);
  });
});
