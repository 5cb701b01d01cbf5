#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, in order, on a fresh machine.
 *   1. system packages the browser tests need (chromium, nginx), installed when missing
 *   2. lint: types, ESLint, Prettier, Markdown, spelling, content guard rails, the API contract
 *      (scripts/lint-all.mjs: every check runs, one summary)
 *   3. unit tests (Vitest project `unit`: in process, no build, server or child process)
 *   4. integration tests (Vitest project `integration`: Docusaurus builds, bundles, tsc, HTTP
 *      servers, the sample languages)
 *   5. production build (broken links, unknown operation ids, orphans fail it)
 *   6. end-to-end tests against the build served by nginx (Playwright: HTTP + Chromium + axe)
 *   7. the published Postman collection run with newman against `npm run sandbox`
 *      (scripts/newman-sandbox.ts): each request counts once
 *   8. the dev server (Playwright, playwright.dev.config.ts): a saved MDX or contract edit shows in
 *      the open page without a page load
 * The contract is compiled once for all of them (node/contract/cache.ts): the lint's
 * `lint:contract` fills the cache, and every later step reads it. tests/README.md gives each
 * step's budget.
 * Each unit and end-to-end test counts once (read from the runners' JSON reports; a file that
 * fails to load counts as one failed test); every other step counts as one test. The last line
 * is `N passed, N failed`, which CI reads.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {countNewman, countPlaywright, countVitest} from './test-reports.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, '.tmp', 'test-reports');
fs.rmSync(reports, {recursive: true, force: true});
fs.mkdirSync(reports, {recursive: true});

let passed = 0;
let failed = 0;
const failures = [];

/** @type {[name: string, seconds: number, cpu: number | undefined][]} */
const timings = [];

/**
 * A step's command runs under bash, whose `times` then writes the CPU seconds (user and system) of
 * the command and every process it started: a step's CPU over its time says how much of the
 * machine it kept busy (2 on two cores). Chromium's renderers are not counted: they outlive the
 * browser and are left to the system, so a browser step's figure is low.
 * @param {string} file @returns {number | undefined}
 */
function cpuSeconds(file) {
  const children = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n')[1] : undefined;
  const parts = children?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  return parts ? Number(parts[1]) * 60 + Number(parts[2]) + Number(parts[3]) * 60 + Number(parts[4]) : undefined;
}

/**
 * Runs a step, its output going to ours; resolves to whether it passed once it has said so.
 * @param {string} name @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<boolean>}
 */
function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const cpuFile = path.join(reports, `${name.replace(/\W+/g, '-')}.cpu`);
  const child = spawn(
    'bash',
    ['-c', '"$@"; status=$?; times > "$STEP_CPU_FILE"; exit $status', 'bash', command, ...args],
    {
      cwd: root,
      stdio: 'inherit',
      env: {...process.env, ...env, STEP_CPU_FILE: cpuFile},
    },
  );
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push([name, seconds, cpuSeconds(cpuFile)]);
      console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/** @param {string} name @param {Promise<boolean>} result */
async function step(name, result) {
  if (await result) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

/**
 * Runs a test runner that writes a JSON report to `out`, and adds the report's counts (see
 * ./test-reports.mjs). No report is one failure; so is a runner that failed without a failure in
 * its report.
 * @param {string} name @param {string[]} args @param {string} out
 * @param {(name: string, report: any, root: string) => {passed: number, failed: number, failures: string[]}} count
 * @param {NodeJS.ProcessEnv} [env]
 */
async function runner(name, args, out, count, env) {
  const ok = await run(name, 'npx', args, env);
  if (!fs.existsSync(out)) {
    failed += 1;
    failures.push(`${name} (no report: the runner did not start)`);
    return;
  }
  const counted = count(name, JSON.parse(fs.readFileSync(out, 'utf8')), root);
  passed += counted.passed;
  failed += counted.failed;
  failures.push(...counted.failures);
  if (!ok && counted.failed === 0) {
    failed += 1;
    failures.push(`${name} exited non-zero`);
  }
}

const report = (name) => path.join(reports, `${name}.json`);

await step('system packages', run('system packages', 'bash', ['scripts/ensure-system-deps.sh']));
await step('lint', run('lint', 'npm', ['run', '--silent', 'lint']));
// Each step alone: the build beside the unit and integration steps was measured (three runs of
// .ci/run) at 246 and 285 s for the three against 257 s one after another, its CPU time grown by the
// contention (tests/README.md).
// The unit step is two Vitest projects (vitest.config.mts: the files that mock modules run isolated).
for (const [project, names] of [
  ['unit', ['unit', 'unit-isolated']],
  ['integration', ['integration']],
]) {
  await runner(
    project,
    [
      'vitest',
      'run',
      ...names.flatMap((name) => ['--project', name]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report(project)}`,
    ],
    report(project),
    countVitest,
  );
}
if (await run('build', 'npm', ['run', '--silent', 'build'])) {
  passed += 1;
  await runner('e2e', ['playwright', 'test'], report('e2e'), countPlaywright, {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report('e2e'),
  });
  await runner('newman', ['tsx', 'scripts/newman-sandbox.ts'], report('newman'), countNewman);
} else {
  failed += 1;
  failures.push('build (end-to-end tests and newman skipped)');
}
// Last: the dev server rewrites .docusaurus/, which nothing after it reads. It needs no build.
await runner(
  'dev server',
  ['playwright', 'test', '--config', 'playwright.dev.config.ts'],
  report('dev'),
  countPlaywright,
  {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report('dev'),
  },
);

console.log('\nStep timings (time, and CPU of the processes it ran: CPU/time is how many cores it kept busy):');
for (const [name, seconds, cpu] of timings)
  console.log(
    `  ${name.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s` +
      (cpu === undefined
        ? ''
        : `  CPU ${cpu.toFixed(1).padStart(7)} s  (${(cpu / Math.max(seconds, 0.1)).toFixed(2)} cores)`),
  );

if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  - ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
