/**
 * The steps of the remark plugin (../remark.ts), one function each: recognise an API component,
 * read and check the id it names, import its module and its data once per page, and expand a
 * component shown in sections (a section tree, the Sandbox page) into a heading and a part per
 * section. Pure: the ids and the sections come in as arguments; ../remark.ts reads them from the
 * generated files.
 */
import type {Nodes, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {PAGE_LAYOUT_EXPORT, type PageLayout} from '#core/contract/page-layout';
import {
  exportConstNode,
  expressionAttr,
  importNode,
  isMdxJsxElement,
  jsx,
  literalAttr,
  type MdxJsxElement,
} from '#node/mdx-ast';
import {dataModule} from '#node/generated';
import {
  API_COMPONENTS,
  article,
  unknownIdMessage,
  type ApiComponentSpec,
  type IdKind,
  type IdSpec,
} from '#node/contract/components';
import {SLICE_ATTR, sectionsOfSlice} from '#node/contract/lead';
import {WriterError} from '#core/util/writer-error';

export class ApiReferenceError extends WriterError {}

/** The ids a page may name, by kind. */
export type KnownIds = {readonly [K in IdKind]: ReadonlySet<string>};

/** What the remark plugin needs of a section: its key and the heading put before it. */
export interface SectionPlan {
  readonly key: string;
  readonly heading?: {readonly depth: number; readonly text: string};
  /** Shown beside the fields on wide screens (core/contract/tree.ts `Section.aside`). */
  readonly aside?: true;
  /** Part of the call, put before the page's prose (core/contract/tree.ts `Section.lead`, ./lead.ts). */
  readonly lead?: true;
}

/** The element holding the aside's sections (the code column on wide screens). */
const ASIDE_CLASS = 'api-reference__side';
/** The row of the call: the request line and the request's fields beside the aside. */
const CALL_CLASS = 'api-call';

/** A `<div className="...">` around `children`, in the MDX tree. */
const div = (className: string, children: RootContent[]): MdxJsxFlowElement => ({
  ...jsx('div', [literalAttr('className', className)]),
  // Flow content: the headings and elements this file makes.
  children: children as MdxJsxFlowElement['children'],
});

/** An attribute of an element: `name="x"`, `name={x}` or `{...x}`. */
type JsxAttr = MdxJsxAttribute | MdxJsxExpressionAttribute;

/** A Markdown heading (`## text`). */
const heading = (depth: number, text: string): RootContent => ({
  type: 'heading',
  depth: depth as 1 | 2 | 3 | 4 | 5 | 6,
  children: [{type: 'text', value: text}],
});

/** The registered API component `node` is an element of, if any. */
export function apiComponent(node: Nodes): {name: string; spec: ApiComponentSpec} | undefined {
  if (!isMdxJsxElement(node) || !node.name) return undefined;
  const spec = API_COMPONENTS[node.name];
  return spec ? {name: node.name, spec} : undefined;
}

/** The literal id the element names (`op="..."`), or an error naming the file, the line and the fix. */
export function idAttribute(
  node: MdxJsxElement,
  name: string,
  spec: IdSpec,
  where: string,
): {id: string; attr: MdxJsxAttribute} {
  const attr = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === spec.attr);
  if (!attr || typeof attr.value !== 'string' || !attr.value) {
    throw new ApiReferenceError(
      `${where}: <${name}> needs a literal ${spec.attr}="..." attribute naming ${article(spec.kind)} ${spec.kind} in openapi/, for example <${name} ${spec.attr}="aeps-cash-withdrawal" />.`,
    );
  }
  return {id: attr.value, attr};
}

/** Fails with the shared unknown-id message (closest ids first) when the contract lacks `id`. */
export function checkKnownId(id: string, name: string, spec: IdSpec, known: KnownIds, where: string): void {
  if (!known[spec.kind].has(id)) {
    throw new ApiReferenceError(
      unknownIdMessage({where, component: name, attr: spec.attr, id, kind: spec.kind}, known[spec.kind]),
    );
  }
}

/** The imports of one page: each module once, under a local name the page cannot clash with. */
export class PageImports {
  private readonly locals = new Map<string, string>();
  readonly nodes: RootContent[] = [];
  /** Stylesheets the page's components need (ApiComponentSpec `stylesheet`), each once. */
  readonly stylesheets = new Set<string>();
  /** The page's wide-screen layout, exported from its module (core/contract/page-layout.ts). */
  layout: PageLayout | undefined;

  /** The page module's exports: its layout, if it has one. */
  exports(): RootContent[] {
    return this.layout ? [exportConstNode(PAGE_LAYOUT_EXPORT, this.layout)] : [];
  }

  /**
   * A link to each stylesheet, with a `precedence`: React 19 then writes it before the whole app's
   * HTML on the server and keeps it through hydration, and on a client-side navigation adds it to
   * `<head>` and shows the page once its rules apply. Not through Docusaurus' Head
   * (react-helmet-async), which takes the tags it manages out on hydration and puts them back a
   * moment later. Not a plain link where the content starts either: the browser paints what comes
   * before such a link (the docs container, the title) without its rules, and moves it when they
   * load (a layout shift seen on slow first visits).
   */
  links(baseUrl: string): RootContent[] {
    return [...this.stylesheets].map((href) =>
      jsx('link', [
        literalAttr('rel', 'stylesheet'),
        literalAttr('href', `${baseUrl}${href}`),
        literalAttr('precedence', 'default'),
      ]),
    );
  }

  /** The local name of `<Name>`'s module (`ApiEndpoint__`). */
  component(name: string, module: string): string {
    return this.add(module, `Api${name}__`);
  }

  /** The local name of one generated data file (`apiData0__`). */
  data(spec: IdSpec, id: string): string {
    return this.add(dataModule(spec.dataFile(id)), `apiData${this.locals.size}__`);
  }

  private add(module: string, local: string): string {
    const known = this.locals.get(module);
    if (known) return known;
    this.locals.set(module, local);
    this.nodes.push(importNode(local, module));
    return local;
  }
}

/**
 * A component with a section tree, as the page gets it: for each section its heading (a real
 * Markdown heading, so it gets an anchor and reaches the table of contents), then the component
 * rendering that section alone.
 *
 * An operation's call is one row (issue 34: no blank column beside the tables): the section before
 * the aside (the request line, the URLs) and the one after it (the request's fields) on the left,
 * the aside (the code samples, Try it) beside them on wide screens, sticky while the request's
 * fields scroll by (src/css/served/reference.css). In page order (the call, the samples, the
 * request) below that width, as the Markdown twin reads. Each response's example sits beside its
 * fields the same way, inside the section (core/contract/tree.ts `Section.columns`).
 */
export function expandSections(
  local: string,
  attrs: readonly JsxAttr[],
  sections: readonly SectionPlan[],
): RootContent[] {
  const part = (list: readonly SectionPlan[]): RootContent[] =>
    list.flatMap((s) => [
      ...(s.heading ? [heading(s.heading.depth, s.heading.text)] : []),
      jsx(local, [...attrs, literalAttr('section', s.key)]),
    ]);
  const first = sections.findIndex((s) => s.aside);
  if (first < 0) return part(sections);
  const end = sections.findIndex((s, i) => i > first && !s.aside);
  const after = end < 0 ? sections.length : end;
  const start = Math.max(0, first - 1);
  const stop = Math.min(sections.length, after + 1);
  // Pagefind takes a heading's section from the text after it in document order, so the wrappers
  // do not move any text into another heading's result.
  return [
    ...part(sections.slice(0, start)),
    div(CALL_CLASS, [
      div(`${CALL_CLASS}__lead`, part(sections.slice(start, first))),
      div(ASIDE_CLASS, part(sections.slice(first, after))),
      div(`${CALL_CLASS}__main`, part(sections.slice(after, stop))),
    ]),
    ...part(sections.slice(stop)),
  ];
}

export interface ExpandOptions {
  /** `docs/...mdx`, for messages. */
  readonly file: string;
  readonly known: KnownIds;
  /** The sections listed in a generated file (`source/ops/<id>.json`, `sandbox-page.json`). */
  readonly sections: (file: string) => readonly SectionPlan[];
}

/**
 * One API element of the page: its module imported, its id checked and its data imported in
 * place of the id attribute; a flow element shown in sections is replaced by its sections (unless
 * it names one section itself). Returns the nodes to put in its place, or undefined to keep it
 * (rewritten) where it is.
 */
export function expandElement(
  node: MdxJsxElement,
  imports: PageImports,
  options: ExpandOptions,
): RootContent[] | undefined {
  const found = apiComponent(node);
  if (!found?.spec.module) return undefined;
  const {name, spec} = found;
  const where = `${options.file}${node.position ? `:${node.position.start.line}` : ''}`;
  const local = imports.component(name, found.spec.module);
  if (spec.stylesheet) imports.stylesheets.add(spec.stylesheet);
  node.name = local;
  let id: string | undefined;
  if (spec.id) {
    const named = idAttribute(node, name, spec.id, where);
    id = named.id;
    checkKnownId(id, name, spec.id, options.known, where);
    node.attributes = [
      ...node.attributes.filter((a) => a !== named.attr),
      expressionAttr('data', imports.data(spec.id, id)),
    ];
  }
  const sliceOf = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === SLICE_ATTR);
  const attrs = node.attributes.filter((a) => a !== sliceOf);
  const namesSection = attrs.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'section');
  if (!spec.sections || node.type !== 'mdxJsxFlowElement' || namesSection) return undefined;
  const nodes = expandSections(local, attrs, sectionsOfSlice(options.sections(spec.sections(id)), sliceOf?.value));
  // The code column wins over a webhook's columns when a page has both.
  if (nodes.some(isCall)) imports.layout = 'aside';
  else if (spec.layout) imports.layout ??= spec.layout;
  return nodes;
}

const isCall = (node: RootContent): boolean =>
  node.type === 'mdxJsxFlowElement' &&
  node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'className' && a.value === CALL_CLASS);
