// @ts-check
// The sandbox soak (issue 26): requests per second, p99 latency and the server's RSS before and after
// 100,000 requests against `npm run sandbox`. Part of `npm run bench`; runnable alone:
//   node scripts/bench/soak.mjs [--requests N] [--concurrency N]
// Every request carries a fresh token (reqId) and half of them start a payout order with a fresh
// referenceid, so what the sandbox remembers (used reqIds, transactions, queued webhooks) grows as it
// would under a load generator; the RSS after says whether it stays bounded.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {SignJWT} from 'jose';
import {freePort, ROOT, sleep} from './lib.mjs';

const PARTNER_ID = 'PS001234';
const JWT_SECRET = 'jwt_test_7c2e91';

/** The p-th percentile (0-100) of `xs`, nearest rank. @param {number[]} xs @param {number} p */
export function percentile(xs, p) {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/**
 * The soak's report lines.
 * @param {{requests: number, seconds: number, p99Ms: number, rssBeforeMb: number, rssAfterMb: number, errors: number}} f
 */
export function soakLines(f) {
  return [
    `| Sandbox soak | ${f.requests.toLocaleString('en-GB')} requests | ${Math.round(f.requests / f.seconds)} req/s | p99 ${f.p99Ms.toFixed(1)} ms | RSS ${f.rssBeforeMb.toFixed(0)} MB before, ${f.rssAfterMb.toFixed(0)} MB after | ${f.errors} errors |`,
  ];
}

const JWT_KEY = new TextEncoder().encode(JWT_SECRET);

/** HS256 JWT as the headers page says, signed by jose as the sandbox checks it. @param {number} n */
function token(n) {
  return new SignJWT({partnerId: PARTNER_ID, iat: Math.floor(Date.now() / 1000), reqId: `soak-${process.pid}-${n}`})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .sign(JWT_KEY);
}

/** Request n: a payout order with a fresh referenceid, or the bank list. @param {number} n */
function requestOf(n) {
  if (n % 2) return {method: 'GET', path: '/api/v1/common/bank', body: undefined};
  const body = JSON.stringify({
    referenceid: `RR-SOAK-${n}`,
    contact_id: 'cont_Q8m2Xh4Lp0Zr7T',
    amount: 18500,
    mode: 'IMPS',
    purpose: 'VENDOR_PAYMENT',
  });
  return {method: 'POST', path: '/api/v1/service/payout/orders', body};
}

/**
 * Sends request n with its token, signed beforehand so that the latency is the sandbox's alone.
 * @param {http.Agent} agent @param {number} port @param {number} n @param {string} jwt
 * @returns {Promise<number>} HTTP status
 */
function send(agent, port, n, jwt) {
  const r = requestOf(n);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        port,
        host: '127.0.0.1',
        method: r.method,
        path: r.path,
        headers: {authorization: `Bearer ${jwt}`, ...(r.body ? {'content-type': 'application/json'} : {})},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

/** The RSS of a process in MB, from /proc. @param {number} pid */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The local sandbox in a process of its own, answering on `port`. @param {number} port */
async function startSandbox(port) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/sandbox.ts'), '--port', String(port), '--quiet'],
    {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']},
  );
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  for (let i = 0; i < 600 && !out.includes(`:${port}`); i++) await sleep(100);
  if (!out.includes(`:${port}`)) throw new Error(`the sandbox did not start on port ${port}:\n${out}`);
  return child;
}

/** Runs the soak; its figures. @param {{requests?: number, concurrency?: number}} opts */
export async function soakFigures({requests = 100_000, concurrency = 32} = {}) {
  const port = await freePort();
  const child = await startSandbox(port);
  const pid = /** @type {number} */ (child.pid);
  const agent = new http.Agent({keepAlive: true, maxSockets: concurrency});
  try {
    for (let i = 0; i < 200; i++) await send(agent, port, -1 - 2 * i, await token(-1 - 2 * i)); // warm-up: families loaded, JIT warm
    const rssBeforeMb = rssMb(pid);
    /** @type {number[]} */
    const latencies = [];
    let next = 0;
    let errors = 0;
    const t0 = performance.now();
    const worker = async () => {
      while (next < requests) {
        const n = next++;
        const signed = await token(n);
        const t = performance.now();
        const status = await send(agent, port, n, signed).catch(() => 0);
        latencies.push(performance.now() - t);
        if (status >= 500 || status === 0 || status === 401) errors += 1;
      }
    };
    await Promise.all(Array.from({length: concurrency}, worker));
    const seconds = (performance.now() - t0) / 1000;
    return {requests, seconds, p99Ms: percentile(latencies, 99), rssBeforeMb, rssAfterMb: rssMb(pid), errors};
  } finally {
    agent.destroy();
    child.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({options: {requests: {type: 'string'}, concurrency: {type: 'string'}}});
  const figures = await soakFigures({
    ...(values.requests ? {requests: Number(values.requests)} : {}),
    ...(values.concurrency ? {concurrency: Number(values.concurrency)} : {}),
  });
  console.log(soakLines(figures).join('\n'));
}
