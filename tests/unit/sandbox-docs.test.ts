/**
 * What readers are told about the sandbox matches the sandbox: the Sandbox page's view and its
 * Markdown twin come from the compiled scenarios, and the credentials and default port the getting-started
 * page and the README quote are the ones in openapi/scenarios/sandbox.yaml and scripts/sandbox.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SITE_DIR} from '#node/contract/paths';
import {compiledContract} from '../helpers/contract';
import {scenarioRows} from '#core/sandbox/compile';
import {sandboxPageTree, sandboxPageView} from '#core/sandbox/page';
import {defaultLabels, NOTHING_FOLLOWS} from '#core/contract/labels';
import {componentTreeMarkdown} from '#core/markdown/markdown';
import type {TagView} from '#core/contract/types';
import {parseSandboxArgs, startBanner} from '../../scripts/sandbox';

const compiled = (await compiledContract()).sandbox;
const read = (file: string): string => fs.readFileSync(path.join(SITE_DIR, file), 'utf8');

const tags: TagView[] = [
  {
    name: 'payout',
    label: 'Payouts',
    description: '',
    group: 'Transfers',
    entries: [
      {
        kind: 'operation',
        id: 'payout-contact',
        method: 'GET',
        path: '/service/payout/contacts/{contactId}',
        summary: 'Get a contact',
        tag: 'payout',
        href: '/docs/v1/service/payout/contacts/{contactId}',
      },
      {
        kind: 'operation',
        id: 'payout-order-list',
        method: 'GET',
        path: '/service/payout/orders/list',
        summary: 'List orders',
        tag: 'payout',
      },
    ],
  },
  {
    name: 'aeps',
    label: 'AEPS',
    description: '',
    group: 'Banking',
    entries: [
      {
        kind: 'operation',
        id: 'aeps-balance-enquiry',
        method: 'POST',
        path: '/service/aeps/get-balance',
        summary: 'Balance enquiry',
        tag: 'aeps',
      },
    ],
  },
];

describe('the Sandbox page', () => {
  const view = sandboxPageView(compiled, tags);

  it('shows an operation only with sandbox scenarios of its own, and the values every family shares once each', () => {
    // payout-order-list has none of its own: it is not shown.
    expect(view.families.map((f) => [f.name, f.operations.map((o) => o.id)])).toEqual([
      ['payout', ['payout-contact']],
      ['aeps', ['aeps-balance-enquiry']],
    ]);
    expect(view.families[0]?.operations[0]?.rows).toEqual([
      {
        input: '`contactId` `cont_00000000000007`',
        code: 7,
        codeName: 'NOT_FOUND',
        label: 'Unknown contact',
        follows: '',
        source: 'operation',
      },
    ]);
    // The shared values balance enquiry answers appear once, with its family; its own declined
    // customer (999900060003, the same as the shared one) is among its rows instead.
    expect(view.shared.map((r) => [r.input, r.code, r.families])).toEqual([
      ['`merchantcode` `RRM000009`', 9, ['AEPS']],
      ['`merchantcode` `RRM000017`', 17, ['AEPS']],
      ['`aadhaar_number` `999900010013`', 13, ['AEPS']],
      ['`aadhaar_number` `999900020015`', 15, ['AEPS']],
    ]);
  });

  const md = componentTreeMarkdown(sandboxPageTree(view, defaultLabels()), (p) => `https://docs.example${p}`);

  it("says 'Nothing follows' from the one label the page and the twin share", () => {
    expect(defaultLabels()['api.sandbox.nothing']).toBe(NOTHING_FOLLOWS);
    expect(md).toContain(`| ${NOTHING_FOLLOWS} |`);
  });

  it('has a Markdown twin with the same sections and rows', () => {
    expect(md.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Credentials',
      '## Any operation',
      '## Any family',
      '## Payouts',
      '## AEPS',
    ]);
    expect(md).toContain(
      `| [Get a contact](https://docs.example/docs/v1/service/payout/contacts/{contactId}) \`GET /service/payout/contacts/{contactId}\` | \`contactId\` \`cont_00000000000007\` | [7](https://docs.example/ResponseCode#code-7) NOT_FOUND Unknown contact | ${NOTHING_FOLLOWS} |`,
    );
    expect(md).toContain(
      '| `partnerId` `PS000018` in the token | [18](https://docs.example/ResponseCode#code-18) RATE_LIMITED Too many requests, wait for Retry-After |',
    );
  });

  it("gives an operation's Sandbox scenarios rows: its own, the shared ones, and the engine's", () => {
    expect(scenarioRows(compiled, 'payout-contact').map((r) => [r.source, r.input, r.code])).toEqual([
      ['operation', '`contactId` `cont_00000000000007`', 7],
      ['engine', 'Any other valid request', 1],
      ['engine', '`contactId` `!`', 10],
    ]);
    expect(scenarioRows(compiled, 'no-such-operation')).toEqual([]);
    const withdrawal = scenarioRows(compiled, 'aeps-cash-withdrawal');
    expect(withdrawal.find((r) => r.input === '`aadhaar_number` `999900030201`')).toEqual({
      input: '`aadhaar_number` `999900030201`',
      code: 2,
      codeName: 'PENDING',
      label: 'Pending at the bank, then success',
      follows: 'Status call: PENDING. After 30 s: status SUCCESS, webhook `aeps-transaction`.',
      source: 'operation',
    });
    expect(withdrawal.at(-1)).toEqual({
      input: 'The same `referenceid` again',
      code: 4,
      codeName: 'DUPLICATE_REFERENCE',
      label: 'The original answer in data; nothing runs twice',
      follows: '',
      source: 'engine',
    });
  });
});

describe('what the docs say about npm run sandbox', () => {
  const {partnerId, jwtSecret, webhookSecret} = compiled.index.credentials;

  it('quotes the credentials of sandbox.yaml and the default port of scripts/sandbox.ts', () => {
    const port = parseSandboxArgs([]).port;
    for (const file of ['docs/v1/index.mdx', 'README.md']) {
      const text = read(file);
      for (const value of [partnerId, jwtSecret, webhookSecret, `http://127.0.0.1:${port}/api/v1`])
        expect(text, `${file} quotes ${value}`).toContain(value);
    }
  });

  it('gives the kid and aud a token must carry, in the start banner and on the Sandbox page', () => {
    expect(startBanner({url: 'http://127.0.0.1:4010', credentials: compiled.index.credentials})).toEqual([
      'RupeeRail sandbox: http://127.0.0.1:4010',
      `  sign tokens (HS256) with partnerId ${partnerId} and JWT secret ${jwtSecret}, header kid sbx-key-2, claim aud sandbox.rupeerail.example`,
      `  webhooks are listed here (add --webhook-url to receive them), signed with ${webhookSecret}`,
      '  sandbox scenarios: /docs/v1/test-data on the docs site, or openapi/scenarios/*.yaml. Ctrl+C stops.',
    ]);
    const md = componentTreeMarkdown(sandboxPageTree(sandboxPageView(compiled, tags), defaultLabels()), (p) => p);
    expect(md).toContain("| Key id of the JWT secret (the token header's `kid`) | `sbx-key-2` |");
  });

  it('signs webhooks with the test secret the webhook deliveries page documents', () => {
    expect(read('docs/v1/webhooks/index.mdx')).toContain(`test secret \`${webhookSecret}\``);
  });
});
