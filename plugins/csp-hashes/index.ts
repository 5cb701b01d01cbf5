/**
 * After a production build, hash every inline <script> the build emitted
 * (the theme's colour-mode bootstrap and the announcement-bar check) and write
 * deploy/csp-hashes.conf, so the Content-Security-Policy can allow exactly
 * those scripts without 'unsafe-inline'. The file is committed with the deploy
 * config: commit it with any change that alters an inline script. tests/e2e/serving.spec.ts
 * fails if the policy nginx serves blocks an inline script of the build. The hashing itself is in
 * hashes.mjs, which the bench also uses for the stock site it serves.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import fs from 'node:fs';
import {buildScriptHashes, inlineScriptHashes, renderHashesConf} from './hashes.mjs';

export {inlineScriptHashes, renderHashesConf};

export default function cspHashesPlugin(context: {siteDir: string}): Plugin {
  return {
    name: 'csp-hashes',
    postBuild({outDir}) {
      const target = path.join(context.siteDir, 'deploy', 'csp-hashes.conf');
      // A deploy file committed with the repository, not site data: written as is after each build.
      fs.writeFileSync(target, renderHashesConf(buildScriptHashes(outDir)));
    },
  };
}
