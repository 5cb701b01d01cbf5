/**
 * Code highlighted at build time, and no Prism in the browser.
 *
 * Token colours: the CSS for the light and dark themes of core/code/prism-themes.ts (which
 * `themeConfig.prism` names too) is generated with `createData` (node/generated.ts `codeTheme`,
 * in .docusaurus/static-code/default/) and added as a client module, so it is in the site's one stylesheet. Docusaurus
 * collects client modules after every plugin's contentLoaded, so the file exists by then.
 * Highlighting reads the same themes to leave out spans for tokens that look like plain text.
 *
 * Keeps Prism out of the browser. Every code block is highlighted at build time (./remark.ts for
 * MDX fences, plugins/api-contract for the reference) and rendered by <StaticCode>, and
 * src/theme/CodeBlock replaces the theme's highlighting CodeBlock; what still pulls Prism into
 * every page is the classic theme's client module `prism-include-languages`, which imports
 * prism-react-renderer to register `prism.additionalLanguages`. This plugin swaps that module
 * for an empty one in the browser bundle. Build-time grammars are set in core/code/highlight.ts.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {codeThemeCss} from '#core/code/highlight';
import {fileName, generatedPath} from '#node/generated';

const THEME_PRISM_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

// The manifest's `codeTheme` names this plugin as its writer (tests/unit/generated.test.ts holds them together).
const NAME = 'static-code';

export default function staticCodePlugin(context: LoadContext): Plugin {
  return {
    name: NAME,
    async contentLoaded({actions}) {
      await actions.createData(fileName('codeTheme'), codeThemeCss());
    },
    getClientModules() {
      return [generatedPath('codeTheme', undefined, {generatedFilesDir: context.generatedFilesDir})];
    },
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            THEME_PRISM_MODULE,
            path.join(__dirname, 'no-runtime-prism.js'),
          ),
        ],
      };
    },
  };
}
