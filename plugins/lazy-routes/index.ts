/**
 * A faster first start of the dev server: each route's code is compiled when a page first asks
 * for it, not all at start.
 *
 * Docusaurus loads every route's components and content through `import()` (its registry), so the
 * first compile of the dev server builds every page of the site (96 operation pages with their
 * contract data, the guides, the blog) before the first page can show. With Rspack's lazy
 * compilation each `import()` is a stub until the browser runs it: the stub asks the dev server
 * (the middleware added here) to compile that module, and the compiled code arrives as a hot
 * update. The first compile is the app shell and the home page, the page `npm start` opens (its
 * component and the route data, JSON that costs nothing to compile, are left out of the lazy
 * imports: no round trip before the first page shows); any other page compiles its route on its
 * first visit, or when a link to it is hovered (Docusaurus preloads it), once per dev server.
 *
 * Dev server with Rspack only: the build, the server bundle and webpack are not touched.
 */
import path from 'node:path';
import {lazyCompilationMiddleware, type Compiler} from '@rspack/core';
import type {LoadContext, Plugin} from '@docusaurus/types';

type ConfigureWebpackResult = ReturnType<NonNullable<Plugin['configureWebpack']>>;

/** The part of webpack-dev-server handed to `setupMiddlewares` that is used here. */
interface DevServer {
  readonly compiler: Compiler;
}
type Middleware = ReturnType<typeof lazyCompilationMiddleware>;

/**
 * The dev server's `setupMiddlewares` that puts `create(compiler)` first. Docusaurus merges a
 * plugin's with its own by calling both on the same list and joining what they return, so this
 * adds to the list and returns nothing: no middleware is listed twice.
 */
export function lazyMiddlewareSetup<M>(
  create: (compiler: Compiler) => M,
): (middlewares: M[], devServer: DevServer) => M[] {
  return (middlewares, devServer) => {
    middlewares.unshift(create(devServer.compiler));
    return [];
  };
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which imported modules wait for their first use, by file: all but the home page's component and
 * the route data Docusaurus generates as JSON (.docusaurus/). A RegExp, not a function: Rspack
 * 1.7.12 panics ("capacity overflow") calling a `test` function from its threads.
 */
export function lazyUnlessHomeOrData(siteDir: string): RegExp {
  const home = escaped(path.join(siteDir, 'src', 'pages', 'index.tsx'));
  const generated = escaped(path.join(siteDir, '.docusaurus') + path.sep);
  return new RegExp(`^(?!${home}$|${generated}.*\\.json$)`);
}

/**
 * Whether this compile gets lazy compilation: the dev server's client bundle with Rspack. The
 * registry's rewrite (plugins/lean-registry) asks too: with lazy compilation its weak module ids
 * must go, or every route's module is built at start all the same.
 */
export function compilesLazily(isServer: boolean, bundlerName: string): boolean {
  return !isServer && process.env.NODE_ENV !== 'production' && bundlerName === 'rspack';
}

export default function lazyRoutesPlugin(context: Pick<LoadContext, 'siteDir'>): Plugin {
  return {
    name: 'lazy-routes',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (!compilesLazily(isServer, currentBundler.name)) return {};
      const rspackOnly = {
        lazyCompilation: {entries: false, imports: true, test: lazyUnlessHomeOrData(context.siteDir)},
        devServer: {setupMiddlewares: lazyMiddlewareSetup<Middleware>(lazyCompilationMiddleware)},
      };
      // Docusaurus types the result as webpack's configuration, which has no top-level lazyCompilation.
      return rspackOnly as ConfigureWebpackResult;
    },
  };
}
