/**
 * Build-time highlighting of fenced code (plugins/static-code): the info-string options and
 * highlight comments Docusaurus documents, the HTML they become, and the error a writer gets
 * for a range the plugin cannot read.
 */
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {applyMagicComments, parseCodeMeta} from '#core/code/meta';
import {plainCodeHtml} from '#core/code/html';
import {highlightToHtml, loadLanguages} from '#core/code/highlight';
import {SITE_DIR} from '#node/contract/paths';
import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {MdxjsEsm} from '#node/mdx-ast';
import {remarkStaticCode, StaticCodeError, STATIC_CODE_MODULE} from '../../plugins/static-code/remark';

beforeAll(() => loadLanguages());

describe('parseCodeMeta', () => {
  it('reads a title, line ranges and line numbers', () => {
    const meta = parseCodeMeta('title="verify {x}.mjs" {1,4-6} showLineNumbers');
    expect(meta.title).toBe('verify {x}.mjs');
    expect([...meta.ranges]).toEqual([1, 4, 5, 6]);
    expect(meta.lineNumbersStart).toBe(1);
  });

  it('starts line numbers where showLineNumbers=N says, and reads an empty info string', () => {
    expect(parseCodeMeta('showLineNumbers=12').lineNumbersStart).toBe(12);
    expect(parseCodeMeta(undefined)).toEqual({ranges: new Set()});
  });

  it('rejects a range it cannot read', () => {
    expect(() => parseCodeMeta('{2-}')).toThrow('cannot read the line range "{2-}": write it like {2} or {1,4-6}');
  });
});

describe('applyMagicComments', () => {
  it('drops the comment lines and marks the lines they point at, in any comment style', () => {
    const code = [
      'a',
      '  // highlight-next-line',
      'b',
      '# highlight-start',
      'c',
      'd',
      '# highlight-end',
      '<!-- highlight-next-line -->',
      'e',
      'f',
    ].join('\n');
    const out = applyMagicComments(code);
    expect(out.code).toBe('a\nb\nc\nd\ne\nf');
    expect([...out.lines]).toEqual([2, 3, 4, 5]);
  });

  it('leaves a comment form the language does not have as code', () => {
    const md = applyMagicComments('x\n// highlight-next-line\ny\n<!-- highlight-next-line -->\nz', 'md');
    expect(md.code).toBe('x\n// highlight-next-line\ny\nz');
    expect([...md.lines]).toEqual([4]);
    expect(applyMagicComments('# highlight-next-line\nx', 'js').code).toBe('# highlight-next-line\nx');
  });

  it('fails on a highlight-start without an end', () => {
    expect(() => applyMagicComments('x\n// highlight-start\ny')).toThrow(
      'line 2: highlight-start has no highlight-end',
    );
  });
});

describe('highlightToHtml', () => {
  it('gives one token-line per line, an empty line no stray newline, marked lines the theme class', () => {
    const html = highlightToHtml('const a = 1;\n\nlet b;', 'js', new Set([3]));
    expect(html.match(/<span class="token-line/g)).toHaveLength(3);
    expect(html).toContain('<span class="token-line">\n</span>');
    expect(html).toContain(
      '<span class="token-line theme-code-block-highlighted-line"><span class="token keyword">let</span>',
    );
  });

  it('escapes plain text, and fails on a grammar it does not have', () => {
    expect(highlightToHtml('<a & "b">', 'text')).toBe(plainCodeHtml('<a & "b">'));
    expect(plainCodeHtml('<a & "b">')).toBe('<span class="token-line">&lt;a &amp; &quot;b&quot;&gt;\n</span>');
    expect(() => highlightToHtml('x', 'cobol')).toThrow('No Prism grammar "cobol" is loaded');
  });
});

describe('remarkStaticCode', () => {
  const file = {path: path.join(SITE_DIR, 'blog/post.mdx')};
  const fence = (lang: string | null, meta: string | null, value: string): Code => ({
    type: 'code',
    lang,
    meta,
    value,
    position: {start: {line: 7, column: 1}, end: {line: 7, column: 1}},
  });
  const attrsOf = (element: MdxJsxFlowElement | undefined): Record<string, unknown> =>
    Object.fromEntries(
      (element?.attributes ?? []).map((a) => [a.type === 'mdxJsxAttribute' ? a.name : '', a.value] as const),
    );

  it('puts a <StaticCode> with highlighted HTML in place of each fence, and imports it once', async () => {
    const tree: Root = {
      type: 'root',
      children: [
        fence('js', 'title="a.mjs" showLineNumbers=3', 'const a = 1;'),
        {type: 'mdxJsxFlowElement', name: 'div', attributes: [], children: [fence('cobol', null, 'MOVE A TO B.')]},
      ],
    };
    await remarkStaticCode()(tree, file);
    const [imp, first, wrapper] = tree.children as [MdxjsEsm, MdxJsxFlowElement, MdxJsxFlowElement];
    expect(imp.type).toBe('mdxjsEsm');
    expect(imp.value).toBe(`import StaticCode__ from ${JSON.stringify(STATIC_CODE_MODULE)};`);
    expect(tree.children).toHaveLength(3);
    expect(first.name).toBe('StaticCode__');
    expect(attrsOf(first)).toEqual({
      html: highlightToHtml('const a = 1;', 'js'),
      language: 'js',
      title: 'a.mjs',
      lineNumbersStart: '3',
    });
    // A language Prism does not know is plain text, as in the theme.
    expect(attrsOf(wrapper.children[0] as MdxJsxFlowElement).language).toBe('text');
  });

  it('fails on an unreadable range, naming the file and line', async () => {
    const tree: Root = {type: 'root', children: [fence('js', '{1-x}', 'a')]};
    const run = remarkStaticCode()(tree, file);
    await expect(run).rejects.toThrow(StaticCodeError);
    await expect(remarkStaticCode()({type: 'root', children: [fence('js', '{1-x}', 'a')]}, file)).rejects.toThrow(
      'blog/post.mdx:7: code block: cannot read the line range "{1-x}": write it like {2} or {1,4-6}.',
    );
  });

  it('checks a JSON block against the body its meta names, and fails the build with file and line', async () => {
    const bodies = new Map([
      [
        'demo-pay',
        {request: {type: 'object', additionalProperties: false, properties: {amount: {type: 'number'}}}, responses: {}},
      ],
    ]);
    await expect(
      remarkStaticCode({bodies})(
        {type: 'root', children: [fence('json', 'op="demo-pay" part="request"', '{"amount": 1}')]},
        file,
      ),
    ).resolves.toBeUndefined();
    await expect(
      remarkStaticCode({bodies})(
        {type: 'root', children: [fence('json', 'op="demo-pay" part="request"', '{"amt": 1}')]},
        file,
      ),
    ).rejects.toThrow(
      'blog/post.mdx:7: this JSON is not valid as the request of demo-pay:\n    (the whole body) must NOT have additional properties `amt`',
    );
  });
});
