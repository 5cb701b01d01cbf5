/**
 * core/certify/client-rules.ts: certify's two rules about a `referenceid` come from the code table
 * (which codes spend a `referenceid`, which mean "ask the status call"), so a changed table changes
 * what certify flags, its rule's words and its report line. A made-up table, then the real one.
 */
import {describe, expect, it} from 'vitest';
import {certifyClient} from '../../certify/src/client';
import type {ClientModel, Exchange} from '../../certify/src/client-model';
import {
  clientRuleWords,
  codeList,
  codesWith,
  journeyRepeats,
  withJourneys,
  type RetryTable,
} from '#core/certify/client-rules';
import {parseJourneyFile} from '#core/journeys/model';
import {checklistRows, ruleById} from '#core/certify/rules';

const TABLE: RetryTable = {
  'demo-pay': {'1': 'safe', '2': 'status', '3': 'new-ref', '5': 'status', '10': 'no'},
  'demo-open': {'1': 'status', '2': 'status', '10': 'no'},
};

const model = (retry: RetryTable): ClientModel => ({
  money: {'demo-pay': ['referenceid'], 'demo-open': ['referenceid']},
  status: {},
  retry,
  polling: {firstAfterSeconds: 30, everySeconds: 60, fastForMinutes: 30, thenEveryMinutes: 15},
  iatToleranceSeconds: 300,
});

/** Two requests of `demo-pay` with one referenceid, the first answered `code`. */
const sentTwice = (code: number): Exchange[] =>
  [code, 4].map((c, i) => ({
    at: i * 1000,
    method: 'POST',
    url: '/api/v1/demo/pay',
    headers: {},
    body: '{"referenceid":"RR-1"}',
    status: 200,
    responseHeaders: {},
    response: JSON.stringify({response_code: c}),
    operationId: 'demo-pay',
  }));

describe('codesWith and codeList', () => {
  it('lists the codes of a rule, saying which hold for some operations only', () => {
    expect(codesWith(TABLE, 'status')).toEqual([
      {code: 1, operations: ['demo-open'], everywhere: false},
      {code: 2, operations: ['demo-open', 'demo-pay'], everywhere: true},
      {code: 5, operations: ['demo-pay'], everywhere: true},
    ]);
    expect(codeList(codesWith(TABLE, 'status'))).toBe('2 or 5; 1 for 1 operation');
    expect(codeList(codesWith(TABLE, 'new-ref'))).toBe('3');
  });
});

describe('the client rules from the table', () => {
  it('words both rules with the codes the table gives them', () => {
    const {fresh, resend} = clientRuleWords(TABLE);
    expect(fresh.holds).toBe(
      'After an answer whose retry rule in the operation\'s code table is "Only with a new referenceid" (code 3), which recorded a transaction under its `referenceid`, a new attempt carries a new `referenceid`; after one whose rule is "Safe to resend as is" or "Fix the cause first", which created nothing (code 10), the same one may be sent again once the cause is fixed.',
    );
    expect(resend.holds).toBe(
      'After an answer whose retry rule in the operation\'s code table is "Never: check status first" (code 2 or 5; 1 for 1 operation), which left the transaction open or its outcome unknown, the same payment is never sent again: ask its status call instead (a resend risks paying twice).',
    );
    expect(resend.pass(2)).toBe('no payment sent again after code 2 or 5; 1 for 1 operation');
    expect(ruleById('client-fresh-reference', TABLE).holds).toBe(fresh.holds);
  });

  it('changes what certify flags, and its words, when the table changes', () => {
    const report = (retry: RetryTable, code: number) =>
      certifyClient(sentTwice(code), model(retry), 'http://127.0.0.1:4010/api/v1').results.slice(0, 2);
    // Code 3 spends the referenceid: the same one again fails the fresh-reference rule.
    expect(report(TABLE, 3).map((r) => [r.rule.id, r.passed])).toEqual([
      ['client-fresh-reference', false],
      ['client-no-resend-after-pending', true],
    ]);
    // The model now makes code 3 an open answer: the same request fails the other rule instead.
    const changed = {...TABLE, 'demo-pay': {...TABLE['demo-pay'], '3': 'status' as const}};
    const [fresh, resend] = report(changed, 3);
    expect([fresh?.passed, resend?.passed]).toEqual([true, false]);
    expect(fresh?.detail).toBe('2 money-moving request(s), none reusing a referenceid spent by an answer');
    expect(resend?.rule.holds).toContain('(code 2, 3 or 5; 1 for 1 operation)');
  });

  it("words the checklist page without codes: it has no table, and links each operation's code table", () => {
    const page = checklistRows().find((r) => r.id === 'client-no-resend-after-pending');
    expect(page?.holds).toBe(clientRuleWords({}).resend.holds);
    expect(page?.holds).not.toMatch(/\(code /);
  });
});

describe('the rules where the code table is silent: from the journeys (issue 32, 4)', () => {
  /** A duplicate workflow of `demo-escalate`, an operation the table has no row for: first answered `code`. */
  const journey = (code: number) =>
    parseJourneyFile(
      'openapi/journeys/demo.arazzo.yaml',
      `arazzo: 1.0.1
workflows:
  - workflowId: demo-escalate-duplicate
    steps:
      - stepId: raise
        operationId: demo-escalate
        requestBody:
          payload: {referenceid: $faker.string.uuid()}
        successCriteria:
          - condition: $response.body#/response_code == ${code}
        outputs:
          referenceid: $request.body#/referenceid
      - stepId: raise-again
        operationId: demo-escalate
        requestBody:
          payload: {referenceid: $steps.raise.outputs.referenceid}
        successCriteria:
          - condition: $response.body#/response_code == 4
`,
    );

  it('reads what a repeat answers from the workflow that sends the identity again', () => {
    expect(journeyRepeats([journey(1)])).toEqual([
      {operation: 'demo-escalate', after: 1, answers: 4, workflow: 'demo-escalate-duplicate'},
    ]);
  });

  it('adds the code the journey spends to the rule, and a changed journey changes the rule and its words', () => {
    const fromOne = withJourneys(TABLE, journeyRepeats([journey(1)]));
    expect(fromOne.table['demo-escalate']).toEqual({'1': 'new-ref'});
    expect(fromOne.from.get('demo-escalate 1')).toBe('demo-escalate-duplicate');
    expect(clientRuleWords(fromOne.table).fresh.holds).toContain('(code 3; 1 for 1 operation)');
    const fromSeven = withJourneys(TABLE, journeyRepeats([journey(7)]));
    expect(fromSeven.table['demo-escalate']).toEqual({'7': 'new-ref'});
    expect(clientRuleWords(fromSeven.table).fresh.holds).toContain('(code 3 or 7)');
    // Where the table has the pair, it wins over the journey.
    expect(
      withJourneys(TABLE, [{operation: 'demo-pay', after: 1, answers: 4, workflow: 'w'}]).table['demo-pay'],
    ).toEqual(TABLE['demo-pay']);
  });

  it('has certify flag a reused referenceid of an operation only a journey speaks for', () => {
    const retry = withJourneys(TABLE, journeyRepeats([journey(1)])).table;
    const log: Exchange[] = [1, 4].map((c, i) => ({
      at: i * 1000,
      method: 'POST',
      url: '/api/v1/demo/escalate',
      operationId: 'demo-escalate',
      headers: {},
      body: JSON.stringify({referenceid: 'RR-J-1'}),
      status: 200,
      responseHeaders: {},
      response: JSON.stringify({response_code: c}),
    }));
    const withEscalate = {...model(retry), money: {...model(retry).money, 'demo-escalate': ['referenceid']}};
    const [fresh] = certifyClient(log, withEscalate, 'http://127.0.0.1:4010/api/v1').results;
    expect(fresh?.passed).toBe(false);
  });
});
