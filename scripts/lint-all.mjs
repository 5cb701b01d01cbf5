#!/usr/bin/env node
/**
 * `npm run lint`: every check, even when an earlier one fails, then one summary, so a formatting
 * slip never hides a spelling or content problem. Exits non-zero if any check failed.
 *
 * Each check is an npm script, runnable alone (`npm run lint:spell`); this file only schedules
 * them. The checks read and never write the sources, so they run side by side, one per core (two
 * on the two-core machine of tests/README.md), in the order below: the slow ones
 * first. Each check's output is held and printed whole when it ends, so two never interleave.
 * tsc, ESLint and Prettier keep their caches under .cache/ (package.json `lint:typed`, `lint:format`).
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * [what it checks, npm script], in the order they start and the summary lists them: the longest
 * first (their cold times on the two-core machine, in the comments), so the short ones fill in
 * beside the long ones at the end instead of a long one starting last and running alone.
 * @type {readonly (readonly [string, string])[]}
 */
export const CHECKS = [
  // tsc and ESLint on one program (scripts/lint-typed.mjs), which they would each build and check.
  ['tsc + ESLint', 'lint:typed'], // 85 s apart: ESLint 85 s, tsc 39 s
  ['API contract', 'lint:contract'], // 30 s
  ['Prettier', 'lint:format'], // 24 s
  ['import graph', 'lint:deps'], // 14 s
  ['spelling', 'lint:spell'], // 6 s
  // check:content without the page ids, which lint:contract checks from its own scan of the pages.
  ['content', 'lint:content'], // 3 s (5 s with the ids)
  ['Markdown style', 'lint:md'], // 3 s
  ['product names', 'lint:prose'], // 2 s each from here
  ['behaviour prose', 'lint:behaviour'],
  ['blog code', 'check:blog-code'],
  ['journeys', 'lint:journeys'],
];

/** Checks running at once: one per core (each is a single Node process, mostly on one core). */
export const PARALLEL = os.availableParallelism();

/**
 * The shell command and environment `npm run <script>` would run: package.json's line, in a shell,
 * with node_modules/.bin first on the PATH.
 * @param {string} script @param {string} [root] @param {NodeJS.ProcessEnv} [env]
 * @returns {{command: string, env: NodeJS.ProcessEnv}}
 */
export function scriptCommand(script, root = ROOT, env = process.env) {
  /** @type {{scripts?: Record<string, string>}} */
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const command = pkg.scripts?.[script];
  if (!command) throw new Error(`lint: no script "${script}" in package.json`);
  return {command, env: {...env, PATH: [path.join(root, 'node_modules', '.bin'), env.PATH].join(path.delimiter)}};
}

/**
 * Runs the line of `npm run <script>` with its output held, without npm itself: npm's own start
 * is 0.3 s of CPU and 0.5 s of wall time per check on the two-core machine (`npm run --silent
 * typecheck -- --version` against `tsc --version`, 2026-12-02), for nothing the checks need.
 * @param {string} script @returns {Promise<{ok: boolean, output: string}>}
 */
const npmRun = (script) =>
  new Promise((resolve) => {
    const {command, env} = scriptCommand(script);
    const child = spawn('sh', ['-c', command], {cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe']});
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => resolve({ok: false, output: String(err)}));
    child.on('close', (code) => resolve({ok: code === 0, output: Buffer.concat(chunks).toString('utf8')}));
  });

/**
 * Runs every check with `run(script) -> {ok, output}`, at most `parallel` at a time, and returns
 * the summary lines (in CHECKS order, whatever order the checks end in) and whether all passed.
 * Pure apart from `run` and the clock, so a test can feed it checks that fail.
 * @param {readonly (readonly [string, string])[]} checks
 * @param {(script: string) => Promise<{ok: boolean, output: string}>} [run]
 * @param {(line: string) => void} [log]
 * @param {number} [parallel]
 */
export async function runAll(checks, run = npmRun, log = console.log, parallel = PARALLEL) {
  /** @type {{name: string, script: string, ok: boolean, seconds: number}[]} */
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const index = next++;
      const [name, script] = checks[index];
      const started = Date.now();
      const {ok, output} = await run(script);
      const seconds = (Date.now() - started) / 1000;
      log(`\n=== ${name} (npm run ${script}): ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      if (output.trim()) log(output.trimEnd());
      results[index] = {name, script, ok, seconds};
    }
  };
  await Promise.all(Array.from({length: Math.max(1, Math.min(parallel, checks.length))}, worker));
  const failed = results.filter((r) => !r.ok);
  const summary = [
    'lint summary:',
    ...results.map((r) => `  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.name.padEnd(15)} npm run ${r.script}`),
    failed.length
      ? `${failed.length} of ${results.length} checks failed: ${failed.map((r) => r.name).join(', ')}. Each printed its problems above.`
      : `All ${results.length} checks passed.`,
  ];
  return {ok: failed.length === 0, summary};
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const {ok, summary} = await runAll(CHECKS);
  console.log(`\n${summary.join('\n')}`);
  process.exit(ok ? 0 : 1);
}
