import {describe, expect, it} from 'vitest';
import {closestRoute, routePaths} from '#core/util/closest-route';

const ROUTES = [
  '/',
  '/api',
  '/HeaderMarkdown',
  '/docs/v1/',
  '/docs/v1/aeps',
  '/docs/v1/service/aeps/withdrawal',
  '/docs/v1/service/aeps/balance-enquiry',
  '/docs/v1/service/bbps/pay-bill',
];

describe('routePaths', () => {
  it('lists the leaves of a route tree once each, without the catch-all or parameters', () => {
    const tree = [
      {path: '/blog', routes: []},
      {
        path: '/docs',
        routes: [
          {
            path: '/docs/v1',
            routes: [{path: '/docs/v1/aeps'}, {path: '/docs/v1/service/aeps/withdrawal'}, {path: '/docs/v1/:slug'}],
          },
        ],
      },
      {path: '/api', routes: [{path: '/api', routes: [{path: '/api'}]}]},
      {path: '/'},
      {path: '*'},
    ];
    expect(routePaths(tree)).toEqual(['/blog', '/docs/v1/aeps', '/docs/v1/service/aeps/withdrawal', '/api', '/']);
  });
});

describe('closestRoute', () => {
  it('suggests the route one letter away from a typo', () => {
    expect(closestRoute('/docs/v1/service/aeps/withdrawl', ROUTES)).toBe('/docs/v1/service/aeps/withdrawal');
    expect(closestRoute('/docs/v1/service/bbps/paybill', ROUTES)).toBe('/docs/v1/service/bbps/pay-bill');
  });

  it('finds a page whose folder moved, and ignores case and a trailing slash', () => {
    expect(closestRoute('/docs/v1/aeps/withdrawal', ROUTES)).toBe('/docs/v1/service/aeps/withdrawal');
    expect(closestRoute('/headermarkdown', ROUTES)).toBe('/HeaderMarkdown');
    expect(closestRoute('/API/', ROUTES)).toBe('/api');
  });

  it('suggests nothing for an address too far from every route, or for a served route itself', () => {
    expect(closestRoute('/pricing/enterprise-plans', ROUTES)).toBeUndefined();
    expect(closestRoute('/api', ROUTES)).toBeUndefined();
    expect(closestRoute('/x', [])).toBeUndefined();
  });
});
