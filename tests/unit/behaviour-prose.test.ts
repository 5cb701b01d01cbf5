/** scripts/lib/behaviour-prose.ts and scripts/behaviour-prose-check.ts: behaviour written by hand is rejected. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {applyAllowList, findBehaviour, findStepLists, parseAllowList} from '../../scripts/lib/behaviour-prose';
import {ALLOW_LIST, checkBehaviourProse} from '../../scripts/behaviour-prose-check';

const FILE = 'docs/v1/x.mdx';
const found = (source: string): string[] =>
  findBehaviour(FILE, source).map((f) => `${f.line}:${f.column} ${f.kind} ${f.phrase}`);

describe('findBehaviour', () => {
  it("flags a code's meaning or retry rule written by hand, code spans and all, but not the generated one", () => {
    const source = [
      'Three codes matter:',
      '',
      '- `1`: done, the money moved.',
      '- `response_code` 3, 6 or 14: declined, so a new attempt needs a new `referenceid`.',
      '',
      'Code 3: <Fact id="payout-create-order.code.3" />',
    ].join('\n');
    expect(found(source)).toEqual([
      '3:1 code-meaning - 1 : done, the money moved',
      '4:4 code-meaning response_code 3, 6 or 14: declined, so a new attempt needs a new referenceid',
    ]);
    expect(findBehaviour(FILE, '- `1`: done, the money moved.')[0]?.message).toBe(
      'docs/v1/x.mdx:1:1: behaviour written by hand (code-meaning): "- 1 : done, the money moved". Say it with ' +
        '<Fact id="<op>.code.<N>" /> or <Fact id="codes.money-moving" /> (the derived code table) ' +
        '(ids: npm run behaviour:facts) or link the family overview\'s "What can happen to ..." table instead.',
    );
  });

  it("flags a code's retry rule written by hand, either way round, but not the derived fact (issue 32, 1)", () => {
    const source = [
      '4. When no answer comes or the answer is `response_code` 5, it turns to the',
      "   operation's status calls instead of sending the call again.",
      '',
      '- **Pending.** `response_code` 2 or 5: wait for the webhook or ask bill status.',
      '',
      'Unsure? Ask delivery status; send again only if it answers `response_code` 7.',
      '',
      'On a 5 the wrapper follows the table: <Fact id="codes.retry.5" />',
    ].join('\n');
    expect(found(source)).toEqual([
      "1:43 code-retry response_code 5, it turns to the operation's status calls instead of sending",
      '4:17 code-retry response_code 2 or 5: wait for the webhook',
      '6:30 code-retry send again only if it answers response_code 7',
    ]);
    expect(findBehaviour(FILE, 'Code 5: never resend it.')[0]?.message).toBe(
      'docs/v1/x.mdx:1:1: behaviour written by hand (code-retry): "Code 5: never resend". Say it with ' +
        '<Fact id="<op>.code.<N>" />, <Fact id="<op>.code-5" /> or <Fact id="codes.retry.<N>" /> (the derived code table) ' +
        '(ids: npm run behaviour:facts) or link the family overview\'s "What can happen to ..." table instead.',
    );
  });

  it("flags when a status call's code 7 is final written by hand, each of the three ways the pages said it (issue 32, 6)", () => {
    const source = [
      'An answer of `response_code` 7 means no order with this `referenceid` reached us.',
      '',
      'A status call made in the first seconds after a payment may also answer 7.',
      '',
      'Treat an early `NOT_FOUND` as "ask again later".',
      '',
      'Code 7: <Fact id="payout-order-status.not-found" />',
    ].join('\n');
    expect(found(source)).toEqual([
      '1:15 not-found response_code 7 means no order with this referenceid reached us',
      '3:27 not-found first seconds after a payment may also answer 7',
      '5:17 not-found NOT_FOUND as "ask again',
    ]);
    expect(
      findBehaviour(FILE, 'A status call made in the first seconds after a payment may also answer 7.')[0]?.message,
    ).toBe(
      'docs/v1/x.mdx:1:27: behaviour written by hand (not-found): "first seconds after a payment may also answer 7". Say it with ' +
        '<Fact id="<status-call>.not-found" /> ' +
        '(ids: npm run behaviour:facts) or link the family overview\'s "What can happen to ..." table instead.',
    );
  });

  it('flags a repeat, a polling cadence, a code table and SUCCESS glossed as credited, written by hand (issue 32)', () => {
    const source = [
      'Sent twice by mistake, the repeat answers `response_code` 4 with the original result.',
      '',
      'Poll no more than once a minute. Reconcile once a day.',
      '',
      '| Code | Status | What to do |',
      '| --- | --- | --- |',
      '| 1 | `SUCCESS` | Print the receipt. |',
      '',
      '- `SUCCESS`: the contact was credited.',
      '',
      '| `status` | Meaning | Final? |',
      '| --- | --- | --- |',
      '| `SUCCESS` | Credited | Yes |',
    ].join('\n');
    expect(found(source)).toEqual([
      '1:6 repeat twice by mistake, the repeat answers response_code 4',
      '3:19 polling once a minute',
      '5:1 code-table | Code | Status | What to do |',
      '9:4 state-meaning SUCCESS : the contact was credited',
      '11:1 final | | Meaning | Final? |',
      '13:4 state-meaning SUCCESS | Credited',
    ]);
    expect(found('A second escalation of the same case answers `response_code` 4 with the first.')).toEqual([
      '1:3 repeat second escalation of the same case answers response_code 4',
    ]);
    expect(findBehaviour(FILE, 'Ask no more than once a minute.')[0]?.message).toBe(
      'docs/v1/x.mdx:1:18: behaviour written by hand (polling): "once a minute". Say it with ' +
        '<Fact id="shared.polling" /> or <Fact id="<op>.webhook" /> (an operation\'s own way to learn the outcome) ' +
        '(ids: npm run behaviour:facts) or link the family overview\'s "What can happen to ..." table instead.',
    );
    expect(findBehaviour(FILE, '| Code | Meaning |\n| --- | --- |\n| 3 | Declined. |\n')[0]?.message).toBe(
      'docs/v1/x.mdx:1:1: behaviour written by hand (code-table): "| Code | Meaning |". Say it with ' +
        'the operation\'s code table (<Endpoint> renders it) or <Fact id="<op>.code.<N>" /> per code ' +
        '(ids: npm run behaviour:facts) or link the family overview\'s "What can happen to ..." table instead.',
    );
    expect(findBehaviour(FILE, "- `SUCCESS`: the beneficiary's account was credited.")[0]?.message).toBe(
      'docs/v1/x.mdx:1:4: behaviour written by hand (state-meaning): "SUCCESS : the beneficiary\'s account was credited". ' +
        'Say it with <Fact id="<op>.state.SUCCESS" /> (what the state means, from the model) ' +
        '(ids: npm run behaviour:facts) or link the family overview\'s "What can happen to ..." table instead.',
    );
  });

  it('leaves a table of other codes, a wallet credited on SUCCESS and a retried webhook delivery alone', () => {
    const source = [
      '| Code | Type | When |',
      '| --- | --- | --- |',
      '| `D11` | Dispute | Debited, not received |',
      '',
      '- `SUCCESS`: confirmed; your wallet is credited with the amount.',
      '',
      'No answer at all counts as a failed attempt, and we try again.',
    ].join('\n');
    expect(found(source)).toEqual([]);
  });

  it('flags a resend after a timeout, a failure list and a code 7 read as final, as the pages wrote them (issue 32)', () => {
    const source = [
      'If the call times out, post the same result again; it credits at most once.',
      '',
      '- `3`, `6`, `14` and the other failure codes: nothing was recharged or debited.',
      '- `response_code` 13: capture again and send with a **new** `referenceid`.',
      '- `response_code` 7: no order with this `referenceid` was created.',
      '',
      '`response_code` 7 means no session has this `referenceid`.',
      '',
      'Code 7: no transaction with this `referenceid` exists.',
    ].join('\n');
    expect(found(source)).toEqual([
      '1:13 resend times out, post the same result again',
      '3:1 code-meaning - 3 , 6 , 14 and the other failure codes: nothing was recharged or debited',
      '4:4 code-meaning response_code 13: capture again and send with a **new** referenceid',
      '5:4 not-found response_code 7: no order with this referenceid was created',
      '7:2 not-found response_code 7 means no session has this referenceid',
      '9:1 not-found Code 7: no transaction with this referenceid exists',
    ]);
  });

  it("leaves a journey's duplicate step alone: the pages-only rules do not read journey prose", () => {
    const step = 'Sent again with the same `referenceid`, it answers `response_code` 4; polled once a minute.';
    expect(findBehaviour(FILE, step, true)).toEqual([]);
    expect(findBehaviour(FILE, step).map((f) => f.kind)).toEqual(['repeat', 'polling']);
  });

  it('flags each recurring form with file, line, column, the phrase and the fix', () => {
    const source = [
      '# Payouts',
      '',
      'SUCCESS is terminal and FAILED is final. We send a webhook when it settles.',
      'Recharge sends no webhook. Resend the order if no answer comes back.',
      'The money returns to the wallet when the bank fails it, within 2 hours, T+1 at the latest.',
      'We make 13 attempts over 24 hours.',
    ].join('\n');
    expect(found(source)).toEqual([
      '3:9 final is terminal',
      '3:32 final is final',
      '3:45 webhook send a webhook',
      '4:10 webhook sends no webhook',
      '4:28 resend Resend the order if',
      '5:5 money-back money returns to the wallet when',
      '5:57 window within 2 hours',
      '5:73 t-plus T+1',
      '6:9 retries 13 attempts',
      '6:21 window over 24 hours',
    ]);
    expect(findBehaviour(FILE, 'SUCCESS is final.')[0]?.message).toBe(
      'docs/v1/x.mdx:1:9: behaviour written by hand (final): "is final". Say it with <Fact id="<op>.final" /> ' +
        '(ids: npm run behaviour:facts) or link the family overview\'s "What can happen to ..." table instead.',
    );
  });

  it('reads across a line break and with the number in words', () => {
    expect(found('Deliveries are retried\ntwelve times, for a day.')).toEqual([
      '1:16 retries retried twelve times',
      '2:15 window for a day',
    ]);
  });

  it('leaves code, <Fact>, <BehaviourTable>, links and guidance alone', () => {
    const source = [
      '```js',
      '// SUCCESS is final, retry within 5 minutes',
      '```',
      '',
      'A payout is <Fact id="payout-create-order.final" />; see `is final` and',
      '<BehaviourTable family="payout" />, or [the guide](/docs/v1/x#resend-if-lost).',
      'Store the referenceid before you send the request, and show the operator the UTR.',
    ].join('\n');
    expect(found(source)).toEqual([]);
  });
});

describe('findStepLists', () => {
  const OPS = new Set(['./fetch/bill.mdx', './bill/payment.mdx', '/docs/v1/service/bbps/bill/status']);
  const isOp = (href: string): boolean => OPS.has(href.replace(/#.*$/, ''));

  it('flags a numbered list whose items link two or more operation pages, at its line, naming them', () => {
    const source = [
      '# Bill payments',
      '',
      '1. **Fetch.** [Fetch bill](./fetch/bill.mdx) returns the amount.',
      '2. **Pay.** [Bill payment](./bill/payment.mdx#request) debits your wallet.',
      '3. **Settle.** Ask [bill status](/docs/v1/service/bbps/bill/status) when pending.',
    ].join('\n');
    expect(findStepLists('docs/v1/service/bbps/index.mdx', source, isOp)).toEqual([
      {
        file: 'docs/v1/service/bbps/index.mdx',
        line: 3,
        column: 1,
        kind: 'step-list',
        phrase: 'an ordered list linking ./fetch/bill.mdx, ./bill/payment.mdx, /docs/v1/service/bbps/bill/status',
        message:
          'docs/v1/service/bbps/index.mdx:3:1: API calls listed as numbered steps by hand (step-list): an ordered list linking ' +
          './fetch/bill.mdx, ./bill/payment.mdx, /docs/v1/service/bbps/bill/status. Render the workflow where the list was, ' +
          '<Journeys family="<family>" workflows="<workflow id>" /> (ids: openapi/journeys/<family>.arazzo.yaml); ' +
          'a call no workflow has yet goes into the journey file, not into a list, and a routine that is no journey ' +
          '(a daily reconciliation, a key rotation) is written as prose.',
      },
    ]);
  });

  it('leaves bullet lists, lists linking one operation or none, and the rendered journeys alone', () => {
    const source = [
      '- [Fetch bill](./fetch/bill.mdx), then [pay](./bill/payment.mdx).',
      '',
      '1. Register your sender header on a DLT platform.',
      '2. [Pay](./bill/payment.mdx) and read the [guide](../guide.mdx), then [pay](./bill/payment.mdx) again.',
      '',
      '<Journeys family="bbps" workflows="bbps-paid" />',
    ].join('\n');
    expect(findStepLists(FILE, source, isOp)).toEqual([]);
  });
});

describe('allow-list', () => {
  const finding = findBehaviour(FILE, 'SUCCESS is final.');

  it('drops the findings an entry names, and reports an entry that matches nothing', () => {
    const allow = parseAllowList(
      ALLOW_LIST,
      'allow:\n  - {file: docs/v1/x.mdx, phrase: is final, reason: quotes the NPCI circular}\n  - {file: docs/v1/y.mdx, phrase: is final, reason: gone}\n',
    );
    expect(applyAllowList(ALLOW_LIST, finding, allow)).toEqual({
      findings: [],
      stale: [
        'scripts/behaviour-prose-allow.yaml: entry 2 (docs/v1/y.mdx, "is final") matches nothing the lint finds. Remove it, or copy the phrase exactly as the lint prints it.',
      ],
    });
  });

  it('fails with more than 10 entries or an entry without a reason', () => {
    const entries = Array.from({length: 11}, (_, i) => `  - {file: f${i}.mdx, phrase: p, reason: r}`).join('\n');
    expect(() => parseAllowList(ALLOW_LIST, `allow:\n${entries}\n`)).toThrow(
      'scripts/behaviour-prose-allow.yaml: 11 entries; at most 10 are allowed. Rewrite the pages with <Fact id="..." /> instead of adding entries.',
    );
    expect(() => parseAllowList(ALLOW_LIST, 'allow:\n  - {file: f.mdx, phrase: p}\n')).toThrow(
      'scripts/behaviour-prose-allow.yaml: entry 1 lacks reason: each entry needs file, phrase and reason.',
    );
  });
});

/** A site folder in the system's temp folder, and a writer of its files (folders made as needed). */
function tempSite(): {site: string; write: (file: string, text: string) => void} {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'behaviour-prose-'));
  const write = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    fs.writeFileSync(path.join(site, file), text);
  };
  return {site, write};
}

describe('checkBehaviourProse', () => {
  it('reads the prose of the journey files, at its line and column, and nothing else of them', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'behaviour-prose-'));
    const file = 'openapi/journeys/demo.arazzo.yaml';
    fs.mkdirSync(path.join(site, 'openapi', 'journeys'), {recursive: true});
    // A payload value and a criterion in words a rule reads are not prose: only the summary,
    // the folded description and the step's description and does are.
    const text = [
      'workflows:',
      '  - workflowId: demo-paid',
      '    summary: "Paid, then the order is final"',
      '    description: >-',
      '      The order answers 1. After that',
      '      SUCCESS is final.',
      '    steps:',
      '      - stepId: pay',
      "        description: 'Send it; sends no webhook after it'",
      '        requestBody:',
      '          payload: {narration: is final within 2 days}',
      '        x-journey-step: {kind: hosted-page, page: pan-form}',
      '        does: waits for 2 days',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(site, file), text);
    try {
      expect(checkBehaviourProse(site).map((m) => m.split(': behaviour')[0])).toEqual([
        `${file}:3:36`,
        `${file}:6:15`,
        `${file}:9:32`,
        `${file}:13:21`,
      ]);
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });

  it('reads the family overviews the behaviour model names for numbered API-call lists, linked by file or route', () => {
    const {site, write} = tempSite();
    write('openapi/behaviour/demo.yaml', 'family: demo\noverview: docs/v1/service/demo/index.mdx\n');
    write('docs/v1/service/demo/pay.mdx', '# Pay\n\n<Endpoint op="demo-pay" />\n');
    write('docs/v1/service/demo/status/index.mdx', '# Status\n\n<Endpoint op="demo-status" />\n');
    write('docs/v1/service/demo/guide.mdx', '# Guide\n');
    const list =
      '1. [Pay](./pay.mdx).\n2. Read the [guide](./guide.mdx).\n3. [Status](/docs/v1/service/demo/status).\n';
    write('docs/v1/service/demo/index.mdx', `# Demo\n\n${list}`);
    // The same list on a page that is no family overview is left alone.
    write('docs/v1/service/demo/other.mdx', `# Other\n\n${list}`);
    try {
      expect(checkBehaviourProse(site)).toEqual([
        expect.stringMatching(
          /^docs\/v1\/service\/demo\/index\.mdx:3:1: API calls listed as numbered steps by hand \(step-list\): an ordered list linking \.\/pay\.mdx, \/docs\/v1\/service\/demo\/status\. /,
        ),
      ]);
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });

  it('reads the operation pages for numbered API-call lists too, naming the page, the line and the fix', () => {
    const {site, write} = tempSite();
    write('docs/v1/service/demo/pay.mdx', '# Pay\n\n<Endpoint op="demo-pay" />\n');
    write('docs/v1/service/demo/status.mdx', '# Status\n\n<Endpoint op="demo-status" />\n');
    // An operation page (it shows <Endpoint>) that retells a reconciliation as numbered calls.
    write(
      'docs/v1/service/demo/list.mdx',
      '# List\n\n1. List yesterday.\n2. Match the [payments](./pay.mdx).\n3. Ask [status](./status.mdx).\n\n<Endpoint op="demo-list" />\n',
    );
    try {
      expect(checkBehaviourProse(site)).toEqual([
        'docs/v1/service/demo/list.mdx:3:1: API calls listed as numbered steps by hand (step-list): an ordered list linking ' +
          './pay.mdx, ./status.mdx. Render the workflow where the list was, <Journeys family="<family>" workflows="<workflow id>" /> ' +
          '(ids: openapi/journeys/<family>.arazzo.yaml); a call no workflow has yet goes into the journey file, not into a list, ' +
          'and a routine that is no journey (a daily reconciliation, a key rotation) is written as prose.',
      ]);
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });

  it('reads docs, blog and src/pages of a site and applies its allow-list', () => {
    const {site, write} = tempSite();
    write('docs/v1/a.mdx', 'SUCCESS is final.\n');
    write('blog/p.mdx', 'Money goes back when it fails.\n');
    write('src/pages/P.mdx', 'Quoted: FAILED is final.\n');
    write(ALLOW_LIST, 'allow:\n  - {file: src/pages/P.mdx, phrase: is final, reason: a quotation}\n');
    try {
      expect(checkBehaviourProse(site).map((m) => m.split(': behaviour')[0])).toEqual([
        'docs/v1/a.mdx:1:9',
        'blog/p.mdx:1:1',
      ]);
      write(ALLOW_LIST, 'allow: {file: x}\n');
      expect(checkBehaviourProse(site)).toEqual([
        'scripts/behaviour-prose-allow.yaml: `allow:` must be a list of {file, phrase, reason}.',
      ]);
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });
});
