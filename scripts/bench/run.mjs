// @ts-check
// `npm run bench`: our site against a stock create-docusaurus site, built and measured in one run.
// Figures and targets: shared/design.md section 6. How to read them: scripts/bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {firstVisitBytes, heaviestPage} from './bytes.mjs';
import {devFigures} from './dev.mjs';
import {buildScriptHashes, renderHashesConf} from '../../plugins/csp-hashes/hashes.mjs';
import {
  benchPort,
  CHROMIUM,
  CHROMIUM_FLAGS,
  countRoutes,
  gzipSize,
  measured,
  ROOT,
  run,
  serveNginx,
  serveStatic,
  settle,
} from './lib.mjs';
import {lighthouseMedians, loadLighthouse, withChromium} from './lighthouse.mjs';
import {FIRST_QUERIES, firstQueryBytes, queryQuality, READER_QUERIES} from './search.mjs';
import {report} from './report.mjs';
import {DEFAULT_SECONDS, soakFigures, soakLines} from './soak.mjs';
import {CREATE_DOCUSAURUS, ensureStockSite} from './stock.mjs';

const USAGE = `usage: npm run bench [-- --skip-lighthouse] [--skip-dev] [--only-bytes] [--reuse-build] [--in-process-server]
  --skip-lighthouse    no Lighthouse runs
  --skip-dev           no dev-server figures
  --only-bytes         builds, routes, first-visit bytes and search index only (= both skips)
  --reuse-build        measure the existing build/ folders instead of building (no build time/memory)
  --skip-soak          no sandbox soak (node scripts/bench/soak.mjs runs it alone)
  --only-dev           the dev servers' figures alone (no build, bytes, search or Lighthouse)
  --in-process-server  serve both builds from a small Node server in the bench instead of nginx
                       with deploy/nginx.conf (the figures of runs before nginx became the default)
env: BENCH_RUNS (Lighthouse runs per page, default 3), BENCH_DEV_RUNS (edits per file, default 5),
     BENCH_DEV_STARTS (dev first starts per site, default 3),
     BENCH_PORT (N: nginx on N and N+1, dev servers on N+2 and N+3; default free ports),
     DOCS_DRAFT=1 (passed to our build and dev server), CHROME_PATH (default /usr/bin/chromium)`;

const flags = new Set(process.argv.slice(2));
for (const f of flags) {
  if (
    ![
      '--skip-lighthouse',
      '--skip-dev',
      '--only-bytes',
      '--reuse-build',
      '--in-process-server',
      '--skip-soak',
      '--only-dev',
    ].includes(f)
  ) {
    console.error(f === '--help' || f === '-h' ? USAGE : `unknown flag ${f}\n${USAGE}`);
    process.exit(f === '--help' || f === '-h' ? 0 : 2);
  }
}
const skipLighthouse = flags.has('--only-bytes') || flags.has('--skip-lighthouse');
const skipDev = flags.has('--only-bytes') || flags.has('--skip-dev');
const reuseBuild = flags.has('--reuse-build');
const inProcessServer = flags.has('--in-process-server');
const onlyDev = flags.has('--only-dev');
const RUNS = Number(process.env.BENCH_RUNS || 3);
// Five: the first edit after start is 0.3-0.5 s slower than the rest (the first hot update), and of
// three the median was then the slower of the other two; the stock site gets the same count.
const DEV_RUNS = Number(process.env.BENCH_DEV_RUNS || 5);
const DEV_STARTS = Number(process.env.BENCH_DEV_STARTS || 3);
const OUT_DIR = path.join(ROOT, 'bench-results');
const LOGS = path.join(OUT_DIR, 'logs');

/** Pages compared, by type. The stock site has no API pages: its /docs/intro stands in. */
const OURS = {home: '/', docs: '/docs/v1/', blog: '/blog/long-blog-post', apiDir: 'docs/v1/service'};
const STOCK = {home: '/', docs: '/docs/intro', blog: '/blog/long-blog-post'};
/** The contract file whose edit we time in the dev server (issue 5). */
const CONTRACT_FILE = path.join(ROOT, 'openapi/families/aeps.yaml');

const t0 = performance.now();
/** @param {string} msg */
const say = (msg) => console.log(`[bench ${((performance.now() - t0) / 1000).toFixed(0).padStart(4)}s] ${msg}`);

/**
 * Waits for the load of the bench's own builds to pass before a timed step (lib.mjs `settle`), and
 * says how long it waited and at what load the step starts.
 * @param {string} step
 */
async function settleAndSay(step) {
  const r = await settle();
  say(
    `before ${step}: load average ${r.from.toFixed(1)} -> ${r.to.toFixed(1)} after ${r.waitedS} s${r.settled ? '' : ' (did not settle; figures may be inflated)'}`,
  );
  return r;
}

/**
 * Our env as given (so DOCS_DRAFT=1 reaches our build); the stock site gets it without DOCS_DRAFT.
 * @type {NodeJS.ProcessEnv}
 */
const stockEnv = {...process.env};
delete stockEnv.DOCS_DRAFT;

/**
 * @param {string} siteDir @param {string} name @param {NodeJS.ProcessEnv} env
 * @param {[string, string[]]} build the build command: ours is `npm run build` (scripts/build.mjs, the
 *   Node flags production builds use), the stock site's its own `docusaurus build`
 */
async function coldBuild(siteDir, name, env, [cmd, args]) {
  const bin = path.join(siteDir, 'node_modules', '.bin', 'docusaurus');
  if (reuseBuild && fs.existsSync(path.join(siteDir, 'build', 'index.html'))) {
    say(`${name}: reusing ${path.relative(ROOT, path.join(siteDir, 'build')) || 'build'} (--reuse-build)`);
    return null;
  }
  await run(bin, ['clear'], {cwd: siteDir, env});
  say(`${name}: cold build...`);
  const m = await measured(cmd, args, {cwd: siteDir, env, log: path.join(LOGS, `${name}-build.log`)});
  say(`${name}: built in ${m.seconds.toFixed(1)} s, peak RSS ${m.peakRssMb} MB; warm rebuild...`);
  // The stock site's Rspack persistent cache (node_modules/.cache) is now filled; ours keeps none for
  // builds (docusaurus.site.ts), so its second build is a cold one again.
  const warm = await run(cmd, args, {cwd: siteDir, env, log: path.join(LOGS, `${name}-build-warm.log`)});
  return {...m, warmSeconds: warm.seconds};
}

/** @param {Awaited<ReturnType<typeof coldBuild>>} m */
const buildFigures = (m) => ({
  seconds: m?.seconds ?? null,
  warmSeconds: m?.warmSeconds ?? null,
  peakRssMb: m?.peakRssMb ?? null,
});

/**
 * The search index on disk: Pagefind's folder (build/pagefind/, fetched piece by piece per query),
 * else the single file of the search plugin used before it (build/search-index*.json), else none.
 * @param {string} buildDir
 */
function searchIndex(buildDir) {
  const pagefind = path.join(buildDir, 'pagefind');
  const files = fs.existsSync(pagefind)
    ? fs.readdirSync(pagefind, {recursive: true, encoding: 'utf8'}).map((f) => path.join('pagefind', f))
    : fs.readdirSync(buildDir).filter((f) => /^search-index.*\.json$/.test(f));
  const bodies = files
    .filter((f) => fs.statSync(path.join(buildDir, f)).isFile())
    .map((f) => fs.readFileSync(path.join(buildDir, f)));
  return {
    kind: fs.existsSync(pagefind) ? 'pagefind' : files.length ? 'search-index.json' : 'none',
    files: bodies.length,
    raw: bodies.reduce((n, b) => n + b.length, 0),
    gzip: bodies.reduce((n, b) => n + gzipSize(b), 0),
  };
}

/**
 * The contract edit: a marker in the description of the first operation of CONTRACT_FILE, watched
 * on the docs page that renders that operation (the MDX file holding `op="<operationId>"`).
 */
function contractEdit() {
  const text = fs.readFileSync(CONTRACT_FILE, 'utf8');
  const opId = /operationId:\s*(\S+)/.exec(text)?.[1];
  const docsDir = path.join(ROOT, 'docs');
  const mdx = fs
    .readdirSync(docsDir, {recursive: true, encoding: 'utf8'})
    .find((f) => f.endsWith('.mdx') && fs.readFileSync(path.join(docsDir, f), 'utf8').includes(`op="${opId}"`));
  if (!opId || !mdx) throw new Error(`no docs page shows the first operation of ${CONTRACT_FILE}`);
  return {
    name: 'contract',
    file: CONTRACT_FILE,
    page: `/docs/${mdx.replace(/(\/index)?\.mdx$/, '')}`,
    /** @param {string} t @param {string} marker */
    edit: (t, marker) => {
      const at = t.indexOf(`operationId: ${opId}`);
      // The first description after the operationId: folded (`>-` then text) or inline.
      return t.slice(0, at) + t.slice(at).replace(/description:(\s*>-?\s*\n\s*|\s+)/, `$&${marker} `);
    },
  };
}

/**
 * The stock build's server config: our deploy/*.conf with the stock build's own inline-script
 * hashes in csp-hashes.conf (ours would block its colour-mode script), so both sites are served
 * alike. @param {string} stockOut @returns {string} the folder to render
 */
function stockDeployDir(stockOut) {
  const dir = path.join(ROOT, '.tmp', 'bench-deploy-stock');
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  const deploy = path.join(ROOT, 'deploy');
  for (const f of fs.readdirSync(deploy).filter((n) => n.endsWith('.conf') && n !== 'csp-hashes.conf'))
    fs.copyFileSync(path.join(deploy, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, 'csp-hashes.conf'), renderHashesConf(buildScriptHashes(stockOut)));
  return dir;
}

/**
 * Serves a build the way the bench was asked to: nginx with the production config (default), or
 * the in-process server. @param {string} buildDir @param {'ours' | 'stock'} role @param {string} [deployDir]
 */
async function serve(buildDir, role, deployDir) {
  if (inProcessServer) return serveStatic(buildDir);
  const server = await serveNginx(buildDir, await benchPort(role), deployDir);
  say(`${role}: nginx (deploy/nginx.conf) on ${server.origin}`);
  return server;
}

/** @param {string} file @param {string} page */
const mdxEdit = (file, page) => ({
  name: 'mdx',
  file,
  page,
  /** @param {string} t @param {string} marker */
  edit: (t, marker) => `${t.trimEnd()}\n\n${marker}\n`,
});

/** Says up front what will skew the figures: other load on the machine, a draft build. */
function warnAboutConditions() {
  const [load1] = os.loadavg();
  // Other work on the machine skews every time here (2 cores): say so rather than hide it.
  if (/** @type {number} */ (load1) > os.availableParallelism())
    say(`warning: load average ${load1?.toFixed(1)} on ${os.availableParallelism()} cores; times will be inflated`);
  if (process.env.DOCS_DRAFT === '1')
    say('DOCS_DRAFT=1: our site is built in draft mode (broken links and missing pages only warn)');
}

/**
 * First-visit JS and CSS of each kind of page on both sites; for ours the heaviest API page.
 * @param {import('playwright-core').Browser} browser @param {string} ours @param {string} stock origins
 * @param {string} ourOut
 */
async function measureBytes(browser, ours, stock, ourOut) {
  say('first-visit JS+CSS...');
  const api = await heaviestPage(browser, ours, ourOut, OURS.apiDir);
  say(`heaviest API page: ${api.heaviest.path} (of ${api.measured.length} under /${OURS.apiDir})`);
  const bytes = {
    ours: {
      home: await firstVisitBytes(browser, ours, OURS.home),
      docs: await firstVisitBytes(browser, ours, OURS.docs),
      api: api.heaviest,
      blog: await firstVisitBytes(browser, ours, OURS.blog),
    },
    stock: {
      home: await firstVisitBytes(browser, stock, STOCK.home),
      docs: await firstVisitBytes(browser, stock, STOCK.docs),
      blog: await firstVisitBytes(browser, stock, STOCK.blog),
    },
  };
  return {bytes, api};
}

/**
 * What the run was: when, on what, with which flags and servers.
 * @param {import('playwright-core').Browser} browser @param {any} ourBuild @param {any} stockBuild
 */
async function runMeta(browser, ourBuild, stockBuild) {
  return {
    date: new Date().toISOString(),
    commit: (await run('git', ['rev-parse', '--short', 'HEAD'], {cwd: ROOT})).output.trim(),
    node: process.version,
    chromium: browser.version(),
    stockSite: `${CREATE_DOCUSAURUS} classic --typescript`,
    docsDraft: process.env.DOCS_DRAFT === '1',
    lighthouseRuns: skipLighthouse ? 0 : RUNS,
    devRuns: skipDev ? 0 : DEV_RUNS,
    flags: [...flags],
    serving: inProcessServer ? 'in-process Node server (--in-process-server)' : 'nginx, deploy/nginx.conf',
    cores: os.availableParallelism(),
    loadAverageAfterBuilds: os.loadavg()[0],
    memoryMethod: ourBuild?.method ?? stockBuild?.method ?? null,
  };
}

/** @param {import('playwright-core').Browser} browser @param {string} origin */
async function measureSearch(browser, origin) {
  say('search: first-query downloads, latency and reader queries...');
  const firstQuery = [];
  for (const q of FIRST_QUERIES) firstQuery.push(await firstQueryBytes(browser, origin, OURS.docs, q));
  return {firstQuery, ...(await queryQuality(browser, origin, READER_QUERIES))};
}

/**
 * Lighthouse medians of every page of both sites, the rounds going round all pages.
 * @param {any} lighthouse @param {string} ours @param {string} stock origins @param {string} apiPath
 */
async function measureLighthouse(lighthouse, ours, stock, apiPath) {
  return withChromium(async (port) => {
    const oursAt = {home: OURS.home, docs: OURS.docs, api: apiPath, blog: OURS.blog};
    const stockAt = {home: STOCK.home, docs: STOCK.docs, blog: STOCK.blog};
    /** @param {string} origin @param {Record<string, string>} paths */
    const urls = (origin, paths) => Object.values(paths).map((p) => origin + p);
    const medians = await lighthouseMedians(
      lighthouse,
      port,
      [...urls(ours, oursAt), ...urls(stock, stockAt)],
      RUNS,
      (url, round) => say(`lighthouse ${url} (run ${round + 1} of ${RUNS})`),
    );
    /** @param {string} origin @param {Record<string, string>} paths */
    const of = (origin, paths) =>
      Object.fromEntries(Object.entries(paths).map(([page, p]) => [page, medians.get(origin + p)]));
    const stockMedians = of(stock, stockAt);
    // The stock site has no API page: its docs page stands in for the comparison.
    return {ours: of(ours, oursAt), stock: {...stockMedians, api: stockMedians.docs}};
  });
}

/** The caches under .cache/ that only the lint's tools read (tsc, ESLint, Prettier). */
const LINT_CACHES = new Set(['tsc', 'eslint', 'prettier']);

/**
 * Our caches a dev server's first start after a clone and `npm ci` does not have: everything under
 * .cache/ (the contract's, node/contract/cache.ts; the changelog's comparisons, disk-memo.ts)
 * but the lint's, which `npm start` never reads and the bench should not cost the next lint.
 */
function ourStartCaches() {
  const dir = path.join(ROOT, '.cache');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => !LINT_CACHES.has(name))
    .map((name) => path.join('.cache', name));
}

/**
 * Dev-server first and second start and edit-to-update times of both sites.
 * @param {import('playwright-core').Browser} browser @param {string} stockDir
 */
async function measureDev(browser, stockDir) {
  say(`dev servers: ${DEV_STARTS} first starts of each site in turn, then a second start and the edits of each...`);
  const intro = ['intro.md', 'intro.mdx'].map((f) => path.join(stockDir, 'docs', f)).find((f) => fs.existsSync(f));
  const [ours, stock] = await devFigures({
    sites: [
      {
        name: 'ours',
        siteDir: ROOT,
        env: process.env,
        caches: ourStartCaches(),
        edits: [mdxEdit(path.join(ROOT, 'docs/v1/index.mdx'), OURS.docs), contractEdit()],
        port: await benchPort('dev-ours'),
        log: path.join(LOGS, 'ours-dev.log'),
      },
      {
        name: 'stock',
        siteDir: stockDir,
        env: stockEnv,
        edits: [mdxEdit(/** @type {string} */ (intro), STOCK.docs)],
        port: await benchPort('dev-stock'),
        log: path.join(LOGS, 'stock-dev.log'),
      },
    ],
    runs: DEV_RUNS,
    starts: DEV_STARTS,
    browser,
    say,
  });
  return {ours, stock};
}

/**
 * Everything measured on the two builds, each served the way production serves it.
 * @param {import('playwright-core').Browser} browser @param {any} lighthouse
 * @param {{ourBuild: any, stockBuild: any, stockDir: string}} built
 */
async function measureBuilds(browser, lighthouse, {ourBuild, stockBuild, stockDir}) {
  const ourOut = path.join(ROOT, 'build');
  const stockOut = path.join(stockDir, 'build');
  const ourServer = await serve(ourOut, 'ours');
  const stockServer = await serve(stockOut, 'stock', inProcessServer ? undefined : stockDeployDir(stockOut));
  try {
    const {bytes, api} = await measureBytes(browser, ourServer.origin, stockServer.origin, ourOut);
    /** @type {any} */
    const results = {meta: await runMeta(browser, ourBuild, stockBuild)};
    results.build = {
      ours: {...buildFigures(ourBuild), routes: countRoutes(ourOut)},
      stock: {...buildFigures(stockBuild), routes: countRoutes(stockOut)},
    };
    results.bytes = {...bytes, apiPages: api.measured};
    results.searchIndex = {ours: searchIndex(ourOut), stock: searchIndex(stockOut)};
    results.search = await measureSearch(browser, ourServer.origin);
    if (lighthouse) {
      results.meta.settledBeforeLighthouse = await settleAndSay('Lighthouse');
      results.lighthouse = await measureLighthouse(lighthouse, ourServer.origin, stockServer.origin, api.heaviest.path);
    }
    return results;
  } finally {
    await ourServer.close();
    await stockServer.close();
  }
}

/** `--only-dev`: the dev servers alone, reported as a full run reports them. @param {string} stockDir */
async function devOnly(stockDir) {
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  /** @type {any} */
  const results = {meta: await runMeta(browser, null, null)};
  try {
    // No build of this run to wait for (settleAndSay waits for the tail of the bench's own builds):
    // the load the dev servers start at is reported instead.
    const [load] = os.loadavg();
    results.meta.loadAverageBeforeDev = load;
    say(`before the dev servers: load average ${load?.toFixed(1)}`);
    results.dev = await measureDev(browser, stockDir);
  } finally {
    await browser.close();
  }
  fs.mkdirSync(OUT_DIR, {recursive: true});
  const {table, targets} = report(results, {ours: OURS, stock: STOCK});
  results.targets = targets;
  fs.writeFileSync(path.join(OUT_DIR, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${table}\n`);
}

async function main() {
  const lighthouse = skipLighthouse ? null : await loadLighthouse();
  warnAboutConditions();
  const stockDir = await ensureStockSite(say);
  if (onlyDev) return devOnly(stockDir);
  const ourBuild = await coldBuild(ROOT, 'ours', process.env, [
    process.execPath,
    [path.join(ROOT, 'scripts', 'build.mjs')],
  ]);
  const stockBuild = await coldBuild(stockDir, 'stock', stockEnv, [
    path.join(stockDir, 'node_modules', '.bin', 'docusaurus'),
    ['build'],
  ]);
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  /** @type {any} */
  let results;
  try {
    results = await measureBuilds(browser, lighthouse, {ourBuild, stockBuild, stockDir});
    if (!skipDev) {
      results.meta.settledBeforeDev = await settleAndSay('the dev servers');
      results.dev = await measureDev(browser, stockDir);
    }
  } finally {
    await browser.close();
  }
  if (!flags.has('--skip-soak')) {
    say(`sandbox soak: ${DEFAULT_SECONDS / 60} minutes of requests against npm run sandbox`);
    results.soak = await soakFigures();
  }
  fs.mkdirSync(OUT_DIR, {recursive: true});
  const {table, targets} = report(results, {ours: OURS, stock: STOCK});
  results.targets = targets;
  fs.writeFileSync(path.join(OUT_DIR, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${table}\n`);
  if (results.soak) console.log(`${soakLines(results.soak).join('\n')}\n`);
  say(`figures written to ${path.relative(ROOT, path.join(OUT_DIR, 'bench.json'))}`);
}

main().catch((e) => {
  console.error(`\nbench failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
