/** core/behaviour/codes.ts: what each code means for each operation, derived from the model, and the catalogue held to it. */
import {describe, expect, it} from 'vitest';
import {catalogueProblems, codeFacts, deriveCodeRules, ruleText, type CatalogueEntry} from '#core/behaviour/codes';
import {parseFamily} from '#core/behaviour/model';
import {CTX, DEMO_FILE, DEMO_TEXT, demoFamily} from './behaviour-helpers';

const CATALOGUE: CatalogueEntry[] = [
  {code: 1, name: 'SUCCESS', meaning: 'Accepted.', retry: 'safe'},
  {code: 2, name: 'PENDING', meaning: 'In process.', retry: 'status'},
  {code: 3, name: 'FAILED', meaning: 'Declined.'},
  {code: 4, name: 'DUPLICATE_REFERENCE', meaning: 'Seen before.', retry: 'safe'},
  {code: 5, name: 'TIMEOUT_UNKNOWN', meaning: 'No answer in time.', retry: 'status'},
  {code: 6, name: 'INSUFFICIENT_WALLET_BALANCE', meaning: 'Wallet short.', retry: 'no'},
  {code: 7, name: 'NOT_FOUND', meaning: 'No such record.', retry: 'no'},
  {code: 11, name: 'AUTHENTICATION_FAILED', meaning: 'Bad token.', retry: 'no', common: true},
];

const OPERATIONS = [
  {id: 'demo-pay', family: 'demo', codes: [1, 2, 3, 4, 5, 6]},
  {id: 'demo-status', family: 'demo', codes: [1, 7]},
];

/** The fixture with a code 3 that answers a FAILED payment in FAST mode. */
const WITH_DECLINE = DEMO_TEXT.replace(
  'first: {1: SUCCESS, 2: PROCESSING, 5: PROCESSING}',
  'first: {1: SUCCESS, 2: PROCESSING, 3: FAILED, 5: PROCESSING}',
);

const rulesFor = (text = WITH_DECLINE, catalogue = CATALOGUE) =>
  deriveCodeRules([demoFamily(text)], catalogue, OPERATIONS);
const rule = (op: string, code: number, text?: string) =>
  rulesFor(text).find((r) => r.operation === op && r.code === code);

describe('deriveCodeRules', () => {
  it('gives every listed and common code of every operation a row, in code order', () => {
    expect(rulesFor().map((r) => `${r.operation}:${r.code}`)).toEqual([
      'demo-pay:1',
      'demo-pay:2',
      'demo-pay:3',
      'demo-pay:4',
      'demo-pay:5',
      'demo-pay:6',
      'demo-pay:11',
      'demo-status:1',
      'demo-status:7',
      'demo-status:11',
    ]);
  });

  it('reads a first answer as the transaction it created, with its money and rule', () => {
    expect(rule('demo-pay', 1)).toMatchObject({outcome: 'created', money: 'moved', retry: 'safe'});
    expect(ruleText(rule('demo-pay', 1) ?? {meaning: '', repeat: ''})).toBe(
      "A demo payment was created in `SUCCESS` (FAST): money moved. A repeat of the same `referenceid` answers code 4 with the original payment's current state in data.",
    );
    expect(rule('demo-pay', 2)).toMatchObject({
      states: [{modes: ['FAST', 'SLOW'], state: 'PROCESSING', final: false}],
      money: 'held',
      retry: 'status',
    });
  });

  it('makes a decline a FAILED transaction whose repeat answers 4: a new attempt needs a new referenceid', () => {
    expect(rule('demo-pay', 3)).toMatchObject({outcome: 'created', money: 'none', retry: 'new-ref'});
    expect(rule('demo-pay', 3)?.repeat).toBe(
      "A repeat of the same `referenceid` answers code 4 with the original payment's current state in data.",
    );
  });

  it('makes a code that is no first answer a refusal: nothing created, the same referenceid free again', () => {
    expect(rule('demo-pay', 6)).toMatchObject({outcome: 'refused', money: 'none', retry: 'no'});
    expect(rule('demo-pay', 6)?.repeat).toBe(
      'A repeat of the same `referenceid` is answered afresh: once the cause is fixed, it may be sent again.',
    );
    expect(rule('demo-pay', 4)).toMatchObject({outcome: 'repeat', money: 'original', retry: 'safe'});
    // An operation outside the model creates no transaction: its code 1 did what was asked.
    expect(rule('demo-status', 1)).toMatchObject({outcome: 'done', money: 'none', retry: 'safe', repeat: ''});
  });

  it('follows an open first answer by its status call even on code 1, and says nothing moved where the operation overrides it', () => {
    const open = DEMO_TEXT.replace(
      'first: {1: SUCCESS, 2: PROCESSING, 5: PROCESSING}',
      'first: {1: PROCESSING}',
    ).replace('    resolves-5-by: webhook\n', '    resolves-5-by: webhook\n    first-money: {PROCESSING: none}\n');
    expect(rule('demo-pay', 1, open)).toMatchObject({money: 'none', retry: 'status'});
    expect(rule('demo-pay', 1, open)?.meaning).toBe(
      'A demo payment was created in `PROCESSING` (FAST), not final: no money moved.',
    );
  });
});

describe('codes.retry.<N>', () => {
  const facts = (operations = OPERATIONS) =>
    codeFacts(deriveCodeRules([demoFamily(WITH_DECLINE)], CATALOGUE, operations), [demoFamily(WITH_DECLINE)]);

  it("states one code's retry rule over every call that answers it, from the derived table", () => {
    expect(facts()['codes.retry.5']).toBe(
      'Code 5, from the one call that answers it: Never send it again: ask the status call with the same `referenceid`.',
    );
    expect(facts()['codes.retry.6']).toBe(
      'Code 6, from the one call that answers it: Fix the cause first; nothing was created, so the fixed request may carry the same `referenceid`.',
    );
  });

  it('says nothing for a code whose rule differs by call, or that a call outside the model answers', () => {
    // Code 1: demo-pay derives "safe" with its referenceid, demo-status (outside the model) repeats none.
    expect(facts()['codes.retry.1']).toBeUndefined();
    expect(facts()['codes.retry.7']).toBeUndefined();
    // A second call answering 5 under the same rule counts in.
    const twice = [...OPERATIONS, {id: 'demo-pay', family: 'demo', codes: [5]}];
    expect(facts(twice)['codes.retry.5']).toMatch(
      /^Code 5, from any of the 2 calls that answer it: Never send it again/,
    );
  });
});

describe('catalogueProblems', () => {
  const at = (code: number): string => `openapi/response-codes.yaml:${code * 10}`;

  it('rejects a catalogue rule that one operation does not derive, naming both', () => {
    const catalogue = CATALOGUE.map((c) => (c.code === 6 || c.code === 3 ? {...c, retry: 'new-ref' as const} : c));
    expect(catalogueProblems(rulesFor(WITH_DECLINE, catalogue), catalogue, at)).toEqual([
      'openapi/response-codes.yaml:60: code 6 says retry "new-ref", but for demo-pay it is "no" (refused: Wallet short. Nothing was created and no money moved.). Fix: remove "retry" from the catalogue (the rule then shows per operation), or change the behaviour model (openapi/behaviour/demo.yaml).',
    ]);
  });

  it('asks for the rule in the catalogue where every operation agrees, and accepts its absence where they differ', () => {
    expect(catalogueProblems(rulesFor(), CATALOGUE, at)).toEqual([
      'openapi/response-codes.yaml:30: code 3 has no retry, yet every operation that returns it derives "new-ref". Fix: write "retry: new-ref" in the catalogue.',
    ]);
    // demo-status declining a look-up creates nothing: code 3 then differs by operation.
    const differ = OPERATIONS.map((o) => (o.id === 'demo-status' ? {...o, codes: [1, 3, 7]} : o));
    expect(catalogueProblems(deriveCodeRules([demoFamily(WITH_DECLINE)], CATALOGUE, differ), CATALOGUE, at)).toEqual(
      [],
    );
  });
});

describe('the model asks a first state what it says of money', () => {
  it('names the state, the operation, the code and the fix', () => {
    const text = DEMO_TEXT.replace(
      'PROCESSING: {final: false, money: held, meaning: At the bank.,',
      'PROCESSING: {final: false, meaning: At the bank.,',
    );
    expect(parseFamily(DEMO_FILE, text, CTX).problems).toEqual([
      `${DEMO_FILE}:7: state PROCESSING answers demo-pay first (code 2) but says nothing of money. Fix: add "money: moved|held|unknown|none" (openapi/behaviour/README.md).`,
    ]);
  });
});
