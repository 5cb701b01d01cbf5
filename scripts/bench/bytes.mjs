// @ts-check
// First-visit JS+CSS: what a browser with an empty cache fetches to render one page.
import path from 'node:path';
import {findFiles, gzipSize} from './lib.mjs';

/** @typedef {{url: string, type: string, raw: number, gzip: number}} Asset */

/** Rounds of "nothing in flight, then an idle period" before a page still fetching fails. */
const SETTLE_ROUNDS = 20;
const CONCURRENCY = 4;
/** @typedef {{path: string, raw: number, gzip: number, assets: Asset[]}} PageBytes */

/**
 * Loads `origin + pagePath` in a fresh browser context (cold cache) and adds up every script and
 * stylesheet response until the page has hydrated and then gone idle with no request in flight
 * and none started while it was idle (see settled).
 * Sizes are of the decoded bodies: `raw` as is, `gzip` at zlib level 9, whatever the server sent.
 * Docusaurus' viewport prefetches of other routes are `<link rel=prefetch>` (resource type
 * "other"), so they are not counted; neither is the search index, which loads on first use.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {string} pagePath
 * @returns {Promise<PageBytes>}
 */
export async function firstVisitBytes(browser, origin, pagePath) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    /** @type {Promise<Asset>[]} */
    const pending = [];
    /** @type {Net} */
    const net = {inFlight: 0, started: 0, drained: () => {}};
    page.on('request', () => {
      net.inFlight++;
      net.started++;
    });
    const settle = () => {
      if (--net.inFlight === 0) net.drained();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || res.status() >= 300) return;
      const url = new URL(res.url()).pathname;
      pending.push(
        res.body().then(
          (body) => ({url, type, raw: body.length, gzip: gzipSize(body)}),
          (e) => Promise.reject(new Error(`${pagePath}: no body for ${url}: ${e.message}`)),
        ),
      );
    });
    const res = await page.goto(origin + pagePath, {waitUntil: 'load'});
    if (!res?.ok()) throw new Error(`${pagePath} answered ${res?.status()}`);
    // Route chunks are requested only once main.js has run, which on a busy machine can take longer
    // than Playwright's 500 ms "networkidle": wait for Docusaurus' own hydration flag instead, then
    // for the lazy chunks that components import after mounting.
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout: 60_000});
    await settled(page, net, pagePath);
    const assets = await Promise.all(pending);
    return {
      path: pagePath,
      raw: assets.reduce((n, a) => n + a.raw, 0),
      gzip: assets.reduce((n, a) => n + a.gzip, 0),
      assets,
    };
  } finally {
    await context.close();
  }
}

/**
 * The page's requests: in flight, started so far, and what to call when the last in flight ends.
 * @typedef {{inFlight: number, started: number, drained: () => void}} Net
 */

/** Resolves when the requests in flight have ended; fails after 30 s naming the page. @param {Net} net @param {string} pagePath */
function drained(net, pagePath) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${pagePath}: a request still open after 30 s`)), 30_000);
    net.drained = () => {
      clearTimeout(timer);
      resolve(undefined);
    };
  });
}

/**
 * Resolves once no request is in flight and the page has then rendered two frames and gone idle
 * (requestIdleCallback) without starting one: what the page queued after hydration (effects,
 * observers, idle callbacks, the lazy imports they make) has run and its requests have ended. A
 * wait for the state, not for a quiet second: as exact, and on a page that is done, at once.
 * @param {import('playwright-core').Page} page @param {Net} net @param {string} pagePath
 */
async function settled(page, net, pagePath) {
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    if (net.inFlight > 0) await drained(net, pagePath);
    const started = net.started;
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve, {timeout: 5000}))),
        ),
    );
    if (net.inFlight === 0 && net.started === started) return;
  }
  throw new Error(`${pagePath}: still fetching after ${SETTLE_ROUNDS} idle periods`);
}

/**
 * The page under `dir` (e.g. docs/v1/service) with the largest first-visit gzip size. Pages are
 * loaded CONCURRENCY at a time (each in its own context, so caches stay cold); the hydration wait
 * in firstVisitBytes keeps the sums exact however slow the machine gets.
 * @param {import('playwright-core').Browser} browser @param {string} origin
 * @param {string} buildDir @param {string} dir
 * @returns {Promise<{heaviest: PageBytes, measured: {path: string, gzip: number}[]}>}
 */
export async function heaviestPage(browser, origin, buildDir, dir) {
  const paths = findFiles(path.join(buildDir, dir), 'index.html')
    .map((f) => `/${path.relative(buildDir, path.dirname(f))}`)
    .sort();
  if (!paths.length) throw new Error(`no pages under ${dir} in ${buildDir}`);
  /** @type {PageBytes[]} */
  const all = [];
  const queue = [...paths];
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) all.push(await firstVisitBytes(browser, origin, p));
  };
  await Promise.all(Array.from({length: CONCURRENCY}, worker));
  all.sort((a, b) => b.gzip - a.gzip || a.path.localeCompare(b.path));
  return {heaviest: /** @type {PageBytes} */ (all[0]), measured: all.map(({path: p, gzip}) => ({path: p, gzip}))};
}
