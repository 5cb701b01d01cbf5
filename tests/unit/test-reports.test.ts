import {describe, expect, it} from 'vitest';
import {countNewman, countPlaywright, countVitest} from '../../scripts/test-reports.mjs';

const ROOT = '/repo';

/** A spec of a Playwright JSON report with one test (one project) that ended `status`. */
const spec = (title: string, status: string) => ({title, file: 'serving.spec.ts', tests: [{status}]});

describe('npm test: the Playwright report', () => {
  it('counts each test once, in nested describes too; skipped tests not at all', () => {
    const report = {
      suites: [
        {
          specs: [spec('top-level test', 'expected')],
          suites: [
            {specs: [spec('/ answers 200', 'expected'), spec('/x answers 200', 'unexpected')]},
            {specs: [spec('.svg is gzipped when asked (none in this build)', 'skipped')], suites: []},
          ],
        },
      ],
      errors: [],
    };
    expect(countPlaywright('e2e', report, ROOT)).toEqual({
      passed: 2,
      failed: 1,
      failures: ['e2e: serving.spec.ts > /x answers 200'],
    });
  });

  it('counts a file that fails to load as one failed test (Playwright then runs none)', () => {
    const location = {file: '/repo/tests/e2e/broken.spec.ts', line: 2, column: 7};
    const report = {
      suites: [],
      errors: [
        {message: 'Error: boom at load\n    at broken.spec.ts:2', location},
        {message: 'Error: a second error in the same file', location},
      ],
    };
    expect(countPlaywright('e2e', report, ROOT)).toEqual({
      passed: 0,
      failed: 1,
      failures: ['e2e: tests/e2e/broken.spec.ts: Error: boom at load'],
    });
  });

  it('counts a server that does not start as one failed test', () => {
    const report = {
      suites: [],
      errors: [{message: 'Error: Process from config.webServer was not able to start. Exit code: 1'}],
    };
    expect(countPlaywright('e2e', report, ROOT)).toEqual({
      passed: 0,
      failed: 1,
      failures: ['e2e: run: Error: Process from config.webServer was not able to start. Exit code: 1'],
    });
  });
});

describe('npm test: the Vitest report', () => {
  it('counts passed and failed tests, and a file that fails to load as one more failure', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          status: 'failed',
          assertionResults: [
            {status: 'passed', fullName: 'a works'},
            {status: 'failed', fullName: 'a fails'},
          ],
        },
        {name: '/repo/tests/unit/b.test.ts', status: 'failed', assertionResults: []},
        {name: '/repo/tests/unit/c.test.ts', status: 'passed', assertionResults: [{status: 'passed', fullName: 'c'}]},
      ],
    };
    expect(countVitest('unit', report, ROOT)).toEqual({
      passed: 3,
      failed: 2,
      failures: ['unit: a fails', 'unit: tests/unit/b.test.ts did not load'],
    });
  });
});

describe('npm test: the newman report', () => {
  it('counts each request once and names the failed ones', () => {
    const report = {
      passed: 83,
      failed: 1,
      failures: ['Cash withdrawal: HTTP 500 is not a status the operation documents'],
    };
    expect(countNewman('newman', report)).toEqual({
      passed: 83,
      failed: 1,
      failures: ['newman: Cash withdrawal: HTTP 500 is not a status the operation documents'],
    });
  });
});
