/**
 * What the api-contract plugin checks and adds to the bundler's config when it starts: where the
 * generated files go (`assertManifestFolder`) and the sandbox's files copied into the client build
 * (`copySandboxFiles`). No file is read or written here.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {generatedFilesDir} from '#node/generated';

type Bundler = Parameters<NonNullable<Plugin['configureWebpack']>>[2]['currentBundler'];

/**
 * The sandbox's files (the data folder's public/) into the site as they are: the client build
 * emits them, so `npm run build` writes them to build/ and `npm start` serves them from memory.
 */
export function copySandboxFiles(currentBundler: Bundler, publicDir: string): {plugins: unknown[]} {
  const {CopyRspackPlugin} = currentBundler.instance as {
    CopyRspackPlugin?: new (options: unknown) => {apply(compiler: unknown): void};
  };
  if (!CopyRspackPlugin)
    throw new Error(
      `The api-contract plugin copies the sandbox's files with Rspack's CopyRspackPlugin, and the bundler is ${currentBundler.name}: keep future.faster.rspackBundler true in docusaurus.site.ts.`,
    );
  return {plugins: [new CopyRspackPlugin({patterns: [{from: publicDir, to: '.'}]})]};
}

/**
 * The remark plugins and llms-txt find the generated files where node/generated.ts says, computed as
 * Docusaurus computes its `generatedFilesDir`; a site whose Docusaurus put them elsewhere would
 * compile every page against missing or stale data, so it stops here instead.
 */
export function assertManifestFolder(context: Pick<LoadContext, 'generatedFilesDir'>): void {
  const expected = generatedFilesDir();
  if (path.resolve(context.generatedFilesDir) !== expected)
    throw new Error(
      `api-contract: Docusaurus writes generated files to ${context.generatedFilesDir}, but node/generated.ts places them in ${expected}: make generatedFilesDir() in node/generated.ts compute the folder as Docusaurus does (@docusaurus/utils GENERATED_FILES_DIR_NAME).`,
    );
}
