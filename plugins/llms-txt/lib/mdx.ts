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
import type {Nodes, Root} from 'mdast';
import {SKIP, visit} from 'unist-util-visit';
import {parseMdx, type MdxJsxElement} from '#node/mdx-ast';
import {leadPlan, sliceAttr} from '#node/contract/lead';
import {WriterError} from '#core/util/writer-error';

/**
 * An ESTree node as evaluateLiteral reads it: any node, its fields looked up by name (an attribute
 * expression is a literal value written in JavaScript, of any shape).
 */
interface EsNode {
  readonly type: string;
  readonly [key: string]: unknown;
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

export class MdxToMarkdownError extends WriterError {}

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

function propsOf(node: MdxJsxElement, where: string): Props {
  const props: Record<string, unknown> = {};
  for (const attr of node.attributes) {
    if (attr.type !== 'mdxJsxAttribute' || !attr.name) continue;
    const value = attr.value;
    if (value === null || value === undefined) props[attr.name] = true;
    else if (typeof value === 'string') props[attr.name] = value;
    else {
      const statement = value.data?.estree?.body[0];
      if (!statement || statement.type !== 'ExpressionStatement') {
        throw new MdxToMarkdownError(`${where}: the attribute ${attr.name}={${value.value}} has no value.`);
      }
      props[attr.name] = evaluateLiteral(statement.expression as unknown as EsNode, `${where} ${attr.name}`);
    }
  }
  return props;
}

const startOf = (node: Nodes): number => node.position?.start.offset ?? 0;
const endOf = (node: Nodes): number => node.position?.end.offset ?? 0;

/** Node types removed from the twin: front matter, imports and exports, `{expressions}`. */
const REMOVED = new Set(['yaml', 'toml', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

/** The edit that makes a link's target absolute, if it changes. */
function linkEdit(node: Nodes & {url: string}, source: string, options: MdxToMarkdownOptions): Edit[] {
  const raw = source.slice(startOf(node), endOf(node));
  const url = node.url;
  const at = url ? raw.lastIndexOf(url) : -1;
  const resolved = url ? options.resolveLink(url) : url;
  if (at < 0 || resolved === url) return [];
  return [{start: startOf(node) + at, end: startOf(node) + at + url.length, text: resolved}];
}

/**
 * The edits of a JSX element: an API component replaced by its Markdown, a wrapper unwrapped (a
 * TabItem's label kept as a bold line), an empty component dropped. `descend` says whether its
 * children are still to be read (they are not when the element is replaced whole).
 */
function elementEdits(
  node: MdxJsxElement,
  source: string,
  options: MdxToMarkdownOptions,
): {edits: Edit[]; descend: boolean} {
  const name = node.name ?? '';
  const where = `${options.file}:${source.slice(0, startOf(node)).split('\n').length}`;
  const render = options.renderers[name];
  if (render)
    return {
      edits: [{start: startOf(node), end: endOf(node), text: render(propsOf(node, `${where} <${name}>`))}],
      descend: false,
    };
  const first = node.children[0];
  const last = node.children.at(-1);
  if (!first || !last) {
    // An empty element: an HTML void tag (<br />) reads fine in Markdown; a component
    // without a renderer has nothing to say in text.
    return {edits: /^[a-z]/.test(name) ? [] : [{start: startOf(node), end: endOf(node), text: ''}], descend: false};
  }
  if (!(UNWRAP.has(name) || name === '' || /^[A-Z]/.test(name))) return {edits: [], descend: true};
  const label = name === 'TabItem' ? propsOf(node, where).label : undefined;
  return {
    edits: [
      {start: startOf(node), end: startOf(first), text: typeof label === 'string' ? `**${label}**\n\n` : ''},
      {start: endOf(last), end: endOf(node), text: ''},
    ],
    descend: true,
  };
}

/** Every span of the source to replace, in tree order. */
function collectEdits(tree: Root, source: string, options: MdxToMarkdownOptions): Edit[] {
  const edits: Edit[] = [];
  visit(tree, (node) => {
    if (REMOVED.has(node.type)) {
      edits.push({start: startOf(node), end: endOf(node), text: ''});
      return SKIP;
    }
    if (node.type === 'link' || node.type === 'definition') edits.push(...linkEdit(node, source, options));
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
    const element = elementEdits(node, source, options);
    edits.push(...element.edits);
    return element.descend ? undefined : SKIP;
  });
  return edits;
}

/** The source with the edits applied; an edit inside a span already replaced is dropped. */
function applyEdits(source: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue; // inside a span already replaced
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}

/** `# title` and the description line, unless the page starts with its own H1. */
function titleHead(tree: Root, body: string, options: MdxToMarkdownOptions): string {
  const firstContent = tree.children.find((n) => !['yaml', 'toml', 'mdxjsEsm', 'mdxFlowExpression'].includes(n.type));
  const hasOwnTitle = /^# /.test(body) || (firstContent?.type === 'heading' && firstContent.depth === 1);
  if (hasOwnTitle) return '';
  return `# ${options.title}\n\n${options.description ? `> ${options.description.replace(/\s*\n\s*/g, ' ')}\n\n` : ''}`;
}

/**
 * The reference before the guide prose, as on the page (node/contract/lead.ts): the lead
 * slice of the page's `<Endpoint>` put before its first heading, the element itself left to render
 * the rest.
 */
function referenceFirstEdits(tree: Root, source: string, options: MdxToMarkdownOptions): Edit[] {
  const plan = leadPlan(tree);
  const first = plan && tree.children[plan.before];
  if (!plan || !first) return [];
  const lead = elementEdits(
    {...plan.element, attributes: [...plan.element.attributes, sliceAttr('lead')]},
    source,
    options,
  ).edits.map((e) => ({start: startOf(first), end: startOf(first), text: `${e.text}\n\n`}));
  plan.element.attributes = [...plan.element.attributes, sliceAttr('rest')];
  return lead;
}

export function mdxToMarkdown(source: string, options: MdxToMarkdownOptions): string {
  const tree = parseMdx(source);
  const lead = referenceFirstEdits(tree, source, options);
  const body = applyEdits(source, [...lead, ...collectEdits(tree, source, options)])
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${titleHead(tree, body, options)}${body}\n`;
}
