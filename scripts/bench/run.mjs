// @ts-check
// `npm run bench`: our site against a stock create-docusaurus site, built and measured in one run.
// Figures and targets: shared/design.md section 6. How to read them: scripts/bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {firstVisitBytes, heaviestPage} from './bytes.mjs';
import {devFigures} from './dev.mjs';
import {CHROMIUM, CHROMIUM_FLAGS, countRoutes, gzipSize, measured, ROOT, run, serveStatic} from './lib.mjs';
import {lighthouseMedian, loadLighthouse, withChromium} from './lighthouse.mjs';
import {CREATE_DOCUSAURUS, ensureStockSite} from './stock.mjs';

const USAGE = `usage: npm run bench [-- --skip-lighthouse] [--skip-dev] [--only-bytes] [--reuse-build]
  --skip-lighthouse  no Lighthouse runs
  --skip-dev         no dev-server figures
  --only-bytes       builds, routes, first-visit bytes and search index only (= both skips)
  --reuse-build      measure the existing build/ folders instead of building (no build time/memory)
env: BENCH_RUNS (Lighthouse runs per page, default 3), BENCH_DEV_RUNS (edits per file, default 3),
     DOCS_DRAFT=1 (passed to our build and dev server), CHROME_PATH (default /usr/bin/chromium)`;

const flags = new Set(process.argv.slice(2));
for (const f of flags) {
  if (!['--skip-lighthouse', '--skip-dev', '--only-bytes', '--reuse-build'].includes(f)) {
    console.error(f === '--help' || f === '-h' ? USAGE : `unknown flag ${f}\n${USAGE}`);
    process.exit(f === '--help' || f === '-h' ? 0 : 2);
  }
}
const skipLighthouse = flags.has('--only-bytes') || flags.has('--skip-lighthouse');
const skipDev = flags.has('--only-bytes') || flags.has('--skip-dev');
const reuseBuild = flags.has('--reuse-build');
const RUNS = Number(process.env.BENCH_RUNS || 3);
const DEV_RUNS = Number(process.env.BENCH_DEV_RUNS || 3);
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
 * Our env as given (so DOCS_DRAFT=1 reaches our build); the stock site gets it without DOCS_DRAFT.
 * @type {NodeJS.ProcessEnv}
 */
const stockEnv = {...process.env};
delete stockEnv.DOCS_DRAFT;

/** @param {string} siteDir @param {string} name @param {NodeJS.ProcessEnv} env */
async function coldBuild(siteDir, name, env) {
  const bin = path.join(siteDir, 'node_modules', '.bin', 'docusaurus');
  if (reuseBuild && fs.existsSync(path.join(siteDir, 'build', 'index.html'))) {
    say(`${name}: reusing ${path.relative(ROOT, path.join(siteDir, 'build')) || 'build'} (--reuse-build)`);
    return null;
  }
  await run(bin, ['clear'], {cwd: siteDir, env});
  say(`${name}: cold build...`);
  const m = await measured(bin, ['build'], {cwd: siteDir, env, log: path.join(LOGS, `${name}-build.log`)});
  say(`${name}: built in ${m.seconds.toFixed(1)} s, peak RSS ${m.peakRssMb} MB; warm rebuild...`);
  // Rspack's persistent cache (node_modules/.cache) is now filled: this is the everyday rebuild.
  const warm = await run(bin, ['build'], {cwd: siteDir, env, log: path.join(LOGS, `${name}-build-warm.log`)});
  return {...m, warmSeconds: warm.seconds};
}

/** @param {Awaited<ReturnType<typeof coldBuild>>} m */
const buildFigures = (m) => ({
  seconds: m?.seconds ?? null,
  warmSeconds: m?.warmSeconds ?? null,
  peakRssMb: m?.peakRssMb ?? null,
});

/** Size of build/search-index*.json (the local search plugin's index), 0 when there is none. @param {string} buildDir */
function searchIndex(buildDir) {
  const files = fs.readdirSync(buildDir).filter((f) => /^search-index.*\.json$/.test(f));
  const bodies = files.map((f) => fs.readFileSync(path.join(buildDir, f)));
  return {files, raw: bodies.reduce((n, b) => n + b.length, 0), gzip: bodies.reduce((n, b) => n + gzipSize(b), 0)};
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
  const ourBuild = await coldBuild(ROOT, 'ours', process.env);
  const stockBuild = await coldBuild(stockDir, 'stock', stockEnv);
  const ourOut = path.join(ROOT, 'build');
  const stockOut = path.join(stockDir, 'build');

  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  const ourServer = await serveStatic(ourOut);
  const stockServer = await serveStatic(stockOut);
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
      cores: os.availableParallelism(),
      loadAverageAtStart: os.loadavg()[0],
      memoryMethod: ourBuild?.method ?? stockBuild?.method ?? null,
    };
    results.build = {
      ours: {...buildFigures(ourBuild), routes: countRoutes(ourOut)},
      stock: {...buildFigures(stockBuild), routes: countRoutes(stockOut)},
    };
    results.bytes = {...bytes, apiPages: api.measured};
    results.searchIndex = {ours: searchIndex(ourOut), stock: searchIndex(stockOut)};

    if (lighthouse) {
      results.lighthouse = await withChromium(async (port) => {
        /** @param {string} origin @param {string} p */
        const lh = (origin, p) => {
          say(`lighthouse ${origin}${p} x${RUNS}...`);
          return lighthouseMedian(lighthouse, port, origin + p, RUNS);
        };
        const ours = {
          home: await lh(ourServer.origin, OURS.home),
          docs: await lh(ourServer.origin, OURS.docs),
          api: await lh(ourServer.origin, api.heaviest.path),
          blog: await lh(ourServer.origin, OURS.blog),
        };
        const stockDocs = await lh(stockServer.origin, STOCK.docs);
        const stock = {
          home: await lh(stockServer.origin, STOCK.home),
          docs: stockDocs,
          api: stockDocs,
          blog: await lh(stockServer.origin, STOCK.blog),
        };
        return {ours, stock};
      });
    }
  } finally {
    await ourServer.close();
    await stockServer.close();
  }

  try {
    if (!skipDev) {
      say('dev server: ours (cold start, MDX and contract edits)...');
      const ours = await devFigures({
        siteDir: ROOT,
        env: process.env,
        edits: [mdxEdit(path.join(ROOT, 'docs/v1/index.mdx'), OURS.docs), contractEdit()],
        runs: DEV_RUNS,
        browser,
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
  row('Warm rebuild, persistent cache (s)', build.ours.warmSeconds, build.stock.warmSeconds, (n) => fmt(n));
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
  row('Search index gzip', searchIndex.ours.gzip, searchIndex.stock.gzip, kb);
  row('Search index raw', searchIndex.ours.raw, searchIndex.stock.raw, kb);

  if (r.lighthouse) {
    const {ours, stock} = r.lighthouse;
    /** @type {[string, string, (n: number|null|undefined) => string, [string, (v: number) => boolean] | undefined][]} */
    const metrics = [
      ['performance', 'Performance', (n) => fmt(n, 0), ['≥ 95', (v) => v >= 95]],
      ['accessibility', 'Accessibility', (n) => fmt(n, 0), ['= 100', (v) => v === 100]],
      ['bestPractices', 'Best Practices', (n) => fmt(n, 0), ['= 100', (v) => v === 100]],
      ['seo', 'SEO', (n) => fmt(n, 0), ['= 100', (v) => v === 100]],
      ['lcpMs', 'LCP (ms)', (n) => fmt(n, 0), undefined],
      ['tbtMs', 'TBT (ms)', (n) => fmt(n, 0), undefined],
      // Lighthouse shows CLS to 3 decimals; "0" means it shows 0.000.
      ['cls', 'CLS', (n) => fmt(n, 3), ['0', (v) => v < 0.0005]],
    ];
    for (const type of ['home', 'docs', 'api', 'blog']) {
      for (const [key, label, f, target] of metrics) {
        row(
          `Lighthouse mobile ${type === 'api' ? 'API' : type}: ${label}`,
          ours[type][key],
          stock[type][key],
          f,
          target,
        );
      }
      if (ours[type].failing.length) notes.push(`Lighthouse ${type} (ours) fails: ${ours[type].failing.join(', ')}.`);
    }
    row(
      'Lighthouse CPU benchmark index (higher = faster machine)',
      ours.home.benchmarkIndex,
      stock.home.benchmarkIndex,
      (n) => fmt(n, 0),
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
  return {table: `${rows.join('\n')}\n\n${notes.join('\n')}`, targets};
}

main().catch((e) => {
  console.error(`\nbench failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
