/**
 * core/journeys/checks.ts: each check fed a bad journey, its message asserted word for word. The
 * family is the made-up demo of tests/fixtures/behaviour/demo.yaml; the journeys are written here in
 * the shape openapi/DECISIONS.md fixes.
 */
import {describe, expect, it} from 'vitest';
import {journeyProblems} from '#core/journeys/checks';
import {parseJourneyFile} from '#core/journeys/model';
import {parseFamily} from '#core/behaviour/model';
import {CTX, DEMO_FILE, DEMO_TEXT, demoFamily} from './behaviour-helpers';

const FILE = 'openapi/journeys/demo.arazzo.yaml';
const ctx = {
  families: [demoFamily()],
  operations: new Set(['demo-pay', 'demo-status']),
  webhooks: new Set(['demo-update']),
};

const pay = (id: string, mode: string, code: number, state?: string, ref = '$faker.string.uuid', op = 'demo-pay') => `
      - stepId: ${id}
        operationId: ${op}
        requestBody:
          payload: {referenceid: ${ref}, mode: ${mode}}
        successCriteria:
          - condition: $statusCode == 200
          - condition: $response.body#/response_code == ${code}${state ? `\n          - condition: $response.body#/data/status == '${state}'` : ''}
        outputs:
          referenceid: $response.body#/data/referenceid`;
const status = (id: string, ref: string, state: string) => `
      - stepId: ${id}
        operationId: demo-status
        requestBody:
          payload: {referenceid: $steps.${ref}.outputs.referenceid}
        successCriteria:
          - condition: $response.body#/response_code == 1
          - condition: $response.body#/data/status == '${state}'`;
const hook = (id: string, ref: string, state: string, webhook = 'demo-update') => `
      - stepId: ${id}
        x-journey-step: {kind: webhook, webhook: ${webhook}}
        x-operation:
          method: get
          url: '{$inputs.proxy}/__journeys/webhooks/${webhook}/{$steps.${ref}.outputs.referenceid}'
        successCriteria:
          - condition: $response.body#/status == '${state}'`;
const clock = (id: string, seconds: number) => `
      - stepId: ${id}
        x-journey-step: {kind: clock, advance_seconds: ${seconds}}
        x-operation: {method: post, url: '{$inputs.proxy}/__sandbox/clock'}
        requestBody:
          payload: {advance_seconds: ${seconds}}`;
const workflow = (id: string, steps: string[]): string => `
  - workflowId: ${id}
    steps:${steps.join('')}`;

/** Every path of the demo model, walked once. */
const COMPLETE = [
  workflow('paid-then-reversed', [
    pay('pay', 'FAST', 1, 'SUCCESS'),
    hook('paid', 'pay', 'SUCCESS'),
    hook('reversed', 'pay', 'REVERSED'),
  ]),
  workflow('pending-then-paid', [
    pay('pay', 'FAST', 2, 'PROCESSING'),
    status('pending', 'pay', 'PROCESSING'),
    hook('paid', 'pay', 'SUCCESS'),
  ]),
  workflow('timeout-then-failed', [pay('pay', 'FAST', 5, 'PROCESSING'), hook('failed', 'pay', 'FAILED')]),
  workflow('slow', [
    pay('pay', 'SLOW', 2, 'PROCESSING'),
    status('paid', 'pay', 'SUCCESS'),
    hook('hook', 'pay', 'SUCCESS'),
  ]),
  // The exit of PROCESSING (bound: 1 day, exit: the status call): a day on, the status call resolves it.
  workflow('stuck-then-resolved', [
    pay('pay', 'SLOW', 2, 'PROCESSING'),
    clock('a-day-on', 86400),
    status('resolved', 'pay', 'FAILED'),
  ]),
];

const run = (workflows: string[]): string[] =>
  journeyProblems([parseJourneyFile(FILE, `arazzo: 1.0.1\nworkflows:${workflows.join('')}\n`)], ctx);

describe('journeyProblems', () => {
  it('passes journeys that walk every path of the model', () => {
    expect(run(COMPLETE)).toEqual([]);
  });

  it('names a misspelt operationId, which redocly lint passes, with the one it meant', () => {
    expect(run([...COMPLETE, workflow('typo', [pay('pay', 'FAST', 1, 'SUCCESS', undefined, 'demo-pya')])])).toEqual([
      `${FILE}:127: step "pay" of workflow "typo" calls operationId "demo-pya", which the contract does not have. Fix: use demo-pay.`,
    ]);
  });

  it('rejects a workflow walking a change the model does not allow (FAILED, then paid)', () => {
    const bad = workflow('failed-then-paid', [
      pay('pay', 'FAST', 5, 'PROCESSING'),
      hook('failed', 'pay', 'FAILED'),
      status('paid', 'pay', 'SUCCESS'),
    ]);
    expect(run([...COMPLETE, bad])).toEqual([
      `${FILE}:147: step "paid" of workflow "failed-then-paid" expects SUCCESS after FAILED (mode FAST), a change the model of demo-pay does not allow. Fix: expect one of FAILED, or add the transition to openapi/behaviour.`,
    ]);
  });

  it('rejects a first answer the mode does not give (SLOW is never final)', () => {
    expect(run([...COMPLETE, workflow('slow-paid', [pay('pay', 'SLOW', 1, 'SUCCESS')])])).toEqual([
      `${FILE}:130: step "pay" of workflow "slow-paid" expects code 1 in mode SLOW, where the model of demo-pay answers only 2. Fix: expect one of those, or send another mode.`,
    ]);
  });

  it('rejects a repeat that expects anything but the transaction as it stands now', () => {
    const bad = workflow('repeat', [
      pay('pay', 'FAST', 2, 'PROCESSING'),
      hook('paid', 'pay', 'SUCCESS'),
      pay('again', 'FAST', 4, 'PROCESSING', '$steps.pay.outputs.referenceid'),
    ]);
    expect(run([...COMPLETE, bad])).toEqual([
      `${FILE}:147: step "again" of workflow "repeat" expects a repeat to answer PROCESSING; the transaction is SUCCESS by then, and a repeat answers it as it stands now. Fix: expect SUCCESS.`,
    ]);
  });

  it('names each path of the model no workflow walks, at its line in the model', () => {
    expect(run(COMPLETE.slice(1))).toEqual([
      `tests/fixtures/behaviour/demo.yaml:25: no journey answers code 1 of demo-pay in mode FAST. Fix: add a workflow to openapi/journeys/demo.arazzo.yaml whose demo-pay step sends mode: FAST and expects $response.body#/response_code == 1.`,
      `tests/fixtures/behaviour/demo.yaml:33: no journey takes demo-pay from SUCCESS to REVERSED. Fix: add a workflow to openapi/journeys/demo.arazzo.yaml whose status or webhook step after SUCCESS expects REVERSED.`,
    ]);
  });

  it('names a bounded state whose exit no workflow takes after its bound, with the workflow to add', () => {
    const early = workflow('stuck-then-resolved', [
      pay('pay', 'SLOW', 2, 'PROCESSING'),
      clock('an-hour-on', 3600),
      status('resolved', 'pay', 'FAILED'),
    ]);
    expect(run([...COMPLETE.slice(0, -1), early])).toEqual([
      `tests/fixtures/behaviour/demo.yaml:7: state PROCESSING has no exit journey: no workflow reaches PROCESSING, moves the test clock on by 86400 s (its bound: 1 day) and then calls demo-status and expects the final state it resolves PROCESSING to. Fix: add that workflow at the end of openapi/journeys/demo.arazzo.yaml, with a sandbox test value that leaves the demo payment PROCESSING.`,
    ]);
  });

  it('takes a procedure exit only from a status call marked x-exit after the bound, still in the state', () => {
    const procedure = DEMO_TEXT.replace(
      'exit: {status-call: demo-status}',
      "exit: {procedure: 'Write to support', within: 2 days}",
    );
    const check = (workflows: string[]) =>
      journeyProblems([parseJourneyFile(FILE, `arazzo: 1.0.1\nworkflows:${workflows.join('')}\n`)], {
        ...ctx,
        families: [demoFamily(procedure)],
      });
    const marked = (id: string, state: string) => `${status(id, 'pay', state)}
        x-exit: procedure`;
    const stuck = (seconds: number, state = 'PROCESSING') =>
      workflow('stuck', [pay('pay', 'SLOW', 2, 'PROCESSING'), clock('wait', seconds), marked('ask', state)]);
    expect(check([...COMPLETE.slice(0, -1), stuck(86400)])).toEqual([]);
    expect(check([...COMPLETE.slice(0, -1), stuck(600)])).toEqual([
      `${FILE}:124: step "ask" of workflow "stuck" starts the exit procedure of PROCESSING 600 s after demo-pay entered it, before its bound (86400 s: 1 day, tests/fixtures/behaviour/demo.yaml). Fix: move the test clock on by 85800 s more in a clock step before it.`,
      `tests/fixtures/behaviour/demo.yaml:7: state PROCESSING has no exit journey: no workflow reaches PROCESSING, moves the test clock on by 86400 s (its bound: 1 day) and then calls the status call, expects PROCESSING still and marks that step x-exit: procedure (the procedure: Write to support). Fix: add that workflow at the end of openapi/journeys/demo.arazzo.yaml, with a sandbox test value that leaves the demo payment PROCESSING.`,
    ]);
  });

  it('takes an escalation exit after the bound, and rejects one expected to be accepted before it', () => {
    const escalated = DEMO_TEXT.replace('exit: {status-call: demo-status}', 'exit: {escalation: PROCESSING_OVERDUE}');
    const check = (workflows: string[]) =>
      journeyProblems([parseJourneyFile(FILE, `arazzo: 1.0.1\nworkflows:${workflows.join('')}\n`)], {
        ...ctx,
        operations: new Set([...ctx.operations, 'common-escalation-raise']),
        families: [
          parseFamily(DEMO_FILE, escalated, {...CTX, escalationReasons: new Set(['PROCESSING_OVERDUE'])}).family!,
        ],
      });
    const escalate = (id: string, code: number) => `
      - stepId: ${id}
        operationId: common-escalation-raise
        requestBody:
          payload: {reason: PROCESSING_OVERDUE, service: demo, referenceid: $steps.pay.outputs.referenceid}
        successCriteria:
          - condition: $response.body#/response_code == ${code}`;
    const stuck = workflow('stuck', [
      pay('pay', 'SLOW', 2, 'PROCESSING'),
      escalate('too-soon', 24),
      clock('wait', 86400),
      escalate('overdue', 1),
    ]);
    expect(check([...COMPLETE.slice(0, -1), stuck])).toEqual([]);
    const early = workflow('early', [pay('pay', 'SLOW', 2, 'PROCESSING'), clock('wait', 60), escalate('overdue', 1)]);
    expect(check([...COMPLETE.slice(0, -1), early])).toEqual([
      `${FILE}:121: step "overdue" of workflow "early" escalates demo-pay (PROCESSING) with PROCESSING_OVERDUE 60 s after it entered PROCESSING, before its bound (86400 s: 1 day), and expects response_code 1; the API answers 24 until the bound has passed. Fix: move the test clock on by 86340 s more first, or expect 24.`,
      `tests/fixtures/behaviour/demo.yaml:7: state PROCESSING has no exit journey: no workflow reaches PROCESSING, moves the test clock on by 86400 s (its bound: 1 day) and then calls common-escalation-raise with reason PROCESSING_OVERDUE and expects response_code 1. Fix: add that workflow at the end of openapi/journeys/demo.arazzo.yaml, with a sandbox test value that leaves the demo payment PROCESSING.`,
    ]);
  });

  it('takes a file named after a tag of the contract, and refuses a name that is neither a family nor a tag', () => {
    const text = `arazzo: 1.0.1\nworkflows:${workflow('rotation', [pay('pay', 'FAST', 1, 'SUCCESS')])}\n`;
    const files = (name: string) => [
      parseJourneyFile(FILE, `arazzo: 1.0.1\nworkflows:${COMPLETE.join('')}\n`),
      parseJourneyFile(`openapi/journeys/${name}.arazzo.yaml`, text),
    ];
    expect(journeyProblems(files('webhooks'), {...ctx, tags: new Set(['webhooks'])})).toEqual([]);
    expect(journeyProblems(files('webhook'), {...ctx, tags: new Set(['webhooks'])})).toEqual([
      'openapi/journeys/webhook.arazzo.yaml:1: webhook is no money-moving family of openapi/behaviour/ (demo) and no tag of the contract. Fix: name the file <family>.arazzo.yaml after one of them, or after the tag of the calls it walks.',
    ]);
  });

  it('rejects a step that calls x-operation without saying what it stands for', () => {
    const text = `arazzo: 1.0.1\nworkflows:${COMPLETE.join('')}
  - workflowId: bare
    steps:
      - stepId: wait
        x-operation: {method: get, url: 'http://127.0.0.1:4111/__journeys/webhooks'}
`;
    expect(journeyProblems([parseJourneyFile(FILE, text)], ctx)).toEqual([
      `${FILE}:127: step "wait" calls x-operation without saying what it stands for. Fix: add x-journey-step (a webhook, a hosted page or the clock), or call an operation by operationId.`,
    ]);
  });
});

/**
 * The demo family with its payments made elsewhere (`made-in`, as DMT transfers are made in the
 * hosted session and UPI payments in the payer's app): the call opens what they are made in, and
 * each payment is walked from the status answer or webhook that first reports it.
 */
describe('journeyProblems, made-in', () => {
  const text = DEMO_TEXT.replace(
    '    status-field: status\n',
    "    made-in: the demo app, one payment per tap\n    status-field: 'items[].status'\n",
  )
    .replace('first: {1: SUCCESS, 2: PROCESSING, 5: PROCESSING}', 'appears-in: [SUCCESS, PROCESSING]')
    .replace('first: {2: PROCESSING}', 'appears-in: [PROCESSING]');
  const madeIn = {...ctx, families: [demoFamily(text)]};
  const open = (id: string, code = 1, ref = '$faker.string.uuid') => `
      - stepId: ${id}
        operationId: demo-pay
        requestBody:
          payload: {referenceid: ${ref}}
        successCriteria:
          - condition: $response.body#/response_code == ${code}
        outputs:
          referenceid: $request.body#/referenceid`;
  const item = (id: string, state: string, i = 0, op = 'demo-status', ref = 'open') => `
      - stepId: ${id}
        operationId: ${op}
        requestBody:
          payload: {referenceid: $steps.${ref}.outputs.referenceid}
        successCriteria:
          - condition: $response.body#/response_code == 1
          - condition: $response.body#/data/items/${i}/status == '${state}'`;
  const WALKED = [
    workflow('paid-then-reversed', [
      open('open'),
      hook('paid', 'open', 'SUCCESS'),
      hook('reversed', 'open', 'REVERSED'),
    ]),
    workflow('pending-then-paid', [open('open'), item('pending', 'PROCESSING'), hook('paid', 'open', 'SUCCESS')]),
    // Two payments in one: the second is first reported by the status answer's second item.
    workflow('two', [
      open('open'),
      hook('paid', 'open', 'SUCCESS'),
      item('second', 'PROCESSING', 1),
      hook('failed', 'open', 'FAILED'),
      item('first-still', 'SUCCESS'),
    ]),
    workflow('stuck-then-resolved', [
      open('open'),
      item('pending', 'PROCESSING'),
      clock('a-day-on', 86400),
      item('resolved', 'FAILED'),
    ]),
  ];
  const check = (workflows: string[]): string[] =>
    journeyProblems([parseJourneyFile(FILE, `arazzo: 1.0.1\nworkflows:${workflows.join('')}\n`)], madeIn);

  it('walks each payment from its first report, and asks every transition of a journey', () => {
    expect(check(WALKED)).toEqual([]);
    expect(check(WALKED.slice(1))).toEqual([
      `tests/fixtures/behaviour/demo.yaml:34: no journey takes demo-pay from SUCCESS to REVERSED. Fix: add a workflow to openapi/journeys/demo.arazzo.yaml whose status or webhook step after SUCCESS expects REVERSED.`,
    ]);
  });

  it('rejects a first report the model does not allow, and a change it does not allow', () => {
    const bad = [
      workflow('first-failed', [open('open'), item('failed', 'FAILED')]),
      workflow('paid-then-pending', [open('open'), hook('paid', 'open', 'SUCCESS'), item('pending', 'PROCESSING')]),
    ];
    expect(check([...WALKED, ...bad])).toEqual([
      `${FILE}:132: step "failed" of workflow "first-failed" expects a transaction of demo-pay first reported as FAILED; the model allows SUCCESS, PROCESSING (appears-in). Fix: expect one of those first, or add FAILED to appears-in in openapi/behaviour.`,
      `${FILE}:156: step "pending" of workflow "paid-then-pending" expects PROCESSING after SUCCESS (mode FAST), a change the model of demo-pay does not allow. Fix: expect one of SUCCESS, REVERSED, or add the transition to openapi/behaviour.`,
    ]);
  });

  it('walks a made-in call that is its own status call (a list) as a status call once it reads a reported payment', () => {
    // The UPI dispute list: disputes appear in it, and it reports each one's state.
    const own = {
      ...ctx,
      families: [
        demoFamily(
          text
            .replaceAll('status-call: demo-status', 'status-call: demo-pay')
            .replace('webhook-on-first: [SUCCESS]', 'webhook-on-first: [SUCCESS, PROCESSING]'),
        ),
      ],
    };
    const exit = (steps: string[]): string[] =>
      journeyProblems([parseJourneyFile(FILE, `arazzo: 1.0.1\nworkflows:${workflow('stuck', steps)}\n`)], own).filter(
        (p) => p.includes('state PROCESSING') || p.includes('step "'),
      );
    const reported = [open('open'), hook('pending', 'open', 'PROCESSING'), clock('a-day-on', 86400)];
    expect(exit([...reported, item('resolved', 'FAILED', 0, 'demo-pay', 'pending')])).toEqual([]);
    expect(exit(reported)).toEqual([
      'tests/fixtures/behaviour/demo.yaml:7: state PROCESSING has no exit journey: no workflow reaches PROCESSING, moves the test clock on by 86400 s (its bound: 1 day) and then calls demo-pay and expects the final state it resolves PROCESSING to. Fix: add that workflow at the end of openapi/journeys/demo.arazzo.yaml, with a sandbox test value that leaves the demo payment PROCESSING.',
    ]);
  });

  it('holds a repeat of the opening call to the repeat code', () => {
    const bad = workflow('repeat', [open('open'), open('again', 1, '$steps.open.outputs.referenceid')]);
    expect(check([...WALKED, bad])).toEqual([
      `${FILE}:132: step "again" of workflow "repeat" sends the referenceid of an earlier demo-pay again, which the model says answers response_code 4, not 1. Fix: expect $response.body#/response_code == 4.`,
    ]);
  });
});
