// @ts-check
// Lighthouse with its defaults (mobile emulation, simulated Slow 4G + 4x CPU throttling).
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {CHROMIUM, CHROMIUM_FLAGS, median, onInterrupt} from './lib.mjs';

/**
 * @typedef {{performance: number|null, accessibility: number|null, bestPractices: number|null, seo: number|null,
 *   lcpMs: number|null, tbtMs: number|null, cls: number|null, benchmarkIndex: number|null}} LhFigures
 * `benchmarkIndex`: Lighthouse's own CPU speed estimate; simulated throttling scales observed CPU
 * time, so a busy or slow machine lowers Performance (TBT above all) on both sites alike.
 */

/** Fails early, with the fix, when the optional dependency is missing. */
export async function loadLighthouse() {
  try {
    return (await import('lighthouse')).default;
  } catch (e) {
    throw new Error(
      `cannot load lighthouse (${/** @type {Error} */ (e).message.split('\n')[0]}). Install it (npm i -D lighthouse@12.8.2) or pass --skip-lighthouse.`,
      {cause: e},
    );
  }
}

/**
 * Starts one Chromium with a DevTools port for Lighthouse to drive, runs `fn`, and stops it.
 * We start it ourselves rather than through chrome-launcher so the bench needs no second package;
 * Lighthouse resets storage before each run, so runs do not share a cache.
 * @template T @param {(port: number) => Promise<T>} fn @returns {Promise<T>}
 */
export async function withChromium(fn) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const chrome = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true, // its own process group, so the renderers go with it
    },
  );
  const kill = () => process.kill(-(/** @type {number} */ (chrome.pid)), 'SIGKILL');
  const unregister = onInterrupt(kill);
  try {
    const port = await new Promise((resolve, reject) => {
      let err = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not open a DevTools port:\n${err}`)), 30_000);
      chrome.stderr.on('data', (d) => {
        err += d;
        const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      chrome.on('exit', (code) => reject(new Error(`Chromium exited ${code}:\n${err}`)));
    });
    return await fn(port);
  } finally {
    unregister();
    try {
      kill();
    } catch {}
    fs.rmSync(profile, {recursive: true, force: true});
  }
}

/**
 * One Lighthouse run of `url`: its figures, and the scored audits below full marks in the categories
 * that must be 100.
 * @param {Awaited<ReturnType<typeof loadLighthouse>>} lighthouse @param {number} port @param {string} url
 * @returns {Promise<{figures: LhFigures, failing: string[], version: string}>}
 */
async function lighthouseRun(lighthouse, port, url) {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  /** @type {string[]} */
  const failing = [];
  for (const cat of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit?.score != null && audit.score < 1) failing.push(ref.id);
    }
  }
  /** @param {string} id */
  const score = (id) =>
    lhr.categories[id]?.score == null ? null : Math.round(/** @type {number} */ (lhr.categories[id].score) * 100);
  /** @param {string} id */
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    },
    failing,
    version: lhr.lighthouseVersion,
  };
}

/** How often one run is tried before it counts as not measured. */
const ATTEMPTS = 3;

/**
 * One run, tried again when Lighthouse fails (`NO_NAVSTART` on a busy machine, now and then on any
 * page): one failed run used to stop the bench with no figures at all. A run that fails every
 * attempt is left out, said on stderr, and the medians are of the runs that were measured.
 * @param {Awaited<ReturnType<typeof loadLighthouse>>} lighthouse @param {number} port @param {string} url
 */
async function runWithRetries(lighthouse, port, url) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await lighthouseRun(lighthouse, port, url);
    } catch (e) {
      const last = attempt === ATTEMPTS;
      console.error(
        `${e instanceof Error ? e.message : String(e)} (attempt ${attempt} of ${ATTEMPTS}${last ? '; this run is left out of the medians' : ', trying again'})`,
      );
    }
  }
  return undefined;
}

/**
 * The median of `runs` Lighthouse runs of each URL, each figure taken separately. The runs go round
 * the URLs (every URL once, then every URL again), so a machine that slows down or speeds up part
 * way through weighs on every page, and on both sites, alike; one URL's runs back to back put all of
 * a slow minute on that page.
 * @param {Awaited<ReturnType<typeof loadLighthouse>>} lighthouse @param {number} port
 * @param {readonly string[]} urls @param {number} runs @param {(url: string, round: number) => void} [onRun]
 * @returns {Promise<Map<string, LhFigures & {runs: LhFigures[], failing: string[], version: string}>>}
 */
export async function lighthouseMedians(lighthouse, port, urls, runs, onRun) {
  /** @type {Map<string, {all: LhFigures[], failing: Set<string>, version: string}>} */
  const byUrl = new Map(urls.map((u) => [u, {all: [], failing: new Set(), version: ''}]));
  for (let round = 0; round < runs; round++) {
    for (const url of byUrl.keys()) {
      onRun?.(url, round);
      const run = await runWithRetries(lighthouse, port, url);
      const entry = /** @type {{all: LhFigures[], failing: Set<string>, version: string}} */ (byUrl.get(url));
      if (!run) continue;
      entry.all.push(run.figures);
      for (const id of run.failing) entry.failing.add(id);
      entry.version = run.version;
    }
  }
  return new Map(
    [...byUrl].map(([url, {all, failing, version}]) => {
      /** @param {keyof LhFigures} k */
      const med = (k) => median(all.map((r) => r[k]).filter((v) => v != null));
      return [
        url,
        {
          performance: med('performance'),
          accessibility: med('accessibility'),
          bestPractices: med('bestPractices'),
          seo: med('seo'),
          lcpMs: med('lcpMs'),
          tbtMs: med('tbtMs'),
          cls: med('cls'),
          benchmarkIndex: med('benchmarkIndex'),
          runs: all,
          failing: [...failing].sort(),
          version,
        },
      ];
    }),
  );
}
