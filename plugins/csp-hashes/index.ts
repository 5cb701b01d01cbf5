/**
 * After a production build, hash every inline <script> the build emitted
 * (the theme's colour-mode bootstrap and the announcement-bar check) and write
 * deploy/csp-hashes.conf, so the Content-Security-Policy can allow exactly
 * those scripts without 'unsafe-inline'. The file is committed with the deploy
 * config; a test fails if it drifts from the build. The hashing itself is in
 * hashes.mjs, which the bench also uses for the stock site it serves.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {writeIfChanged} from '../write-file';
import {buildScriptHashes, inlineScriptHashes, renderHashesConf} from './hashes.mjs';

export {inlineScriptHashes, renderHashesConf};

export default function cspHashesPlugin(context: {siteDir: string}): Plugin {
  return {
    name: 'csp-hashes',
    postBuild({outDir}) {
      const target = path.join(context.siteDir, 'deploy', 'csp-hashes.conf');
      writeIfChanged(target, renderHashesConf(buildScriptHashes(outDir)));
    },
  };
}
