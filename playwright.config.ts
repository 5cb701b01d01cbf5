/**
 * End-to-end tests (`npm run test:e2e`): the built site served by nginx with deploy/nginx.conf,
 * checked over plain HTTP and in Debian's Chromium. Separate from the unit tests because they
 * need `build/`. tests/e2e/README.md says what each spec covers.
 *
 *   npm run build && npm run test:e2e
 *   npx playwright test tests/e2e/serving.spec.ts     one file
 *   npx playwright show-report .tmp/e2e-report/html   the HTML report of the last run
 */
import {defineConfig} from '@playwright/test';
import {baseUrl, buildDir, port} from './tests/e2e/helpers/paths';

/** Where the reports go. `npm test` reads the JSON one (PLAYWRIGHT_JSON_OUTPUT_FILE moves it). */
const REPORT_DIR = '.tmp/e2e-report';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `${REPORT_DIR}/results`,
  // Our .mjs modules (the bench's byte counter) load as they are. Playwright's require hook would
  // compile them to CommonJS, which Node then refuses to run as the ES module a .mjs file is.
  build: {external: ['**/*.mjs']},
  // Every test stands alone (its own browser context, or the worker's tab for the specs that
  // visit every route), so tests of one file spread over the workers too.
  fullyParallel: true,
  // Measured on the 2-core machine the suite is sized for (tests/e2e/README.md, "Workers"):
  // two workers, one Chromium each, keep both cores busy; a third only adds contention.
  workers: 2,
  // A test that passes only on a second try hides a real problem (a race in the page or in the
  // test); it fails here instead.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Chromium cold starts and first page loads of a fresh build are slow on small machines.
  timeout: 60_000,
  expect: {timeout: 10_000},
  reporter: [
    ['list'],
    ['html', {outputFolder: `${REPORT_DIR}/html`, open: 'never'}],
    ['json', {outputFile: `${REPORT_DIR}/results.json`}],
  ],
  use: {
    baseURL: baseUrl,
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser builds cannot be downloaded on our machines
      // (scripts/ensure-system-deps.sh installs it).
      executablePath: '/usr/bin/chromium',
      args: [
        // Tests run as root in a container, where Chromium's sandbox cannot start.
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        // Chromium's own traffic (updates, sync, field trials) would leave the machine.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Belt and braces: no host name resolves, so nothing but the server under test (on
        // 127.0.0.1, which the rule would otherwise catch too) can be reached even if a page
        // tries. Foreign requests are recorded too (tests/e2e/fixtures.ts), not routed: routing
        // pauses every request for a round trip through Playwright and turns the HTTP cache off.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
        // V8's top tier (TurboFan) off: a page here runs its code once and is gone, so the optimizing
        // compiles (on background threads, sharing the two cores) never pay for themselves. Maglev,
        // the tier below, stays. routes.spec from one build, alternating runs with and without:
        // 97-122 s (mean 110) and 92-104 s (mean 98). What the pages do is the same in every tier.
        '--js-flags=--max-opt=2',
      ],
    },
    // A service worker would hide what the server really answers.
    serviceWorkers: 'block',
    viewport: {width: 1280, height: 900},
    colorScheme: 'light',
    // A missing element should fail a test quickly, not at the 60 s test timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Off here, taken by our fixtures instead (tests/e2e/fixtures.ts): Playwright 1.65 with
    // 'only-on-failure' screenshots every page of every test as its context closes, failed or not
    // (0.15-0.25 s a test), and then keeps only the failures' images.
    screenshot: 'off',
    // Off by default (recording costs CPU on every test); `--trace on` for a failure to step through.
    trace: 'off',
  },
  webServer: {
    // Installs chromium and nginx when missing (a no-op when both are there), then nginx in the
    // foreground, so Playwright owns it and stops it at the end of the run.
    command:
      'bash scripts/ensure-system-deps.sh && exec bash scripts/serve-build.sh --foreground "$E2E_BUILD_DIR" "$E2E_PORT"',
    env: {E2E_BUILD_DIR: buildDir, E2E_PORT: String(port)},
    url: `${baseUrl}/`,
    // A server already on the port is not ours to test (another build, another worktree).
    reuseExistingServer: false,
    gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 300_000,
  },
});
