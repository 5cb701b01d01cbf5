/**
 * The server bundle (used only to render the pages to HTML at build time) without a copy of each
 * shared module in every page's chunk.
 *
 * Docusaurus builds the server bundle with `splitChunks: false`, so a module that many page chunks
 * import and the entry does not (our API components: every operation page's MDX imports them) is
 * written into each of those chunks, so the copies grow with operations times pages and the build's
 * memory with them (`npm run bench:scale` measures it). Here the modules that two or more page
 * chunks share go into one chunk, `server-shared`, which Node loads with the first page that needs
 * it. The client bundle keeps Docusaurus' own splitting.
 */
import type {Plugin} from '@docusaurus/types';

export const SERVER_SPLIT_CHUNKS = {
  chunks: 'async',
  minSize: 0,
  cacheGroups: {
    default: false,
    defaultVendors: false,
    shared: {name: 'server-shared', chunks: 'async', minChunks: 2, enforce: true},
  },
} as const;

export default function leanServerBundlePlugin(): Plugin {
  return {
    name: 'lean-server-bundle',
    configureWebpack(_config, isServer) {
      return isServer ? {optimization: {splitChunks: SERVER_SPLIT_CHUNKS}} : {};
    },
  };
}
