/**
 * Faster MDX edits in the dev server: an edited docs page updates in place instead of the whole app
 * being rebuilt in the browser.
 *
 * A docs MDX module exports more than a component (front matter, TOC, metadata), so React Fast
 * Refresh does not take its hot updates: they travel up to Docusaurus' client entry, which runs
 * again, re-creates every route and remounts the whole app (navbar, sidebar and page) in React's
 * development build. Here each docs MDX module accepts its own updates (loader.cjs) and hands its
 * new exports to the open page: src/theme/DocItem swaps its `content` and React renders that doc
 * again. A doc not on screen keeps its new exports for when it is opened (src/client/doc-hot.ts);
 * a partial no open page shows passes its update up as before, and so do changes elsewhere
 * (sidebars, other metadata).
 *
 * Dev server only: the build's client and server bundles are not touched.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function mdxHotPlugin(context: LoadContext, options: {readonly docsPath: string}): Plugin {
  const docsDir = path.resolve(context.siteDir, options.docsPath);
  return {
    name: 'mdx-hot',
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV === 'production') return {};
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/i,
              include: [docsDir],
              enforce: 'post' as const,
              use: [{loader: path.join(__dirname, 'loader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
