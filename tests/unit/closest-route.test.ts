import {describe, expect, it} from 'vitest';
import fs from 'node:fs';
import {closestRoute, movedCost, routePaths, typoCost} from '#core/util/closest-route';

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

describe('closestRoute, only when the reader plausibly meant the route', () => {
  it('suggests nothing for nonsense, at the root or under a real folder', () => {
    expect(closestRoute('/zzqx/abc', ROUTES)).toBeUndefined();
    expect(closestRoute('/zzqx', ROUTES)).toBeUndefined();
    expect(closestRoute('/abc', ROUTES)).toBeUndefined();
    expect(closestRoute('/docs/v1/service/aeps/zzqx', ROUTES)).toBeUndefined();
    expect(closestRoute('/docs/v1/service/aeps/withdrawal/zzqx', ROUTES)).toBeUndefined();
  });

  it('accepts a typo in a folder as in the page name, but not every segment changed at once', () => {
    expect(closestRoute('/docs/v1/servce/aeps/withdrawal', ROUTES)).toBe('/docs/v1/service/aeps/withdrawal');
    expect(closestRoute('/docs/v2/service/aeps/withdrawal', ROUTES)).toBe('/docs/v1/service/aeps/withdrawal');
    expect(closestRoute('/HeaderMarkdwn', ROUTES)).toBe('/HeaderMarkdown');
    expect(typoCost(['dogs', 'v2'], ['docs', 'v1'])).toBeUndefined();
    expect(typoCost(['docs', 'v2'], ['docs', 'v1'])).toBe(1);
  });

  it('finds a page under a folder added or dropped only when the page name is the same', () => {
    expect(movedCost(['docs', 'v1', 'aeps', 'withdrawal'], ['docs', 'v1', 'service', 'aeps', 'withdrawal'])).toBe(1);
    expect(
      movedCost(['docs', 'v1', 'aeps', 'withdrawl'], ['docs', 'v1', 'service', 'aeps', 'withdrawal']),
    ).toBeUndefined();
    expect(movedCost(['v9', 'withdrawal'], ['docs', 'v1', 'service', 'aeps', 'withdrawal'])).toBeUndefined();
  });

  it('suggests nothing when two routes are equally plausible', () => {
    const two = ['/docs/v1/service/aeps/status', '/docs/v1/service/dmt/status'];
    expect(closestRoute('/docs/v1/status', two)).toBeUndefined();
    expect(closestRoute('/docs/v1/service/aeps/statuss', two)).toBe('/docs/v1/service/aeps/status');
  });

  it('on the routes the site serves: the typo of the issue, and no nonsense', () => {
    const served = fs
      .readFileSync('project-routes.txt', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('/'));
    expect(closestRoute('/docs/v1/service/aeps/withdrawl', served)).toBe('/docs/v1/service/aeps/withdrawal');
    for (const nonsense of ['/zzqx/abc', '/qwerty', '/docs/v1/zzqx', '/foo/bar/baz', '/xyz'])
      expect(closestRoute(nonsense, served), nonsense).toBeUndefined();
  });
});
