/**
 * A faster first start of the dev server: each route's code is compiled when a page first asks
 * for it, not all at start.
 *
 * Docusaurus loads every route's components and content through `import()` (its registry), so the
 * first compile of the dev server builds every page of the site (96 operation pages with their
 * contract data, the guides, the blog) before the first page can show. With Rspack's lazy
 * compilation a page's `import()` of its content is a stub until the browser runs it: the stub asks
 * the dev server (the middleware added here) to compile that module, and the compiled code arrives
 * as a hot update. The first compile is the app shell, the route components (layouts) and the route
 * data; a page's Markdown or MDX compiles on its first visit, or when a link to it is hovered
 * (Docusaurus preloads it), once per dev server (LAZY_CONTENT says why not the components too).
 *
 * Dev server with Rspack only: the build, the server bundle and webpack are not touched.
 */
import fs from 'node:fs';
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

/**
 * Which imported modules wait for their first use: the pages' Markdown and MDX (the docs, the blog
 * posts, the MDX pages), each with the data and code only it imports. The route components (the
 * theme's layouts, our components) and the route data JSON compile at start, as in a build.
 *
 * Not every module: with Rspack 1.7.12 a lazily compiled module's stylesheet never reaches the
 * page. The CSS chunk map of the runtime is not brought up to date by the hot update that delivers
 * the module, so its chunk's CSS is never requested, and a first visit showed the docs layout
 * unstyled (the sidebar across the whole width) until a reload. The layouts carry the stylesheets;
 * the pages' content carries the weight (945 modules and 8 MB with the contract data it imports),
 * and no page of ours imports a stylesheet of its own. A RegExp, not a function: Rspack 1.7.12
 * panics ("capacity overflow") calling a `test` function from its threads.
 */
export const LAZY_CONTENT = /\.mdx?$/;

/** The stylesheets under `dir` (CSS modules and plain CSS), at any depth. */
function stylesheetsUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.css'))
    .map((file) => path.join(dir, file))
    .sort();
}

/**
 * The stylesheets of the components a page's content imports (ours, and the theme's), loaded with
 * the app shell in the dev server: a lazily compiled page's own stylesheets never arrive
 * (LAZY_CONTENT), and its MDX imports components (the reference, the code samples, the method
 * badges) whose stylesheets would otherwise be missing on the page's first visit. A CSS module's
 * class names depend on its file only, so the page's components find theirs. `src/css/` is the
 * site's own global CSS, loaded already.
 */
export function contentStylesheets(siteDir: string): string[] {
  return [
    ...stylesheetsUnder(path.join(siteDir, 'src', 'components')),
    ...stylesheetsUnder(path.join(siteDir, 'src', 'theme')),
    ...stylesheetsUnder(
      path.join(path.dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme'),
    ),
  ];
}

/**
 * Whether this compile gets lazy compilation: the dev server's client bundle with Rspack. The
 * registry's rewrite (plugins/lean-registry) asks too: with lazy compilation its weak module ids
 * must go, or every route's module is built at start all the same.
 */
export function compilesLazily(isServer: boolean, bundlerName: string): boolean {
  return !isServer && process.env.NODE_ENV !== 'production' && bundlerName === 'rspack';
}

export default function lazyRoutesPlugin(context: Pick<LoadContext, 'siteDir' | 'siteConfig'>): Plugin {
  // Client modules are chosen before the bundler is known: the dev server with Rspack (the site's
  // bundler, docusaurus.site.ts) is the case compilesLazily answers in configureWebpack.
  const lazyDev = process.env.NODE_ENV !== 'production' && context.siteConfig.future.faster.rspackBundler;
  return {
    name: 'lazy-routes',
    getClientModules() {
      return lazyDev ? contentStylesheets(context.siteDir) : [];
    },
    configureWebpack(_config, isServer, {currentBundler}) {
      if (!compilesLazily(isServer, currentBundler.name)) return {};
      const rspackOnly = {
        lazyCompilation: {entries: false, imports: true, test: LAZY_CONTENT},
        devServer: {setupMiddlewares: lazyMiddlewareSetup<Middleware>(lazyCompilationMiddleware)},
      };
      // Docusaurus types the result as webpack's configuration, which has no top-level lazyCompilation.
      return rspackOnly as ConfigureWebpackResult;
    },
  };
}
