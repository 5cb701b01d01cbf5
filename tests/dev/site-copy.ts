/**
 * The temporary copy of the site that the dev-server tests run `docusaurus start` in and edit
 * (issue 35: a test never writes the repository's tracked files). The copy holds every source the
 * site reads (docs, blog, openapi, src, plugins, core, config ...) and links `node_modules` back to
 * the repository's; what a build or a test run leaves (build/, .docusaurus/, .tmp/ ...) stays
 * behind. It lives under the system's temp folder, one per dev-server port, so two runs on two
 * ports never share one, and it is made afresh by each run.
 *
 *   tsx tests/dev/site-copy.ts <dir> <command> [args...]
 *
 * makes the copy, runs the command in it (playwright.dev.config.ts: `docusaurus start`), and removes
 * the copy once the command has exited (Playwright stops it with SIGINT at the end of the run).
 */
import {spawn} from 'node:child_process';
import {cpSync, mkdirSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, join, resolve} from 'node:path';

/** The repository root (this file is tests/dev/site-copy.ts). */
export const repoRoot = resolve(__dirname, '../..');

/** Top-level entries that are outputs, caches or tooling, never a source the dev server reads. */
const LEFT_OUT = new Set([
  '.git',
  'node_modules',
  'build',
  'build-artefacts',
  '.docusaurus',
  '.cache-loader',
  '.tmp',
  'bench-results',
  'test-results',
  'playwright-report',
]);

/** Where the copy for the dev server on `port` lives. */
export function siteCopyDir(port: number): string {
  return join(tmpdir(), `rupeerail-dev-site-${port}`);
}

/** Copies the repository's sources to `dir` (emptied first) and links its node_modules there. */
export function makeSiteCopy(dir: string, from: string = repoRoot): void {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  cpSync(from, dir, {
    recursive: true,
    filter: (source) => source === from || !LEFT_OUT.has(basename(source)) || resolve(source, '..') !== from,
  });
  symlinkSync(join(from, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

if (require.main === module) {
  const [dir, command, ...args] = process.argv.slice(2);
  if (!dir || !command) {
    console.error(
      'tests/dev/site-copy.ts: give the folder to copy the site into and the command to run there, e.g. /tmp/rupeerail-dev-site-4391 node node_modules/@docusaurus/core/bin/docusaurus.mjs start',
    );
    process.exit(2);
  }
  makeSiteCopy(dir);
  const child = spawn(command, args, {cwd: dir, stdio: 'inherit'});
  // Playwright signals the whole process group; the command gets the signal too. Passed on in
  // case only this process got it; the copy goes once the command has stopped.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    rmSync(dir, {recursive: true, force: true});
    process.exit(code ?? (signal ? 1 : 0));
  });
}
