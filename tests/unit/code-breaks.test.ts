/**
 * plugins/code-breaks: the inline code of a Markdown page, in prose and in tables, as HTML. A name
 * comes out as plain code (the browser keeps inline code whole, src/css/custom.css); code of several
 * words, a path or a URL gets a <wbr/> at each place it may break; a value its span (issue 34).
 */
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import {toHast} from 'mdast-util-to-hast';
import {toJsxRuntime} from 'hast-util-to-jsx-runtime';
import {Fragment, jsx, jsxs} from 'react/jsx-runtime';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import type {InlineCode, Table} from 'mdast';
import {BREAKABLE_CLASS, needsMarkup, remarkCodeBreaks} from '../../plugins/code-breaks/remark';

/** The Markdown as HTML through the plugin, then hast and React as MDX renders it. */
function html(markdown: string): string {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  remarkCodeBreaks()(tree);
  return renderToStaticMarkup(toJsxRuntime(toHast(tree), {Fragment, jsx, jsxs}));
}

describe('needsMarkup', () => {
  it('is false for a name, true for several words, a path, a URL or a value', () => {
    expect(needsMarkup('X-Signature')).toBe(false);
    expect(needsMarkup('AEPS_TRANSACTION_UPDATE')).toBe(false);
    expect(needsMarkup('POST /aeps/kyc')).toBe(true);
    expect(needsMarkup('/service/aeps/withdrawal')).toBe(true);
    expect(needsMarkup('x'.repeat(40))).toBe(true);
  });
});

describe('remarkCodeBreaks', () => {
  it('leaves a name in prose and in a table as plain code, with no place to break (X-|Signature, Content-|Digest)', () => {
    const out = html(['Check `X-Signature` first.', '', '| Header |', '| --- |', '| `Content-Digest` |'].join('\n'));
    expect(out).toContain('<code>X-Signature</code>');
    expect(out).toContain('<td><code>Content-Digest</code></td>');
  });

  it('breaks a call after its space and its slashes only, in a table and in prose', () => {
    const out = html(
      [
        'Call [`POST /service/aeps/get-balance`](./b).',
        '',
        '| Call |',
        '| --- |',
        '| `https://api.rupeerail.example/api/v1` |',
      ].join('\n'),
    );
    expect(out).toContain(`<code class="${BREAKABLE_CLASS}">POST <wbr/>/service/<wbr/>aeps/<wbr/>get-balance</code>`);
    expect(out).toContain(
      `<code class="${BREAKABLE_CLASS}">https://<wbr/>api.<wbr/>rupeerail.<wbr/>example/<wbr/>api/<wbr/>v1</code>`,
    );
  });

  it('puts a value longer than any name in a span that may break anywhere', () => {
    const value = 'PFBpZERhdGE+PFJlc3AgZXJyQ29kZT0iMCIgZXJySW5mbz0i';
    expect(html(`| PID |\n| - |\n| \`${value}\` |`)).toContain(
      `<code class="${BREAKABLE_CLASS}"><span class="rr-value">${value}</span></code>`,
    );
  });

  it('keeps hast properties another plugin set', () => {
    const tree = unified().use(remarkParse).use(remarkGfm).parse('| a |\n| - |\n| `POST /a/b` |');
    const cell = (tree.children[0] as Table).children[1]?.children[0];
    const code = cell?.children[0] as InlineCode;
    code.data = {hProperties: {title: 'kept'}};
    remarkCodeBreaks()(tree);
    expect(code.data).toMatchObject({hProperties: {title: 'kept', className: [BREAKABLE_CLASS]}});
  });
});
