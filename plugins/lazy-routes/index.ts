/**
 * A faster first start of the dev server: each route's code is compiled when a page first asks
 * for it, not all at start.
 *
 * Docusaurus loads every route's components and content through `import()` (its registry), so the
 * first compile of the dev server builds every page of the site (96 operation pages with their
 * contract data, the guides, the blog) before the first page can show. With Rspack's lazy
 * compilation a page's `import()` of its content is a stub until the browser runs it: the stub asks
 * the dev server (the middleware added here) to compile that module, and the compiled code arrives
 * as a hot update. The first compile is the app shell, the route components (layouts), the React
 * pages and the route data; a page's Markdown or MDX compiles on its first visit, or when a link to
 * it is hovered (Docusaurus preloads it), once per dev server (LAZY_CONTENT says why not the
 * components too). A page's compile waits for the data it imports that a plugin is still writing
 * (`holdLazyCompiles`: the API contract's, which the first start writes while the first compile runs),
 * and so do the React pages in the first compile (HELD_AT_START) and a request for a file the site
 * serves as it is (the sandbox's, served from disk here: served.ts).
 *
 * Dev server with Rspack only: the build, the server bundle and webpack are not touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import {lazyCompilationMiddleware, type Compiler} from '@rspack/core';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {servedDir, servedFolders} from '#node/generated';
import {servedFilesMiddleware} from './served';

/** The part of webpack-dev-server handed to `setupMiddlewares` that is used here. */
interface DevServer {
  readonly compiler: Compiler;
}
type Middleware = ReturnType<typeof lazyCompilationMiddleware>;

/**
 * The dev server's `setupMiddlewares` that puts `create(compiler)` first. Docusaurus merges a
 * plugin's with its own by calling both on the same list and joining what they return, so this
 * adds to the list and returns nothing: no middleware is listed twice. One plugin only: a second
 * one's would be merged with the joined copy, and its additions to the list lost (the unit test
 * holds both), so this plugin adds the served files' middleware too.
 */
export function firstMiddlewareSetup<M>(
  create: (compiler: Compiler) => readonly M[],
): (middlewares: M[], devServer: DevServer) => M[] {
  return (middlewares, devServer) => {
    middlewares.unshift(...create(devServer.compiler));
    return [];
  };
}

/** Where the pages' runtime asks the dev server to compile a module (Rspack's default, set to be sure). */
export const LAZY_PREFIX = '/lazy-compilation-using-';

/** What lazily compiled modules wait for: data they import that is still being written. */
const pending = new Set<Promise<unknown>>();

/**
 * Holds every lazy compile until `until` settles: a plugin that writes data the pages import after
 * the first compile has started (plugins/api-contract on the dev server's first start) hands its
 * promise here, so no page compiles against data not yet there. Settled either way: a failure is
 * reported by the plugin that made it.
 */
export function holdLazyCompiles(until: Promise<unknown>): void {
  const held = until.then(
    () => undefined,
    () => undefined,
  );
  pending.add(held);
  void held.then(() => pending.delete(held));
}

/** Settles once nothing is held (`holdLazyCompiles`). */
export async function lazyCompilesReleased(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

type Request = Parameters<Middleware>[0];

/**
 * Rspack's lazy compilation middleware, with each request to compile a module held until the data
 * it imports is written (`lazyCompilesReleased`); any other request goes straight on.
 */
export function heldLazyMiddleware(middleware: Middleware): Middleware {
  return (req: Request, res, next) => {
    if (!(req as {url?: string}).url?.startsWith(LAZY_PREFIX)) return middleware(req, res, next);
    return lazyCompilesReleased().then(() => middleware(req, res, next));
  };
}

/**
 * Which imported modules wait for their first use: the pages' Markdown and MDX (the docs, the blog
 * posts, the MDX pages), each with the data and code only it imports: the modules that import the
 * API contract's generated data but the React pages (HELD_AT_START), so the first compile needs
 * little of it and runs while the contract is loaded (plugins/api-contract). The other route
 * components (the theme's layouts, our components) and the route data JSON compile at start, as in
 * a build.
 *
 * Not every module: with Rspack 1.7.12 a lazily compiled module's stylesheet never reaches the
 * page. The CSS chunk map of the runtime is not brought up to date by the hot update that delivers
 * the module, so its chunk's CSS is never requested, and a first visit showed the docs layout
 * unstyled (the sidebar across the whole width) until a reload. The layouts carry the stylesheets;
 * the pages' content carries the weight (945 modules and 8 MB with the contract data it imports),
 * and the pages' stylesheets are loaded with the app shell (`contentStylesheets`). A RegExp, not a
 * function: Rspack 1.7.12 panics ("capacity overflow") calling a `test` function from its threads.
 */
export const LAZY_CONTENT = /\.mdx?$/;

/**
 * The React pages of src/pages (the home page, which imports the contract's families and
 * downloads): compiled at start, each held by held-loader.cjs until the data it imports is written
 * (`lazyCompilesReleased`), and its imports resolved then. Compiled on first use instead, the home
 * page, the first page a writer opens, waited for a second compile and its hot update after the
 * first: about a second of `npm start` (issue 35).
 */
export const HELD_AT_START = /[\\/]src[\\/]pages[\\/][^\\/]+\.tsx$/;

/** Where held-loader.cjs finds `lazyCompilesReleased` (the loader is required by the bundler, apart from this module). */
export const RELEASED_KEY = Symbol.for('payments-api-docs.lazy-routes.released');

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
 * site's own global CSS, loaded already; the React pages of src/pages compile at start
 * (HELD_AT_START) with their own stylesheets.
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
      (globalThis as Record<symbol, unknown>)[RELEASED_KEY] = lazyCompilesReleased;
      const rspackOnly = {
        module: {rules: [{test: HELD_AT_START, use: [{loader: path.join(__dirname, 'held-loader.cjs')}]}]},
        lazyCompilation: {entries: false, imports: true, test: LAZY_CONTENT, prefix: LAZY_PREFIX},
        devServer: {
          setupMiddlewares: firstMiddlewareSetup<Middleware>((compiler) => [
            servedFilesMiddleware(servedDir(), servedFolders(), context.siteConfig.baseUrl, lazyCompilesReleased),
            heldLazyMiddleware(lazyCompilationMiddleware(compiler)),
          ]),
        },
      };
      // Docusaurus types the result as webpack's configuration, which has no top-level lazyCompilation:
      // not an object literal here, so the key is not an excess property.
      return rspackOnly;
    },
  };
}
