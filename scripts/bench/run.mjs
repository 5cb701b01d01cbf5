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
import {CREATE_DOCUSAURUS, ensureStockSite} from './stock.mjs';

const USAGE = `usage: npm run bench [-- --skip-lighthouse] [--skip-dev] [--only-bytes] [--reuse-build] [--in-process-server]
  --skip-lighthouse    no Lighthouse runs
  --skip-dev           no dev-server figures
  --only-bytes         builds, routes, first-visit bytes and search index only (= both skips)
  --reuse-build        measure the existing build/ folders instead of building (no build time/memory)
  --in-process-server  serve both builds from a small Node server in the bench instead of nginx
                       with deploy/nginx.conf (the figures of runs before nginx became the default)
env: BENCH_RUNS (Lighthouse runs per page, default 3), BENCH_DEV_RUNS (edits per file, default 5),
     BENCH_PORT (N: nginx on N and N+1, dev servers on N+2 and N+3; default free ports),
     DOCS_DRAFT=1 (passed to our build and dev server), CHROME_PATH (default /usr/bin/chromium)`;

const flags = new Set(process.argv.slice(2));
for (const f of flags) {
  if (!['--skip-lighthouse', '--skip-dev', '--only-bytes', '--reuse-build', '--in-process-server'].includes(f)) {
    console.error(f === '--help' || f === '-h' ? USAGE : `unknown flag ${f}\n${USAGE}`);
    process.exit(f === '--help' || f === '-h' ? 0 : 2);
  }
}
const skipLighthouse = flags.has('--only-bytes') || flags.has('--skip-lighthouse');
const skipDev = flags.has('--only-bytes') || flags.has('--skip-dev');
const reuseBuild = flags.has('--reuse-build');
const inProcessServer = flags.has('--in-process-server');
const RUNS = Number(process.env.BENCH_RUNS || 3);
// Five: the first edit after start is 0.3-0.5 s slower than the rest (the first hot update), and of
// three the median was then the slower of the other two; the stock site gets the same count.
const DEV_RUNS = Number(process.env.BENCH_DEV_RUNS || 5);
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
  // builds (docusaurus.config.ts), so its second build is a cold one again.
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

async function main() {
  const lighthouse = skipLighthouse ? null : await loadLighthouse();
  const draft = process.env.DOCS_DRAFT === '1';
  const [load1] = os.loadavg();
  // Other work on the machine skews every time here (2 cores): say so rather than hide it.
  if (/** @type {number} */ (load1) > os.availableParallelism())
    say(`warning: load average ${load1?.toFixed(1)} on ${os.availableParallelism()} cores; times will be inflated`);
  if (draft) say('DOCS_DRAFT=1: our site is built in draft mode (broken links and missing pages only warn)');

  const stockDir = await ensureStockSite(say);
  const ourBuild = await coldBuild(ROOT, 'ours', process.env, [
    process.execPath,
    [path.join(ROOT, 'scripts', 'build.mjs')],
  ]);
  const stockBuild = await coldBuild(stockDir, 'stock', stockEnv, [
    path.join(stockDir, 'node_modules', '.bin', 'docusaurus'),
    ['build'],
  ]);
  const ourOut = path.join(ROOT, 'build');
  const stockOut = path.join(stockDir, 'build');

  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  const ourServer = await serve(ourOut, 'ours');
  const stockServer = await serve(stockOut, 'stock', inProcessServer ? undefined : stockDeployDir(stockOut));
  /** @type {any} */
  const results = {};
  try {
    say('first-visit JS+CSS...');
    const api = await heaviestPage(browser, ourServer.origin, ourOut, OURS.apiDir);
    say(`heaviest API page: ${api.heaviest.path} (of ${api.measured.length} under /${OURS.apiDir})`);
    const bytes = {
      ours: {
        home: await firstVisitBytes(browser, ourServer.origin, OURS.home),
        docs: await firstVisitBytes(browser, ourServer.origin, OURS.docs),
        api: api.heaviest,
        blog: await firstVisitBytes(browser, ourServer.origin, OURS.blog),
      },
      stock: {
        home: await firstVisitBytes(browser, stockServer.origin, STOCK.home),
        docs: await firstVisitBytes(browser, stockServer.origin, STOCK.docs),
        blog: await firstVisitBytes(browser, stockServer.origin, STOCK.blog),
      },
    };
    results.meta = {
      date: new Date().toISOString(),
      commit: (await run('git', ['rev-parse', '--short', 'HEAD'], {cwd: ROOT})).output.trim(),
      node: process.version,
      chromium: browser.version(),
      stockSite: `${CREATE_DOCUSAURUS} classic --typescript`,
      docsDraft: draft,
      lighthouseRuns: skipLighthouse ? 0 : RUNS,
      devRuns: skipDev ? 0 : DEV_RUNS,
      flags: [...flags],
      serving: inProcessServer ? 'in-process Node server (--in-process-server)' : 'nginx, deploy/nginx.conf',
      cores: os.availableParallelism(),
      loadAverageAfterBuilds: os.loadavg()[0],
      memoryMethod: ourBuild?.method ?? stockBuild?.method ?? null,
    };
    results.build = {
      ours: {...buildFigures(ourBuild), routes: countRoutes(ourOut)},
      stock: {...buildFigures(stockBuild), routes: countRoutes(stockOut)},
    };
    results.bytes = {...bytes, apiPages: api.measured};
    results.searchIndex = {ours: searchIndex(ourOut), stock: searchIndex(stockOut)};
    say('search: first-query downloads, latency and reader queries...');
    const firstQuery = [];
    for (const q of FIRST_QUERIES) firstQuery.push(await firstQueryBytes(browser, ourServer.origin, OURS.docs, q));
    results.search = {firstQuery, ...(await queryQuality(browser, ourServer.origin, READER_QUERIES))};

    if (lighthouse) {
      results.meta.settledBeforeLighthouse = await settleAndSay('Lighthouse');
      results.lighthouse = await withChromium(async (port) => {
        const oursAt = {home: OURS.home, docs: OURS.docs, api: api.heaviest.path, blog: OURS.blog};
        const stockAt = {home: STOCK.home, docs: STOCK.docs, blog: STOCK.blog};
        /** @param {string} origin @param {Record<string, string>} paths */
        const urls = (origin, paths) => Object.values(paths).map((p) => origin + p);
        const medians = await lighthouseMedians(
          lighthouse,
          port,
          [...urls(ourServer.origin, oursAt), ...urls(stockServer.origin, stockAt)],
          RUNS,
          (url, round) => say(`lighthouse ${url} (run ${round + 1} of ${RUNS})`),
        );
        /** @param {string} origin @param {Record<string, string>} paths */
        const of = (origin, paths) =>
          Object.fromEntries(Object.entries(paths).map(([page, p]) => [page, medians.get(origin + p)]));
        const stock = of(stockServer.origin, stockAt);
        // The stock site has no API page: its docs page stands in for the comparison.
        return {ours: of(ourServer.origin, oursAt), stock: {...stock, api: stock.docs}};
      });
    }
  } finally {
    await ourServer.close();
    await stockServer.close();
  }

  try {
    if (!skipDev) {
      results.meta.settledBeforeDev = await settleAndSay('the dev servers');
      say('dev server: ours (cold start, MDX and contract edits)...');
      const ours = await devFigures({
        siteDir: ROOT,
        env: process.env,
        edits: [mdxEdit(path.join(ROOT, 'docs/v1/index.mdx'), OURS.docs), contractEdit()],
        runs: DEV_RUNS,
        browser,
        port: await benchPort('dev-ours'),
        log: path.join(LOGS, 'ours-dev.log'),
      });
      say('dev server: stock (cold start, MDX edit)...');
      const intro = ['intro.md', 'intro.mdx'].map((f) => path.join(stockDir, 'docs', f)).find((f) => fs.existsSync(f));
      const stock = await devFigures({
        siteDir: stockDir,
        env: stockEnv,
        edits: [mdxEdit(/** @type {string} */ (intro), STOCK.docs)],
        runs: DEV_RUNS,
        browser,
        port: await benchPort('dev-stock'),
        log: path.join(LOGS, 'stock-dev.log'),
      });
      results.dev = {ours, stock};
    }
  } finally {
    await browser.close();
  }

  fs.mkdirSync(OUT_DIR, {recursive: true});
  const {table, targets} = report(results);
  results.targets = targets;
  fs.writeFileSync(path.join(OUT_DIR, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${table}\n`);
  say(`figures written to ${path.relative(ROOT, path.join(OUT_DIR, 'bench.json'))}`);
}

/** @param {number | null | undefined} n @param {number} [digits] */
const fmt = (n, digits = 1) => (n == null ? '—' : n.toFixed(digits));
/** @param {number | null | undefined} b */
const kb = (b) => (b == null ? '—' : `${(b / 1024).toFixed(1)} KB`);
/** @param {number | null | undefined} a @param {number | null | undefined} b */
const ratio = (a, b) => (a == null || b == null || b === 0 ? '—' : `${(a / b).toFixed(2)}×`);

/**
 * The markdown table and the list of design §6 targets with whether each is met.
 * @param {any} r
 */
function report(r) {
  const rows = ['| Figure | Ours | Stock | Ours/Stock | Target | Met |', '| --- | ---: | ---: | ---: | --- | :---: |'];
  /** @type {{figure: string, target: string, value: number | null, met: boolean | null}[]} */
  const targets = [];
  /** @type {string[]} */
  const notes = [];
  /**
   * @param {string} label @param {number|null|undefined} ours @param {number|null|undefined} stock
   * @param {(n: number|null|undefined) => string} f @param {[string, (v: number) => boolean]} [target]
   */
  const row = (label, ours, stock, f, target) => {
    let met = '';
    if (target) {
      const ok = ours == null ? null : target[1](ours);
      targets.push({figure: label, target: target[0], value: ours ?? null, met: ok});
      met = ok == null ? 'n/a' : ok ? 'yes' : '**no**';
    }
    rows.push(`| ${label} | ${f(ours)} | ${f(stock)} | ${ratio(ours, stock)} | ${target?.[0] ?? ''} | ${met} |`);
  };
  const {build, bytes, searchIndex} = r;
  row('Cold build (s)', build.ours.seconds, build.stock.seconds, (n) => fmt(n));
  row('Second build (s)', build.ours.warmSeconds, build.stock.warmSeconds, (n) => fmt(n));
  row('Build peak RSS (MB)', build.ours.peakRssMb, build.stock.peakRssMb, (n) => fmt(n, 0));
  row('Routes (index.html)', build.ours.routes.indexHtml, build.stock.routes.indexHtml, (n) => fmt(n, 0));
  row('Routes (sitemap URLs)', build.ours.routes.sitemapUrls, build.stock.routes.sitemapUrls, (n) => fmt(n, 0));

  const stockDocs = bytes.stock.docs.gzip;
  /** @type {[string, string, string, any, any, [string, (v: number) => boolean] | undefined][]} */
  const pages = [
    ['home', r.bytes.ours.home.path, STOCK.home, bytes.ours.home, bytes.stock.home, undefined],
    [
      'docs',
      r.bytes.ours.docs.path,
      STOCK.docs,
      bytes.ours.docs,
      bytes.stock.docs,
      [`≤ stock ${STOCK.docs} (${kb(stockDocs)})`, (v) => v <= stockDocs],
    ],
    [
      'API',
      r.bytes.ours.api.path,
      STOCK.docs,
      bytes.ours.api,
      bytes.stock.docs,
      [`≤ 1.10 × stock ${STOCK.docs} (${kb(1.1 * stockDocs)})`, (v) => v <= 1.1 * stockDocs],
    ],
    ['blog', r.bytes.ours.blog.path, STOCK.blog, bytes.ours.blog, bytes.stock.blog, undefined],
  ];
  for (const [type, ourPath, stockPath, o, s, target] of pages) {
    row(`First-visit JS+CSS gzip, ${type} (\`${ourPath}\` / \`${stockPath}\`)`, o.gzip, s.gzip, kb, target);
    row(`First-visit JS+CSS raw, ${type}`, o.raw, s.raw, kb);
  }
  row(
    `Search index on disk, gzip (${searchIndex.ours.kind}, ${searchIndex.ours.files} files)`,
    searchIndex.ours.gzip,
    searchIndex.stock.gzip,
    kb,
  );
  if (r.search) {
    for (const q of r.search.firstQuery) {
      row(
        `Search: first query "${q.query}" typed a key per ${q.keyDelayMs} ms, all it downloads (gzip)`,
        q.gzip,
        null,
        kb,
        ['≤ 150 KB', (v) => v <= 150 * 1024],
      );
    }
    row(
      'Search: keystroke to results shown, median over the reader queries (ms)',
      r.search.medianLatencyMs,
      null,
      (n) => fmt(n, 0),
      ['≤ 100 ms', (v) => v <= 100],
    );
    const good = r.search.queries.filter((/** @type {any} */ q) => q.ok);
    row('Search: reader queries whose expected page opens first', good.length, null, (n) => fmt(n, 0), [
      `= ${r.search.queries.length}`,
      (v) => v === r.search.queries.length,
    ]);
    for (const q of r.search.queries.filter((/** @type {any} */ q) => !q.ok))
      notes.push(`Search "${q.query}" opened ${q.opened} first.`);
  }

  /** @type {string[]} */
  const lhRows = [];
  if (r.lighthouse) {
    const {ours, stock} = r.lighthouse;
    const runs = r.meta.lighthouseRuns;
    lhRows.push(
      `Lighthouse mobile, median of ${runs} runs per page, served by ${r.meta.serving}; "ours / stock" in each cell:`,
      '',
      '| Page | Performance | TBT (ms) | LCP (ms) | CLS | Accessibility | Best Practices | SEO | Perf ≥ 95 | TBT ≤ 150 ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: | :---: |',
    );
    /** @param {number | null} v @param {(v: number) => boolean} ok */
    const mark = (v, ok) => (v == null ? 'n/a' : ok(v) ? 'yes' : '**no**');
    for (const type of ['home', 'docs', 'api', 'blog']) {
      const o = ours[type];
      const s = stock[type];
      /** @param {string} key @param {number} digits */
      const pair = (key, digits) => `${fmt(o[key], digits)} / ${fmt(s[key], digits)}`;
      const label = type === 'api' ? 'API' : type;
      const checks = [
        ['performance', 'Performance', '≥ 95', (/** @type {number} */ v) => v >= 95],
        ['tbtMs', 'TBT (ms)', '≤ 150', (/** @type {number} */ v) => v <= 150],
        ['accessibility', 'Accessibility', '= 100', (/** @type {number} */ v) => v === 100],
        ['bestPractices', 'Best Practices', '= 100', (/** @type {number} */ v) => v === 100],
        ['seo', 'SEO', '= 100', (/** @type {number} */ v) => v === 100],
        // Lighthouse shows CLS to 3 decimals; "0" means it shows 0.000.
        ['cls', 'CLS', '0', (/** @type {number} */ v) => v < 0.0005],
      ];
      for (const [key, name, target, ok] of /** @type {[string, string, string, (v: number) => boolean][]} */ (
        checks
      )) {
        const value = o[key];
        targets.push({
          figure: `Lighthouse mobile ${label}: ${name}`,
          target,
          value,
          met: value == null ? null : ok(value),
        });
      }
      lhRows.push(
        `| ${label} (\`${type === 'api' ? r.bytes.ours.api.path : OURS[/** @type {'home'} */ (type)]}\` / \`${type === 'api' ? STOCK.docs : STOCK[/** @type {'home'} */ (type)]}\`) | ${pair('performance', 0)} | ${pair('tbtMs', 0)} | ${pair('lcpMs', 0)} | ${pair('cls', 3)} | ${pair('accessibility', 0)} | ${pair('bestPractices', 0)} | ${pair('seo', 0)} | ${mark(o.performance, (v) => v >= 95)} | ${mark(o.tbtMs, (v) => v <= 150)} |`,
      );
      if (o.failing.length) notes.push(`Lighthouse ${type} (ours) fails: ${o.failing.join(', ')}.`);
    }
    lhRows.push(
      '',
      `Lighthouse CPU benchmark index (higher = faster machine): ${fmt(ours.home.benchmarkIndex, 0)} / ${fmt(stock.home.benchmarkIndex, 0)}. Load average after the builds: ${fmt(r.meta.loadAverageAfterBuilds, 2)}, when Lighthouse started: ${fmt(r.meta.settledBeforeLighthouse?.to, 2)} (waited ${r.meta.settledBeforeLighthouse?.waitedS ?? 0} s), on ${r.meta.cores} cores.`,
    );
  }
  if (r.dev) {
    const {ours, stock} = r.dev;
    row('Dev cold start to home 200 (s)', ours.coldStartSeconds, stock.coldStartSeconds, (n) => fmt(n));
    row(
      'Dev MDX edit to page updated, median (s)',
      ours.edits.mdx?.medianSeconds,
      stock.edits.mdx?.medianSeconds,
      (n) => fmt(n, 2),
    );
    row('Dev contract edit to page updated, median (s)', ours.edits.contract?.medianSeconds, null, (n) => fmt(n, 2));
  }
  const judged = targets.filter((t) => t.met != null);
  const missed = judged.filter((t) => !t.met);
  notes.unshift(
    `Targets met: ${judged.length - missed.length} of ${judged.length}${missed.length ? ` (missed: ${missed.map((t) => `${t.figure} ${t.target}`).join('; ')})` : ''}.`,
  );
  if (r.meta.docsDraft) notes.push('Our site was built with DOCS_DRAFT=1 (draft mode).');
  for (const side of ['ours', 'stock']) {
    for (const [name, e] of Object.entries(r.dev?.[side]?.edits ?? {})) {
      if (/** @type {any} */ (e).error) notes.push(`Dev ${side} ${name} edit: ${/** @type {any} */ (e).error}`);
    }
  }
  const lh = lhRows.length ? `\n\n${lhRows.join('\n')}` : '';
  return {table: `${rows.join('\n')}${lh}\n\n${notes.join('\n')}`, targets};
}

main().catch((e) => {
  console.error(`\nbench failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
