import {describe, expect, it} from 'vitest';
import {buildExactTable, exactTargets, expandKeys, normaliseKey, SEARCH_KEY_SEPARATOR} from '#core/search/keys';
import {declaredKeys, KEY_SEPARATOR, pageKind} from '../../plugins/search-index/pages.mjs';

describe('normaliseKey', () => {
  it('reads a response code however it is written', () => {
    for (const q of ['response code 5', 'Response_Code: 5', 'code 5', '`response_code` 05', 'CODE=5'])
      expect(normaliseKey(q)).toBe('response code 5');
  });

  it('reads a path without host, /api/v1, query and trailing slash, and a request line by its method', () => {
    expect(normaliseKey('/service/payout/orders/')).toBe('/service/payout/orders');
    expect(normaliseKey('https://sandbox.rupeerail.example/api/v1/service/payout/orders?x=1')).toBe(
      '/service/payout/orders',
    );
    expect(normaliseKey('post /api/v1/service/aeps/withdrawal')).toBe('post /service/aeps/withdrawal');
    expect(normaliseKey('"X-Signature"')).toBe('x-signature');
    expect(normaliseKey('  ')).toBe('');
  });

  it('leaves words that are not a request line alone', () => {
    expect(normaliseKey('cash withdrawal')).toBe('cash withdrawal');
    expect(normaliseKey('status call')).toBe('status call');
  });
});

describe('the exact-key table', () => {
  const create = ['Create a payout order', '/docs/v1/service/payout/orders/create', 'endpoint'] as const;
  const list = ['List payout orders', '/docs/v1/service/payout/orders/list', 'endpoint'] as const;
  const table = buildExactTable([
    {keys: ['payout-list-orders', 'GET /service/payout/orders'], target: list},
    {keys: ['payout-create-order', 'POST /service/payout/orders'], target: create},
    {keys: ['code 5'], target: ['Response code 5', '/ResponseCode#code-5', 'code']},
  ]);

  it('adds the bare path of a request line, the POST first when several methods share it', () => {
    expect(expandKeys(['GET /service/x'])).toEqual([
      {key: 'get /service/x', rank: 0},
      {key: '/service/x', rank: 2},
    ]);
    expect(exactTargets(table, '/service/payout/orders')).toEqual([create, list]);
    expect(exactTargets(table, 'GET /service/payout/orders')).toEqual([list]);
  });

  it('finds operation ids and response codes, and nothing for other words', () => {
    expect(exactTargets(table, 'payout-create-order')).toEqual([create]);
    expect(exactTargets(table, 'response_code 5')[0]?.[1]).toBe('/ResponseCode#code-5');
    expect(exactTargets(table, 'payout')).toEqual([]);
    expect(exactTargets(undefined, 'payout-create-order')).toEqual([]);
  });
});

describe('the keys a built page declares (plugins/search-index/pages.mjs)', () => {
  it('uses the separator the components write', () => {
    expect(KEY_SEPARATOR).toBe(SEARCH_KEY_SEPARATOR);
  });

  it('lands a key on the heading before it, or on the page, and a code row on itself', () => {
    const html =
      '<html class="docs-doc-page"><body><article><p class=x data-search-key="op-id|POST /a" data-search-kind=endpoint>POST /a' +
      '<h2 class=h id=verify-every-delivery>Verify every <code>delivery</code><a href=#v>\u200b</a></h2>' +
      "<span hidden data-search-key='X-Signature'></span>" +
      '<table><tr id=code-5><td>5</td></tr></table></article></body></html>';
    expect(declaredKeys(html)).toEqual([
      {keys: ['op-id', 'POST /a'], anchor: undefined, title: undefined, kind: undefined},
      {keys: ['X-Signature'], anchor: 'verify-every-delivery', title: 'Verify every delivery', kind: undefined},
      {keys: ['code 5'], anchor: 'code-5', title: 'Response code 5', kind: 'code'},
    ]);
    expect(pageKind(html)).toBe('endpoint');
  });

  it('calls a blog post a blog post and a page without a request line a guide', () => {
    expect(pageKind('<html class="blog-post-page plugin-blog"><body></body></html>')).toBe('blog');
    expect(pageKind('<html class="docs-doc-page"><body><p data-search-kind="webhook"></p></body></html>')).toBe(
      'webhook',
    );
    expect(pageKind('<html class="docs-doc-page"><body><h1>Guide</h1></body></html>')).toBe('guide');
  });
});
