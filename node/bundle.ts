/**
 * One of our TypeScript modules, with every file of ours it imports, compiled by esbuild into one
 * CommonJS module that Node runs as it is: the site's config (node/site-config.ts) and the
 * changelog's worker thread (node/contract/changelog-worker.ts). Packages (bare imports, `node:`
 * ones too) stay outside and are required by Node from the site's folder; our files (relative paths,
 * and package.json's `#core/` and `#node/` imports) are compiled in, each with its own location where
 * it names one (`__dirname`, `__filename`, `import.meta.url`), and every name kept (`keepNames`).
 *
 * A worker thread's bundle is made while the config is (`keepThreadBundles`), and kept in the
 * process: a thread is then started at once, even while the main thread is busy for seconds with
 * work that never yields (compiling the contract), which would hold up the answer of an esbuild
 * started then.
 */
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {Worker} from 'node:worker_threads';
import {build, type Plugin} from 'esbuild';

/** A bundle: its code, and the file name it stands for. */
export interface Bundle {
  readonly code: string;
  readonly file: string;
}

const LOADERS = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
} as const;

const sourceFiles: Plugin = {
  name: 'node-bundle-source-files',
  setup(b) {
    b.onResolve({filter: /^[^./#]/}, (args) => (args.kind === 'entry-point' ? undefined : {external: true}));
    b.onLoad({filter: /\.[cm]?[jt]sx?$/}, (args) => {
      const ext = path.extname(args.path) as keyof typeof LOADERS;
      return {contents: withOwnLocation(fs.readFileSync(args.path, 'utf8'), args.path), loader: LOADERS[ext]};
    });
  },
};

/** `source` (the text of `file`) with its `__dirname`, `__filename` and `import.meta.url` written out. */
function withOwnLocation(source: string, file: string): string {
  return source
    .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(file).href))
    .replace(/\b__dirname\b/g, JSON.stringify(path.dirname(file)))
    .replace(/\b__filename\b/g, JSON.stringify(file));
}

/**
 * The bundle of `entry`: its code and the file name it stands for, beside `entry` (nothing is
 * written). No source map: see node/site-config.ts.
 */
export async function bundleForNode(entry: string, siteDir: string): Promise<Bundle> {
  const file = path.join(path.dirname(entry), `.${path.basename(entry, path.extname(entry))}.bundle.cjs`);
  const {outputFiles} = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    outfile: file,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    keepNames: true,
    logLevel: 'silent',
    absWorkingDir: siteDir,
    plugins: [sourceFiles],
  });
  const [out] = outputFiles;
  if (!out) throw new Error(`esbuild wrote nothing for ${path.relative(siteDir, entry)}`);
  return {code: out.text, file};
}

/** The modules run as worker threads: bundled beside the config, before any plugin runs. */
export const THREAD_ENTRIES = [
  path.join(__dirname, 'contract', 'changelog-worker.ts'),
  path.join(__dirname, 'contract', 'compile-worker.ts'),
] as const;

const KEPT = Symbol.for('payments-api-docs.thread-bundles');

function kept(): Map<string, Bundle> {
  const state = globalThis as {[KEPT]?: Map<string, Bundle>};
  return (state[KEPT] ??= new Map<string, Bundle>());
}

/**
 * Bundles every module of THREAD_ENTRIES and keeps each for `keptBundle` (replacing what an earlier
 * load of the config kept). One that fails is not kept: its thread is bundled when started, and
 * reports the failure then.
 */
export async function keepThreadBundles(siteDir: string): Promise<void> {
  await Promise.all(
    THREAD_ENTRIES.map((entry) =>
      bundleForNode(entry, siteDir).then(
        (bundle) => kept().set(entry, bundle),
        () => kept().delete(entry),
      ),
    ),
  );
}

/** The bundle of a module of THREAD_ENTRIES, if the config's load made it. */
export const keptBundle = (entry: string): Bundle | undefined => kept().get(entry);

/** `start()` run now, its value or its error as a promise. */
function spawnNow<T>(start: () => T): Promise<T> {
  try {
    return Promise.resolve(start());
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
}

/**
 * A worker thread running `entry` (one of THREAD_ENTRIES) with `workerData`: started at once from
 * the bundle the config's load kept, or once esbuild has bundled it. The thread does not keep the
 * process alive; the promise fails where no thread can be started (no esbuild), and the caller then
 * does the work itself.
 */
export function startThread(entry: string, siteDir: string, workerData: unknown): Promise<Worker> {
  const spawn = ({code}: Bundle): Worker => {
    // Evaluated code requires from the working folder: packages are found from the site's instead.
    const requireFromSite = `require = require('node:module').createRequire(${JSON.stringify(path.join(siteDir, 'package.json'))});`;
    const worker = new Worker(`${requireFromSite}\n${code}`, {eval: true, workerData, stdout: false});
    worker.unref();
    return worker;
  };
  const ready = keptBundle(entry);
  const started = ready ? spawnNow(() => spawn(ready)) : bundleForNode(entry, siteDir).then(spawn);
  started.catch(() => undefined);
  return started;
}
