/**
 * The build's one MDX parser, and the few nodes our remark plugins add to a page's tree.
 *
 * `parseMdx` reads a page as Docusaurus' MDX loader does (MDX, GFM, front matter), so the page
 * scan (node/contract/load.ts), the prose checks (node/contract/prose.ts) and the Markdown twins
 * (plugins/llms-txt/lib/mdx.ts) see the same tree the site is built from. Trees are typed with `mdast` and
 * the MDX extensions (`mdast-util-mdx-jsx`; importing remark-mdx brings the ESM and expression
 * node types into `mdast` too) and walked with `unist-util-visit`.
 */
import type {Nodes, Parent, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import {nativeRequire} from '#node/native-require';
import type * as Unified from 'unified';
import type * as RemarkParse from 'remark-parse';
import type * as RemarkMdx from 'remark-mdx';
import type * as RemarkFrontmatter from 'remark-frontmatter';
import type * as RemarkGfm from 'remark-gfm';
import {SKIP} from 'unist-util-visit';

// The remark parser, loaded by Node, not compiled by jiti with the config (node/native-require.ts).
const {unified} = nativeRequire('unified') as typeof Unified;
const remarkParse = (nativeRequire('remark-parse') as typeof RemarkParse).default;
const remarkMdx = (nativeRequire('remark-mdx') as typeof RemarkMdx).default;
const remarkFrontmatter = (nativeRequire('remark-frontmatter') as typeof RemarkFrontmatter).default;
const remarkGfm = (nativeRequire('remark-gfm') as typeof RemarkGfm).default;

export type MdxJsxElement = MdxJsxFlowElement | MdxJsxTextElement;
/** `import x from "y"` and `export ...` lines of a page. */
export type MdxjsEsm = Extract<RootContent, {type: 'mdxjsEsm'}>;
type EsProgram = NonNullable<NonNullable<MdxjsEsm['data']>['estree']>;

const processor = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm);

/** The syntax tree of an MDX source, as the site's MDX loader reads it (with positions). */
export function parseMdx(source: string): Root {
  return processor.parse(source);
}

/** True for a JSX element, flow (`<X />` on its own lines) or text (inside a paragraph). */
export function isMdxJsxElement(node: Nodes): node is MdxJsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/** The literal value of attribute `name` (`op="x"`), wherever it stands among the attributes. */
export function literalAttrValue(node: MdxJsxElement, name: string): string | undefined {
  const attr = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attr?.value === 'string' ? attr.value : undefined;
}

/**
 * For a `visit` callback: puts `nodes` in place of `parent.children[index]` and goes on after them
 * (they are not visited: they are what the plugin made).
 */
export function replaceNode(parent: Parent, index: number, nodes: readonly RootContent[]): [typeof SKIP, number] {
  parent.children.splice(index, 1, ...nodes);
  return [SKIP, index + nodes.length];
}

function program(body: EsProgram['body']): EsProgram {
  return {type: 'Program', sourceType: 'module', body};
}

/** `import local from "source";` as an ESM node MDX compiles as is. */
export function importNode(local: string, source: string): MdxjsEsm {
  return {
    type: 'mdxjsEsm',
    value: `import ${local} from ${JSON.stringify(source)};`,
    data: {
      estree: program([
        {
          type: 'ImportDeclaration',
          specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: local}}],
          source: {type: 'Literal', value: source, raw: JSON.stringify(source)},
          attributes: [],
        },
      ]),
    },
  };
}

/** `export const name = "value";` */
export function exportConstNode(name: string, value: string): MdxjsEsm {
  const raw = JSON.stringify(value);
  return {
    type: 'mdxjsEsm',
    value: `export const ${name} = ${raw};`,
    data: {
      estree: program([
        {
          type: 'ExportNamedDeclaration',
          declaration: {
            type: 'VariableDeclaration',
            kind: 'const',
            declarations: [
              {
                type: 'VariableDeclarator',
                id: {type: 'Identifier', name},
                init: {type: 'Literal', value, raw},
              },
            ],
          },
          specifiers: [],
          source: null,
          attributes: [],
        },
      ]),
    },
  };
}

/** `name={identifier}`. */
export function expressionAttr(name: string, identifier: string): MdxJsxAttribute {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: identifier,
      data: {estree: program([{type: 'ExpressionStatement', expression: {type: 'Identifier', name: identifier}}])},
    },
  };
}

/** `name="value"`. */
export function literalAttr(name: string, value: string): MdxJsxAttribute {
  return {type: 'mdxJsxAttribute', name, value};
}

/** An empty flow element `<name ... />`. */
export function jsx(name: string, attributes: MdxJsxFlowElement['attributes']): MdxJsxFlowElement {
  return {type: 'mdxJsxFlowElement', name, attributes, children: []};
}
