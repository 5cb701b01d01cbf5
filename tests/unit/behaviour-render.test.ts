/**
 * What the behaviour model renders: the `<Fact>` texts (core/behaviour/facts.ts), the remark plugin
 * that puts them in a page (plugins/api-contract/remark-fact.ts), `<BehaviourTable>`'s blocks and the
 * code-5 line of the catalogue (core/behaviour/sections.ts), and the twin's renderer of `<Fact>`.
 */
import {describe, expect, it} from 'vitest';
import {factTexts} from '#core/behaviour/facts';
import {behaviourBlocks, code5Blocks, code5Cell, code7Cell} from '#core/behaviour/sections';
import {defaultLabels} from '#core/contract/labels';
import {sectionsMarkdown} from '#core/markdown/markdown';
import {parseMdx} from '#node/mdx-ast';
import {remarkFact} from '../../plugins/api-contract/remark-fact';
import {factText} from '#node/contract/components';
import {parseFamily} from '#core/behaviour/model';
import {CTX, DEMO_FILE, DEMO_TEXT, demoCommon, demoFamily} from './behaviour-helpers';

const family = demoFamily();
const facts = factTexts([family], demoCommon(), [{id: 'demo-window', fact: 'Returned by T+1.'}]);

describe('factTexts', () => {
  it('words each id from the model', () => {
    expect(facts['demo-pay.first']).toBe(
      'FAST requests answer 1 (SUCCESS) or 2 or 5 (PROCESSING); SLOW requests answer 2 (PROCESSING), never final. Any other code is a refusal: nothing was created.',
    );
    expect(facts['demo-pay.first.SLOW']).toBe('SLOW requests answer 2 (PROCESSING), never final.');
    expect(facts['demo-pay.final']).toBe(
      'SUCCESS, FAILED and REVERSED are final: once there, a transaction does not change, except that SUCCESS can still become REVERSED (FAST: T+1 day).',
    );
    expect(facts['demo-pay.webhook']).toBe(
      '`demo-update` reports the changes PROCESSING → SUCCESS, PROCESSING → FAILED and SUCCESS → REVERSED, and a first answer of SUCCESS. The status call `demo-status` reports the state at any time.',
    );
    expect(facts['demo-pay.repeat']).toBe(
      "`referenceid` must be unique across every demo payment of the partner, for ever. A repeat answers code 4 with the original payment's current state in data.",
    );
    expect(facts['shared.retries']).toBe(
      'A delivery that is not acknowledged is tried again after 1, 5, 15 and 60 minutes, then at 3, 6, 9, 12, 15, 18, 21 and 24 hours after the first attempt: 13 attempts over 24 hours.',
    );
    expect(facts['shared.ack']).toBe(
      'Acknowledge a delivery with any 2xx status within 10 seconds; anything else is a failed attempt.',
    );
    expect(facts['demo-window']).toBe('Returned by T+1.');
    // What each state the operation reaches means, as the model says it (issue 32, 6).
    expect(facts['demo-pay.state.SUCCESS']).toBe('Credited.');
    expect(facts['demo-pay.state.PROCESSING']).toBe('At the bank.');
    expect(facts['demo-status.not-found']).toBe(
      '`response_code` 7 from `demo-status` (no transaction with this `referenceid`) is final once 30 seconds have passed since the request was sent: the request never reached us, nothing was created or debited, and it may be sent again with the same `referenceid`. Asked sooner, a 7 can mean the request is still on its way: ask again when the 30 seconds are up.',
    );
  });
});

describe('remarkFact', () => {
  const run = (source: string) => {
    const tree = parseMdx(source);
    remarkFact({facts})(tree, {path: `${process.cwd()}/docs/v1/demo.mdx`});
    return tree;
  };

  it('puts the words in place of the element, inline and on its own line', () => {
    const tree = run('Acks: <Fact id="shared.ack" />\n\n<Fact id="demo-pay.first.SLOW" />\n');
    expect(JSON.stringify(tree)).not.toContain('mdxJsx');
    expect(tree.children.map((c) => c.type)).toEqual(['paragraph', 'paragraph']);
    expect(JSON.stringify(tree.children[0])).toContain('within 10 seconds');
  });

  it('fails on an unknown id with the file, the line and the closest id', () => {
    expect(() => run('Text.\n\n<Fact id="shared.acks" />\n')).toThrow(
      'docs/v1/demo.mdx:3: <Fact id="shared.acks" /> names no fact of the behaviour model or of openapi/facts/.\n  Fix: use an existing id (closest first: shared.ack); `npm run behaviour:facts` lists them.',
    );
  });

  it('gives the twin the same words', () => {
    expect(factText(facts, 'shared.retention', 'docs/v1/demo.mdx:3 <Fact>')).toBe(
      'Deliveries can be listed and redelivered for 30 days.',
    );
  });
});

describe('behaviourBlocks and code5Cell', () => {
  const labels = defaultLabels();
  const links = {entry: () => ({summary: 'Pay', href: '/docs/v1/demo'}), source: () => 'https://example.org/circular'};

  it('renders one table of the states, with the window and its source', () => {
    const markdown = sectionsMarkdown(behaviourBlocks(family, labels, links), (p) => `https://docs.example${p}`);
    expect(markdown).toContain('| State | Can change to, and within | Webhook on reaching it | Money back |');
    expect(markdown).toContain('FAST: T+1 day ([source](https://example.org/circular))');
    expect(markdown).toContain('Back to partner wallet, at once; confirmed by a REFUND credit.');
  });

  it('says a money back that repeats an earlier state\'s as "As for", not the same words again (issue 34)', () => {
    const reversed = demoFamily(
      DEMO_TEXT.replace(
        '        confirmed-by: a REFUND credit\n',
        '        confirmed-by: a REFUND credit\n      - state: REVERSED\n        to: partner wallet\n        when: at once\n        confirmed-by: a REFUND credit\n',
      ),
    );
    const markdown = sectionsMarkdown(behaviourBlocks(reversed, labels, links), (p) => `https://docs.example${p}`);
    expect(markdown.match(/Back to partner wallet/g)).toHaveLength(1);
    expect(markdown).toMatch(/^\| `REVERSED` .*\| As for FAILED\. \|$/m);
  });

  it("says from when a status call's code 7 is final: one line for one bound, one item per bound otherwise", () => {
    const line = (n: number): string =>
      `Final ${n} seconds after the request: send it again, same referenceid. Sooner, ask again.`;
    expect(code7Cell([family], labels)).toEqual([{kind: 'line', text: line(30)}]);
    const text = DEMO_TEXT.replace('    status-call: demo-status', '    status-call: demo-other').replace(
      'final-after-seconds: 30',
      'final-after-seconds: 60',
    );
    const {family: other} = parseFamily(DEMO_FILE, text, {
      ...CTX,
      operations: new Map<string, readonly number[]>([...CTX.operations, ['demo-other', [1, 7]]]),
    });
    expect(code7Cell([family, other as NonNullable<typeof other>], labels)).toEqual([
      {
        kind: 'items',
        items: [
          [{kind: 'code', text: 'demo-status'}, `: ${line(30)}`],
          [{kind: 'code', text: 'demo-other'}, `: ${line(60)}`],
        ],
      },
    ]);
  });

  it("names a money-back entry's own webhook in the state's webhook cell, and in the webhook fact", () => {
    const text = DEMO_TEXT.replace(
      'confirmed-by: a REFUND credit',
      'confirmed-by: a REFUND credit\n        webhook: demo-wallet',
    );
    const {family: credited} = parseFamily(DEMO_FILE, text, {
      ...CTX,
      webhooks: new Set(['demo-update', 'demo-wallet']),
    });
    const markdown = sectionsMarkdown(
      behaviourBlocks(credited as NonNullable<typeof credited>, labels, links),
      (p) => `https://docs.example${p}`,
    );
    expect(markdown).toMatch(/^\| `FAILED` .*\| demo-update, demo-wallet \|/m);
    expect(factTexts([credited as NonNullable<typeof credited>], undefined, [])['demo-pay.webhook']).toBe(
      '`demo-update` reports the changes PROCESSING → SUCCESS, PROCESSING → FAILED and SUCCESS → REVERSED, and a first answer of SUCCESS. `demo-wallet` reports the money coming back on FAILED. The status call `demo-status` reports the state at any time.',
    );
  });

  it('says per family how code 5 resolves, in a table under the catalogue that the code-5 row links', () => {
    expect(code5Cell([family], labels, () => 'Demo')).toEqual([
      ' ',
      {kind: 'link', text: 'How each family resolves it.', href: '#code-5-by-family'},
    ]);
    expect(code5Blocks([family], labels, () => 'Demo')).toEqual([
      {kind: 'heading', depth: 2, text: 'How code 5 resolves, per family', id: 'code-5-by-family'},
      {
        kind: 'table',
        head: ['Family', 'How it resolves'],
        rows: [{key: 'demo-pay', cells: [['Demo'], ['by webhook (demo-update), status call as a fallback']]}],
      },
    ]);
  });
});
