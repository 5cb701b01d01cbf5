/**
 * The MCP server's tools (mcp/src/tools.ts) and their registration (mcp/src/server.ts) on a small
 * bundle, with the real sandbox compiled from the contract for sandbox_request; a client of the SDK
 * talks to the server in memory. The same server over stdio, on the data of a real build, is
 * tests/e2e/mcp.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {prepareSandbox, tempSandboxDir} from '../../scripts/lib/sandbox-server';
import type {FamilyModel} from '#core/sandbox/model';
import type {DocsBundle} from '../../mcp/src/data';
import {McpBuildError, readBundle} from '../../mcp/src/bundle';
import {createServer} from '../../mcp/src/server';
import {
  getJourney,
  getOperation,
  getResponseCode,
  listJourneys,
  listOperations,
  sandboxRequest,
  sandboxSession,
  ToolInputError,
  verifySignature,
  type SandboxSession,
} from '../../mcp/src/tools';

const ORIGIN = 'https://docs.example';
const NOW = Date.parse('2025-11-14T05:00:00Z');
const sandboxDir = tempSandboxDir('mcp');
let bundle: DocsBundle;
let session: SandboxSession;
let client: Client;

/** The withdrawal request of the contract's example (fake Aadhaar and PID data). */
const WITHDRAWAL = {
  referenceid: 'RR-20251114-000187',
  merchantcode: 'RRM000451',
  mobilenumber: '9000000002',
  aadhaar_number: '999941057058',
  nationalbankidentification: 607094,
  latitude: '19.076090',
  longitude: '72.877426',
  accessmodetype: 'SITE',
  submerchantid: 'RRM000451',
  amount: 1500,
  biometric_type: 'FINGERPRINT',
  data: 'PFBpZERhdGE+PFJlc3AgZXJyQ29kZT0iMCIgZXJySW5mbz0iU3VjY2VzcyIgZkNvdW50PSIxIiBmVHlwZT0iMiIgblBpZD0iMSIgcUNvdW50PSIwIi8+PERldmljZUluZm8gZHBJZD0iU0FNUExFLkRQIiByZHNJZD0iU0FNUExFLldJTi4wMDEiLz48L1BpZERhdGE+',
};

const loadValidators = async (family: string) => (await loadWrittenFamily(sandboxDir, family)).validators;

/** Two operations whose code 1 means different things (core/behaviour/codes.ts words them at build time). */
const CODE_RULES: DocsBundle['codeRules'] = [
  {
    operation: 'aeps-cash-withdrawal',
    code: 1,
    text: 'An AEPS transaction was created in `SUCCESS`: money moved.',
    retry: 'safe',
    retryText: 'Safe to resend as is',
  },
  {
    operation: 'aeps-generate-url',
    code: 1,
    text: 'An AEPS transaction was created in `PENDING`, not final: no money moved.',
    retry: 'status',
    retryText: 'Never: check status first',
  },
];

/** One family's journeys, as mcp:build reads them from a build's /downloads/journeys/. */
const JOURNEYS: DocsBundle['journeys'] = [
  {
    family: 'payout',
    url: `${ORIGIN}/downloads/journeys/payout.arazzo.yaml`,
    text: 'arazzo: 1.0.1\n',
    workflows: [{workflowId: 'payout-paid', summary: 'Pay a contact by IMPS, paid at once', steps: 4}],
  },
];

beforeAll(async () => {
  const index = await prepareSandbox(sandboxDir);
  const families: Record<string, FamilyModel> = {};
  for (const f of new Set(index.routes.map((r) => r.family)))
    families[f] = (await loadWrittenFamily(sandboxDir, f)).model;
  bundle = {
    site: {name: 'RupeeRail', url: ORIGIN, apiVersion: '1.1.0'},
    operations: [
      {
        id: 'aeps-cash-withdrawal',
        method: 'POST',
        path: '/service/aeps/withdrawal',
        summary: 'Cash withdrawal',
        family: 'aeps',
        url: `${ORIGIN}/docs/v1/service/aeps/withdrawal`,
        markdown: '# AEPS cash withdrawal\n',
      },
      {
        id: 'aeps-merchant-kyc-status',
        method: 'POST',
        path: '/service/aeps/kyc/{kycId}',
        summary: 'Merchant KYC status',
        family: 'aeps',
        url: `${ORIGIN}/docs/v1/service/aeps/kyc/{kycId}`,
        markdown: '# Merchant KYC status\n',
      },
      {
        kind: 'webhook',
        id: 'aeps-transaction',
        method: 'POST',
        path: 'aeps-transaction',
        summary: 'AEPS transaction result',
        family: 'aeps',
        url: `${ORIGIN}/docs/v1/api/callbacks/aeps/transaction`,
        markdown: '# AEPS transaction result\n',
      },
    ],
    journeys: JOURNEYS,
    families: [
      {
        name: 'aeps',
        label: 'Aadhaar banking (AEPS)',
        description: 'AEPS.',
        overview: {url: `${ORIGIN}/docs/v1/aeps`, twinUrl: `${ORIGIN}/docs/v1/aeps.md`, markdown: '# AEPS\n'},
      },
      {name: 'sms', label: 'SMS', description: 'SMS.'},
    ],
    responseCodes: [
      {
        code: 1,
        name: 'SUCCESS',
        meaning: 'Accepted.',
        action: 'Record it.',
      },
      {
        code: 11,
        name: 'UNAUTHORIZED',
        meaning: 'Bad token.',
        action: 'Sign again.',
        retry: 'no',
        retryText: 'Not until fixed',
        common: true,
      },
    ],
    codeRules: CODE_RULES,
    responseCodesUrl: `${ORIGIN}/ResponseCode.md`,
    llmsTxt: {url: `${ORIGIN}/llms.txt`, text: '# RupeeRail API\n'},
    openapi: {url: `${ORIGIN}/downloads/openapi.yaml`, text: 'openapi: 3.1.0\n'},
    sandbox: {index, families},
  };
  session = sandboxSession(bundle, loadValidators, () => NOW);
  const server = createServer({bundle, search: () => Promise.resolve([]), loadValidators, now: () => NOW});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({name: 'unit', version: '1.0.0'});
  await client.connect(clientSide);
}, 60_000);

afterAll(async () => {
  await client?.close();
  fs.rmSync(sandboxDir, {recursive: true, force: true});
});

const refused = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    if (err instanceof ToolInputError) return err.message;
    throw err;
  }
  throw new Error('expected a ToolInputError');
};

describe('get_operation', () => {
  it('finds an operation by id, by method and path, and by a whole URL with its path parameter', () => {
    expect(getOperation(bundle, {id: 'aeps-cash-withdrawal'})).toBe('# AEPS cash withdrawal\n');
    expect(getOperation(bundle, {method: 'post', path: '/service/aeps/withdrawal'})).toBe('# AEPS cash withdrawal\n');
    expect(
      getOperation(bundle, {
        method: 'POST',
        path: 'https://sandbox.rupeerail.example/api/v1/service/aeps/kyc/KYC0042?x=1',
      }),
    ).toBe('# Merchant KYC status\n');
  });

  it('answers bad input with the closest ids or paths', () => {
    expect(refused(() => getOperation(bundle, {id: 'aeps-cash-withdrawl'}))).toBe(
      'Unknown operation id "aeps-cash-withdrawl". Closest: aeps-cash-withdrawal. list_operations lists every id, webhooks too.',
    );
    expect(refused(() => getOperation(bundle, {id: 'payout'}))).toBe(
      'Unknown operation id "payout". list_operations lists every id, webhooks too.',
    );
    expect(refused(() => getOperation(bundle, {method: 'POST', path: '/service/aeps/withdraw'}))).toBe(
      'Unknown path "/service/aeps/withdraw". Closest: /service/aeps/withdrawal. Paths are as the contract writes them, under the base URL (/service/aeps/withdrawal); list_operations lists them all.',
    );
    expect(refused(() => getOperation(bundle, {path: '/service/aeps/withdrawal'}))).toBe(
      'Give either id (such as "aeps-cash-withdrawal") or both method and path (such as POST /service/aeps/withdrawal).',
    );
  });
});

describe('list_operations and get_response_code', () => {
  it('lists by family; families without operations are left out', () => {
    expect(listOperations(bundle)).toBe(
      '## Aadhaar banking (AEPS) (aeps)\n\n- `aeps-cash-withdrawal`: POST /service/aeps/withdrawal, Cash withdrawal\n- `aeps-merchant-kyc-status`: POST /service/aeps/kyc/{kycId}, Merchant KYC status\n\nWebhooks (we POST them to your URL):\n- `aeps-transaction`: webhook aeps-transaction, AEPS transaction result',
    );
    expect(listOperations(bundle, 'sms')).toBe('The family "sms" has no operations or webhooks.');
    expect(getOperation(bundle, {id: 'aeps-transaction'})).toBe('# AEPS transaction result\n');
    expect(refused(() => listOperations(bundle, 'aep'))).toBe(
      'Unknown family "aep". Closest: aeps. The families are: aeps, sms.',
    );
  });

  it('explains a code, and names the catalogue for one it does not have', () => {
    expect(getResponseCode(bundle, 11)).toBe(
      'response_code 11: UNAUTHORIZED\n\nMeaning: Bad token.\nWhat to do: Sign again.\nRetry: Not until fixed.\nEvery operation can answer it; operation pages do not list it.',
    );
    expect(refused(() => getResponseCode(bundle, 99))).toBe(
      'No response_code 99 in the catalogue. It has 1, 11; all of them with their meaning: https://docs.example/ResponseCode.md.',
    );
  });

  it('says what a code means for the operation named, and that it depends on one when none is', () => {
    expect(getResponseCode(bundle, 1, 'aeps-generate-url')).toBe(
      'response_code 1: SUCCESS\n\nMeaning: Accepted.\nWhat to do: Record it.\nFor aeps-generate-url: An AEPS transaction was created in `PENDING`, not final: no money moved.\nRetry for aeps-generate-url: Never: check status first.',
    );
    expect(getResponseCode(bundle, 1)).toBe(
      'response_code 1: SUCCESS\n\nMeaning: Accepted.\nWhat to do: Record it.\nRetry: depends on the operation (Safe to resend as is; Never: check status first). Ask again with the operation for its rule.',
    );
    expect(refused(() => getResponseCode(bundle, 1, 'aeps-cash-withdrawl'))).toBe(
      'Unknown operation id "aeps-cash-withdrawl". Closest: aeps-cash-withdrawal. list_operations gives every id (webhooks answer no response_code).',
    );
    expect(refused(() => getResponseCode(bundle, 11, 'aeps-generate-url'))).toBe(
      'aeps-generate-url never answers response_code 11. It answers 1.',
    );
  });
});

describe('list_journeys and get_journey', () => {
  it("lists a family's workflows and returns its Arazzo file", () => {
    expect(listJourneys(bundle)).toBe(
      `## payout (${ORIGIN}/downloads/journeys/payout.arazzo.yaml)\n\n- \`payout-paid\`: Pay a contact by IMPS, paid at once (4 steps)`,
    );
    expect(getJourney(bundle, 'payout')).toBe(
      `Arazzo 1.0.1 workflows of payout (${ORIGIN}/downloads/journeys/payout.arazzo.yaml); its source description is ../openapi.json beside it. Run them with Redocly Respect through the journeys proxy (README, "Journeys").\n\narazzo: 1.0.1\n`,
    );
  });

  it('names the closest family that has journeys for an unknown one', () => {
    expect(() => getJourney(bundle, 'payouts')).toThrow(
      new ToolInputError('Unknown family "payouts". Closest: payout. Families with journeys: payout.'),
    );
  });
});

describe('sandbox_request', () => {
  it('answers from the scenarios, with the webhooks that follow, and repeats with code 4', async () => {
    const pending = await sandboxRequest(bundle, session, {
      operation: 'aeps-cash-withdrawal',
      body: {...WITHDRAWAL, referenceid: 'RR-UNIT-000001'},
      sandboxValue: {field: 'aadhaar_number', value: '999900030201'},
    });
    expect(pending.split('\n')[0]).toBe(
      'POST /api/v1/service/aeps/withdrawal: HTTP 200, response_code 2 (scenario: Pending at the bank, then success)',
    );
    expect(pending).toMatch(
      /\nWebhooks that follow \(signed with the sandbox webhook secret when due; pass deliver to get them signed now\):\n- aeps-transaction in 30 s \(X-Webhook-Id evt_\w+\)$/,
    );
    const repeat = await sandboxRequest(bundle, session, {
      operation: 'aeps-cash-withdrawal',
      body: {...WITHDRAWAL, referenceid: 'RR-UNIT-000001'},
    });
    expect(repeat.split('\n')[0]).toMatch(/HTTP 200, response_code 4 /);
  });

  it('returns the webhooks that follow signed, ready to send, and moves the session clock when asked', async () => {
    const own = sandboxSession(bundle, loadValidators, () => NOW);
    const answer = await sandboxRequest(bundle, own, {
      operation: 'aeps-cash-withdrawal',
      body: {...WITHDRAWAL, referenceid: 'RR-UNIT-000002'},
      sandboxValue: {field: 'aadhaar_number', value: '999900030201'},
      deliver: {},
      advanceSeconds: 60,
    });
    expect(own.now()).toBe(NOW + 60_000);
    const json =
      /Webhooks that follow, signed as the sandbox signs them, ready to POST:\n\n```json\n([\s\S]+)\n```$/.exec(answer);
    const [hook] = JSON.parse(json?.[1] ?? '[]') as {webhook: string; headers: Record<string, string>; body: string}[];
    expect(hook?.webhook).toBe('aeps-transaction');
    const verdict = await verifySignature(
      bundle,
      {payload: hook?.body ?? '', headers: hook?.headers ?? {}, secret: bundle.sandbox.index.credentials.webhookSecret},
      Math.floor(own.now() / 1000),
    );
    expect(verdict).not.toMatch(/^Invalid/);
  });

  it('POSTs the webhooks that follow to a URL and says what it answered', async () => {
    const own = sandboxSession(bundle, loadValidators, () => NOW);
    const answer = await sandboxRequest(bundle, own, {
      operation: 'aeps-cash-withdrawal',
      body: {...WITHDRAWAL, referenceid: 'RR-UNIT-000003'},
      sandboxValue: {field: 'aadhaar_number', value: '999900030201'},
      deliver: {url: 'http://127.0.0.1:9/hooks'},
    });
    expect(answer).toMatch(
      /\nWebhooks delivered to http:\/\/127\.0\.0\.1:9\/hooks:\n- aeps-transaction \(X-Webhook-Id evt_\w+\): not delivered \(/,
    );
  });

  it('refuses an unknown operation, a missing path parameter and an unknown test partner', async () => {
    await expect(sandboxRequest(bundle, session, {operation: 'aeps-withdrawal'})).rejects.toThrow(
      'Unknown operation id "aeps-withdrawal". Closest: aeps-cash-withdrawal. list_operations lists every id, webhooks too.',
    );
    await expect(sandboxRequest(bundle, session, {operation: 'aeps-merchant-kyc-status'})).rejects.toThrow(
      'POST /service/aeps/kyc/{kycId} needs the path parameter(s) kycId: pass them in params, such as {"kycId": "..."}.',
    );
    await expect(
      sandboxRequest(bundle, session, {operation: 'aeps-cash-withdrawal', body: WITHDRAWAL, partnerId: 'nobody'}),
    ).rejects.toThrow(/^Unknown test partner id "nobody"\. The sandbox accepts PS001234, /);
  });
});

describe('the server, through a client of the SDK', () => {
  it('lists eight tools with JSON schemas and refuses input the schema does not allow', async () => {
    const {tools} = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_docs',
      'get_operation',
      'list_operations',
      'get_response_code',
      'list_journeys',
      'get_journey',
      'verify_webhook_signature',
      'sandbox_request',
    ]);
    expect(tools.find((t) => t.name === 'get_response_code')?.inputSchema).toMatchObject({
      type: 'object',
      properties: {code: {type: 'integer'}},
      required: ['code'],
    });
    const res = (await client.callTool({name: 'get_response_code', arguments: {code: 1.5}})) as {
      isError?: boolean;
      content: {text: string}[];
    };
    expect(res.isError).toBe(true);
    expect(res.content[0]?.text).toMatch(
      /^MCP error -32602: Input validation error: Invalid arguments for tool get_response_code: /,
    );
  });

  it('turns a tool error into an answer the assistant can read (isError), and serves the resources', async () => {
    expect(await client.callTool({name: 'get_operation', arguments: {id: 'nope'}})).toEqual({
      content: [{type: 'text', text: 'Unknown operation id "nope". list_operations lists every id, webhooks too.'}],
      isError: true,
    });
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      `${ORIGIN}/llms.txt`,
      `${ORIGIN}/downloads/openapi.yaml`,
      `${ORIGIN}/docs/v1/aeps.md`,
    ]);
    expect((await client.readResource({uri: `${ORIGIN}/docs/v1/aeps.md`})).contents).toEqual([
      {uri: `${ORIGIN}/docs/v1/aeps.md`, mimeType: 'text/markdown', text: '# AEPS\n'},
    ]);
  });
});

describe('npm run mcp:build', () => {
  it('names the missing file and the command that makes it', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-build-'));
    expect(() => readBundle(empty, empty)).toThrow(McpBuildError);
    expect(() => readBundle(empty, empty)).toThrow(/^mcp:build: .*index\.json is missing\. Run npm run build first\.$/);
    fs.rmSync(empty, {recursive: true, force: true});
  });
});
