/**
 * The MCP server (mcp/) as an editor starts it: `npm run mcp:build` makes the runnable copy from
 * the build under test, then an MCP client of the same SDK starts `node server.mjs` over stdio,
 * lists the tools and calls each with good and bad input.
 *
 * Here, not in the unit tests, because the server answers from a build: the twins it returns are
 * compared with the `.md` files of this build, found through the build's own /api twin (method and
 * path -> page) and OpenAPI download (operation ids), not through the server's data.
 *
 * search_docs reads the build's Pagefind index with the search box's code (mcp/src/search.ts); the
 * "cash withdrawal" test below is what fails if the copy into the MCP data or the query moves.
 * No browser and no nginx: only the files of the build.
 */
import {execFileSync} from 'node:child_process';
import crypto from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {expect, test} from './fixtures';
import {buildDir, repoRoot} from './helpers/paths';
import {markdownTwinPath} from '#core/markdown/twin';

/** The built copy, outside the repository, so nothing can resolve from its node_modules. */
let OUT: string;
const ORIGIN = 'https://docs.rupeerail.example';

interface Contract {
  paths: Record<
    string,
    Record<string, {operationId?: string; requestBody?: {content: Record<string, {example?: unknown}>}}>
  >;
}
const contract = JSON.parse(readFileSync(join(buildDir, 'downloads', 'openapi.json'), 'utf8')) as Contract;
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) =>
    op.operationId ? [{id: op.operationId, method: method.toUpperCase(), path, op}] : [],
  ),
);

/** `METHOD path` -> the page's URL, from the /api twin's lists ("- `POST /x`: [Summary](url)"). */
const pageOf = new Map(
  [...readFileSync(join(buildDir, 'api.md'), 'utf8').matchAll(/^- `([A-Z]+ \S+)` \[[^\]]*\]\((\S+)\)/gm)].map((m) => [
    m[1] as string,
    m[2] as string,
  ]),
);
/** The twin file of a page URL (percent-encoded as links are: `/kyc/%7BkycId%7D`). */
const twinOf = (url: string): string =>
  readFileSync(join(buildDir, markdownTwinPath(decodeURI(url.slice(ORIGIN.length)))), 'utf8');

let client: Client;

async function call(name: string, args: Record<string, unknown>): Promise<{text: string; isError: boolean}> {
  const res = (await client.callTool({name, arguments: args})) as {
    content: {type: string; text: string}[];
    isError?: boolean;
  };
  return {text: res.content.map((c) => c.text).join('\n'), isError: Boolean(res.isError)};
}

// One server for the file: the tests share its sandbox session, as one editor session would.
test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  OUT = mkdtempSync(join(tmpdir(), 'rupeerail-mcp-e2e-'));
  execFileSync('npx', ['tsx', 'mcp/src/bundle.ts', '--build-dir', buildDir, '--out', OUT], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  client = new Client({name: 'e2e', version: '1.0.0'});
  // The built copy alone: plain Node, no tsx, no node_modules.
  await client.connect(
    new StdioClientTransport({command: process.execPath, args: [join(OUT, 'server.mjs')], cwd: '/', stderr: 'pipe'}),
  );
});

test.afterAll(async () => {
  await client.close();
  rmSync(OUT, {recursive: true, force: true});
});

test('lists the eight tools, each with a JSON schema for its input', async () => {
  const {tools} = await client.listTools();
  expect(tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {}), t.inputSchema.required ?? []])).toEqual(
    [
      ['search_docs', ['query'], ['query']],
      ['get_operation', ['id', 'method', 'path'], []],
      ['list_operations', ['family'], []],
      ['get_response_code', ['code', 'operation'], ['code']],
      ['list_journeys', ['family'], []],
      ['get_journey', ['family'], ['family']],
      ['verify_webhook_signature', ['payload', 'headers', 'secret'], ['payload', 'headers', 'secret']],
      [
        'sandbox_request',
        ['operation', 'body', 'query', 'params', 'sandboxValue', 'partnerId', 'advanceSeconds', 'deliver'],
        ['operation'],
      ],
    ],
  );
});

test('search_docs: "cash withdrawal" finds the AEPS withdrawal page first', async () => {
  const {text, isError} = await call('search_docs', {query: 'cash withdrawal'});
  expect(isError).toBe(false);
  expect(text.split('\n').slice(0, 2)).toEqual([
    '1. AEPS cash withdrawal',
    `   ${ORIGIN}/docs/v1/service/aeps/withdrawal`,
  ]);
  expect(await call('search_docs', {query: '  '})).toEqual({
    text: 'query is empty: give a few words, such as "cash withdrawal".',
    isError: true,
  });
});

test('get_operation: every operation answers with its Markdown twin, word for word', async () => {
  expect(operations.length).toBeGreaterThan(80);
  for (const op of operations) {
    const url = pageOf.get(`${op.method} ${op.path}`);
    expect(url, `${op.id} is not on the /api page`).toBeDefined();
    const {text, isError} = await call('get_operation', {id: op.id});
    expect(isError, op.id).toBe(false);
    expect(text, op.id).toBe(twinOf(url as string));
  }
  const byPath = await call('get_operation', {
    method: 'post',
    path: `https://sandbox.rupeerail.example/api/v1/service/aeps/withdrawal`,
  });
  expect(byPath.text).toBe(twinOf(`${ORIGIN}/docs/v1/service/aeps/withdrawal`));
});

test('get_operation: bad input is answered with the fix', async () => {
  expect(await call('get_operation', {id: 'aeps-cash-withdrawl'})).toEqual({
    text: 'Unknown operation id "aeps-cash-withdrawl". Closest: aeps-cash-withdrawal, aeps-airtel-cash-withdrawal. list_operations lists every id, webhooks too.',
    isError: true,
  });
  expect(await call('get_operation', {method: 'GET', path: '/service/aeps/withdrawal'})).toEqual({
    text: 'GET /service/aeps/withdrawal is not an operation: that path takes POST (aeps-cash-withdrawal).',
    isError: true,
  });
  expect(await call('get_operation', {})).toEqual({
    text: 'Give either id (such as "aeps-cash-withdrawal") or both method and path (such as POST /service/aeps/withdrawal).',
    isError: true,
  });
});

test('list_operations: all of them, or one family; an unknown family gets the closest', async () => {
  const all = await call('list_operations', {});
  for (const op of operations) expect(all.text).toContain(`- \`${op.id}\`: ${op.method} ${op.path}, `);
  const airtel = await call('list_operations', {family: 'aeps-airtel'});
  expect(airtel.text.split('\n').slice(0, 3)).toEqual([
    '## AEPS via Airtel Payments Bank (aeps-airtel)',
    '',
    '- `aeps-airtel-daily-2fa`: POST /service/aeps/airtel/2fa, Daily merchant authentication (Airtel)',
  ]);
  const bad = await call('list_operations', {family: 'aepss'});
  expect(bad.isError).toBe(true);
  expect(bad.text).toMatch(/^Unknown family "aepss"\. Closest: aeps\. The families are: aeps, aeps-airtel, /);
});

test('get_response_code: the catalogue entry; a code not in it, or not a number, is refused', async () => {
  expect(await call('get_response_code', {code: 5})).toEqual({
    text: [
      'response_code 5: TIMEOUT_UNKNOWN',
      '',
      'Meaning: The upstream network did not answer in time, so the outcome is unknown.',
      'What to do: Never resend. Ask the status endpoint with the same `referenceid`; families that send webhooks also report the final state by webhook, the others (recharge, micro-ATM) only by the status call.',
      'Retry: Never: check status first.',
    ].join('\n'),
    isError: false,
  });
  const missing = await call('get_response_code', {code: 42});
  expect(missing.isError).toBe(true);
  expect(missing.text).toMatch(
    /^No response_code 42 in the catalogue\. It has 1, 2, 3, .*; all of them with their meaning: https:\/\/docs\.rupeerail\.example\/ResponseCode\.md\.$/,
  );
  const notNumber = await call('get_response_code', {code: 'two'});
  expect(notNumber.isError).toBe(true);
  expect(notNumber.text).toContain('Invalid arguments for tool get_response_code');
});

test('verify_webhook_signature: valid, and each reason a delivery fails', async () => {
  const id = 'evt_01JCZ5V8Q2M4K7T9W3X6Y1B5D8';
  const ts = String(Math.floor(Date.now() / 1000));
  const body = '{"event":"AEPS_TRANSACTION_UPDATE","referenceid":"RR-20251114-000187","status":"SUCCESS"}';
  const secret = 'whsec_live_e2e_5b7a';
  const sign = (key: string, text = body, t = ts): string =>
    `v1=${crypto.createHmac('sha256', key).update(`${id}.${t}.${text}`).digest('hex')}`;
  const headers = (signature: string, t = ts) => ({
    'X-Webhook-Id': id,
    'X-Webhook-Timestamp': t,
    'X-Signature': signature,
  });
  const verify = async (payload: string, h: Record<string, string>, key = secret) =>
    (await call('verify_webhook_signature', {payload, headers: h, secret: key})).text;

  expect(await verify(body, headers(sign(secret)))).toMatch(/^Valid: X-Signature matches the body/);
  expect(await verify(body, headers(sign('whsec_test_4f1d2c')))).toBe(
    'Invalid (wrong-secret): Wrong secret: this delivery was signed with the sandbox test secret (whsec_test_4f1d2c), not with the secret you passed.',
  );
  expect(await verify(JSON.stringify(JSON.parse(body), null, 2), headers(sign(secret)))).toBe(
    'Invalid (body-changed): Body changed: the signature matches the same JSON written differently (spacing, key order or a trailing newline). Hash the raw body bytes exactly as they arrived, before any JSON parsing.',
  );
  const old = String(Number(ts) - 600);
  expect(await verify(body, headers(sign(secret, body, old), old))).toMatch(
    /^Invalid \(timestamp-outside-window\): X-Webhook-Timestamp is 60\d seconds old; deliveries more than 300 seconds from your clock are rejected/,
  );
  expect(await verify(body, {'X-Webhook-Id': id})).toBe(
    'Invalid (missing-header): Missing header: X-Webhook-Timestamp, X-Signature. Every delivery carries X-Webhook-Id, X-Webhook-Timestamp and X-Signature; pass them as they arrived.',
  );
  expect(await verify(body, headers('sha256=abc'))).toBe(
    'Invalid (malformed-header): X-Signature must be "v1=" and 64 lower-case hex digits (two such values, space-separated, during a secret rotation), not "sha256=abc".',
  );
});

test('sandbox_request: the sandbox answers from the scenarios, follows the transaction, and refuses bad input', async () => {
  const withdrawal = operations.find((o) => o.id === 'aeps-cash-withdrawal');
  const example = withdrawal?.op.requestBody?.content['application/json']?.example as Record<string, unknown>;
  const referenceid = `RR-E2E-${Date.now()}`;
  const pending = await call('sandbox_request', {
    operation: 'aeps-cash-withdrawal',
    body: {...example, referenceid},
    sandboxValue: {field: 'aadhaar_number', value: '999900030201'},
  });
  expect(pending.isError).toBe(false);
  expect(pending.text).toMatch(
    /^POST \/api\/v1\/service\/aeps\/withdrawal: HTTP 200, response_code 2 \(scenario: Pending at the bank, then success\)/,
  );
  expect(pending.text).toMatch(/Webhooks that follow .*\n- aeps-transaction in 30 s \(X-Webhook-Id evt_/);
  const repeat = await call('sandbox_request', {operation: 'aeps-cash-withdrawal', body: {...example, referenceid}});
  expect(repeat.text).toMatch(/HTTP 200, response_code 4 /);
  const invalid = await call('sandbox_request', {operation: 'aeps-cash-withdrawal', body: {referenceid}});
  expect(invalid.text).toMatch(/HTTP 400, response_code 10 \(scenario: validation\)/);
  expect(await call('sandbox_request', {operation: 'aeps-withdraw', body: {}})).toEqual({
    text: 'Unknown operation id "aeps-withdraw". Closest: aeps-cash-withdrawal. list_operations lists every id, webhooks too.',
    isError: true,
  });
  expect(await call('sandbox_request', {operation: 'aeps-merchant-kyc-status'})).toEqual({
    text: 'POST /service/aeps/kyc/{kycId} needs the path parameter(s) kycId: pass them in params, such as {"kycId": "..."}.',
    isError: true,
  });
  const partner = await call('sandbox_request', {
    operation: 'aeps-cash-withdrawal',
    body: example,
    partnerId: 'PS000000',
  });
  expect(partner.isError).toBe(true);
  expect(partner.text).toMatch(/^Unknown test partner id "PS000000"\. Closest: .*\. The sandbox accepts PS001234, /);
});

test('resources: llms.txt, each family overview and the OpenAPI document', async () => {
  const {resources} = await client.listResources();
  const uris = resources.map((r) => r.uri);
  expect(uris.slice(0, 3)).toEqual([
    `${ORIGIN}/llms.txt`,
    `${ORIGIN}/downloads/openapi.yaml`,
    `${ORIGIN}/docs/v1/aeps.md`,
  ]);
  const read = async (uri: string) => ((await client.readResource({uri})).contents[0] as {text: string}).text;
  expect(await read(`${ORIGIN}/llms.txt`)).toBe(readFileSync(join(buildDir, 'llms.txt'), 'utf8'));
  expect(await read(`${ORIGIN}/downloads/openapi.yaml`)).toBe(
    readFileSync(join(buildDir, 'downloads', 'openapi.yaml'), 'utf8'),
  );
  for (const uri of uris.filter((u) => u.endsWith('.md')))
    expect(await read(uri)).toBe(twinOf(uri.replace(/\.md$/, '')));
});
