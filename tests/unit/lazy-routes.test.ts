import {createRequire} from 'node:module';
import {describe, expect, it, vi} from 'vitest';
import type {Compiler} from '@rspack/core';
import lazyRoutesPlugin, {lazyMiddlewareSetup, lazyUnlessHomeOrData} from '../../plugins/lazy-routes';

type Middleware = unknown;
type Setup = (middlewares: Middleware[], devServer: {compiler: Compiler}) => Middleware[];
interface Configured {
  lazyCompilation?: unknown;
  devServer?: {setupMiddlewares: Setup};
}

const configure = (isServer: boolean, bundler = 'rspack'): Configured =>
  (lazyRoutesPlugin({siteDir: '/site'}).configureWebpack as (c: object, s: boolean, u: object) => Configured)(
    {},
    isServer,
    {
      currentBundler: {name: bundler},
    },
  );

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

  it('compiles at start the home page and the route data, and every other imported module on first use', () => {
    const lazy = lazyUnlessHomeOrData('/site');
    const isLazy = (file: string): boolean => lazy.test(file);
    expect(isLazy('/site/src/pages/index.tsx')).toBe(false);
    expect(isLazy('/site/.docusaurus/docusaurus-plugin-content-docs/default/p/docs-v-1-a4f.json')).toBe(false);
    expect(isLazy('/site/docs/v1/index.mdx')).toBe(true);
    expect(isLazy('/site/src/pages/api.mdx')).toBe(true);
    expect(isLazy('/site/node_modules/@docusaurus/theme-classic/lib/theme/DocItem/index.js')).toBe(true);
    expect(isLazy('/site/.docusaurus/api-contract/default/views.json.mdx')).toBe(true);
  });

  it("puts the lazy compilation middleware first, beside Docusaurus' own, with no middleware listed twice", () => {
    const compiler = {} as Compiler;
    const ours = {setupMiddlewares: lazyMiddlewareSetup((c) => (c === compiler ? 'lazy' : 'wrong compiler'))};
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
    expect(list).toEqual(['lazy', 'eval-source-map', 'static', 'history']);
  });
});
