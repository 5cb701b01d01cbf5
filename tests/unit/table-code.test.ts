/**
 * plugins/table-code: which inline code in a Markdown table may break, and where (after a separator only).
 */
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import type {InlineCode, Table} from 'mdast';
import {visit} from 'unist-util-visit';
import type {ElementContent} from 'hast';
import {
  BREAKABLE_CLASS,
  isBreakable,
  LONGEST_WHOLE_RUN,
  remarkTableCode,
  withBreaks,
} from '../../plugins/table-code/remark';

/** Each inline code of the Markdown, with the class the plugin gave it (none: undefined). */
function classes(markdown: string): [string, unknown][] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  remarkTableCode()(tree);
  const out: [string, unknown][] = [];
  visit(tree, 'inlineCode', (node) => {
    out.push([node.value, (node.data as {hProperties?: {className?: unknown}} | undefined)?.hProperties?.className]);
  });
  return out;
}

describe('isBreakable', () => {
  it(`is true for a run of more than ${LONGEST_WHOLE_RUN} characters without a space`, () => {
    expect(isBreakable('REVERSED')).toBe(false);
    expect(isBreakable('PENDING_OTP')).toBe(false);
    expect(isBreakable('x'.repeat(LONGEST_WHOLE_RUN))).toBe(false);
    expect(isBreakable('x'.repeat(LONGEST_WHOLE_RUN + 1))).toBe(true);
    expect(isBreakable('https://sandbox.rupeerail.example/api/v1')).toBe(true);
    expect(isBreakable('POST /service/dmt/transfer/status')).toBe(true);
    expect(isBreakable('POST /aeps/kyc')).toBe(false);
  });
});

/** The hast children as a string, `|` for each <wbr>. */
const shown = (children: ElementContent[]): string =>
  children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? `|${c.tagName}|` : '')).join('');

describe('withBreaks', () => {
  it('puts a <wbr> after each _, -, / and . and nowhere inside a word (issue 24: no "Authorizatio|n")', () => {
    expect(shown(withBreaks('Authorization'))).toBe('Authorization');
    expect(shown(withBreaks('NETWORK_UNCONFIRMED'))).toBe('NETWORK_|wbr|UNCONFIRMED');
    expect(shown(withBreaks('X-Webhook-Timestamp'))).toBe('X-|wbr|Webhook-|wbr|Timestamp');
    expect(shown(withBreaks('https://api.rupeerail.example/api/v1'))).toBe(
      'https:/|wbr|/|wbr|api.|wbr|rupeerail.|wbr|example/|wbr|api/|wbr|v1',
    );
  });
});

describe('remarkTableCode', () => {
  it('marks long code in table cells, linked or not, and leaves short code and code outside tables alone', () => {
    const md = [
      'A URL outside a table: `https://api.rupeerail.example/api/v1`.',
      '',
      '| Status | Base URL |',
      '| --- | --- |',
      '| `REVERSED` | `https://sandbox.rupeerail.example/api/v1` |',
      '| **`PENDING`** | [`/service/dmt/transfer/status`](./status) |',
    ].join('\n');
    expect(classes(md)).toEqual([
      ['https://api.rupeerail.example/api/v1', undefined],
      ['REVERSED', undefined],
      ['https://sandbox.rupeerail.example/api/v1', [BREAKABLE_CLASS]],
      ['PENDING', undefined],
      ['/service/dmt/transfer/status', [BREAKABLE_CLASS]],
    ]);
  });

  it('keeps hast properties another plugin set', () => {
    const tree = unified().use(remarkParse).use(remarkGfm).parse('| a |\n| - |\n| `averyveryverylongtoken` |');
    const cell = (tree.children[0] as Table).children[1]?.children[0];
    const code = cell?.children[0] as InlineCode;
    code.data = {hProperties: {title: 'kept'}};
    remarkTableCode()(tree);
    expect(code.data).toEqual({
      hProperties: {title: 'kept', className: [BREAKABLE_CLASS]},
      hChildren: [{type: 'text', value: 'averyveryverylongtoken'}],
    });
  });
});
