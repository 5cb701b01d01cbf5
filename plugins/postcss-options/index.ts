/**
 * PostCSS as Docusaurus configures it (its plugins, in styleLoader), and nothing else: postcss-loader
 * is told not to look for a PostCSS config file (`config: false`). Without it, the loader searches
 * for one from each stylesheet's folder up to the file system's root (cosmiconfig: `package.json`
 * and 26 file names in every folder on the way), for each of the hundred stylesheets of the site
 * (27) and the theme (75): a second of the main thread in the dev server's first compile (issue
 * 35), which the bundler waits on, and in every build. The site has no such file, and a test holds that (one added
 * would be ignored: its plugins belong in `configurePostCss` here).
 */
import type {Plugin} from '@docusaurus/types';

type PostCssOptions = Parameters<NonNullable<Plugin['configurePostCss']>>[0];

/** Docusaurus's options with the config file search turned off. */
export const withoutConfigSearch = (options: PostCssOptions): PostCssOptions => ({...options, config: false});

export default function postcssOptionsPlugin(): Plugin {
  return {name: 'postcss-options', configurePostCss: withoutConfigSearch};
}
