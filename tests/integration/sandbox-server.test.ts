/**
 * `npm run sandbox` as an integrator meets it: over real HTTP on 127.0.0.1, bad input answered in the
 * envelope (never a crash or a hang), and webhooks POSTed to --webhook-url, signed as the webhook
 * pages say, tried again on the documented schedule when the endpoint fails. The clock is the test's,
 * so a minute of retry schedule takes no time. Ports from this worktree's range (4241-4249).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SITE_DIR} from '#node/contract/paths';
import {signToken} from '#core/sandbox/crypto';
import {startSandboxServer, tempSandboxDir, type SandboxServer} from '../../scripts/lib/sandbox-server';
import {parseSandboxArgs} from '../../scripts/sandbox';

const SANDBOX_PORT = 4243;
const HOOK_PORT = 4245;
type Verify = (body: Buffer, id: string, ts: string, sig: string, secrets: string[], now: number) => boolean;

let now = Date.parse('2025-11-14T05:00:00Z');
let server: SandboxServer;
let receiver: http.Server;
/** What the webhook endpoint answers next (one status per delivery, 204 once the list is empty). */
const answers: number[] = [];
const received: {headers: http.IncomingHttpHeaders; body: string}[] = [];
const lines: string[] = [];
let verifyWebhook: Verify;

const sandboxDir = tempSandboxDir('server');

beforeAll(async () => {
  ({verifyWebhook} = (await import(path.join(SITE_DIR, 'samples/verify/verify.mjs'))) as {verifyWebhook: Verify});
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({headers: req.headers, body});
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(HOOK_PORT, '127.0.0.1', resolve));
  server = await startSandboxServer({
    port: SANDBOX_PORT,
    webhookUrl: `http://127.0.0.1:${HOOK_PORT}/hooks`,
    outDir: sandboxDir,
    clock: {now: () => now},
    tickMs: 20,
    log: (line) => lines.push(line),
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  fs.rmSync(sandboxDir, {recursive: true, force: true});
});

let n = 0;
const token = (): Promise<string> =>
  signToken({partnerId: 'PS001234', iat: Math.floor(now / 1000), reqId: `server-${++n}`}, 'jwt_test_7c2e91');

async function post(route: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json', ...headers},
    body,
  });
  return {status: res.status, json: (await res.json()) as Record<string, unknown>};
}

const waitFor = async (what: () => boolean, label: string): Promise<void> => {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(what(), label).toBe(true);
};

/** A raw request, for what fetch will not send. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(SANDBOX_PORT, '127.0.0.1', () => socket.end(text));
    let out = '';
    socket.on('data', (c) => (out += c.toString('utf8')));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

const PAYOUT = {
  referenceid: 'RR-PO-TEST-0001',
  contact_id: 'cont_Q8m2Xh4Lp0Zr7T',
  amount: 10201,
  mode: 'IMPS',
  purpose: 'VENDOR_PAYMENT',
};

describe('npm run sandbox over HTTP', () => {
  it('serves the API under the sandbox base path on 127.0.0.1', () => {
    expect(server.url).toBe(`http://127.0.0.1:${SANDBOX_PORT}/api/v1`);
  });

  it('answers bad input in the envelope: broken JSON, an unknown path, a huge body, bytes that are not HTTP', async () => {
    expect(await post('/service/payout/orders', '{"amount":')).toEqual({
      status: 400,
      json: {
        status: false,
        response_code: 10,
        message: 'Validation failed',
        data: {errors: [{field: '(body)', rule: 'must be valid JSON (Unexpected end of JSON input)'}]},
      },
    });
    expect(await post('/service/payout/nothing', '{}')).toEqual({
      status: 404,
      json: {
        status: false,
        response_code: 7,
        message:
          'No operation at POST /api/v1/service/payout/nothing. Paths start with /api/v1/; the API reference lists them all.',
      },
    });
    expect(await post('/service/payout/orders', JSON.stringify({narration: 'x'.repeat(1024 * 1024)}))).toEqual({
      status: 413,
      json: {status: false, response_code: 10, message: 'Request body larger than 1048576 bytes'},
    });
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      status: false,
      response_code: 10,
      message: 'Malformed HTTP request (HPE_INVALID_METHOD)',
    });
    // Still serving after all of it.
    expect(
      (await post('/service/payout/orders/status', '{"referenceid":"RR-PO-20251114-000413"}')).json.response_code,
    ).toBe(1);
  });

  it('delivers a webhook signed as documented, and tries a failed delivery again a minute after the first attempt', async () => {
    const first = await post('/service/payout/orders', JSON.stringify(PAYOUT));
    expect(first.json.response_code).toBe(2);
    answers.push(503);
    now += 31_000;
    await waitFor(() => received.length === 1, 'the first attempt arrives');
    now += 61_000;
    await waitFor(() => received.length === 2, 'the retry arrives');
    const [a, b] = received as [(typeof received)[0], (typeof received)[0]];
    expect(b.headers['x-webhook-id']).toBe(a.headers['x-webhook-id']);
    expect(Number(b.headers['x-webhook-timestamp']) - Number(a.headers['x-webhook-timestamp'])).toBe(61);
    for (const d of [a, b]) {
      expect(d.headers['content-type']).toBe('application/json');
      const ok = verifyWebhook(
        Buffer.from(d.body),
        String(d.headers['x-webhook-id']),
        String(d.headers['x-webhook-timestamp']),
        String(d.headers['x-signature']),
        ['whsec_test_4f1d2c'],
        Number(d.headers['x-webhook-timestamp']),
      );
      expect(ok).toBe(true);
      expect(JSON.parse(d.body)).toMatchObject({
        event: 'PAYOUT_ORDER_UPDATE',
        referenceid: 'RR-PO-TEST-0001',
        status: 'SUCCESS',
        amount: 10201,
      });
    }
    // The receiver has the retry before the sandbox has recorded its answer.
    await waitFor(() => server.deliveries.length === 2, "the retry's answer recorded");
    expect(server.deliveries.map((d) => d.status)).toEqual([503, 204]);
    expect(lines.filter((l) => l.startsWith('webhook'))).toEqual([
      `webhook payout-order-update ${String(a.headers['x-webhook-id'])} -> 503, tried again 1 min after the first attempt`,
      `webhook payout-order-update ${String(a.headers['x-webhook-id'])} -> 204`,
    ]);
  });
});

describe('npm run sandbox arguments', () => {
  it('takes a port, a webhook URL and secret', () => {
    expect(parseSandboxArgs(['--port', '4011', '--webhook-url', 'http://127.0.0.1:3000/hooks', '--quiet'])).toEqual({
      port: 4011,
      webhookUrl: 'http://127.0.0.1:3000/hooks',
      quiet: true,
    });
    expect(parseSandboxArgs([])).toEqual({port: 4010, quiet: false});
    expect(parseSandboxArgs(['--signature-form', '1.0.0'])).toEqual({port: 4010, signatureForm: '1.0.0', quiet: false});
    expect(parseSandboxArgs(['--test-clock'])).toEqual({port: 4010, testClock: true, quiet: false});
  });

  it('refuses a bad port or URL with the fix', () => {
    expect(() => parseSandboxArgs(['--port', 'eighty'])).toThrow(
      /^--port must be a whole number from 1 to 65535, not "eighty"\.\n\nUsage: npm run sandbox/,
    );
    expect(() => parseSandboxArgs(['--webhook-url', 'ftp://x'])).toThrow(
      /^--webhook-url must be an http:\/\/ or https:\/\/ URL, not "ftp:\/\/x"\./,
    );
    expect(() => parseSandboxArgs(['--colour'])).toThrow(/Unknown option '--colour'/);
    expect(() => parseSandboxArgs(['--signature-form', '1.2.0'])).toThrow(
      /^--signature-form must be one of 1\.0\.0, 1\.1\.0, not "1\.2\.0"\.\n\nUsage: npm run sandbox/,
    );
  });
});
