/**
 * Dev server only (`npm start`; `npm run build` never sees it): Rspack's lazy compilation of the
 * routes (issue 35, "A writer's first page").
 *
 * Every route of a Docusaurus site is a dynamic `import()` in its registry, and
 * the dev server compiled all of them (about 150 pages here, each with its MDX, its generated
 * reference data and its components; a stock site has about 10) before it answered the first
 * request. With Rspack's `lazyCompilation` (imports only; the entry, the app shell, stays eager) a
 * route's chunk is a small proxy until the browser runs it: opening a page, following a link or
 * hovering one (Docusaurus preloads on hover) asks the dev server to compile that route, and the
 * page follows by hot update. What a writer never opens is never compiled.
 *
 * Rspack applies it through `lazyCompilationMiddleware(compiler)`, which Rspack's own dev server
 * calls; Docusaurus runs webpack-dev-server, so the middleware is added here, first, in the dev
 * server's `setupMiddlewares` (`lazyRoutesDevServer`; the coupling to Docusaurus' own
 * `setupMiddlewares` and webpack-merge is held by tests/unit/lazy-routes.test.ts).
 */
import type {Plugin} from '@docusaurus/types';

/** A connect middleware, as webpack-dev-server takes them. */
type Middleware = (req: unknown, res: unknown, next?: () => void) => unknown;
type MiddlewareEntry = Middleware | {name?: string; path?: string; middleware: Middleware};

/** The part of Rspack the lazy routes need. */
export interface LazyRspack {
  readonly lazyCompilationMiddleware: (compiler: unknown) => Middleware;
}

/**
 * The dev server's `setupMiddlewares`: the lazy compilation middleware first (it answers the
 * browser's POST that activates a route; nothing before it may answer or hold that request).
 *
 * Docusaurus has a `setupMiddlewares` of its own (its source-map middleware) and merges ours with
 * webpack-merge, which calls both with the same array and concatenates what they return: ours adds
 * to that array and returns an empty one, so each middleware is in the result once.
 */
export function lazyRoutesDevServer(rspack: LazyRspack): {
  setupMiddlewares: (middlewares: MiddlewareEntry[], devServer: {compiler: unknown}) => MiddlewareEntry[];
} {
  return {
    // A plain function, not an arrow returning a promise: webpack-merge joins two functions only
    // when both are of type Function.
    setupMiddlewares: function setupMiddlewares(middlewares, devServer) {
      middlewares.unshift({
        name: 'rspack-lazy-compilation',
        middleware: rspack.lazyCompilationMiddleware(devServer.compiler),
      });
      return [];
    },
  };
}

/**
 * The client config's part for lazy routes: dynamic imports compiled on first use, entries eager
 * (the app shell and its client modules are on every page).
 */
export function lazyRoutes(rspack: LazyRspack): {
  lazyCompilation: {imports: true; entries: false};
  devServer: ReturnType<typeof lazyRoutesDevServer>;
} {
  return {lazyCompilation: {imports: true, entries: false}, devServer: lazyRoutesDevServer(rspack)};
}

type Bundler = Parameters<NonNullable<Plugin['configureWebpack']>>[2]['currentBundler'];

/** Rspack's middleware factory, or a message naming the fix when the bundler is not Rspack. */
export function lazyRspack(currentBundler: Bundler): LazyRspack {
  const {lazyCompilationMiddleware} = currentBundler.instance as Partial<LazyRspack>;
  if (currentBundler.name !== 'rspack' || typeof lazyCompilationMiddleware !== 'function')
    throw new Error(
      `lazy-routes: the dev server compiles routes on first use with Rspack's lazyCompilationMiddleware, and the bundler is ${currentBundler.name}: keep future.faster.rspackBundler true in docusaurus.config.ts.`,
    );
  return {lazyCompilationMiddleware};
}

export default function lazyRoutesPlugin(): Plugin {
  return {
    name: 'lazy-routes',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer || process.env.NODE_ENV === 'production') return {};
      return lazyRoutes(lazyRspack(currentBundler));
    },
  };
}
