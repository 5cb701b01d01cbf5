/** core/behaviour/model.ts: the behaviour files' shape, each problem with its file, line and fix. */
import {describe, expect, it} from 'vitest';
import {parseCommon, parseFamily} from '#core/behaviour/model';
import {CTX, DEMO_FILE, DEMO_TEXT, demoCommon, demoFamily} from './behaviour-helpers';

const problemsOf = (text: string): string[] => parseFamily(DEMO_FILE, text, CTX).problems;

describe('parseFamily', () => {
  it('reads the fixture: states, modes with their first answers, transitions with windows', () => {
    const family = demoFamily();
    const op = family.operations[0];
    expect(family.thing).toBe('demo payment');
    expect(op?.modes.map((m) => [m.mode, [...m.first]])).toEqual([
      [
        'FAST',
        [
          [1, 'SUCCESS'],
          [2, 'PROCESSING'],
          [5, 'PROCESSING'],
        ],
      ],
      ['SLOW', [[2, 'PROCESSING']]],
    ]);
    expect(op?.transitions[2]?.window).toEqual({FAST: {within: 'T+1 day', fact: 'demo-window'}});
    expect(family.at(['operations', 'demo-pay', 'modes', 1])).toBe(`${DEMO_FILE}:25`);
  });

  it('names an unknown key with its line and the closest key', () => {
    expect(problemsOf(DEMO_TEXT.replace('    resolves-5-by: webhook', '    resolve-5-by: webhook'))).toContain(
      `${DEMO_FILE}:29: unknown key "resolve-5-by" at operations.demo-pay. Fix: did you mean "resolves-5-by"? the keys are moves-money, made-in, reason, status-call, status-field, webhook, webhook-on-first, learn, identity, repeat, modes, resolves-5-by, transitions, money-back, first-money, not-found (openapi/behaviour/README.md).`,
    );
  });

  it('asks an operation with a status call by referenceid when its code 7 is final, and checks the bound (issue 32, 6)', () => {
    const rule = '    not-found: {final-after-seconds: 30, policy: recorded before it is answered}';
    expect(problemsOf(DEMO_TEXT.replace(`${rule}\n`, ''))).toEqual([
      `${DEMO_FILE}:12: demo-pay has a status call by referenceid (demo-status) but does not say when its response_code 7 is final. Fix: add "not-found: {final-after-seconds: <N>, policy: <why N>}".`,
    ]);
    expect(problemsOf(DEMO_TEXT.replace(rule, '    not-found: {final-after-seconds: -5}'))).toEqual([
      `${DEMO_FILE}:43: final-after-seconds is a whole number of seconds above 0. Fix: the seconds after the request from which a 7 is final.`,
      `${DEMO_FILE}:43: "policy" is missing or empty. Fix: write why the bound is what it is.`,
    ]);
  });

  it('rejects a money-back webhook the contract does not have', () => {
    expect(
      problemsOf(
        DEMO_TEXT.replace(
          'confirmed-by: a REFUND credit',
          'confirmed-by: a REFUND credit\n        webhook: demo-wallet',
        ),
      ),
    ).toEqual([
      `${DEMO_FILE}:43: webhook demo-wallet is not a webhook of the contract. Fix: use one of the webhooks of openapi/families/, or leave it out.`,
    ]);
  });

  it('rejects a state used but not declared', () => {
    expect(problemsOf(DEMO_TEXT.replace('{from: PROCESSING, to: FAILED', '{from: PROCESSING, to: FAILD'))).toContain(
      `${DEMO_FILE}:32: state FAILD is not declared under "states". Fix: did you mean FAILED? Else declare it with final and meaning.`,
    );
  });

  it('rejects a first code the operation does not list in x-response-codes', () => {
    expect(problemsOf(DEMO_TEXT.replace('first: {2: PROCESSING}', 'first: {2: PROCESSING, 9: FAILED}'))).toContain(
      `${DEMO_FILE}:28: first code 9 is not in the operation's x-response-codes (1, 2, 3, 4, 5, 6). Fix: remove it, or list it in the contract.`,
    );
  });

  it('rejects a window whose fact is not in openapi/facts', () => {
    expect(problemsOf(DEMO_TEXT.replace('T+1 day, fact: demo-window', 'T+1 day, fact: demo-windw'))).toContain(
      `${DEMO_FILE}:37: fact demo-windw is not an id of openapi/facts/. Fix: record it there with its source, or use demo-window.`,
    );
  });

  it('asks for a window on a change out of a final state, and for how code 5 resolves', () => {
    const text = DEMO_TEXT.replace(/ {8}window:\n {10}FAST: .*\n/, '').replace('    resolves-5-by: webhook\n', '');
    expect(problemsOf(text)).toEqual([
      `${DEMO_FILE}:12: demo-pay lists code 5: say how it learns its outcome. Fix: "resolves-5-by: webhook" or "resolves-5-by: status-call".`,
      `${DEMO_FILE}:31: SUCCESS is final, so SUCCESS -> REVERSED is a later change that needs its bounded window per mode. Fix: add "window:" with within and fact.`,
    ]);
  });

  it('rejects an operation the contract lacks and a family that is not a tag', () => {
    const problems = problemsOf(
      DEMO_TEXT.replace('family: demo', 'family: demos').replace('  demo-pay:', '  demo-payy:'),
    );
    expect(problems).toContain(
      `${DEMO_FILE}:2: family "demos" is not a tag of openapi/openapi.yaml. Fix: use one of demo.`,
    );
    expect(problems).toContain(
      `${DEMO_FILE}:12: operation demo-payy is not in the contract. Fix: use an operation id of openapi/families/ (closest: demo-pay).`,
    );
  });

  it('asks a family that moves no money for its reason', () => {
    expect(problemsOf('family: demo\nthing: demo payment\nmoves-money: false\n')).toEqual([
      `${DEMO_FILE}:1: a family that moves no money says why. Fix: add "reason: ...".`,
    ]);
  });
});

describe('bound and exit of a non-final state (issue 32, 3)', () => {
  const STATE =
    'PROCESSING: {final: false, money: held, meaning: At the bank., bound: {within: 1 day, seconds: 86400, fact: demo-window}, exit: {status-call: demo-status}}';

  it('rejects a non-final state without a bound and an exit, naming its line and both fixes', () => {
    expect(
      problemsOf(DEMO_TEXT.replace(STATE, 'PROCESSING: {final: false, money: held, meaning: At the bank.}')),
    ).toEqual([
      `${DEMO_FILE}:7: state PROCESSING is not final but has no bound and no exit. Fix: add "bound: {within: ..., fact: <id>}" (or "policy: <our reason>") and "exit: {status-call: <op>}" (or "escalation: <reason>", or "procedure: ..." with "within: ...") (openapi/behaviour/README.md).`,
    ]);
  });

  it('rejects an escalation reason the API does not accept, a bound without a source, a procedure without a bound', () => {
    const ctx = {...CTX, escalationReasons: new Set(['PROCESSING_OVERDUE'])};
    const text = (bound: string, exit: string) =>
      DEMO_TEXT.replace(
        STATE,
        `PROCESSING: {final: false, money: held, meaning: At the bank., bound: ${bound}, exit: ${exit}}`,
      );
    expect(
      parseFamily(DEMO_FILE, text('{within: 1 day, seconds: 86400, fact: demo-window}', '{escalation: STUCK}'), ctx)
        .problems,
    ).toEqual([
      `${DEMO_FILE}:7: escalation reason STUCK is not one the escalation API accepts (PROCESSING_OVERDUE). Fix: use one of them, add it to EscalationReason in openapi/families/common.yaml (a wire change), or give a procedure.`,
    ]);
    expect(parseFamily(DEMO_FILE, text('{within: 1 day}', '{procedure: Write to support}'), ctx).problems).toEqual([
      `${DEMO_FILE}:7: the bound "1 day" has no seconds. Fix: add "seconds: <N>", the longest "1 day" can last in whole seconds (a working day with the weekend after it), how far an exit journey moves the test clock.`,
      `${DEMO_FILE}:7: a bound names its source: "fact: <id of openapi/facts/>" or "policy: <our reason>", one of the two.`,
      `${DEMO_FILE}:7: "within" is missing or empty. Fix: write the procedure's own bound (by when it is answered).`,
      `${DEMO_FILE}:7: state PROCESSING is not final but has no bound. Fix: add "bound: {within: ..., fact: <id>}" (or "policy: <our reason>") (openapi/behaviour/README.md).`,
    ]);
  });
});

describe('parseCommon', () => {
  it('reads the shared numbers', () => {
    expect(demoCommon().retryAfterMinutes).toHaveLength(12);
    expect(demoCommon().polling.firstAfterSeconds).toBe(30);
  });

  it('names a missing number with its line', () => {
    expect(parseCommon('openapi/behaviour/shared.yaml', 'ack: {within-second: 10}\n').problems).toContain(
      'openapi/behaviour/shared.yaml:1: unknown key "within-second" at ack. Fix: did you mean "within-seconds"? the keys are within-seconds (openapi/behaviour/README.md).',
    );
  });
});
