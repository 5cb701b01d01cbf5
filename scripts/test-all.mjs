#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, in order, on a fresh machine.
 *   1. system packages the browser tests need (chromium, nginx), installed when missing
 *   2. lint: types, ESLint, Prettier, Markdown, spelling, content guard rails, the API contract
 *      (scripts/lint-all.mjs: every check runs, one summary)
 *   3. unit tests (Vitest)
 *   4. production build (broken links, unknown operation ids, orphans fail it)
 *   5. end-to-end tests against the build served by nginx (HTTP + Chromium + axe)
 *   6. the published Postman collection run with newman against `npm run mock`
 *      (scripts/newman-mock.ts): each request counts once
 * Each Vitest test counts once; every other step counts as one test. The last line is
 * `N passed, N failed`, which CI reads.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, '.tmp', 'test-reports');
fs.rmSync(reports, {recursive: true, force: true});
fs.mkdirSync(reports, {recursive: true});

let passed = 0;
let failed = 0;
const failures = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const res = spawnSync(command, args, {cwd: root, stdio: 'inherit', env: {...process.env, ...env}});
  return res.status === 0;
}

function step(name, command, args, env) {
  if (run(name, command, args, env)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

function vitest(name, configArgs) {
  const out = path.join(reports, `${name}.json`);
  const ok = run(name, 'npx', [
    'vitest',
    'run',
    ...configArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (!fs.existsSync(out)) {
    failed += 1;
    failures.push(`${name} (no report: the runner did not start)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no tests; count it so it cannot pass silently.
  const broken = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
  failed += broken.length;
  for (const f of report.testResults) {
    for (const a of f.assertionResults) if (a.status === 'failed') failures.push(`${name}: ${a.fullName}`);
  }
  for (const f of broken) failures.push(`${name}: ${path.relative(root, f.name)} did not load`);
  if (!ok && report.numFailedTests === 0 && broken.length === 0) {
    failed += 1;
    failures.push(`${name} exited non-zero`);
  }
}

step('system packages', 'bash', ['scripts/ensure-system-deps.sh']);
step('lint', 'npm', ['run', '--silent', 'lint']);
vitest('unit', []);
const built = run('build', 'npm', ['run', '--silent', 'build']);
/** newman over the built collection: one test per request, from the runner's report. */
function newman() {
  const out = path.join(reports, 'newman.json');
  const ok = run('newman', 'npx', ['tsx', 'scripts/newman-mock.ts']);
  if (!fs.existsSync(out)) {
    failed += 1;
    failures.push('newman (no report: the runner did not start)');
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed += report.passed;
  failed += report.failed;
  for (const f of report.failures) failures.push(`newman: ${f}`);
  if (!ok && report.failed === 0) {
    failed += 1;
    failures.push('newman exited non-zero');
  }
}

if (built) {
  passed += 1;
  vitest('e2e', ['--config', 'vitest.e2e.config.ts']);
  newman();
} else {
  failed += 1;
  failures.push('build (end-to-end tests and newman skipped)');
}

if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  - ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
