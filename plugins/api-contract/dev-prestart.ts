/**
 * `npm start` compiles the contract in a second process from the moment the config starts loading
 * (issue 35, "A writer's first page"). docusaurus.config.ts imports this module first.
 *
 * A first start (no contract cache: a fresh clone, or the contract edited since) spent about 24 s
 * in the api-contract plugin's loadContent (bundle, sandbox, validators, and above all the
 * changelog's comparisons of every published release) after jiti had compiled the config (7 s) and
 * while the docs and blog plugins parsed their pages, all on one thread of a two-core machine.
 * Here dev-compile.ts fills the contract cache on the other core meanwhile, and the plugin's first
 * load waits for it (`contractCompiled`) and reads the entry, as a second start does. Nothing starts
 * when the entry of the files as they are is there already (a second start), and nothing in
 * `npm run build` or any other command.
 *
 * Only Node's own modules and the cache's key (node/contract/cache-key.ts) are imported: jiti
 * compiles this file before anything else of the config.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';
import {contractCacheFilled} from '#node/contract/cache-key';

const SITE_DIR = path.resolve(__dirname, '..', '..');
const CHILD = path.join(__dirname, 'dev-compile.ts');

/** Held on the process, not the module: Docusaurus loads the config afresh on each reload (jiti). */
const STARTED = Symbol.for('api-contract.dev-compile');
type WithCompile = typeof globalThis & {[STARTED]?: Promise<boolean>};

/** Whether this process is `docusaurus start` (the bin sets NODE_ENV; the command is its first argument). */
export const isDevStart = (argv = process.argv, env = process.env): boolean =>
  env.NODE_ENV === 'development' && argv[2] === 'start';

/** The part of a child process the compile uses. */
export interface CompileChild {
  kill(): unknown;
  once(event: 'exit', listener: (code: number | null) => void): unknown;
  once(event: 'error', listener: (err: Error) => void): unknown;
}

const spawnCompile = (): CompileChild =>
  spawn(process.execPath, ['--import', 'tsx', CHILD], {cwd: SITE_DIR, stdio: 'ignore'});

/**
 * Starts the compile once per process; resolves with whether it succeeded. The child stops with
 * the dev server.
 */
export function startContractCompile(start: () => CompileChild = spawnCompile): Promise<boolean> {
  const holder = globalThis as WithCompile;
  holder[STARTED] ??= new Promise<boolean>((resolve) => {
    const child = start();
    const stop = (): void => void child.kill();
    process.once('exit', stop);
    const done = (ok: boolean): void => {
      process.off('exit', stop);
      resolve(ok);
    };
    child.once('error', () => done(false));
    child.once('exit', (code) => done(code === 0));
  });
  return holder[STARTED];
}

/** Forgets the compile this process started (tests). */
export const forgetContractCompile = (): void => void delete (globalThis as WithCompile)[STARTED];

/** The compile this process started, if any: whether it succeeded (false when none ran). */
export const contractCompiled = (): Promise<boolean> => (globalThis as WithCompile)[STARTED] ?? Promise.resolve(false);

if (isDevStart() && !contractCacheFilled()) void startContractCompile();
