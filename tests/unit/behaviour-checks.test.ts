/**
 * core/behaviour/checks.ts: each check fed a bad input, its message asserted. The family is the
 * made-up one of tests/fixtures/behaviour/demo.yaml; scenarios and examples are written here.
 */
import {describe, expect, it} from 'vitest';
import {
  articleOf,
  carryProblems,
  exampleProblems,
  notFoundProblems,
  overdueProblems,
  overviewProblems,
  policyProblems,
  scenarioLocator,
  scenarioProblems,
} from '#core/behaviour/checks';
import type {Located, Operation} from '#core/contract/openapi';
import type {FamilyModel, JsonObject, ScenarioModel, StageModel} from '#core/sandbox/model';
import {parseFamily} from '#core/behaviour/model';
import {CTX, DEMO_FILE, DEMO_TEXT, demoCommon, demoFamily} from './behaviour-helpers';

const family = demoFamily();

const answer = (code: number, status?: string): JsonObject => ({response_code: code, data: status ? {status} : {}});
const stage = (status?: string, hook = false): StageModel => ({
  after: 30,
  ...(status ? {status: answer(1, status)} : {}),
  webhooks: hook ? [{webhook: 'demo-update', after: 0, body: {status: status ?? 'SUCCESS'}}] : [],
});

let n = 0;
function scenario(label: string, mode: string, code: number, then: StageModel[] = [], status?: string): ScenarioModel {
  return {
    id: `openapi/scenarios/demo.yaml#demo-pay/${n++}`,
    label,
    when: [{input: 'mode', value: mode}],
    code,
    httpStatus: 200,
    body: answer(code),
    ...(status ? {status: answer(1, status)} : {}),
    then,
  };
}

/** Every path of the demo model, walked once. */
const complete = (): ScenarioModel[] => [
  scenario('Paid', 'FAST', 1, [stage(undefined, true), stage('REVERSED', true)], 'SUCCESS'),
  scenario('Pending, then paid', 'FAST', 2, [stage('SUCCESS', true)], 'PROCESSING'),
  scenario('Timed out, then failed', 'FAST', 5, [stage('FAILED', true)], 'PROCESSING'),
  scenario('Slow', 'SLOW', 2, [stage('SUCCESS', true)], 'PROCESSING'),
];

const sandbox = (scenarios: ScenarioModel[]): FamilyModel[] => [
  {family: 'demo', operations: [{id: 'demo-pay', scenarios} as unknown as FamilyModel['operations'][number]]},
];

const run = (scenarios: ScenarioModel[]): string[] =>
  scenarioProblems({
    families: [family],
    sandbox: sandbox(scenarios),
    requests: new Map([['demo-pay', {mode: 'FAST'}]]),
    locate: (id) => id,
  });

describe('scenarioProblems (check a: only allowed paths; check b: every path has a scenario)', () => {
  it('passes a set of scenarios that walks every path', () => {
    expect(run(complete())).toEqual([]);
  });

  it('rejects a first code the selected mode does not allow (SLOW never final)', () => {
    const bad = scenario('Slow paid at once', 'SLOW', 1, [], 'SUCCESS');
    expect(run([...complete(), bad])).toEqual([
      `${bad.id}: "Slow paid at once": answers code 1 in mode SLOW, where the model allows it only in FAST. Fix: answer one of 2 for SLOW, or select another mode in "when".`,
    ]);
  });

  it('rejects a transition the model does not have', () => {
    const bad = scenario('Failed then paid', 'FAST', 2, [stage('FAILED', true), stage('SUCCESS', true)], 'PROCESSING');
    expect(run([...complete(), bad])).toEqual([
      `${bad.id}: "Failed then paid": goes from FAILED to SUCCESS in mode FAST, which the model of demo-pay does not allow. Fix: change the scenario, or add the transition to openapi/behaviour.`,
    ]);
  });

  it('asks for the webhook a change sends, and rejects follow-ups of a refusal', () => {
    const silent = scenario('Pending, then paid quietly', 'FAST', 2, [stage('SUCCESS')], 'PROCESSING');
    const refusal = scenario('Low balance', 'FAST', 6, [stage(undefined, true)]);
    expect(run([...complete(), silent, refusal])).toEqual([
      `${silent.id}: "Pending, then paid quietly": the model says PROCESSING -> SUCCESS sends demo-update, and the step sends none. Fix: add {webhook: demo-update} to that step.`,
      `${refusal.id}: "Low balance": code 6 is a refusal (not a first answer of demo-pay): nothing was created, so nothing can follow. Fix: remove "then", or add the code to the mode's first answers.`,
    ]);
  });

  it('asks for the webhook of a first answer the model reports too (webhook-on-first), where a new scenario sends none', () => {
    const bad = scenario('Paid at once, no delivery', 'FAST', 1, [], 'SUCCESS');
    expect(run([...complete(), bad])).toEqual([
      `${bad.id}: "Paid at once, no delivery": answers SUCCESS at once, and the model says demo-update reports a first answer in SUCCESS too (webhook-on-first), but the scenario sends none. Fix: add a step {after: 2, webhooks: [{webhook: demo-update}]}.`,
    ]);
  });

  it("rejects an answer that keeps the example's amount where the request chose its own, unless the amount is carried", () => {
    const copied: ScenarioModel = {
      ...scenario('Pending, then paid (amount 10201)', 'FAST', 2, [stage('SUCCESS', true)], 'PROCESSING'),
      when: [
        {input: 'mode', value: 'FAST'},
        {input: 'amount', value: 10201},
      ],
      body: {response_code: 2, data: {amount: 1840, mode: 'FAST'}},
    };
    expect(run([...complete(), copied])).toEqual([
      `${copied.id}: "Pending, then paid (amount 10201)": the request sends amount 10201, and the answer says 1840 (the example's). Fix: add amount to carry: in openapi/scenarios/demo.yaml, so each answer says what its request sent.`,
    ]);
    expect(carryProblems(copied, [{to: 'amount'}], 'here')).toEqual([]);
  });

  it('names each path no scenario walks, at its line in the model', () => {
    expect(run(complete().slice(0, 3))).toEqual([
      'tests/fixtures/behaviour/demo.yaml:28: no sandbox scenario of demo-pay answers code 2 in mode SLOW. Fix: add one to openapi/scenarios/demo.yaml (when: mode: SLOW, code: 2).',
    ]);
    expect(run(complete().slice(1))).toContain(
      "tests/fixtures/behaviour/demo.yaml:33: no sandbox scenario of demo-pay goes from SUCCESS to REVERSED. Fix: add a scenario to openapi/scenarios/demo.yaml whose status (or a later step's) moves SUCCESS -> REVERSED.",
    );
  });

  it("holds a money-back entry's own webhook (a wallet credit) to the step that returns the money", () => {
    // FAILED's money comes back with demo-wallet, a webhook of the money, not of the state.
    const text = DEMO_TEXT.replace(
      'confirmed-by: a REFUND credit',
      'confirmed-by: a REFUND credit\n        webhook: demo-wallet',
    );
    const {family: credited, problems} = parseFamily(DEMO_FILE, text, {
      ...CTX,
      webhooks: new Set(['demo-update', 'demo-wallet']),
    });
    expect(problems).toEqual([]);
    const wallet = {webhook: 'demo-wallet', after: 0, body: {type: 'REFUND'}};
    const failed = (label: string, webhooks: StageModel['webhooks']): ScenarioModel => ({
      ...scenario(label, 'FAST', 5, [], 'PROCESSING'),
      then: [{after: 30, status: answer(1, 'FAILED'), webhooks}],
    });
    const check = (scenarios: ScenarioModel[]): string[] =>
      scenarioProblems({
        families: [credited as NonNullable<typeof credited>],
        sandbox: sandbox(scenarios),
        requests: new Map([['demo-pay', {mode: 'FAST'}]]),
        locate: (id) => id,
      });
    const [paid, pending, , slow] = complete();
    const rest = [paid, pending, slow] as ScenarioModel[];
    const good = failed('Timed out, then failed, credited', [
      {webhook: 'demo-update', after: 0, body: {status: 'FAILED'}},
      wallet,
    ]);
    expect(check([...rest, good])).toEqual([]);
    const silent = failed('Timed out, then failed, no credit', [
      {webhook: 'demo-update', after: 0, body: {status: 'FAILED'}},
    ]);
    expect(check([...rest, silent])).toEqual([
      `${silent.id}: "Timed out, then failed, no credit": ends FAILED, whose money the model says demo-wallet reports coming back, but the scenario sends none. Fix: add a step {after: 0, webhooks: [{webhook: demo-wallet}]}.`,
    ]);
    const early = scenario(
      'Paid, credited',
      'FAST',
      1,
      [{after: 0, webhooks: [wallet]}, stage('REVERSED', true)],
      'SUCCESS',
    );
    expect(check([...rest, good, early])).toEqual([
      `${early.id}: "Paid, credited": sends demo-wallet while the transaction is SUCCESS; the model sends it when the money comes back on FAILED. Fix: send it in the step that reaches that state.`,
    ]);
  });

  it('locates a scenario by its id in the scenario file', () => {
    const text =
      'operations:\n  demo-pay:\n    scenarios:\n      - label: a\n        code: 1\n      - label: b\n        code: 2\n';
    const locate = scenarioLocator(new Map([['openapi/scenarios/demo.yaml', text]]));
    expect(locate('openapi/scenarios/demo.yaml#demo-pay/1')).toBe('openapi/scenarios/demo.yaml:6');
  });
});

/** The demo family with its payments made in a hosted session and listed by the status call. */
const madeIn = demoFamily(
  DEMO_TEXT.replace(
    '    status-field: status',
    "    made-in: a hosted session, one payment per item\n    status-field: 'items[].status'",
  )
    .replace('first: {1: SUCCESS, 2: PROCESSING, 5: PROCESSING}', 'appears-in: [SUCCESS, PROCESSING]')
    .replace('first: {2: PROCESSING}', 'appears-in: [PROCESSING]'),
);

describe('scenarioProblems on made-in transactions (items of the status answer)', () => {
  const listed = (...items: [string, string][]): JsonObject => ({
    response_code: 1,
    data: {items: items.map(([mode, status]) => ({mode, status}))},
  });
  const at = (status: JsonObject, hook?: string): StageModel => ({
    after: 30,
    status,
    webhooks: hook ? [{webhook: 'demo-update', after: 0, body: {status: hook}}] : [],
  });
  const session = (label: string, then: StageModel[]): ScenarioModel => ({
    id: `openapi/scenarios/demo.yaml#demo-pay/${n++}`,
    label,
    when: [],
    code: 1,
    httpStatus: 200,
    body: answer(1),
    status: listed(),
    then,
  });
  const runMadeIn = (scenarios: ScenarioModel[]): string[] =>
    scenarioProblems({families: [madeIn], sandbox: sandbox(scenarios), requests: new Map(), locate: (id) => id});
  const walked = (): ScenarioModel[] => [
    session('Fast paid, then returned; slow failed', [
      at(listed(['FAST', 'SUCCESS']), 'SUCCESS'),
      at(listed(['FAST', 'REVERSED'], ['SLOW', 'PROCESSING']), 'REVERSED'),
      at(listed(['FAST', 'REVERSED'], ['SLOW', 'FAILED']), 'FAILED'),
    ]),
    session('Slow paid', [at(listed(['SLOW', 'PROCESSING'])), at(listed(['SLOW', 'SUCCESS']), 'SUCCESS')]),
  ];

  it('walks each item from the state it is first reported in, and counts its transitions', () => {
    expect(runMadeIn(walked())).toEqual([]);
    expect(runMadeIn(walked().slice(1))).toEqual([
      "tests/fixtures/behaviour/demo.yaml:33: no sandbox scenario of demo-pay goes from PROCESSING to FAILED. Fix: add a scenario to openapi/scenarios/demo.yaml whose status (or a later step's) moves PROCESSING -> FAILED.",
      "tests/fixtures/behaviour/demo.yaml:34: no sandbox scenario of demo-pay goes from SUCCESS to REVERSED. Fix: add a scenario to openapi/scenarios/demo.yaml whose status (or a later step's) moves SUCCESS -> REVERSED.",
    ]);
  });

  it('rejects a first state, a change and webhooks the model does not allow', () => {
    const bad = session('Slow paid at once, then pending', [
      at(listed(['SLOW', 'SUCCESS']), 'SUCCESS'),
      at(listed(['SLOW', 'PROCESSING']), 'PROCESSING'),
    ]);
    expect(runMadeIn([...walked(), bad])).toEqual([
      `${bad.id}: "Slow paid at once, then pending": a transaction of demo-pay is first reported as SUCCESS in mode SLOW; the model allows PROCESSING. Fix: report it first as one of those, or add SUCCESS to appears-in.`,
      `${bad.id}: "Slow paid at once, then pending": goes from SUCCESS to PROCESSING in mode SLOW, which the model of demo-pay does not allow. Fix: change the scenario, or add the transition to openapi/behaviour.`,
      `${bad.id}: "Slow paid at once, then pending": sends demo-update with status PROCESSING, but no transaction of the step became that by a change the webhook reports. Fix: remove it, or change the step's status answer.`,
    ]);
  });

  it('asks for the webhook of a change', () => {
    const quiet = session('Slow paid quietly', [at(listed(['SLOW', 'PROCESSING'])), at(listed(['SLOW', 'SUCCESS']))]);
    expect(runMadeIn([...walked(), quiet])).toEqual([
      `${quiet.id}: "Slow paid quietly": a transaction becomes SUCCESS, which the model says demo-update reports, and the step sends none. Fix: add {webhook: demo-update} to that step.`,
    ]);
  });
});

const located = (op: Partial<Operation> & {operationId: string}, kind: Located['kind'] = 'operation'): Located => ({
  kind,
  method: 'POST',
  path: `/${op.operationId}`,
  itemParams: [],
  op: {summary: '', description: '', tags: ['demo'], responses: {}, ...op},
});

describe('exampleProblems (check c)', () => {
  const json = (examples: Record<string, unknown>) => ({
    content: {
      'application/json': {examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, {value}]))},
    },
  });
  it('rejects a SLOW example that answers final, and a status example with an undeclared state', () => {
    const problems = exampleProblems(
      [family],
      [
        located({
          operationId: 'demo-pay',
          requestBody: {content: {'application/json': {example: {mode: 'FAST'}}}},
          responses: {
            '200': {
              description: '',
              ...json({
                ok: answer(1, 'SUCCESS'),
                slowDone: {response_code: 1, data: {mode: 'SLOW', status: 'SUCCESS'}},
              }),
            },
          },
        }),
        located({
          operationId: 'demo-status',
          responses: {'200': {description: '', ...json({gone: answer(1, 'EXPIRED')})}},
        }),
      ],
    );
    expect(problems).toEqual([
      {
        id: 'demo-pay',
        key: 'slowDone',
        message:
          'example "slowDone": a SLOW request answers code 1, which the model allows for SLOW only as 2. Fix: answer one of those (e.g. 2 PROCESSING), or show another mode.',
      },
      {
        id: 'demo-status',
        key: 'gone',
        message:
          'example "gone" carries status EXPIRED, a state tests/fixtures/behaviour/demo.yaml does not declare (PROCESSING, SUCCESS, FAILED, REVERSED). Fix: use a declared state, or declare it.',
      },
    ]);
  });
});

describe('notFoundProblems: one code-7 bound per status call', () => {
  it('names the operations of one status call that give different bounds, and passes when they agree', () => {
    const slower = parseFamily(
      'tests/fixtures/behaviour/other.yaml',
      DEMO_TEXT.replace('  demo-pay:', '  demo-pay-later:').replace(
        'final-after-seconds: 30',
        'final-after-seconds: 90',
      ),
      {
        ...CTX,
        operations: new Map<string, readonly number[]>([...CTX.operations, ['demo-pay-later', [1, 2, 3, 4, 5, 6]]]),
      },
    ).family as NonNullable<ReturnType<typeof parseFamily>['family']>;
    expect(notFoundProblems([family, slower])).toEqual([
      'tests/fixtures/behaviour/demo.yaml, tests/fixtures/behaviour/other.yaml: demo-status answers one code 7 for demo-pay (final-after-seconds 30), demo-pay-later (final-after-seconds 90). Fix: give them the same not-found bound, the one the status call keeps.',
    ]);
    expect(notFoundProblems([family, demoFamily()])).toEqual([]);
  });
});

describe('policyProblems (check d)', () => {
  it('names each number webhook-policy.ts holds differently from shared.yaml', () => {
    const common = demoCommon();
    expect(policyProblems(common, {retryAfterMinutes: [1, 5], ackTimeoutSeconds: 10, deliveryLogDays: 180})).toEqual([
      'openapi/behaviour/shared.yaml:3: retries after [1, 5, 15, 60, 180, 360, 540, 720, 900, 1080, 1260, 1440] minutes; webhook-policy.ts RETRY_AFTER_MINUTES is [1, 5]. Fix: make core/contract/webhook-policy.ts and openapi/behaviour/shared.yaml say the same (decisions of issue 22, 4).',
      'openapi/behaviour/shared.yaml:5: deliveries kept 30 days; webhook-policy.ts DELIVERY_LOG_DAYS is 180. Fix: make core/contract/webhook-policy.ts and openapi/behaviour/shared.yaml say the same (decisions of issue 22, 4).',
    ]);
  });
});

describe('overviewProblems', () => {
  it('asks the overview page for its heading and its table', () => {
    expect(overviewProblems(family, '# Demo\n')).toEqual([
      'docs/v1/service/demo/index.mdx: has no heading "## What can happen to a demo payment" (thing: demo payment, tests/fixtures/behaviour/demo.yaml:3). Fix: add it, followed by <BehaviourTable family="demo" />.',
      'docs/v1/service/demo/index.mdx: does not show <BehaviourTable family="demo" />. Fix: add it under "## What can happen to a demo payment".',
    ]);
    expect(overviewProblems(family, undefined)).toEqual([
      "tests/fixtures/behaviour/demo.yaml:4: docs/v1/service/demo/index.mdx does not exist. Fix: name the family's overview page.",
    ]);
    expect(
      overviewProblems(family, '## What can happen to a demo payment\n\n<BehaviourTable family="demo" />\n'),
    ).toEqual([]);
  });

  it('picks the article by sound', () => {
    expect([
      articleOf('SMS'),
      articleOf('UPI payment'),
      articleOf('AEPS transaction'),
      articleOf('payout order'),
    ]).toEqual(['an', 'a', 'an', 'a']);
  });
});

describe('overdueProblems: the sandbox refuses an escalation before the bound the model gives', () => {
  const escalated = parseFamily(
    DEMO_FILE,
    DEMO_TEXT.replace('exit: {status-call: demo-status}', 'exit: {escalation: PROCESSING_OVERDUE}'),
    {...CTX, escalationReasons: new Set(['PROCESSING_OVERDUE'])},
  ).family!;
  const sandbox = (seconds: number, reason = 'PROCESSING_OVERDUE'): FamilyModel[] => [
    {
      family: 'common',
      operations: [
        {
          id: 'common-escalation-raise',
          carry: [],
          unique: [],
          scenarios: [],
          overdue: [{reason, status: 'demo-status', field: 'status', state: 'PROCESSING', seconds, message: 'not yet'}],
        } as unknown as FamilyModel['operations'][number],
      ],
    },
  ];

  it('passes a rule that matches the state, its bound and its status call', () => {
    expect(overdueProblems([escalated], sandbox(86400))).toEqual([]);
  });

  it('names a rule whose seconds differ from the bound, with the rule to write', () => {
    expect(overdueProblems([escalated], sandbox(3600))).toEqual([
      `openapi/scenarios/common.yaml: overdue PROCESSING_OVERDUE of common-escalation-raise says PROCESSING for 3600 s by demo-status; ${DEMO_FILE}:7 bounds PROCESSING at 86400 s. Fix: write "PROCESSING_OVERDUE: {status: demo-status, state: PROCESSING, seconds: 86400, message: ...}".`,
    ]);
  });

  it('names an escalation exit the sandbox accepts at any time, and a rule no state exits by', () => {
    expect(overdueProblems([escalated], sandbox(86400, 'MERCHANT_BLOCKED'))).toEqual([
      `${DEMO_FILE}:7: the exit of PROCESSING is the escalation PROCESSING_OVERDUE, which the sandbox accepts at any time. Fix: add "PROCESSING_OVERDUE: {status: demo-status, state: PROCESSING, seconds: 86400, message: ...}" under overdue: of common-escalation-raise in openapi/scenarios/common.yaml.`,
      'openapi/scenarios/common.yaml: overdue MERCHANT_BLOCKED of common-escalation-raise refuses an escalation no state of openapi/behaviour/ exits by. Fix: remove it, or give that state "exit: {escalation: MERCHANT_BLOCKED}".',
    ]);
  });
});
