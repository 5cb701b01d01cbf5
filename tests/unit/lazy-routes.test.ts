/**
 * plugins/lazy-routes: the dev server compiles a route when the browser first asks for it (issue 35).
 *
 * Couplings to libraries' internals, held here:
 * - Docusaurus merges a plugin's `devServer` with its own dev server config by webpack-merge
 *   (`createWebpackDevServer` in @docusaurus/core/lib/commands/start/webpack.js) and has a
 *   `setupMiddlewares` of its own that adds a middleware to the array and returns it;
 * - Rspack applies lazy compilation only through `lazyCompilationMiddleware(compiler)`.
 */
import type {Plugin} from '@docusaurus/types';
import {rspack} from '@rspack/core';
import {merge} from 'webpack-merge';
import {afterEach, describe, expect, it, vi} from 'vitest';
import lazyRoutesPlugin, {lazyRoutes, lazyRoutesDevServer, lazyRspack} from '../../plugins/lazy-routes';

type Bundler = Parameters<NonNullable<Plugin['configureWebpack']>>[2]['currentBundler'];

const lazyMiddleware = (): void => {};
const fakeRspack = {lazyCompilationMiddleware: vi.fn(() => lazyMiddleware)};
const rspackBundler = {name: 'rspack', instance: fakeRspack} as unknown as Bundler;

/** As Docusaurus' own dev server config does (its source-map middleware first). */
const sourceMapMiddleware = (): void => {};
const docusaurusDevServer = {
  port: 3000,
  setupMiddlewares: (middlewares: unknown[]) => {
    middlewares.unshift(sourceMapMiddleware);
    return middlewares;
  },
};

describe('lazy routes in the dev server', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('puts the lazy compilation middleware first, once, beside Docusaurus’ own middlewares', () => {
    const merged = merge([docusaurusDevServer, lazyRoutesDevServer(fakeRspack)]) as typeof docusaurusDevServer;
    const compiler = {name: 'client'};
    const own = [{name: 'webpack-dev-middleware'}, {name: 'history-api-fallback'}];
    const result = (merged.setupMiddlewares as (m: unknown[], d: unknown) => unknown[])(own, {compiler});
    expect(result).toEqual([
      {name: 'rspack-lazy-compilation', middleware: lazyMiddleware},
      sourceMapMiddleware,
      {name: 'webpack-dev-middleware'},
      {name: 'history-api-fallback'},
    ]);
    expect(fakeRspack.lazyCompilationMiddleware).toHaveBeenCalledWith(compiler);
    expect(merged.port).toBe(3000);
  });

  it('compiles dynamic imports (the routes) on first use and keeps the entry eager', () => {
    expect(lazyRoutes(fakeRspack).lazyCompilation).toEqual({imports: true, entries: false});
  });

  it('adds nothing to a production build or to the server bundle', () => {
    const plugin = lazyRoutesPlugin();
    const configure = (isServer: boolean) =>
      plugin.configureWebpack!({}, isServer, {currentBundler: rspackBundler} as never, {});
    vi.stubEnv('NODE_ENV', 'production');
    expect(configure(false)).toEqual({});
    vi.stubEnv('NODE_ENV', 'development');
    expect(configure(true)).toEqual({});
    expect(configure(false)).toMatchObject({lazyCompilation: {imports: true, entries: false}});
  });

  it('uses the installed Rspack’s middleware', () => {
    const {lazyCompilationMiddleware} = lazyRspack({name: 'rspack', instance: rspack} as unknown as Bundler);
    expect(lazyCompilationMiddleware).toBe(rspack.lazyCompilationMiddleware);
  });

  it('names the fix when the bundler is not Rspack', () => {
    expect(() => lazyRspack({name: 'webpack', instance: {}} as unknown as Bundler)).toThrow(
      "lazy-routes: the dev server compiles routes on first use with Rspack's lazyCompilationMiddleware, and the bundler is webpack: keep future.faster.rspackBundler true in docusaurus.config.ts.",
    );
  });
});
