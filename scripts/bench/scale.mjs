#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:scale`: how the build grows with the size of the API. For each size (1x, 10x and
 * 30x the operations of today's contract by default) it copies the site into a temporary folder,
 * adds synthetic service families there, and times a cold production build, with its peak memory.
 * Nothing in the repository changes. Prints a markdown table and writes bench-results/scale.json.
 *
 * A synthetic family is a copy of one of the real families whose pages live in a folder of their
 * own (FAMILIES): its contract file (paths, schemas, webhooks), its test-data scenarios and its docs
 * folder, with every path, operationId, webhook and schema name marked with the copy's number
 * (`/service/dmt-x7/remitter`, `dmt-x7-remitter-query`, `DmtRemitterX7`). So the copies have the real families' schemas, examples, prose and
 * response codes, and every check the build runs holds for them as for the originals.
 *
 * Beside each size it builds a stock create-docusaurus classic site grown to the same number of
 * pages (its tutorial pages copied under new names: plain Markdown, the stock theme), in the same
 * run, and compares peak memory and time per page (issue 35: at 30x, memory within 1.5x of stock's
 * and time per page no dearer than stock's). This machine is shared; the ratio is what carries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {parse as parseYaml} from 'yaml';
import {countRoutes, measured, ROOT} from './lib.mjs';
import {ensureStockSite} from './stock.mjs';

const USAGE = `usage: npm run bench:scale [-- --sizes 1,10,30] [--keep]
  --sizes  multiples of today's operation count to build (default 1,10,30)
  --keep   leave the temporary copies in place (their paths are printed)`;

/**
 * Families copied: each has its docs in docs/v1/service/<tag>/ and nothing else there, so a copy is
 * one contract file, one scenario file and one folder. (AEPS, BBPS and payouts share folders or
 * pages with a second family; PAN's callback page is under docs/v1/api/.)
 */
const FAMILIES = ['dmt', 'gibl', 'matm', 'paycc', 'recharge', 'upicollect'];

/**
 * Everything a family has beside its pages, [folder, file ending]: the contract, the sandbox's
 * scenarios, the behaviour model and the journeys. The build checks each against the others, so a
 * copy without one of them stops the build (`openapi/behaviour/dmt-x2.yaml: missing`).
 * @type {readonly (readonly [string, string])[]}
 */
const FAMILY_FILES = [
  ['openapi/families', '.yaml'],
  ['openapi/scenarios', '.yaml'],
  ['openapi/behaviour', '.yaml'],
  ['openapi/journeys', '.arazzo.yaml'],
];

/** What is not copied into the temporary site: installed, generated or measured things. */
const SKIP = new Set(['node_modules', 'build', '.docusaurus', '.tmp', 'bench-results', '.git', 'test-results']);

/** @param {string[]} argv */
function parseArgs(argv) {
  let sizes = [1, 10, 30];
  let keep = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--keep') keep = true;
    else if (a === '--sizes' && argv[i + 1]) {
      sizes = String(argv[++i]).split(',').map(Number);
      if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
        console.error(`--sizes takes whole multiples of 1 or more, comma-separated: got ${argv[i]}\n${USAGE}`);
        process.exit(2);
      }
    } else {
      console.error(a === '--help' || a === '-h' ? USAGE : `unknown argument ${a}\n${USAGE}`);
      process.exit(a === '--help' || a === '-h' ? 0 : 2);
    }
  }
  return {sizes, keep};
}

/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @param {string} file */
const operationsIn = (file) => (fs.readFileSync(file, 'utf8').match(/^\s+operationId:/gm) ?? []).length;

/**
 * The renaming of one copy: names of the family's operations, webhooks and schemas get the
 * suffix, its paths and pages move under `/service/<tag>-x<n>`.
 * @param {string} tag @param {number} n
 */
function renaming(tag, n) {
  const doc = parseYaml(fs.readFileSync(path.join(ROOT, 'openapi/families', `${tag}.yaml`), 'utf8'));
  /** @type {string[]} */
  const ids = [];
  for (const item of Object.values(doc.paths ?? {}))
    for (const op of Object.values(/** @type {Record<string, any>} */ (item)))
      if (op?.operationId) ids.push(op.operationId);
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    ids.push(name);
    for (const op of Object.values(/** @type {Record<string, any>} */ (item)))
      if (op?.operationId) ids.push(op.operationId);
  }
  const schemas = Object.keys(doc.schemas ?? {});
  const suffix = `x${n}`;
  // Longest first, so `pan-status-check` is renamed before `pan-status`.
  const idPattern = new RegExp(
    `(?<![\\w-])(${[...new Set(ids)]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\w-])`,
    'g',
  );
  const schemaPattern = schemas.length
    ? new RegExp(
        `\\b(${schemas
          .sort((a, b) => b.length - a.length)
          .map(escape)
          .join('|')})\\b`,
        'g',
      )
    : undefined;
  const pathPattern = new RegExp(`/service/${escape(tag)}(?=[/"'\\s)#?\`]|$)`, 'gm');
  const tagPattern = new RegExp(`tags: \\[${escape(tag)}\\]`, 'g');
  // The behaviour model names its family by tag (`family: dmt`), and so do the components that
  // render it on the overview (`<BehaviourTable family="dmt" />`).
  const familyPattern = new RegExp(`^family: ${escape(tag)}$|(?<=family=")${escape(tag)}(?=")`, 'gm');
  /** @param {string} text */
  return (text) => {
    // The family's prefix carries the suffix (`pan-status` -> `pan-x7-status`): checks read the
    // ends of ids (a status operation's id ends in -status).
    let out = text.replace(idPattern, (id) =>
      id.startsWith(`${tag}-`) ? `${tag}-${suffix}-${id.slice(tag.length + 1)}` : `${suffix}-${id}`,
    );
    if (schemaPattern) out = out.replace(schemaPattern, `$1${suffix.toUpperCase()}`);
    return out
      .replace(pathPattern, `/service/${tag}-${suffix}`)
      .replace(tagPattern, `tags: [${tag}-${suffix}]`)
      .replace(familyPattern, (found) => found.replace(tag, `${tag}-${suffix}`));
  };
}

/** @param {string} dir @returns {string[]} files under dir, relative */
const filesUnder = (dir) =>
  fs.readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => fs.statSync(path.join(dir, f)).isFile());

/**
 * Adds `copies` rounds of synthetic families to the site at `site`; returns the operation count.
 * @param {string} site @param {number} copies
 */
function addFamilies(site, copies) {
  const rootFile = path.join(site, 'openapi/openapi.yaml');
  let rootYaml = fs.readFileSync(rootFile, 'utf8');
  const root = parseYaml(rootYaml);
  /** @type {string[]} */
  const tagEntries = [];
  /** @type {string[]} */
  const groupTags = [];
  /** @type {string[]} */
  const routes = [];
  for (let n = 2; n < copies + 2; n++) {
    for (const tag of FAMILIES) {
      const rename = renaming(tag, n);
      const name = `${tag}-x${n}`;
      for (const [dir, ext] of FAMILY_FILES) {
        const from = path.join(ROOT, dir, `${tag}${ext}`);
        if (fs.existsSync(from))
          fs.writeFileSync(path.join(site, dir, `${name}${ext}`), rename(fs.readFileSync(from, 'utf8')));
      }
      const docsFrom = path.join(ROOT, 'docs/v1/service', tag);
      const docsTo = path.join(site, 'docs/v1/service', name);
      for (const rel of filesUnder(docsFrom)) {
        fs.mkdirSync(path.dirname(path.join(docsTo, rel)), {recursive: true});
        fs.writeFileSync(path.join(docsTo, rel), rename(fs.readFileSync(path.join(docsFrom, rel), 'utf8')));
        if (rel.endsWith('.mdx'))
          routes.push(`/docs/v1/service/${name}${`/${rel.replace(/\.mdx$/, '')}`.replace(/\/index$/, '')}`);
      }
      const real = root.tags.find((/** @type {{name: string}} */ t) => t.name === tag);
      tagEntries.push(
        [
          `  - name: ${name}`,
          `    x-overview: /docs/v1/service/${name}`,
          `    x-displayName: ${JSON.stringify(`${real['x-displayName'] ?? tag} (synthetic ${n})`)}`,
          ...(real['x-rate-limit'] ? [`    x-rate-limit: ${JSON.stringify(real['x-rate-limit'])}`] : []),
          `    description: ${JSON.stringify(real.description ?? '')}`,
        ].join('\n'),
      );
      groupTags.push(name);
    }
  }
  if (tagEntries.length) {
    rootYaml = rootYaml.replace(/^x-tagGroups:\n/m, `${tagEntries.join('\n')}\nx-tagGroups:\n`);
    rootYaml = rootYaml.replace(
      /^x-tagGroups:\n/m,
      `x-tagGroups:\n  - name: Synthetic\n    tags: [${groupTags.join(', ')}]\n`,
    );
    fs.writeFileSync(rootFile, rootYaml);
    fs.appendFileSync(
      path.join(site, 'project-routes.txt'),
      `\n# synthetic families (npm run bench:scale)\n${routes.join('\n')}\n`,
    );
  }
  return fs
    .readdirSync(path.join(site, 'openapi/families'))
    .reduce((sum, f) => sum + operationsIn(path.join(site, 'openapi/families', f)), 0);
}

/**
 * A copy of the stock site (`stock.mjs`) in a fresh temporary folder, grown to `pages` pages: its
 * docs/ gets copies of the template's own tutorial pages, each under a new id, until the build would
 * have `pages` index.html files (the stock build's own routes counted by `stockRoutes`).
 * @param {string} stockDir @param {number} pages @param {number} stockRoutes
 */
function grownStockSite(stockDir, pages, stockRoutes) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-scale-'));
  const site = path.join(base, 'site');
  fs.cpSync(stockDir, site, {
    recursive: true,
    filter: (src) => !['node_modules', 'build', '.docusaurus'].includes(path.basename(src)),
  });
  fs.symlinkSync(path.join(stockDir, 'node_modules'), path.join(site, 'node_modules'));
  const templates = filesUnder(path.join(stockDir, 'docs'))
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) =>
      fs
        .readFileSync(path.join(stockDir, 'docs', f), 'utf8')
        .replace(/^---\n[\s\S]*?\n---\n/, '')
        // The copies live in other folders: their images and links relative to the original would
        // not resolve (the build stops on a missing image), so images go and links keep their text.
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\((?!https?:)[^)]*\)/g, '$1'),
    );
  const extra = Math.max(0, pages - stockRoutes);
  for (let i = 0; i < extra; i++) {
    // Folders of 100, as a large docs site groups its pages; ids and positions of their own.
    const dir = path.join(site, 'docs', 'scale', `part-${String(Math.floor(i / 100)).padStart(3, '0')}`);
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(
      path.join(dir, `page-${i}.md`),
      `---\nsidebar_position: ${i % 100}\ntitle: Page ${i}\n---\n\n${templates[i % templates.length]}`,
    );
  }
  return {base, site};
}

/**
 * The stock site's own routes (its build's index.html files), from a build kept by `npm run bench`
 * or a first build here. @param {string} stockDir
 */
async function stockRouteCount(stockDir) {
  const out = path.join(stockDir, 'build');
  if (!fs.existsSync(out))
    await measured(path.join(stockDir, 'node_modules', '.bin', 'docusaurus'), ['build'], {
      cwd: stockDir,
      env: process.env,
      log: path.join(ROOT, 'bench-results', 'logs', 'scale-stock-1x-build.log'),
    });
  return countRoutes(out).indexHtml;
}

/** A copy of the site in a fresh temporary folder. */
function copySite() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'rupeerail-scale-'));
  const site = path.join(base, 'site');
  fs.cpSync(ROOT, site, {
    recursive: true,
    filter: (src) => !SKIP.has(path.basename(src)) || path.dirname(src) !== ROOT,
  });
  // The packages are shared, each by a link; the bundler's persistent cache (node_modules/.cache)
  // is not, so every build is cold and ours is left alone.
  fs.mkdirSync(path.join(site, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '.cache')
      fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(site, 'node_modules', entry));
  }
  return {base, site};
}

/**
 * The table of sizes, ours beside stock, and the targets at the largest size.
 * @param {{size: number, operations: number, routes: number, seconds: number, peakRssMb: number, msPerOperation: number, method: string,
 *   stock?: {routes: number, seconds: number, peakRssMb: number}}[]} rows
 * @param {{size: number, reason: string}[]} failures
 */
function printReport(rows, failures) {
  const perPage = (/** @type {number} */ seconds, /** @type {number} */ routes) =>
    Math.round((seconds * 1000) / routes);
  const lines = [
    '| size | operations | routes | cold build (s) | peak RSS (MB) | ms per operation | ms per added operation | stock routes | stock build (s) | stock peak (MB) | memory vs stock | ms per page (ours / stock) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r, i) => {
      const prev = rows[i - 1];
      const added = prev
        ? Math.round(((r.seconds - prev.seconds) * 1000) / Math.max(1, r.operations - prev.operations))
        : '';
      const s = r.stock;
      const stockCells = s
        ? `${s.routes} | ${s.seconds} | ${s.peakRssMb} | ${(r.peakRssMb / s.peakRssMb).toFixed(2)}x | ${perPage(r.seconds, r.routes)} / ${perPage(s.seconds, s.routes)}`
        : 'not built | | | |';
      return `| ${r.size}x | ${r.operations} | ${r.routes} | ${r.seconds} | ${r.peakRssMb} | ${r.msPerOperation} | ${added} | ${stockCells} |`;
    }),
  ];
  console.log(lines.join('\n'));
  for (const f of failures) console.log(`\n${f.size}x: the build failed: ${f.reason}`);
  // As `npm run bench`: 0 whether or not the targets are met, 1 when a size could not be measured.
  if (failures.length) process.exitCode = 1;
  const last = rows.at(-1);
  const stock = last?.stock;
  if (last && stock) {
    const ratio = last.peakRssMb / stock.peakRssMb;
    const ours = perPage(last.seconds, last.routes);
    const theirs = perPage(stock.seconds, stock.routes);
    console.log(
      `\nTargets at the largest size (${last.operations} operations, ${last.routes} pages; issue 35): peak memory within 1.5x of stock's ${ratio <= 1.5 ? 'met' : 'NOT met'} (${last.peakRssMb} MB against ${stock.peakRssMb} MB, ${ratio.toFixed(2)}x, ${last.method}); time per page no dearer than stock's ${ours <= theirs ? 'met' : 'NOT met'} (${ours} ms against ${theirs} ms). Load average now: ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.availableParallelism()} cores.`,
    );
  }
}

async function main() {
  const {sizes, keep} = parseArgs(process.argv.slice(2));
  const baseOps = fs
    .readdirSync(path.join(ROOT, 'openapi/families'))
    .reduce((sum, f) => sum + operationsIn(path.join(ROOT, 'openapi/families', f)), 0);
  const perRound = FAMILIES.reduce((sum, t) => sum + operationsIn(path.join(ROOT, 'openapi/families', `${t}.yaml`)), 0);
  const logs = path.join(ROOT, 'bench-results', 'logs');
  /**
   * @type {{size: number, operations: number, routes: number, seconds: number, peakRssMb: number, msPerOperation: number, method: string,
   *   stock?: {routes: number, seconds: number, peakRssMb: number}}[]}
   */
  const rows = [];
  const stockDir = await ensureStockSite((msg) => console.error(msg));
  const stockRoutes = await stockRouteCount(stockDir);
  /** @type {{size: number, reason: string}[]} */
  const failures = [];
  /** The stock site with as many pages as `row`'s build, built now; its figures go into `row`. @param {typeof rows[number] | undefined} row */
  const measureStock = async (row) => {
    if (!row) return;
    const stock = grownStockSite(stockDir, row.routes, stockRoutes);
    try {
      console.error(`${row.size}x: stock site with ${row.routes} pages, building...`);
      const m = await measured(path.join(stock.site, 'node_modules', '.bin', 'docusaurus'), ['build'], {
        cwd: stock.site,
        env: process.env,
        log: path.join(logs, `scale-stock-${row.size}x-build.log`),
      });
      row.stock = {
        routes: countRoutes(path.join(stock.site, 'build')).indexHtml,
        seconds: Math.round(m.seconds),
        peakRssMb: m.peakRssMb,
      };
      console.error(`${row.size}x: stock ${JSON.stringify(row.stock)}`);
    } catch (error) {
      failures.push({
        size: row.size,
        reason: `stock build: ${(error instanceof Error ? error.message : String(error)).slice(-600)}`,
      });
    } finally {
      if (!keep) fs.rmSync(stock.base, {recursive: true, force: true});
    }
  };
  for (const size of sizes) {
    const copies = Math.ceil(((size - 1) * baseOps) / perRound);
    const {base, site} = copySite();
    try {
      const operations = addFamilies(site, copies);
      // Pages show their last update from Git, as in the real repository: one commit of everything.
      const git = (/** @type {string[]} */ ...args) => execFileSync('git', args, {cwd: site, stdio: 'ignore'});
      git('init', '-q');
      git('add', '-A');
      git('-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '-q', '-m', `scale ${size}x`);
      console.error(`${size}x: ${operations} operations in ${site}, building...`);
      // Built as production builds are, by `npm run build` (scripts/build.mjs and its Node flags).
      const m = await measured(process.execPath, [path.join(site, 'scripts', 'build.mjs')], {
        cwd: site,
        env: process.env,
        log: path.join(logs, `scale-${size}x-build.log`),
      });
      rows.push({
        size,
        operations,
        routes: countRoutes(path.join(site, 'build')).indexHtml,
        seconds: Math.round(m.seconds),
        peakRssMb: m.peakRssMb,
        msPerOperation: Math.round((m.seconds * 1000) / operations),
        method: m.method,
      });
      // Each size as it is done: a larger one may take long or be stopped.
      console.error(`${size}x: ${JSON.stringify(rows.at(-1))}`);
      await measureStock(rows.at(-1));
    } catch (error) {
      // A failed size (out of memory, stopped) is a result too: reported, and the others still run.
      failures.push({size, reason: (error instanceof Error ? error.message : String(error)).slice(-600)});
      console.error(`${size}x: build failed (log: bench-results/logs/scale-${size}x-build.log)`);
    } finally {
      if (keep) console.error(`kept ${base}`);
      else fs.rmSync(base, {recursive: true, force: true});
    }
  }
  fs.mkdirSync(path.join(ROOT, 'bench-results'), {recursive: true});
  fs.writeFileSync(
    path.join(ROOT, 'bench-results', 'scale.json'),
    JSON.stringify({cores: os.availableParallelism(), loadAverageAtStart: os.loadavg()[0], rows, failures}, null, 2),
  );
  // Growth between sizes: the cost of each added operation, which is flat when the build is linear.
  printReport(rows, failures);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
