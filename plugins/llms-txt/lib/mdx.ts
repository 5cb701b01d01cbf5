/**
 * MDX source -> plain Markdown, for the `.md` twin of a page.
 *
 * The source is parsed with the same micromark extensions Docusaurus' MDX loader uses (MDX,
 * GFM, front matter), but it is not re-serialised: the output is the source text with only
 * these spans replaced, so authored Markdown stays byte for byte as written:
 *
 * - front matter, `import`/`export` lines and `{expressions}` (comments) are removed;
 * - an API component (<Endpoint op>, <WebhookEvent op>, <OperationList tag>, <FlowDiagram>,
 *   ...) is replaced by what its renderer returns (see ./index.ts and core/markdown/markdown.ts);
 * - any other JSX element is unwrapped (its children kept) or, when empty, dropped;
 * - link targets are made absolute (`./kyc.mdx` -> `https://docs.../docs/v1/service/aeps/kyc`)
 *   so the Markdown still works when pasted somewhere else.
 */
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';

interface Point {
  readonly offset?: number;
}
interface Node {
  readonly type: string;
  readonly name?: string | null;
  readonly url?: string;
  readonly depth?: number;
  readonly attributes?: readonly JsxAttribute[];
  readonly children?: readonly Node[];
  readonly position?: {readonly start: Point; readonly end: Point};
}
interface JsxAttribute {
  readonly type: string;
  readonly name?: string;
  readonly value?:
    string | null | {readonly type: string; readonly value: string; readonly data?: {readonly estree?: EsProgram}};
}
interface EsNode {
  readonly type: string;
  readonly [key: string]: unknown;
}
interface EsProgram {
  readonly body: readonly EsNode[];
}

export type Props = Readonly<Record<string, unknown>>;

/** Renders one component to Markdown from its (literal) props. */
export type ComponentRenderer = (props: Props) => string;

export interface MdxToMarkdownOptions {
  /** Page title: becomes `# title` unless the body starts with its own H1. */
  readonly title: string;
  /** Shown as a `>` line under the title when the title is added. */
  readonly description?: string;
  readonly renderers: Readonly<Record<string, ComponentRenderer>>;
  /** Link target as written -> link target in the output. */
  readonly resolveLink: (url: string) => string;
  /** For messages: the file being converted. */
  readonly file: string;
}

export class MdxToMarkdownError extends Error {}

/** Elements whose tags are dropped and whose children are kept. */
const UNWRAP = new Set(['div', 'section', 'span', 'Tabs', 'main', 'article', 'figure']);

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The value of a JSX attribute expression such as `steps={[{title: 'a'}]}`: literals, arrays,
 * objects and template strings without placeholders. Anything else (a variable, a call) has no
 * value at build time and fails with the file and the attribute.
 */
export function evaluateLiteral(node: EsNode, where: string): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'TemplateLiteral': {
      const quasis = node.quasis as readonly {value: {cooked: string}}[];
      if ((node.expressions as readonly unknown[]).length) break;
      return quasis.map((q) => q.value.cooked).join('');
    }
    case 'ArrayExpression':
      return (node.elements as readonly EsNode[]).map((el) => evaluateLiteral(el, where));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const prop of node.properties as readonly EsNode[]) {
        if (prop.type !== 'Property' || prop.computed) break;
        const key = prop.key as EsNode;
        const name = key.type === 'Identifier' ? (key.name as string) : String(key.value);
        out[name] = evaluateLiteral(prop.value as EsNode, where);
      }
      if (Object.keys(out).length === (node.properties as readonly unknown[]).length) return out;
      break;
    }
    case 'UnaryExpression':
      if (node.operator === '-') return -(evaluateLiteral(node.argument as EsNode, where) as number);
      break;
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      break;
    default:
      break;
  }
  throw new MdxToMarkdownError(
    `${where}: only literal values (strings, numbers, arrays, objects) can be turned into Markdown, not a ${node.type}.`,
  );
}

function propsOf(node: Node, where: string): Props {
  const props: Record<string, unknown> = {};
  for (const attr of node.attributes ?? []) {
    if (attr.type !== 'mdxJsxAttribute' || !attr.name) continue;
    const value = attr.value;
    if (value === null || value === undefined) props[attr.name] = true;
    else if (typeof value === 'string') props[attr.name] = value;
    else {
      const statement = value.data?.estree?.body[0];
      if (!statement || statement.type !== 'ExpressionStatement') {
        throw new MdxToMarkdownError(`${where}: the attribute ${attr.name}={${value.value}} has no value.`);
      }
      props[attr.name] = evaluateLiteral(statement.expression as EsNode, `${where} ${attr.name}`);
    }
  }
  return props;
}

const startOf = (node: Node): number => node.position?.start.offset ?? 0;
const endOf = (node: Node): number => node.position?.end.offset ?? 0;

export function parseMdx(source: string): Node {
  return unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm).parse(source);
}

export function mdxToMarkdown(source: string, options: MdxToMarkdownOptions): string {
  const tree = parseMdx(source);
  const edits: Edit[] = [];

  const lineOf = (node: Node): string => {
    const offset = startOf(node);
    return `${options.file}:${source.slice(0, offset).split('\n').length}`;
  };

  const visit = (node: Node): void => {
    switch (node.type) {
      case 'yaml':
      case 'toml':
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        edits.push({start: startOf(node), end: endOf(node), text: ''});
        return;
      case 'link':
      case 'definition': {
        const raw = source.slice(startOf(node), endOf(node));
        const url = node.url ?? '';
        const at = url ? raw.lastIndexOf(url) : -1;
        const resolved = url ? options.resolveLink(url) : url;
        if (at >= 0 && resolved !== url) {
          edits.push({start: startOf(node) + at, end: startOf(node) + at + url.length, text: resolved});
        }
        break;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const name = node.name ?? '';
        const render = options.renderers[name];
        if (render) {
          edits.push({
            start: startOf(node),
            end: endOf(node),
            text: render(propsOf(node, `${lineOf(node)} <${name}>`)),
          });
          return;
        }
        const children = node.children ?? [];
        const first = children[0];
        const last = children.at(-1);
        if (!first || !last) {
          // An empty element: an HTML void tag (<br />) reads fine in Markdown; a component
          // without a renderer has nothing to say in text.
          if (!/^[a-z]/.test(name)) edits.push({start: startOf(node), end: endOf(node), text: ''});
          return;
        }
        if (UNWRAP.has(name) || name === '' || /^[A-Z]/.test(name)) {
          const label = name === 'TabItem' ? propsOf(node, lineOf(node)).label : undefined;
          edits.push({
            start: startOf(node),
            end: startOf(first),
            text: typeof label === 'string' ? `**${label}**\n\n` : '',
          });
          edits.push({start: endOf(last), end: endOf(node), text: ''});
        }
        break;
      }
      default:
        break;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);

  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue; // inside a span already replaced
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  out += source.slice(at);

  const body = out
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const firstContent = (tree.children ?? []).find(
    (n) => !['yaml', 'toml', 'mdxjsEsm', 'mdxFlowExpression'].includes(n.type),
  );
  const hasOwnTitle = /^# /.test(body) || (firstContent?.type === 'heading' && firstContent.depth === 1);
  const head = hasOwnTitle
    ? ''
    : `# ${options.title}\n\n${options.description ? `> ${options.description.replace(/\s*\n\s*/g, ' ')}\n\n` : ''}`;
  return `${head}${body}\n`;
}
