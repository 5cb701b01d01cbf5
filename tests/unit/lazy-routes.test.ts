import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {describe, expect, it, vi} from 'vitest';
import type {Compiler} from '@rspack/core';
import lazyRoutesPlugin, {
  heldLazyMiddleware,
  holdLazyCompiles,
  HELD_AT_START,
  LAZY_CONTENT,
  LAZY_PREFIX,
  firstMiddlewareSetup,
} from '../../plugins/lazy-routes';

type Middleware = unknown;
type Setup = (middlewares: Middleware[], devServer: {compiler: Compiler}) => Middleware[];
interface Configured {
  lazyCompilation?: unknown;
  devServer?: {setupMiddlewares: Setup};
}

const REPO = path.resolve(__dirname, '../..');
const plugin = (rspackBundler = true): Plugin =>
  lazyRoutesPlugin({siteDir: REPO, siteConfig: {future: {faster: {rspackBundler}}} as LoadContext['siteConfig']});

const configure = (isServer: boolean, bundler = 'rspack'): Configured =>
  (plugin().configureWebpack as (c: object, s: boolean, u: object) => Configured)({}, isServer, {
    currentBundler: {name: bundler},
  });

/** The webpack-merge Docusaurus merges a plugin's devServer with (its start command's own copy). */
const docusaurusRequire = createRequire(require.resolve('@docusaurus/core/package.json'));
const {merge} = docusaurusRequire('webpack-merge') as {merge: (...configs: object[]) => {setupMiddlewares: Setup}};

describe('lazyRoutesPlugin', () => {
  it("turns on Rspack's lazy compilation of dynamic imports for the dev server's client bundle only", () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(configure(false).lazyCompilation).toMatchObject({entries: false, imports: true});
    expect(typeof configure(false).devServer?.setupMiddlewares).toBe('function');
    expect(configure(true)).toEqual({});
    expect(configure(false, 'webpack')).toEqual({});
    vi.stubEnv('NODE_ENV', 'production');
    expect(configure(false)).toEqual({});
  });

  it("compiles at start the layouts, the React pages and the route data, and the pages' Markdown and MDX on first use", () => {
    const isLazy = (file: string): boolean => LAZY_CONTENT.test(file);
    expect(isLazy('/site/docs/v1/index.mdx')).toBe(true);
    expect(isLazy('/site/blog/2026-01-01-post.md')).toBe(true);
    expect(isLazy('/site/src/pages/api.mdx')).toBe(true);
    // The home page, the first page a writer opens, compiles at start, held until the contract's data it imports is written.
    expect(isLazy('/site/src/pages/index.tsx')).toBe(false);
    expect(HELD_AT_START.test('/site/src/pages/index.tsx')).toBe(true);
    expect(HELD_AT_START.test('/site/src/pages/api.mdx')).toBe(false);
    expect(HELD_AT_START.test('/site/src/components/Endpoint/index.tsx')).toBe(false);
    expect(isLazy('/site/src/pages/index.module.css')).toBe(false);
    expect(isLazy('/site/.docusaurus/docusaurus-plugin-content-docs/default/p/docs-v-1-a4f.json')).toBe(false);
    // The layouts and components carry the stylesheets, which a lazily compiled module never delivers.
    expect(isLazy('/site/node_modules/@docusaurus/theme-classic/lib/theme/DocItem/index.js')).toBe(false);
    expect(isLazy('/site/src/theme/DocItem/Layout/index.tsx')).toBe(false);
    expect(isLazy('/site/src/components/TryIt/styles.module.css')).toBe(false);
  });

  it("loads the content's component stylesheets with the app shell in the dev server with Rspack, and nowhere else", () => {
    vi.stubEnv('NODE_ENV', 'development');
    const modules = plugin().getClientModules?.() ?? [];
    const ours = (file: string): string => path.join(REPO, file);
    // The reference and its method badges: imported by the operation pages' MDX only.
    expect(modules).toContain(ours('src/components/Reference/styles.module.css'));
    expect(modules).toContain(ours('src/components/MethodBadge/styles.module.css'));
    // The home page compiles at start (HELD_AT_START), its stylesheet with it.
    expect(modules).not.toContain(ours('src/pages/index.module.css'));
    expect(modules.some((file) => /@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/].*\.css$/.test(file))).toBe(
      true,
    );
    expect(modules.every((file) => file.endsWith('.css'))).toBe(true);
    expect(plugin(false).getClientModules?.()).toEqual([]);
    vi.stubEnv('NODE_ENV', 'production');
    expect(plugin().getClientModules?.()).toEqual([]);
    vi.unstubAllEnvs();
  });

  it("puts the lazy compilation middleware first, beside Docusaurus' own, with no middleware listed twice", () => {
    const compiler = {} as Compiler;
    const ours = {
      setupMiddlewares: firstMiddlewareSetup((c) => (c === compiler ? ['served', 'lazy'] : ['wrong compiler'])),
    };
    // Docusaurus' start command: its own setupMiddlewares (a source-map middleware first), then
    // each plugin's devServer merged over it with webpack-merge.
    const docusaurus = {
      setupMiddlewares: (middlewares: Middleware[]) => {
        middlewares.unshift('eval-source-map');
        return middlewares;
      },
    };
    const merged = merge(docusaurus, ours);
    const list = merged.setupMiddlewares(['static', 'history'], {compiler});
    expect(list).toEqual(['served', 'lazy', 'eval-source-map', 'static', 'history']);
    // Why this one plugin adds both: a second plugin's setup is merged with the joined copy of the
    // list, and what it adds to the list is lost.
    const other = {setupMiddlewares: firstMiddlewareSetup(() => ['other'])};
    expect(merge(docusaurus, ours, other).setupMiddlewares(['static'], {compiler})).not.toContain('other');
  });

  it('holds a request to compile a module until the data held for is written, and lets any other request through', async () => {
    const seen: string[] = [];
    const inner = ((req: {url: string}) => void seen.push(req.url)) as unknown as Parameters<
      typeof heldLazyMiddleware
    >[0];
    const held = heldLazyMiddleware(inner) as unknown as (
      req: {url: string},
      res: unknown,
      next: () => void,
    ) => unknown;
    let write!: () => void;
    holdLazyCompiles(new Promise<void>((resolve) => (write = resolve)));
    const compile = held({url: `${LAZY_PREFIX}abc`}, {}, () => undefined);
    held({url: '/docs/v1/'}, {}, () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['/docs/v1/']);
    write();
    await compile;
    expect(seen).toEqual(['/docs/v1/', `${LAZY_PREFIX}abc`]);
    // A hold that fails releases too: the plugin that held reports its failure.
    holdLazyCompiles(Promise.reject(new Error('contract')));
    await held({url: `${LAZY_PREFIX}def`}, {}, () => undefined);
    expect(seen).toContain(`${LAZY_PREFIX}def`);
  });

  it('holds the React pages of the first compile until the data they import is written, their source unchanged', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const rules = (configure(false) as {module?: {rules: {test: RegExp; use: {loader: string}[]}[]}}).module?.rules;
    expect(rules?.map((r) => r.test)).toEqual([HELD_AT_START]);
    vi.unstubAllEnvs();
    const loader = createRequire(__filename)(rules![0]!.use[0]!.loader) as (
      this: {async(): (err: Error | null, out?: string) => void},
      source: string,
    ) => string | undefined;
    const run = (): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const out = loader.call({async: () => (err, text) => (err ? reject(err) : resolve(text))}, 'page');
        if (out !== undefined) resolve(out);
      });
    let write!: () => void;
    holdLazyCompiles(new Promise<void>((resolve) => (write = resolve)));
    let compiled = false;
    const page = run().then((text) => ((compiled = true), text));
    await new Promise((resolve) => setImmediate(resolve));
    expect(compiled, 'held while the data is written').toBe(false);
    write();
    expect(await page).toBe('page');
    expect(await run(), 'nothing held: at once').toBe('page');
  });
});
