/**
 * Browser tests of the dev server (`npm run test:dev`): what a writer sees in `npm start` when they
 * save a file. The site's own behaviour is tested on the production build (playwright.config.ts);
 * this checks the hand-over that shows an edited doc in the open page without remounting the app
 * (plugins/mdx-hot, src/client/doc-hot.ts), which leans on bundler and Docusaurus internals that an
 * upgrade can move (src/theme/README.md, "Upgrade checklist").
 *
 * The dev server runs in a temporary copy of the site (tests/dev/site-copy.ts), made afresh by the
 * web server's command, and the specs edit that copy: the working tree is never written, so an
 * editor, a build or a cache reading it meanwhile sees the files as they are. One worker, so two
 * specs never edit at once. The dev server is started by Playwright and stopped at the end; the
 * copy goes with it.
 *
 *   npm run test:dev
 */
import {defineConfig} from '@playwright/test';
import base from './playwright.config';
import {siteCopyDir} from './tests/dev/site-copy';

/** Port of the dev server (127.0.0.1 only); E2E_DEV_PORT moves it. */
const port = Number(process.env.E2E_DEV_PORT ?? '4391');
/** The copy the dev server runs in; the specs read it from here (workers load this file too). */
const siteCopy = siteCopyDir(port);
process.env.E2E_DEV_SITE = siteCopy;

export default defineConfig({
  ...base,
  testDir: 'tests/dev',
  outputDir: '.tmp/dev-report/results',
  workers: 1,
  fullyParallel: false,
  // A cold dev server compiles the site on the first request; a hot update waits for the bundler.
  timeout: 120_000,
  expect: {timeout: 20_000},
  reporter: [['list'], ['json', {outputFile: '.tmp/dev-report/results.json'}]],
  // A failure keeps its trace (four tests: the recording costs little), to step through a race.
  use: {...base.use, baseURL: `http://127.0.0.1:${port}`, trace: 'retain-on-failure'},
  webServer: {
    // Copies the site, runs the dev server in the copy, and removes the copy when it stops.
    command: `node_modules/.bin/tsx tests/dev/site-copy.ts '${siteCopy}' node node_modules/@docusaurus/core/bin/docusaurus.mjs start --port ${port} --host 127.0.0.1 --no-open`,
    // The first page compiles the whole client bundle: answered once the server is ready for readers.
    url: `http://127.0.0.1:${port}/docs/v1/`,
    reuseExistingServer: false,
    gracefulShutdown: {signal: 'SIGINT', timeout: 5_000},
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 300_000,
  },
});
