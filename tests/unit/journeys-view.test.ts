/**
 * The journey reader (core/journeys/view.ts) and the blocks `<Journeys>` renders from it
 * (core/journeys/sections.ts), page and Markdown twin alike, over the fixture that has the shape of
 * openapi/journeys/payout.arazzo.yaml (tests/fixtures/journeys/).
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {bareNames, parseJourneyFile, readCriterion, type JourneyContext} from '#core/journeys/view';
import {journeysBlocks} from '#core/journeys/sections';
import {defaultLabels} from '#core/contract/labels';
import {sectionsMarkdown} from '#core/markdown/markdown';

const FIXTURE = 'tests/fixtures/journeys/payout.arazzo.yaml';
const text = fs.readFileSync(FIXTURE, 'utf8');
const ctx: JourneyContext = {
  operations: new Set(['payout-create-order', 'payout-order-status', 'payout-order-list']),
  webhooks: new Set(['payout-order-update']),
};

describe('parseJourneyFile', () => {
  const {journeys, problems} = parseJourneyFile(FIXTURE, text, ctx);

  it('reads each workflow: its steps, operations, marks, criteria and outputs', () => {
    expect(problems).toEqual([]);
    expect(journeys?.family).toBe('payout');
    expect(journeys?.journeys.map((j) => j.id)).toContain('payout-duplicate');
    const paid = journeys?.journeys[0];
    expect(paid?.steps.map((s) => [s.id, s.kind, s.operationId ?? s.webhook ?? s.advanceSeconds])).toEqual([
      ['create-order', 'call', 'payout-create-order'],
      ['webhook-due', 'clock', 2],
      ['webhook-paid', 'webhook', 'payout-order-update'],
      ['status-paid', 'call', 'payout-order-status'],
    ]);
    expect(paid?.steps[0]?.criteria.map((c) => [c.on, 'value' in c ? c.value : undefined])).toEqual([
      ['http-status', 200],
      ['response_code', 1],
      ['state', 'SUCCESS'],
    ]);
    // The webhook's state is on the payload as delivered, not under `data`.
    expect(paid?.steps[2]?.criteria.at(-1)).toEqual({
      on: 'state',
      value: 'SUCCESS',
      condition: "$response.body#/status == 'SUCCESS'",
      pointer: '/status',
    });
    expect(paid?.steps[2]?.reference).toBe('$steps.create-order.outputs.referenceid');
    expect(paid?.steps[0]?.outputs).toEqual({referenceid: '$response.body#/data/referenceid'});
  });

  it('reads the JSONPath form of a criterion as the simple one, and leaves others as written', () => {
    expect(
      readCriterion({context: '$response.body', type: 'jsonpath', condition: "$.data.status == 'FAILED'"}),
    ).toEqual({on: 'state', value: 'FAILED', condition: "$.data.status == 'FAILED'", pointer: '/data/status'});
    expect(readCriterion({condition: '$response.body#/data/amount > 0'})).toEqual({
      on: 'other',
      condition: '$response.body#/data/amount > 0',
    });
  });

  it("reads which secrets signed a webhook step's delivery, and words it on the page", () => {
    const condition = "$response.header.x-journeys-signed-with == 'previous current'";
    const c = readCriterion({condition});
    expect(c).toEqual({on: 'signed-with', value: ['previous', 'current'], condition});
    expect(readCriterion({condition: "$response.header.X-Journeys-Signed-With == 'old'"}).on).toBe('other');
    const step = {
      id: 's',
      description: 'Arrives.',
      kind: 'webhook' as const,
      webhook: 'payout-order-update',
      parameters: [],
      criteria: [c],
      outputs: {},
    };
    const blocks = journeysBlocks(
      {file: FIXTURE, family: 'payout', title: 'T', journeys: [{id: 'w', summary: 'W', inputs: {}, steps: [step]}]},
      defaultLabels(),
      {entry: () => undefined},
    );
    expect(sectionsMarkdown(blocks, (p) => p)).toContain(
      'Succeeds when: signed with the previous secret and the current secret',
    );
  });

  it('names the line and the closest id of a misspelt operation or webhook, and a mark it cannot read', () => {
    const bad = text
      .replace('operationId: payout-create-order\n', 'operationId: payout-create-ordr\n')
      .replace('webhook: payout-order-update\n', 'webhook: payout-order-updat\n')
      .replace('kind: clock\n          advance_seconds: 2\n', 'kind: clock\n          advance_seconds: soon\n')
      .replace('      - stepId: status-paid\n', '      - stepId: status-paid\n        x-journey-step: {kind: email}\n');
    expect(parseJourneyFile(FIXTURE, bad, ctx).problems).toEqual([
      `${FIXTURE}:29: operationId "payout-create-ordr" is not an operation of the contract. Fix: did you mean payout-create-order? use an operationId of openapi/families/*.yaml.`,
      `${FIXTURE}:47: a clock step needs advance_seconds, a whole number of seconds above 0. Fix: write {kind: webhook, webhook: <webhook id>}, {kind: hosted-page, page: <page>, does: <one sentence>} or {kind: clock, advance_seconds: <seconds>} (openapi/DECISIONS.md).`,
      `${FIXTURE}:63: the webhook "payout-order-updat" is not a webhook of the contract. Fix: use payout-order-update, or name one of openapi/families/*.yaml's webhooks.`,
      `${FIXTURE}:71: x-journey-step needs a kind, one of webhook, hosted-page, clock. Fix: write {kind: webhook, webhook: <webhook id>}, {kind: hosted-page, page: <page>, does: <one sentence>} or {kind: clock, advance_seconds: <seconds>} (openapi/DECISIONS.md).`,
    ]);
  });

  it('refuses a file that is not Arazzo 1.0, and a step without prose', () => {
    expect(parseJourneyFile(FIXTURE, text.replace('arazzo: 1.0.1', 'arazzo: 1.1.0'), ctx).problems).toEqual([
      `${FIXTURE}:5: the file is not Arazzo 1.0 (arazzo: 1.1.0). Fix: write arazzo: 1.0.1.`,
    ]);
    const bare = text.replace('        description: "A couple of seconds pass."\n', '');
    expect(parseJourneyFile(FIXTURE, bare, ctx).problems).toEqual([
      `${FIXTURE}:45: step "webhook-due" has no description. Fix: say in one sentence what the step does and why.`,
    ]);
  });
  it('names a header, field or state written as plain text in a description, with the code span to write', () => {
    const bare = text
      .replace(
        'Send the order with a new `referenceid`.',
        'Send the order with X-Webhook-Secret-Proof and a new `referenceid`.',
      )
      .replace('the order answers `response_code` 1', 'the order answers response_code 1');
    expect(parseJourneyFile(FIXTURE, bare, ctx).problems).toEqual([
      `${FIXTURE}:19: workflow "payout-paid"'s description names response_code as plain text, which the page shows as words and may break at a hyphen. Fix: write \`response_code\` (descriptions are CommonMark; the page shows code spans as code).`,
      `${FIXTURE}:28: step "create-order"'s description names X-Webhook-Secret-Proof as plain text, which the page shows as words and may break at a hyphen. Fix: write \`X-Webhook-Secret-Proof\` (descriptions are CommonMark; the page shows code spans as code).`,
    ]);
    expect(
      bareNames('`IN_PROGRESS`, then previous_valid_until; DOCUMENTS_PENDING and X-Signature-Key, not $steps.a_b'),
    ).toEqual(['previous_valid_until', 'DOCUMENTS_PENDING', 'X-Signature-Key']);
  });
});

describe('journeysBlocks', () => {
  const file = parseJourneyFile(FIXTURE, text, ctx).journeys;
  const entries: Record<string, {summary: string; href: string}> = {
    'payout-create-order': {summary: 'Create a payout order', href: '/docs/v1/service/payout/orders'},
    'payout-order-status': {summary: 'Payout order status', href: '/docs/v1/service/payout/orders/status'},
    'payout-order-update': {summary: 'Payout order update', href: '/docs/v1/service/payouts/webhooks'},
  };
  const blocks = file ? journeysBlocks(file, defaultLabels(), {entry: (id) => entries[id]}) : [];

  it('says in the twin what the page shows: numbered steps, linked operations, criteria, marks', () => {
    const md = sectionsMarkdown(blocks, (p) => `https://docs.example${p}`);
    expect(md.split('\n\n').slice(0, 3).join('\n\n')).toBe(
      [
        '### Pay a contact by IMPS, paid at once',
        'The main journey: the order answers `response_code` 1 with the order `SUCCESS` and its UTR, the webhook confirms it, and the status call reports the same state.',
        [
          '1. Send the order with a new `referenceid`. Response code 1: paid, the UTR is in the answer. Calls: [Create a payout order](https://docs.example/docs/v1/service/payout/orders) `payout-create-order`; Succeeds when: `response_code` 1, state `SUCCESS`',
          '2. **Time passes** A couple of seconds pass.',
          '3. **Webhook** The payout webhook arrives with the order `SUCCESS`, as the answer said. Arrives: [Payout order update](https://docs.example/docs/v1/service/payouts/webhooks) `payout-order-update`; Succeeds when: state `SUCCESS`',
          '4. The status call reports the same state at any time. Calls: [Payout order status](https://docs.example/docs/v1/service/payout/orders/status) `payout-order-status`; Succeeds when: `response_code` 1, state `SUCCESS`',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  it("words a hosted page's step as the page's name, then what the customer does there as a sentence", () => {
    const hosted = text.replace(
      'kind: clock\n          advance_seconds: 2\n',
      'kind: hosted-page\n          page: payout-consent\n          does: "signs in with the mobile OTP and approves the payout"\n',
    );
    const parsed = parseJourneyFile(FIXTURE, hosted, ctx).journeys;
    const md = parsed
      ? sectionsMarkdown(journeysBlocks(parsed, defaultLabels(), {entry: (id) => entries[id]}), (p) => p)
      : '';
    expect(md).toContain(
      "2. **On the customer's hosted page** A couple of seconds pass. Page: `payout-consent`. Signs in with the mobile OTP and approves the payout",
    );
  });

  it('anchors each workflow and step', () => {
    expect(blocks[0]).toMatchObject({kind: 'heading', id: 'journey-payout-paid'});
    expect(blocks[2]).toMatchObject({kind: 'list', ordered: true});
    expect(blocks[2]?.kind === 'list' && blocks[2].items.map((i) => i.id)).toEqual([
      'journey-payout-paid-create-order',
      'journey-payout-paid-webhook-due',
      'journey-payout-paid-webhook-paid',
      'journey-payout-paid-status-paid',
    ]);
  });
});
