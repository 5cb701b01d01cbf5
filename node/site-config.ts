/**
 * The site's Docusaurus config (docusaurus.site.ts) bundled by esbuild and run by Node (issue 35, a
 * writer's first page).
 *
 * Docusaurus loads its config, and every module the config imports, through jiti, which compiles
 * each file with Babel on the first start after a clone (its cache under the system's temporary
 * folder is empty): the config reaches about 250 of our TypeScript files, 7 s of CPU on an idle
 * two-core machine. esbuild compiles the same files into one CommonJS module in a fraction of a second;
 * the packages they import stay outside it and are required by Node as they are, so the config gets
 * the same package modules as every other `require` in the process (node/native-require.ts).
 *
 * What a bundle would change is put back (node/bundle.ts):
 *   - each file's `__dirname`, `__filename` and `import.meta.url` are its own, not the bundle's;
 *   - names are kept (`keepNames`), so a plugin's or a function's `name` is what the source says;
 * and here:
 *   - each load runs the config afresh (the bundle is compiled from memory, never cached by Node),
 *     as jiti did with Docusaurus' `requireCache: false`, so the dev server's reload reads the edit;
 *   - the dev server reloads on an edit of docusaurus.site.ts: Docusaurus watches only the file it
 *     loaded (docusaurus.config.ts), so an edit of the site's config marks that one changed
 *     (`reloadOnEdit`).
 * A stack trace names the bundle's lines, by their functions' names: Node's source maps (an inline
 * map, read with `process.setSourceMapsEnabled`) slowed every stack Rspack and the MDX loader take in
 * the dev server, and its hot updates with them (test:dev's third test took 28 s with them, 16.5 s
 * without, in a fresh clone).
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import {bundleForNode, keepThreadBundles} from './bundle';

/**
 * Compiles `entry` and its own files into one CommonJS module and runs it; returns its default
 * export. `siteDir` is where the packages are found from. The worker threads' bundles are made
 * meanwhile (node/bundle.ts `keepThreadBundles`).
 */
export async function loadBundledConfig(entry: string, siteDir: string): Promise<unknown> {
  const [{code, file}] = await Promise.all([bundleForNode(entry, siteDir), keepThreadBundles(siteDir)]);
  const mod = new Module(file);
  mod.filename = file;
  mod.paths = (Module as unknown as {_nodeModulePaths(dir: string): string[]})._nodeModulePaths(siteDir);
  (mod as unknown as {_compile(code: string, file: string): void})._compile(code, file);
  const exported = mod.exports as {default?: unknown};
  return exported.default ?? exported;
}

const WATCHER = Symbol.for('payments-api-docs.site-config-watcher');

/**
 * While the process runs, an edit of `entry` (saved in place or through a rename, as editors do)
 * marks `watched` changed (its times set to now): Docusaurus' dev server reloads the config when the
 * file it loaded changes. One watcher per process, replaced at each load; it never keeps the process
 * alive, so a build ends as before.
 */
export function reloadOnEdit(entry: string, watched: string): void {
  const state = globalThis as {[WATCHER]?: fs.FSWatcher};
  state[WATCHER]?.close();
  const name = path.basename(entry);
  state[WATCHER] = fs.watch(path.dirname(entry), {persistent: false}, (_event, changed) => {
    if (changed !== name || !fs.existsSync(entry)) return;
    const now = new Date();
    fs.utimesSync(watched, now, now);
  });
}
