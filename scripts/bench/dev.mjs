// @ts-check
// Dev server: cold start, and the time from saving a source file to the change showing in a page.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {median, onInterrupt, sleep} from './lib.mjs';

/**
 * @typedef {{name: string, file: string, page: string, edit: (text: string, marker: string) => string}} Edit
 * `edit` returns the file's text with `marker` added somewhere that renders on `page`.
 */

/**
 * The caches a dev server reads at start, besides the site's own (`caches`): what `docusaurus clear`
 * removes but build/ (the generated folder and Rspack's persistent cache; the dev server never reads
 * a build, and --reuse-build measures the one that is there), and jiti's transpile cache, which
 * Docusaurus loads the config and its TypeScript through. jiti keeps it under the system's temporary
 * folder, shared by every site on the machine, so each site's start gets a temporary folder of its
 * own (TMPDIR) instead of a shared one being deleted.
 * @param {string} siteDir @param {readonly string[]} caches site-relative folders
 */
function clearCaches(siteDir, caches) {
  for (const dir of ['.docusaurus', 'node_modules/.cache', ...caches])
    fs.rmSync(path.join(siteDir, dir), {recursive: true, force: true});
}

/**
 * Starts `docusaurus start` and waits until `/` answers 200 with the app shell (the dev middleware
 * holds requests until the first compilation is done), then until the home page is shown in a
 * browser: its `<main>` rendered (the dev server renders on the client; the page a writer sees).
 * Returns the seconds to each and a function that stops the
 * server (and all it started).
 * @param {{siteDir: string, env: NodeJS.ProcessEnv, port: number, log: string, browser: import('playwright-core').Browser}} o
 */
async function startDev({siteDir, env, port, log, browser}) {
  const bin = path.join(siteDir, 'node_modules', '.bin', 'docusaurus');
  fs.mkdirSync(path.dirname(log), {recursive: true});
  const out = fs.openSync(log, 'w');
  const t0 = performance.now();
  const server = spawn(bin, ['start', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: siteDir,
    env: {...env, BROWSER: 'none'},
    stdio: ['ignore', out, out],
    detached: true, // own process group: one kill stops it and anything it started
  });
  let exited = false;
  server.on('exit', () => (exited = true));
  const unregister = onInterrupt(() => process.kill(-(/** @type {number} */ (server.pid)), 'SIGTERM'));
  const stop = async () => {
    unregister();
    try {
      process.kill(-(/** @type {number} */ (server.pid)), 'SIGTERM');
    } catch {}
    await new Promise((r) => (exited ? r(undefined) : server.once('exit', r)));
    fs.closeSync(out);
  };
  try {
    for (;;) {
      if (exited) throw new Error(`docusaurus start exited; see ${log}`);
      if (performance.now() - t0 > 600_000) throw new Error(`docusaurus start not ready after 10 min; see ${log}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.ok && (await res.text()).includes('__docusaurus')) break;
      } catch {} // not listening yet
      await sleep(200);
    }
    const seconds = (performance.now() - t0) / 1000;
    await homeShown(browser, `http://127.0.0.1:${port}/`);
    return {seconds, shownSeconds: (performance.now() - t0) / 1000, stop};
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Opens `url` in a fresh browser context and waits for the page's `<main>`: the dev server renders
 * on the client, so the page is shown when its route's chunk has arrived and React rendered it.
 * @param {import('playwright-core').Browser} browser @param {string} url
 */
async function homeShown(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, {waitUntil: 'commit', timeout: 600_000});
    await page.waitForSelector('main', {timeout: 600_000});
  } finally {
    await context.close();
  }
}

/**
 * @typedef {{name: string, siteDir: string, env: NodeJS.ProcessEnv, edits: Edit[], port: number, log: string, caches?: readonly string[]}} DevSite
 * A site whose dev server is measured (`name` in the progress lines): `caches`, site-relative folders its first start lacks
 * besides `clearCaches`' own.
 */

/**
 * @typedef {{coldStartSeconds: number | null, coldShownSeconds: number | null, coldStarts: {seconds: number, shownSeconds: number}[], secondStartSeconds: number, secondShownSeconds: number, edits: Record<string, {medianSeconds: number | null, seconds: number[], error?: string}>}} DevResult
 */

/**
 * The dev servers of `sites`, each timed until `/` answers 200 with the app shell and until the
 * home page is shown in a browser (`startDev`):
 *   first   every cache cleared (`clearCaches`, and the site's own `caches`): a writer's first
 *           `npm start` after cloning and `npm ci`. `starts` times per site, taking turns (one
 *           start of each site, then each again), so a machine that slows down part way weighs on
 *           every site alike; the figures are the medians, every start is in `coldStarts`;
 *   second  straight after the sites' last first starts, with what those left: the start a
 *           writer lives with daily.
 * Then, on each second server, per edit, the median over `runs` of seconds from writing the file
 * to `marker` appearing (through HMR) in a browser page already open on `edit.page`.
 * @param {{sites: DevSite[], runs: number, starts: number, browser: import('playwright-core').Browser, say?: (line: string) => void}} o
 * @returns {Promise<DevResult[]>} one per site, in order
 */
export async function devFigures({sites, runs, starts, browser, say = () => {}}) {
  const tmps = sites.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dev-')));
  const envOf = (/** @type {number} */ i) => ({...sites[i]?.env, TMPDIR: tmps[i]});
  try {
    /** @type {{seconds: number, shownSeconds: number}[][]} */
    const cold = sites.map(() => []);
    for (let n = 0; n < starts; n++) {
      for (const [i, site] of sites.entries()) {
        clearCaches(site.siteDir, site.caches ?? []);
        const log = site.log.replace(/\.log$/, `-first-${n + 1}.log`);
        const first = await startDev({siteDir: site.siteDir, env: envOf(i), port: site.port, log, browser});
        await first.stop();
        say(`dev first start ${n + 1}/${starts}, ${site.name}: home shown in ${first.shownSeconds.toFixed(1)} s`);
        cold[i]?.push({seconds: first.seconds, shownSeconds: first.shownSeconds});
      }
    }
    /** @type {DevResult[]} */
    const results = [];
    for (const [i, site] of sites.entries()) {
      const second = await startDev({siteDir: site.siteDir, env: envOf(i), port: site.port, log: site.log, browser});
      try {
        const edits = await timeEdits(browser, `http://127.0.0.1:${site.port}`, site.edits, runs);
        const coldStarts = cold[i] ?? [];
        results.push({
          coldStartSeconds: median(coldStarts.map((c) => c.seconds)),
          coldShownSeconds: median(coldStarts.map((c) => c.shownSeconds)),
          coldStarts,
          secondStartSeconds: second.seconds,
          secondShownSeconds: second.shownSeconds,
          edits,
        });
      } finally {
        await second.stop();
      }
    }
    return results;
  } finally {
    for (const tmp of tmps) fs.rmSync(tmp, {recursive: true, force: true});
  }
}

/**
 * Each edit `runs` times in one browser page, the median of each.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {Edit[]} edits @param {number} runs
 */
async function timeEdits(browser, origin, edits, runs) {
  /** @type {Record<string, {medianSeconds: number | null, seconds: number[], error?: string}>} */
  const results = {};
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (const e of edits) {
      const seconds = [];
      try {
        await page.goto(origin + e.page, {waitUntil: 'load'});
        await page.waitForSelector('article, main', {timeout: 120_000}); // dev renders on the client
        for (let i = 0; i < runs; i++) seconds.push(await timeEdit(page, e, i));
        results[e.name] = {medianSeconds: median(seconds), seconds};
      } catch (err) {
        results[e.name] = {
          medianSeconds: median(seconds),
          seconds,
          error: /** @type {Error} */ (err).message.split('\n')[0],
        };
      }
    }
  } finally {
    await context.close();
  }
  return results;
}

/**
 * One edit: write, wait for the marker in the page, restore, wait for it to go away again (so the
 * next edit starts from a settled page).
 * @param {import('playwright-core').Page} page @param {Edit} e @param {number} i
 */
async function timeEdit(page, e, i) {
  const original = fs.readFileSync(e.file, 'utf8');
  const marker = `benchmarker${Date.now().toString(36)}x${i}`;
  const edited = e.edit(original, marker);
  if (edited === original) throw new Error(`${e.name}: the edit changed nothing in ${e.file}`);
  const unregister = onInterrupt(() => fs.writeFileSync(e.file, original));
  try {
    const t = performance.now();
    saveAtomically(e.file, edited);
    await page.waitForFunction((m) => document.body.innerText.includes(m), marker, {timeout: 60_000, polling: 50});
    return (performance.now() - t) / 1000;
  } finally {
    saveAtomically(e.file, original);
    unregister();
    await page.waitForFunction((m) => !document.body.innerText.includes(m), marker, {timeout: 60_000}).catch(() => {});
  }
}

/**
 * Writes through a temporary file and a rename, as most editors save. An in-place write lets the
 * watcher fire on the truncation and a plugin read half a file (seen with the contract YAML: the
 * reload fails and nothing updates until the next save).
 * @param {string} file @param {string} text
 */
function saveAtomically(file, text) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.bench-tmp`);
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}
