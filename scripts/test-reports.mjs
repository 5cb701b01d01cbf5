// @ts-check
/**
 * Counts the JSON reports of the two test runners for `npm test` (scripts/test-all.mjs): each
 * test once, and a test file that fails to load as one failed test, so it cannot pass silently.
 * Pure, so tests/unit/test-reports.test.ts feeds it reports that went wrong.
 */
import path from 'node:path';

/** @typedef {{passed: number, failed: number, failures: string[]}} Count */
/**
 * The parts of the reports read here.
 * @typedef {{status: string, fullName: string}} VitestTest
 * @typedef {{name: string, status: string, assertionResults: VitestTest[]}} VitestFile
 * @typedef {{numPassedTests: number, numFailedTests: number, testResults: VitestFile[]}} VitestReport
 * @typedef {{title: string, file: string, tests: {status: string}[]}} PlaywrightSpec
 * @typedef {{specs?: PlaywrightSpec[], suites?: PlaywrightSuite[]}} PlaywrightSuite
 * @typedef {{message: string, location?: {file: string}}} PlaywrightError
 * @typedef {{suites: PlaywrightSuite[], errors: PlaywrightError[]}} PlaywrightReport
 */

/**
 * A Vitest JSON report (`--reporter=json`). A file that fails to load is a failed file with no
 * tests in it.
 * @param {string} name what the failures are prefixed with ('unit')
 * @param {VitestReport} report @param {string} root the repository, for relative file names
 * @returns {Count}
 */
export function countVitest(name, report, root) {
  const failures = [];
  for (const file of report.testResults) {
    for (const a of file.assertionResults) if (a.status === 'failed') failures.push(`${name}: ${a.fullName}`);
  }
  const broken = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
  for (const file of broken) failures.push(`${name}: ${path.relative(root, file.name)} did not load`);
  return {passed: report.numPassedTests, failed: report.numFailedTests + broken.length, failures};
}

/**
 * A Playwright JSON report. Retries are off, so a test's status is its one result: `expected`
 * (passed), `unexpected` (failed; `flaky` cannot happen and would count as failed too) or
 * `skipped` (not counted). Errors outside any test count once per file, and once for all those
 * without a file: a file that fails to load (Playwright then runs no test at all), a server that
 * does not start.
 * @param {string} name @param {PlaywrightReport} report @param {string} root
 * @returns {Count}
 */
export function countPlaywright(name, report, root) {
  let passed = 0;
  const failures = [];
  for (const {spec, test} of report.suites.flatMap(playwrightTests)) {
    if (test.status === 'skipped') continue;
    if (test.status === 'expected') passed += 1;
    else failures.push(`${name}: ${spec.file} > ${spec.title}`);
  }
  /** @type {Map<string, string>} */
  const errorsBySource = new Map();
  for (const error of report.errors) {
    const source = error.location ? path.relative(root, error.location.file) : 'run';
    const firstLine = error.message.split('\n', 1).join('');
    if (!errorsBySource.has(source)) errorsBySource.set(source, firstLine);
  }
  for (const [source, message] of errorsBySource) failures.push(`${name}: ${source}: ${message}`);
  return {passed, failed: failures.length, failures};
}

/**
 * Every test of a report suite, in nested describes too.
 * @param {PlaywrightSuite} suite @returns {{spec: PlaywrightSpec, test: {status: string}}[]}
 */
function playwrightTests(suite) {
  return [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.map((test) => ({spec, test}))),
    ...(suite.suites ?? []).flatMap(playwrightTests),
  ];
}

/**
 * The report scripts/newman-sandbox.ts writes: one test per request of the collection, passed when
 * newman's own tests passed and the answer is what the contract documents.
 * @param {string} name @param {{passed: number, failed: number, failures: string[]}} report
 * @returns {Count}
 */
export function countNewman(name, report) {
  return {passed: report.passed, failed: report.failed, failures: report.failures.map((f) => `${name}: ${f}`)};
}
