/**
 * plugins/code-breaks: the inline code of a Markdown page, in prose and in tables, as HTML. A name
 * comes out as plain code (the browser keeps inline code whole, src/css/custom.css); code of several
 * words, a path or a URL gets a <wbr> at each place it may break; a value its span (issue 34).
 */
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import type {ElementContent} from 'hast';
import type {InlineCode, Table} from 'mdast';
import {visit} from 'unist-util-visit';
import {BREAKABLE_CLASS, needsMarkup, remarkCodeBreaks} from '../../plugins/code-breaks/remark';

/** One hast node as HTML: the plugin's children are text, a <wbr> or a span of text. */
function nodeHtml(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  const className = node.properties.className;
  const open = className ? `<${node.tagName} class="${className.join(' ')}">` : `<${node.tagName}>`;
  return node.tagName === 'wbr' ? '<wbr>' : `${open}${node.children.map(nodeHtml).join('')}</${node.tagName}>`;
}

/**
 * Each inline code of the Markdown as the HTML the plugin makes of it (the element MDX renders:
 * its class and children), or as plain code when it leaves the code alone.
 */
function html(markdown: string): string {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  remarkCodeBreaks()(tree);
  const out: string[] = [];
  visit(tree, 'inlineCode', (node) => {
    const data = node.data;
    const className = data?.hProperties?.className;
    const inner = data?.hChildren ? data.hChildren.map(nodeHtml).join('') : node.value;
    out.push(className ? `<code class="${className.join(' ')}">${inner}</code>` : `<code>${inner}</code>`);
  });
  return out.join('\n');
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
    expect(out).toContain('<code>Content-Digest</code>');
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
    expect(out).toContain(`<code class="${BREAKABLE_CLASS}">POST <wbr>/service/<wbr>aeps/<wbr>get-balance</code>`);
    expect(out).toContain(
      `<code class="${BREAKABLE_CLASS}">https://<wbr>api.<wbr>rupeerail.<wbr>example/<wbr>api/<wbr>v1</code>`,
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
