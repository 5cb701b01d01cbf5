// @ts-check
// Small helpers shared by the bench: processes, timing, memory, static serving, sizes.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Flags for every Chromium we start: quiet, no background traffic, runnable as root in a container. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
];

/** @type {Set<() => void>} */
const cleanups = new Set();
/**
 * Registers a synchronous clean-up (restore a file, kill a server) for when the bench is
 * interrupted; `finally` blocks do not run on Ctrl-C. Returns the function that unregisters it.
 * @param {() => void} fn
 */
export function onInterrupt(fn) {
  cleanups.add(fn);
  return () => void cleanups.delete(fn);
}
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => {
    for (const fn of cleanups) {
      try {
        fn();
      } catch {}
    }
    process.exit(130);
  });
}

/** @param {number[]} xs @returns {number | null} */
export function median(xs) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  // One cast per statement: Prettier moves a JSDoc cast that sits inside a larger expression.
  const hi = /** @type {number} */ (s[mid]);
  if (s.length % 2) return hi;
  const lo = /** @type {number} */ (s[mid - 1]);
  return (lo + hi) / 2;
}

/** @param {Buffer | string} data */
export const gzipSize = (data) => zlib.gzipSync(data, {level: 9}).length;

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the machine's one-minute load average is below `below` (default: one less than the
 * cores), at most `maxMs`. The bench's own builds leave the load high for a minute or two after they
 * end (2 cores: a build runs 4-9 processes and threads); a Lighthouse or dev-server run started at
 * once measures that tail, not the site. Returns the load it started at, the load it ended at and
 * the seconds waited, for the report.
 * @param {{below?: number, maxMs?: number, pollMs?: number, loadavg?: () => number, wait?: (ms: number) => Promise<unknown>, now?: () => number}} [opts]
 */
export async function settle(opts = {}) {
  const cores = os.availableParallelism();
  const {
    below = Math.max(1, cores - 1),
    maxMs = 240_000,
    pollMs = 5_000,
    loadavg = () => /** @type {number} */ (os.loadavg()[0]),
    wait = sleep,
    now = () => performance.now(),
  } = opts;
  const from = loadavg();
  const start = now();
  let load = from;
  while (load >= below && now() - start < maxMs) {
    await wait(pollMs);
    load = loadavg();
  }
  return {from, to: load, waitedS: Math.round((now() - start) / 1000), settled: load < below};
}

/**
 * The bench's ports, by role. `BENCH_PORT=N` fixes them to N (our nginx), N+1 (the stock site's
 * nginx), N+2 and N+3 (the two dev servers), for a machine where ports are handed out; without it
 * each is a port that is free when asked for.
 * @param {'ours' | 'stock' | 'dev-ours' | 'dev-stock'} role @returns {Promise<number>}
 */
export async function benchPort(role) {
  const base = process.env.BENCH_PORT;
  if (!base) return freePort();
  const n = Number(base);
  if (!Number.isInteger(n) || n < 1024 || n > 65532)
    throw new Error(`BENCH_PORT must be a port from 1024 to 65532 (it and the next three are used), not '${base}'`);
  return n + ['ours', 'stock', 'dev-ours', 'dev-stock'].indexOf(role);
}

/** A TCP port that was free a moment ago. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const {port} = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @typedef {{cwd: string, env?: NodeJS.ProcessEnv, log?: string, onSpawn?: (pid: number) => void}} RunOptions
 * `log`: file that receives the command's output (it is also kept in memory for the error message).
 */

/**
 * Runs a command to completion; rejects with the tail of its output if it fails.
 * @param {string} cmd @param {string[]} args @param {RunOptions} opts
 * @returns {Promise<{seconds: number, output: string}>}
 */
export function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, {cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe']});
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', reject);
    if (child.pid) opts.onSpawn?.(child.pid);
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString();
      if (opts.log) {
        fs.mkdirSync(path.dirname(opts.log), {recursive: true});
        fs.writeFileSync(opts.log, output);
      }
      if (code === 0) resolve({seconds: (performance.now() - t0) / 1000, output});
      else reject(new Error(`${cmd} ${args.join(' ')} (in ${opts.cwd}) exited ${code}:\n${output.slice(-3000)}`));
    });
  });
}

/** Resident memory (kB) of `pid` and all its descendants, from /proc. @param {number} pid */
function treeRssKb(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      // The command name (field 2) may contain spaces; the parent id is the 2nd field after its ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {} // the process ended while we looked
  }
  let kb = 0;
  for (const stack = [pid]; stack.length;) {
    const p = /** @type {number} */ (stack.pop());
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
    stack.push(...(children.get(p) ?? []));
  }
  return kb;
}

/**
 * Runs a command and measures wall time and peak resident memory. With GNU time (Debian's `time`
 * package) the peak is the largest single process's (getrusage); without it we poll /proc every
 * 100 ms and take the largest sum over the process tree.
 * @param {string} cmd @param {string[]} args @param {RunOptions} opts
 * @returns {Promise<{seconds: number, peakRssMb: number, method: string}>}
 */
export async function measured(cmd, args, opts) {
  if (fs.existsSync('/usr/bin/time')) {
    const out = path.join(ROOT, '.tmp', `bench-time-${process.pid}.txt`);
    fs.mkdirSync(path.dirname(out), {recursive: true});
    const {seconds} = await run('/usr/bin/time', ['-v', '-o', out, cmd, ...args], opts);
    const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(out, 'utf8'))?.[1]);
    fs.rmSync(out, {force: true});
    return {seconds, peakRssMb: Math.round(kb / 1024), method: 'GNU time -v (largest process)'};
  }
  let peak = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const onSpawn = (/** @type {number} */ pid) => {
    timer = setInterval(() => (peak = Math.max(peak, treeRssKb(pid))), 100);
  };
  try {
    const {seconds} = await run(cmd, args, {...opts, onSpawn});
    return {seconds, peakRssMb: Math.round(peak / 1024), method: '/proc polling (process tree, 100 ms)'};
  } finally {
    clearInterval(timer);
  }
}

/** Every file named `name` below `dir`. @param {string} dir @param {string} name @returns {string[]} */
export function findFiles(dir, name) {
  return fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => path.basename(f) === name)
    .map((f) => path.join(dir, f));
}

/** Pages of a build: its index.html files, and the URLs its sitemap lists. @param {string} buildDir */
export function countRoutes(buildDir) {
  const sitemap = path.join(buildDir, 'sitemap.xml');
  return {
    indexHtml: findFiles(buildDir, 'index.html').length,
    sitemapUrls: fs.existsSync(sitemap) ? (fs.readFileSync(sitemap, 'utf8').match(/<loc>/g) ?? []).length : null,
  };
}

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
});

const SERVE_BUILD = path.join(ROOT, 'scripts', 'serve-build.sh');

/**
 * Serves a build folder with nginx and the production config (scripts/serve-build.sh renders
 * deploy/*.conf, or the *.conf files of `deployDir`, into .tmp/nginx-<port>/), as readers get it.
 * @param {string} root @param {number} port @param {string} [deployDir]
 * @returns {Promise<{origin: string, close: () => Promise<void>}>}
 */
export async function serveNginx(root, port, deployDir) {
  const env = {...process.env};
  if (deployDir) env.SERVE_DEPLOY_DIR = deployDir;
  else delete env.SERVE_DEPLOY_DIR;
  const stopArgs = [SERVE_BUILD, '--stop', String(port)];
  const unregister = onInterrupt(() => void spawnSync('bash', stopArgs, {stdio: 'ignore'}));
  await run('bash', [SERVE_BUILD, root, String(port)], {cwd: ROOT, env});
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      unregister();
      await run('bash', stopArgs, {cwd: ROOT});
    },
  };
}

/**
 * The old in-process server (`npm run bench -- --in-process-server`), kept to compare with
 * earlier runs. Serves a build folder on 127.0.0.1 the way our nginx does in spirit: `/x`, `/x/` and `/x.html`
 * resolve, unknown paths get 404.html with status 404, text is gzipped, hashed assets are
 * cacheable. Serving uncompressed would make Lighthouse's simulated network charge both sites for
 * bytes no real host sends.
 * @param {string} root @returns {Promise<{origin: string, close: () => Promise<void>}>}
 */
export async function serveStatic(root) {
  /** @type {Map<string, Buffer>} */
  const gzCache = new Map();
  /** @param {string} p */
  const isFile = (p) => fs.existsSync(p) && fs.statSync(p).isFile();
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const base = path.join(root, path.normalize(pathname));
    let file = [base, path.join(base, 'index.html'), `${base}.html`].find((p) => p.startsWith(root) && isFile(p));
    let status = 200;
    if (!file) [file, status] = [path.join(root, '404.html'), 404];
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    /** @type {http.OutgoingHttpHeaders} */
    const headers = {'Content-Type': type, Vary: 'Accept-Encoding'};
    if (pathname.startsWith('/assets/')) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    let body = /** @type {Buffer} */ (fs.readFileSync(file));
    if (/text|json|xml|svg|yaml/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding']))) {
      const key = file;
      if (!gzCache.has(key)) gzCache.set(key, zlib.gzipSync(body, {level: 9}));
      body = /** @type {Buffer} */ (gzCache.get(key));
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  const {port} = /** @type {net.AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
