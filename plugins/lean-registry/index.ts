/**
 * A lighter route registry in the browser bundle (main.js, on every page's first visit).
 *
 * Docusaurus generates `.docusaurus/registry.js` with one entry per route chunk:
 * `[loader, "<module path>", require.resolveWeak("<module path>")]`. The module path string is
 * read by react-loadable only through its server-side `Capture` context (to list the chunks a
 * page used while rendering it to HTML); the browser never reads it, yet the strings grow main.js
 * with every page. The client bundle gets the
 * registry with each path string emptied; the server bundle keeps it as generated.
 *
 * In the dev server with lazy compilation (plugins/lazy-routes) the rewrite also drops each
 * entry's `require.resolveWeak("<module path>")`. A weak require keeps a module out of the bundle
 * but still builds it, loaders and all: with the weak ids the dev server's first compile built
 * every doc, blog post and operation page and the contract data they import (945 modules, 8 MB,
 * 14 of its 15 seconds on a busy machine) only to leave them out. react-loadable reads the ids
 * only to render a route synchronously when its module is already in the bundle (`preloadReady`,
 * a server-rendered page's hydration), which the dev server never does: it loads each route
 * through the entry's `import()`.
 *
 * Coupled to the generated registry's format and to react-loadable's use of `modules`: the
 * unit test checks the rewrite against the format, tests/e2e (every route hydrates, client
 * navigation) would catch a registry the browser can no longer use.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {compilesLazily} from '../lazy-routes';

const REGISTRY = /[\\/]\.docusaurus[\\/]registry\.js$/;

export default function leanRegistryPlugin(): Plugin {
  return {
    name: 'lean-registry',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const options = {lazy: compilesLazily(isServer, currentBundler.name)};
      return {module: {rules: [{test: REGISTRY, use: [{loader: path.join(__dirname, 'loader.cjs'), options}]}]}};
    },
  };
}
