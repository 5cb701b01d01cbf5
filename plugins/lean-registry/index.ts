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
 * Coupled to the generated registry's format and to react-loadable's use of `modules`: the
 * unit test checks the rewrite against the format, tests/e2e (every route hydrates, client
 * navigation) would catch a registry the browser can no longer use.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const REGISTRY = /[\\/]\.docusaurus[\\/]registry\.js$/;

export default function leanRegistryPlugin(): Plugin {
  return {
    name: 'lean-registry',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {module: {rules: [{test: REGISTRY, use: [{loader: path.join(__dirname, 'loader.cjs')}]}]}};
    },
  };
}
