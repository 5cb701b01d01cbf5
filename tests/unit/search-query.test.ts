import {describe, expect, it} from 'vitest';
import {
  excerptParts,
  findPages,
  hitHref,
  initPagefind,
  pageSections,
  queryTerms,
  runQuery,
  titleIndex,
  SEARCH_OPTIONS,
  withoutStopWords,
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

  it('put the words before a section’s anchor, and leave the stop words out', () => {
    expect(hitHref({url: '/ResponseCode#code-14'}, 'the response_code 14')).toBe(
      '/ResponseCode?_highlight=response_code&_highlight=14#code-14',
    );
    expect(hitHref({url: '/ResponseCode#code-14'}, 'of')).toBe('/ResponseCode#code-14');
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
  const titles = titleIndex({
    pages: {
      en_0: ['AEPS cash withdrawal', '/docs/v1/service/aeps/withdrawal', 'endpoint'],
      en_1: ['AEPS', '/docs/v1/aeps', 'guide'],
    },
    keys: [],
  });

  it('answers from the titles file at once and fetches excerpts only on complete()', async () => {
    const {api, calls} = fakePagefind([withdrawal, aeps]);
    const found = await findPages(api, titles, 'cash', 6);
    expect(found.quick).toEqual([
      {
        title: 'AEPS cash withdrawal',
        kind: 'endpoint',
        url: '/docs/v1/service/aeps/withdrawal',
        excerpt: '',
        excerptParts: [],
        sections: [],
      },
      {title: 'AEPS', kind: 'guide', url: '/docs/v1/aeps', excerpt: '', excerptParts: [], sections: []},
    ]);
    expect(found.total).toBe(2);
    expect(calls).toEqual(['search cash']);
    const complete = await found.complete();
    expect(complete.map((h) => h.excerpt)).toEqual(["AEPS cash withdrawal. A customer's <PID> & more", 'AEPS cash']);
    expect(calls).toEqual(['search cash', 'data /docs/v1/service/aeps/withdrawal', 'data /docs/v1/aeps']);
  });

  it('fetches the fragments of the first pages only when asked for fewer, the rest as the titles file has them', async () => {
    const {api, calls} = fakePagefind([withdrawal, aeps]);
    const found = await findPages(api, titles, 'cash', 6);
    const complete = await found.complete(1);
    expect(complete.map((h) => h.excerpt)).toEqual(["AEPS cash withdrawal. A customer's <PID> & more", '']);
    expect(complete[1]).toEqual(found.quick?.[1]);
    expect(calls).toEqual(['search cash', 'data /docs/v1/service/aeps/withdrawal']);
  });

  it('has no quick hits when the titles file lacks a page, so the box waits for the excerpts', async () => {
    const {api} = fakePagefind([withdrawal, aeps]);
    const partial = titleIndex({
      pages: {en_0: ['AEPS cash withdrawal', '/docs/v1/service/aeps/withdrawal', 'endpoint']},
      keys: [],
    });
    const found = await findPages(api, partial, 'cash', 6);
    expect(found.quick).toBeUndefined();
    expect((await found.complete()).map((h) => h.url)).toEqual(['/docs/v1/service/aeps/withdrawal', '/docs/v1/aeps']);
  });

  it('asks nothing for a blank query, nor for one of stop words only', async () => {
    const {api, calls} = fakePagefind([withdrawal]);
    for (const query of [' ', 'the', 'Of a  the']) {
      const found = await findPages(api, titleIndex({pages: {}, keys: []}), query, 6);
      expect(found.quick).toEqual([]);
      expect(found.total).toBe(0);
      expect(await found.complete()).toEqual([]);
    }
    expect(calls).toEqual([]);
  });

  it('searches a query without its stop words and counts every page found, not only the first', async () => {
    const {api, calls} = fakePagefind([withdrawal, aeps, withdrawal]);
    const found = await findPages(api, undefined, 'the cash of a withdrawal', 2);
    expect(calls).toEqual(['search cash withdrawal']);
    expect(found.total).toBe(3);
    expect(await found.complete()).toHaveLength(2);
  });
});

describe('withoutStopWords', () => {
  it('drops the words every page has, in any case, and keeps the rest in order', () => {
    expect(withoutStopWords('How to do a refund')).toBe('refund');
    expect(withoutStopWords('The  response_code OF 14')).toBe('response_code 14');
    expect(withoutStopWords('the of a')).toBe('');
    expect(withoutStopWords('IIN')).toBe('IIN');
  });
});

describe('pageSections', () => {
  const sub = (title: string, id: string | undefined, scores: number[], excerpt = title) => ({
    title,
    excerpt,
    ...(id ? {anchor: {id}} : {}),
    weighted_locations: scores.map((balanced_score) => ({balanced_score})),
  });
  const catalogue: PagefindResultData = {
    url: '/ResponseCode',
    excerpt: '',
    meta: {title: 'Response codes'},
    sub_results: [
      sub('Response codes', undefined, [512], 'Every response carries a <mark>response_code</mark>'),
      sub('Rate limits\u200b', 'rate-limits', [512]),
      sub('Response code 14', 'code-14', [32_777], '<mark>14</mark> LIMIT_EXCEEDED'),
      sub('Sandbox\u200b', 'sandbox', [100, 100]),
      sub('Retries\u200b', 'retries', [512]),
    ],
  };

  it('puts the best-scored section first, links each by its anchor and keeps at most three', () => {
    expect(pageSections(catalogue)).toEqual([
      {
        title: 'Response code 14',
        url: '/ResponseCode#code-14',
        excerptParts: excerptParts('<mark>14</mark> LIMIT_EXCEEDED'),
      },
      {
        title: undefined,
        url: '/ResponseCode',
        excerptParts: excerptParts('Every response carries a <mark>response_code</mark>'),
      },
      {
        title: 'Rate limits',
        url: '/ResponseCode#rate-limits',
        excerptParts: [{text: 'Rate limits\u200b', match: false}],
      },
    ]);
  });

  it('gives no sections to a page Pagefind returned without them', () => {
    expect(pageSections(withdrawal)).toEqual([]);
  });
});

describe('findPages: exact keys', () => {
  const aeps: PagefindResultData = {url: '/docs/v1/aeps', excerpt: 'AEPS <mark>cash</mark>', meta: {title: 'AEPS'}};
  const titles = titleIndex({
    pages: {
      en_0: ['AEPS', '/docs/v1/aeps', 'guide'],
      en_1: ['AEPS cash withdrawal', '/docs/v1/service/aeps/withdrawal', 'endpoint'],
    },
    keys: [
      {
        keys: ['aeps-cash-withdrawal', 'POST /service/aeps/withdrawal'],
        target: ['AEPS cash withdrawal', '/docs/v1/service/aeps/withdrawal', 'endpoint'],
      },
    ],
  });

  it('puts the place a query names exactly first, and does not list its page again below it', async () => {
    const {api, calls} = fakePagefind([aeps, withdrawal]);
    const found = await findPages(api, titles, 'POST /api/v1/service/aeps/withdrawal', 6);
    expect(found.quick?.map((h) => [h.url, h.kind])).toEqual([
      ['/docs/v1/service/aeps/withdrawal', 'endpoint'],
      ['/docs/v1/aeps', 'guide'],
    ]);
    expect(found.total).toBe(2);
    const complete = await found.complete();
    expect(complete.map((h) => h.url)).toEqual(['/docs/v1/service/aeps/withdrawal', '/docs/v1/aeps']);
    expect(calls).toEqual(['search POST /api/v1/service/aeps/withdrawal', 'data /docs/v1/aeps']);
  });

  it('answers an exact key of stop words or none at all without asking Pagefind', async () => {
    const {api, calls} = fakePagefind([aeps]);
    const found = await findPages(api, titles, '`aeps-cash-withdrawal`', 6);
    expect((await found.complete()).map((h) => h.title)).toEqual(['AEPS cash withdrawal', 'AEPS']);
    expect(calls[0]).toBe('search `aeps-cash-withdrawal`');
  });
});
