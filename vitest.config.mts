/**
 * Two Vitest projects (tests/README.md has each step's budget):
 *   unit         `npm run test:unit` (tests/unit/**\/*.test.ts): pure functions, build-time plugins
 *                and the content checks, in process, on fixtures the tests write to temp folders.
 *                No build, no server, no child process, no code generation: under a minute here.
 *                Two projects, `unit` and `unit-isolated` (the files that mock modules); the
 *                script runs both.
 *   integration  `npm run test:integration` (tests/integration/**\/*.test.ts): what runs real
 *                tools: Docusaurus builds, Rspack and esbuild bundles, tsc, HTTP servers on ports,
 *                the sample languages.
 * `npx vitest run FILE` runs one file of either. Both share tests/contract-setup.ts: the contract
 * compiled once per run (node/contract/cache.ts).
 *
 * The Docusaurus aliases resolve as in the site, so a test can import what src/ imports:
 *   @site/*        the repository root
 *   @generated/*   an empty module: .docusaurus/ only exists after a build (a test that needs
 *                  generated data builds it from a fixture instead)
 *   @theme/*       a pass-through stub (the classic theme ships JSX in .js files); Heading renders its
 *                  element with its id, without the anchor link
 *   @docusaurus/X  the client exports of @docusaurus/core (Translate, Interpolate, ...), read as JSX;
 *                  Head renders nothing (it needs the site's provider, and <head> is not page content),
 *                  Link is a plain <a href={to}> and useBaseUrl gives the path back (both need a
 *                  running site's router and config)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {configDefaults, defineConfig, type Plugin} from 'vitest/config';
import {BaseSequencer, type TestSpecification} from 'vitest/node';

const root = import.meta.dirname;
const stubs = path.join(root, 'tests', 'unit', 'stubs');

/**
 * The unit files that mock modules (`vi.mock`): run isolated, each in a module graph of its own.
 * Found by reading the files, so a new file that mocks is isolated without anyone listing it.
 */
const MOCKING = fs
  .readdirSync(path.join(root, 'tests', 'unit'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `tests/unit/${f}`)
  .filter((f) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, f), 'utf8')));

const CLIENT_EXPORT =
  /^@docusaurus\/(BrowserOnly|ComponentCreator|constants|ExecutionEnvironment|Interpolate|isInternalUrl|Link|Noop|renderRoutes|router|Translate|use.*)$/;

/**
 * The client exports of @docusaurus/core are .js files with JSX in them. Resolving them with a
 * `?lang.jsx` suffix makes Vite's transformer read them as JSX (what the site's bundler does).
 */
const docusaurusClientAsJsx: Plugin = {
  name: 'docusaurus-client-as-jsx',
  enforce: 'pre',
  async resolveId(source, importer) {
    // What an export imports from beside it (BrowserOnly's ../browserContext.js) is JSX too.
    if (source.startsWith('.') && importer?.includes('/@docusaurus/core/lib/client/')) {
      const resolved = await this.resolve(source, importer.replace(/\?.*$/, ''), {skipSelf: true});
      return resolved?.id.endsWith('.js') ? `${resolved.id}?lang.jsx` : resolved;
    }
    const m = CLIENT_EXPORT.exec(source);
    if (!m) return null;
    const resolved = await this.resolve(`@docusaurus/core/lib/client/exports/${m[1]}.js`, importer, {skipSelf: true});
    return resolved && `${resolved.id}?lang.jsx`;
  },
};

/**
 * Unit files run in worker threads, not child processes: a thread starts without a Node process of
 * its own and takes the compiled contract and each module from the main process without a pipe
 * between them (tests/README.md: 125 against 143 s of the step's CPU, two runs in the same load). No
 * unit test changes the process (`chdir`, `exit`); the integration step, which starts servers and
 * tools, keeps Vitest's default of one child process per worker.
 */
const UNIT_POOL = 'threads';

/**
 * Unit files load packages without the `development` export condition, which Vite adds outside a
 * production build (Vitest hands it to its workers as `--conditions development`). Of our
 * dependencies only the Markdown parser's packages (micromark, mdast-util-from-markdown) ship a build
 * for it, which checks the parser's own invariants on every token: the reference pages' Markdown took
 * a third longer to parse in twin-agreement. Our assertions are the same either way. Vitest puts its
 * defaults beside a project's `ssr.resolve.conditions` (Vite concatenates arrays), so the condition is
 * taken out of the resolved config.
 */
const noDevelopmentCondition: Plugin = {
  name: 'no-development-condition',
  configResolved(config) {
    for (const resolve of [config.ssr.resolve, config.environments.ssr?.resolve]) {
      if (resolve?.conditions)
        (resolve as {conditions: string[]}).conditions = resolve.conditions.filter(
          (c) => c !== 'development' && c !== 'development|production',
        );
    }
  },
};

/**
 * Unit files render with React's production builds (tests/unit/react-production.ts), so JSX is compiled
 * for them: a production build has no `jsxDEV`, which the development transform calls.
 */
const UNIT_JSX = {jsx: {runtime: 'automatic', development: false}} as const;
const UNIT_SETUP = ['tests/unit/react-production.ts'];

/**
 * The isolated files first, then the shared graph's. Vitest orders projects by name, which would put
 * `unit-isolated` after every `unit` file, where a slow isolated file runs alone while the other
 * worker has nothing left (twin-agreement, when it mocked <Link>, was 15-20 s of such a tail).
 * Started first, they run beside the `unit` files. Within each kind, Vitest's own order stands
 * (slowest of the last run first, else the largest file). The `unit` files stay together at the
 * end, so a worker's graph is reused from one to the next.
 */
class IsolatedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.config.isolate), ...sorted.filter((f) => !f.project.config.isolate)];
  }
}

export default defineConfig({
  plugins: [docusaurusClientAsJsx],
  // tsconfig.json keeps JSX as written (`preserve`: the site's bundler compiles it); tests that render
  // components server-side (twin-agreement) need it compiled, with React's automatic runtime as the site
  // (the unit projects compile it for React's production builds: UNIT_JSX).
  oxc: {jsx: {runtime: 'automatic'}},
  resolve: {
    alias: [
      {find: /^@site\/(.*)$/, replacement: `${root}/$1`},
      {find: /^@generated\/.*$/, replacement: path.join(stubs, 'empty.ts')},
      {find: /^@docusaurus\/Head$/, replacement: path.join(stubs, 'head.ts')},
      {find: /^@docusaurus\/Link$/, replacement: path.join(stubs, 'link.ts')},
      {find: /^@docusaurus\/useBaseUrl$/, replacement: path.join(stubs, 'use-base-url.ts')},
      {find: /^@theme\/Heading$/, replacement: path.join(stubs, 'heading.ts')},
      {find: /^@theme(-original|-init)?\/.*$/, replacement: path.join(stubs, 'theme.ts')},
    ],
  },
  test: {
    env: {TZ: 'UTC'},
    globalSetup: ['tests/contract-setup.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on this two-core machine.
    // Test files wait on their own imports as much as on the CPU, so every core gets a worker
    // (measured in tests/README.md).
    maxWorkers: os.availableParallelism(),
    // A few unit tests are CPU-bound for 2-5 s (the fuzz's arbitraries, the changelog over the whole
    // contract); CI shares the two cores with the run's own workers, which can double that. A hung
    // test still fails in 20 s; the step's budget (tests/README.md) is what holds the speed.
    testTimeout: 20_000,
    sequence: {sequencer: IsolatedFirst},
    projects: [
      // A worker runs its unit files one after another in one module graph (`isolate: false`): what
      // most files import (the compiled contract's readers, Redocly, remark, React) is loaded and
      // evaluated once per worker instead of once per file, and the changelog's comparisons and
      // releases (node/contract/changelog.ts keeps them per process) are made once per worker.
      // Files that replace modules with vi.mock run in their own graph (unit-isolated): a mock
      // would otherwise reach the files after them, or miss a module a file before them loaded.
      // Each such file loads the whole graph again (about 8 s of CPU for the contract's readers and
      // checks), so what every file needs replaced is a stub in `resolve.alias` instead (Link,
      // useBaseUrl, Heading); today no unit file mocks.
      {
        extends: true,
        plugins: [noDevelopmentCondition],
        oxc: UNIT_JSX,
        test: {
          name: 'unit',
          setupFiles: UNIT_SETUP,
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING],
          pool: UNIT_POOL,
          isolate: false,
          // What a test changes outside its module (spies, environment variables, globals) is put
          // back after it, so it cannot reach the files that run after it in the same graph.
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        plugins: [noDevelopmentCondition],
        oxc: UNIT_JSX,
        test: {name: 'unit-isolated', include: [...MOCKING], pool: UNIT_POOL, setupFiles: UNIT_SETUP},
      },
      {extends: true, test: {name: 'integration', include: ['tests/integration/**/*.test.ts']}},
    ],
  },
});
