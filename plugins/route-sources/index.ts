/**
 * Writes node/generated.ts's `routeSources` (site path -> the file it was built from) after a build,
 * from the routes' own `metadata.sourceFilePath`. Docusaurus' broken-link report names only the page
 * URL; scripts/build.mjs reads this file to name the source file to edit as well. (The check runs
 * after postBuild, so the map is always there when the check fails.)
 */
import fs from 'node:fs';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {generatedPath} from '#node/generated';
import {routeSources} from './sources.mjs';

export default function routeSourcesPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-sources',
    postBuild({routes}) {
      const file = generatedPath('routeSources', undefined, {generatedFilesDir: context.generatedFilesDir});
      fs.writeFileSync(file, `${JSON.stringify(routeSources(routes), null, 1)}\n`);
    },
  };
}
