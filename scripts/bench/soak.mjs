// @ts-check
// The sandbox soak (issues 26 and 33): requests per second, p99 latency and the server's RSS every
// 10,000 requests against `npm run sandbox`, and whether it plateaus. Part of `npm run bench`;
// runnable alone:
//   node scripts/bench/soak.mjs [--seconds N | --requests N] [--concurrency N] [--port N]
// Every request carries a fresh token of today's form (kid, exp, aud; a new reqId), and every payout
// order is signed (RFC 9421, the sandbox's Ed25519 test key, by core/signing as Try it and the
// journeys proxy sign), so no request rides a transition window: an answer with `Deprecation` counts
// as an error. The mix is what a partner sends: payout orders with fresh referenceids, status calls
// and repeats of earlier ones, malformed bodies and reference-data reads, so what the sandbox
// remembers (used reqIds, transactions, repeat originals, queued webhooks) grows as it would under a
// load generator.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {SignJWT} from 'jose';
import {tsImport} from 'tsx/esm/api';
import {parse} from 'yaml';
import {freePort, ROOT, sleep} from './lib.mjs';

/**
 * The sandbox's test credentials, where the sandbox itself reads them.
 * @type {{credentials: {partnerId: string, jwtSecret: string}, signingKey: {keyId: string, privateKey: string}}}
 */
const SANDBOX = parse(fs.readFileSync(path.join(ROOT, 'openapi/scenarios/sandbox.yaml'), 'utf8'));
const PARTNER_ID = SANDBOX.credentials.partnerId;
const JWT_SECRET = SANDBOX.credentials.jwtSecret;
// Today's token form (core/sandbox/engine/token.ts): the sandbox key id, its audience, 5 minutes of life.
const KEY_ID = 'sbx-key-2';
const AUDIENCE = 'sandbox.rupeerail.example';
const TOKEN_LIFETIME_SECONDS = 300;
/** Requests between two RSS samples. */
export const SAMPLE_EVERY = 10_000;
/** RSS growing by more than this over the samples after the token window is no plateau. */
export const PLATEAU_TOLERANCE_MB = 10;
/**
 * The sandbox keeps each used reqId for the token window (5 minutes, core/sandbox/engine/retention.ts)
 * to refuse a replay, so RSS must grow for that long whatever else it holds; only samples taken after
 * it can show a plateau.
 */
export const WINDOW_SECONDS = TOKEN_LIFETIME_SECONDS;
/** Samples after the window needed to judge: two halves of two. */
const MIN_AFTER_WINDOW = 4;

/** The p-th percentile (0-100) of `xs`, nearest rank. @param {number[]} xs @param {number} p */
export function percentile(xs, p) {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/**
 * Whether RSS plateaus: over the samples taken once the token window has passed, the highest of their
 * later half within PLATEAU_TOLERANCE_MB of the highest of their earlier half. Peaks, because RSS
 * saws up and down between collections (the 300,000-request run here went 393, 408, 423, 393, ...),
 * so one sample taken low would read as growth; a leak raises the later peak. Fewer than
 * MIN_AFTER_WINDOW such samples say nothing.
 * @param {{mb: number, atSeconds: number}[]} samples
 * @returns {{plateau: boolean | undefined, growthMb: number, after: number}}
 */
export function plateauOf(samples) {
  const after = samples.filter((s) => s.atSeconds >= WINDOW_SECONDS).map((s) => s.mb);
  if (after.length < MIN_AFTER_WINDOW) return {plateau: undefined, growthMb: 0, after: after.length};
  const half = Math.floor(after.length / 2);
  const growthMb = Math.max(...after.slice(half)) - Math.max(...after.slice(0, half));
  return {plateau: growthMb <= PLATEAU_TOLERANCE_MB, growthMb, after: after.length};
}

/**
 * The soak's report lines.
 * @param {{requests: number, seconds: number, p99Ms: number, rssBeforeMb: number, rssSamples: {mb: number, atSeconds: number}[], errors: number}} f
 */
export function soakLines(f) {
  const {plateau, growthMb, after} = plateauOf(f.rssSamples);
  const growth = `${growthMb >= 0 ? '+' : ''}${growthMb.toFixed(0)} MB, later half's peak on earlier half's, of the ${after} samples after the ${WINDOW_SECONDS / 60}-minute token window`;
  const verdict =
    plateau === undefined
      ? `too short to tell: ${after} of ${MIN_AFTER_WINDOW} samples after the ${WINDOW_SECONDS / 60}-minute token window (run longer: --seconds)`
      : `${plateau ? 'plateaus' : 'still growing'} (${growth})`;
  return [
    `| Sandbox soak | ${f.requests.toLocaleString('en-GB')} requests in ${Math.round(f.seconds)} s | ${Math.round(f.requests / f.seconds)} req/s | p99 ${f.p99Ms.toFixed(1)} ms | RSS ${f.rssBeforeMb.toFixed(0)} MB before; every ${SAMPLE_EVERY.toLocaleString('en-GB')}: ${f.rssSamples.map((x) => x.mb.toFixed(0)).join(', ')} MB | ${verdict} | ${f.errors} errors |`,
  ];
}

const JWT_KEY = new TextEncoder().encode(JWT_SECRET);

/** The token's reqId of request n, also its signature's nonce. @param {number} n */
const reqIdOf = (n) => `soak-${process.pid}-${n}`;

/** HS256 JWT in today's form (kid, exp, aud), signed by jose as the sandbox checks it. @param {number} n */
function token(n) {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    partnerId: PARTNER_ID,
    iat,
    exp: iat + TOKEN_LIFETIME_SECONDS,
    aud: AUDIENCE,
    reqId: reqIdOf(n),
  })
    .setProtectedHeader({alg: 'HS256', typ: 'JWT', kid: KEY_ID})
    .sign(JWT_KEY);
}

/** core/signing (TypeScript), loaded once through tsx as scripts/build.mjs loads the manifest. */
const signing =
  /** @type {Promise<[typeof import('../../core/signing/message.ts'), typeof import('../../core/signing/keys.ts')]>} */ (
    Promise.all([
      tsImport('../../core/signing/message.ts', import.meta.url),
      tsImport('../../core/signing/keys.ts', import.meta.url),
    ])
  );
/** @type {Promise<CryptoKey> | undefined} */
let signingKey;

/**
 * The headers of request n: its token, and for a payout order the RFC 9421 signature over it.
 * @param {number} n
 * @returns {Promise<Record<string, string>>}
 */
export async function headersOf(n) {
  const r = n < 0 ? requestOf(8) : requestOf(n);
  const authorization = `Bearer ${await token(n)}`;
  /** @type {Record<string, string>} */
  const body = r.body ? {'content-type': 'application/json'} : {};
  if (!(r.method === 'POST' && r.path === ORDERS)) return {authorization, ...body};
  const [{signRequest}, {importPrivateKey}] = await signing;
  signingKey ??= importPrivateKey(SANDBOX.signingKey.privateKey, 'ed25519');
  const signature = await signRequest(
    {method: r.method, path: r.path, body: r.body ?? '', authorization},
    {created: Math.floor(Date.now() / 1000), keyid: SANDBOX.signingKey.keyId, alg: 'ed25519', nonce: reqIdOf(n)},
    await signingKey,
  );
  return {authorization, ...body, ...signature};
}

const ORDERS = '/api/v1/service/payout/orders';
/** The referenceid of the order request n (an order request) creates. @param {number} n */
const referenceOf = (n) => `RR-SOAK-${process.pid}-${n}`;
/** @param {number} n */
const order = (n) =>
  JSON.stringify({
    referenceid: referenceOf(n),
    contact_id: 'cont_Q8m2Xh4Lp0Zr7T',
    amount: 18500,
    mode: 'IMPS',
    purpose: 'VENDOR_PAYMENT',
  });

/**
 * Request n of the mix, in tens: 0-3 a new order, 4-5 the status of an order sent ten requests
 * before, 6 a repeat of one (code 4), 7 a malformed body (400), 8-9 the bank list. Status calls and
 * repeats name orders sent by then whatever the concurrency: ten requests back is one round earlier.
 * @param {number} n
 * @returns {{method: string, path: string, body: string | undefined, expect: number}}
 */
export function requestOf(n) {
  const kind = ((n % 10) + 10) % 10;
  const earlier = n - 10 - kind; // an order request (kind 0) of the previous ten
  if (n < 10 && kind >= 4 && kind <= 6)
    return {method: 'GET', path: '/api/v1/common/bank', body: undefined, expect: 200};
  if (kind <= 3) return {method: 'POST', path: ORDERS, body: order(n), expect: 200};
  if (kind <= 5)
    return {
      method: 'POST',
      path: `${ORDERS}/status`,
      body: JSON.stringify({referenceid: referenceOf(earlier)}),
      expect: 200,
    };
  if (kind === 6) return {method: 'POST', path: ORDERS, body: order(earlier), expect: 200};
  if (kind === 7) return {method: 'POST', path: ORDERS, body: '{"referenceid":', expect: 400};
  return {method: 'GET', path: '/api/v1/common/bank', body: undefined, expect: 200};
}

/**
 * Sends request n with its headers, made beforehand so that the latency is the sandbox's alone; a
 * warm-up request (n < 0) reads the bank list.
 * @param {http.Agent} agent @param {number} port @param {number} n @param {Record<string, string>} headers
 * @returns {Promise<{status: number, deprecated: boolean}>} HTTP status; whether it carried Deprecation
 */
function send(agent, port, n, headers) {
  const r = n < 0 ? requestOf(8) : requestOf(n);
  return new Promise((resolve, reject) => {
    const req = http.request({agent, port, host: '127.0.0.1', method: r.method, path: r.path, headers}, (res) => {
      res.resume();
      res.on('end', () => resolve({status: res.statusCode ?? 0, deprecated: 'deprecation' in res.headers}));
    });
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

/**
 * The length of a default run, in seconds: two token windows, the first filling the store of used
 * reqIds, the second showing whether RSS then holds. A length in requests was not enough: at 640
 * requests a second 300,000 ran 169 s past the window and plateaued, at 783 a second they ran 83 s
 * past it and RSS was still climbing.
 */
export const DEFAULT_SECONDS = 2 * WINDOW_SECONDS;

/**
 * Runs the soak; its figures. It stops after `seconds` or `requests`, whichever comes first (by
 * default after DEFAULT_SECONDS); `port`: the sandbox's (default a free one).
 * @param {{requests?: number, seconds?: number, concurrency?: number, port?: number}} opts
 */
export async function soakFigures({
  requests = Infinity,
  seconds: maxSeconds = requests === Infinity ? DEFAULT_SECONDS : Infinity,
  concurrency = 32,
  port = 0,
} = {}) {
  port ||= await freePort();
  const child = await startSandbox(port);
  const pid = /** @type {number} */ (child.pid);
  const agent = new http.Agent({keepAlive: true, maxSockets: concurrency});
  try {
    for (let i = 0; i < 200; i++) await send(agent, port, -1 - 2 * i, await headersOf(-1 - 2 * i)); // warm-up: families loaded, JIT warm
    const rssBeforeMb = rssMb(pid);
    /** @type {{mb: number, atSeconds: number}[]} */
    const rssSamples = [];
    /** @type {number[]} */
    const latencies = [];
    let finished = 0;
    let next = 0;
    let errors = 0;
    const t0 = performance.now();
    const deadline = t0 + maxSeconds * 1000;
    const worker = async () => {
      while (next < requests && performance.now() < deadline) {
        const n = next++;
        const headers = await headersOf(n);
        const t = performance.now();
        const answer = await send(agent, port, n, headers).catch(() => ({status: 0, deprecated: false}));
        latencies.push(performance.now() - t);
        // An answer other than the one the mix expects (a 500, a refused token or signature, a dropped
        // connection), or one that says the request used an old form.
        if (answer.status !== requestOf(n).expect || answer.deprecated) errors += 1;
        if (++finished % SAMPLE_EVERY === 0)
          rssSamples.push({mb: rssMb(pid), atSeconds: (performance.now() - t0) / 1000});
      }
    };
    await Promise.all(Array.from({length: concurrency}, worker));
    const seconds = (performance.now() - t0) / 1000;
    return {requests: finished, seconds, p99Ms: percentile(latencies, 99), rssBeforeMb, rssSamples, errors};
  } finally {
    agent.destroy();
    child.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({
    options: {
      requests: {type: 'string'},
      seconds: {type: 'string'},
      concurrency: {type: 'string'},
      port: {type: 'string'},
    },
  });
  const figures = await soakFigures({
    ...(values.requests ? {requests: Number(values.requests)} : {}),
    ...(values.seconds ? {seconds: Number(values.seconds)} : {}),
    ...(values.concurrency ? {concurrency: Number(values.concurrency)} : {}),
    ...(values.port ? {port: Number(values.port)} : {}),
  });
  console.log(soakLines(figures).join('\n'));
}
