/**
 * The steps of the remark plugin (plugins/api-contract/lib/expand.ts) and the plugin as a whole
 * on an injected contract: imports once per page, data in place of the id, and a tree-backed
 * component expanded into its sections under their headings.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Root, RootContent} from 'mdast';
import type {MdxJsxElement} from '#node/mdx-ast';
import {SITE_DIR} from '#node/contract/paths';
import {remarkApiReference} from '../../plugins/api-contract/remark';
import {
  apiComponent,
  expandSections,
  idAttribute,
  PageImports,
  type SectionPlan,
} from '../../plugins/api-contract/lib/expand';
import {API_COMPONENTS} from '#node/contract/components';

const element = (name: string, attrs: Record<string, string>, flow = true): MdxJsxElement => ({
  type: flow ? 'mdxJsxFlowElement' : 'mdxJsxTextElement',
  name,
  attributes: Object.entries(attrs).map(([n, value]) => ({type: 'mdxJsxAttribute', name: n, value})),
  children: [],
  position: {start: {line: 3, column: 1}, end: {line: 3, column: 1}},
});

const root = (...children: MdxJsxElement[]): Root => ({type: 'root', children});

/** What a node reads as in a test: headings as `## text`, elements as `<Name a="b" data={x}>`. */
function show(node: RootContent): string {
  if (node.type === 'heading') {
    const text = node.children[0];
    return `${'#'.repeat(node.depth)} ${text?.type === 'text' ? text.value : ''}`;
  }
  if (node.type === 'mdxjsEsm') return node.value;
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return node.type;
  const attrs = node.attributes.map((a) =>
    a.type !== 'mdxJsxAttribute'
      ? `{${a.value}}`
      : typeof a.value === 'string'
        ? `${a.name}="${a.value}"`
        : `${a.name}={${a.value?.value}}`,
  );
  return `<${node.name} ${attrs.join(' ')}>`;
}

/** A node and, indented under it, the children of an element. */
const outline = (node: RootContent, depth = 0): string[] => [
  `${'  '.repeat(depth)}${show(node)}`,
  ...(node.type === 'mdxJsxFlowElement' ? node.children.flatMap((c) => outline(c, depth + 1)) : []),
];

const nameOf = (node: RootContent): string | null | undefined =>
  node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement' ? node.name : undefined;

const SECTIONS: readonly SectionPlan[] = [
  {key: 'overview'},
  {key: 'request', heading: {depth: 2, text: 'Request'}},
  {key: 'response-200', heading: {depth: 3, text: '200 OK'}},
];

describe('expand steps', () => {
  it('recognises the registered components only, in flow and in text', () => {
    expect(apiComponent(element('Endpoint', {op: 'x'}))?.spec).toBe(API_COMPONENTS.Endpoint);
    expect(apiComponent(element('FlowDiagram', {}, false))?.name).toBe('FlowDiagram');
    expect(apiComponent(element('Tabs', {}))).toBeUndefined();
    expect(apiComponent({type: 'paragraph', children: []})).toBeUndefined();
  });

  it('reads the literal id attribute', () => {
    const spec = API_COMPONENTS.OperationList?.id;
    expect(spec && idAttribute(element('OperationList', {tag: 'aeps'}), 'OperationList', spec, 'a.mdx:3').id).toBe(
      'aeps',
    );
  });

  it('imports each module once and names data by its file', () => {
    const imports = new PageImports();
    const spec = API_COMPONENTS.Endpoint?.id;
    if (!spec) throw new Error('Endpoint has no id spec');
    expect(imports.component('Endpoint', '@site/src/components/Endpoint')).toBe('ApiEndpoint__');
    expect(imports.component('Endpoint', '@site/src/components/Endpoint')).toBe('ApiEndpoint__');
    expect(imports.data(spec, 'a')).toBe('apiData1__');
    expect(imports.data(spec, 'a')).toBe('apiData1__');
    expect(imports.nodes.map(show)).toEqual([
      'import ApiEndpoint__ from "@site/src/components/Endpoint";',
      'import apiData1__ from "@generated/api-contract/default/ops/a.js";',
    ]);
  });

  it('puts each section after its heading', () => {
    expect(expandSections('ApiEndpoint__', [], SECTIONS).map(show)).toEqual([
      '<ApiEndpoint__ section="overview">',
      '## Request',
      '<ApiEndpoint__ section="request">',
      '### 200 OK',
      '<ApiEndpoint__ section="response-200">',
    ]);
  });
});

describe('remarkApiReference', () => {
  const ids = {operation: ['demo-pay'], webhook: [], tag: ['demo']};
  const file = {path: path.join(SITE_DIR, 'docs/v1/demo.mdx')};

  it('replaces a flow <Endpoint> by its sections under their headings, with the imports on top', () => {
    const tree = root(element('Endpoint', {op: 'demo-pay'}));
    const asked: string[] = [];
    remarkApiReference({
      ids,
      sections: (generated) => {
        asked.push(generated);
        return SECTIONS;
      },
    })(tree, file);
    expect(asked).toEqual(['source/ops/demo-pay.json']);
    expect(tree.children.map(show)).toEqual([
      'import ApiEndpoint__ from "@site/src/components/Endpoint";',
      'import apiData1__ from "@generated/api-contract/default/ops/demo-pay.js";',
      '<link rel="stylesheet" href="/css/reference.css" precedence="default">',
      '<ApiEndpoint__ data={apiData1__} section="overview">',
      '## Request',
      '<ApiEndpoint__ data={apiData1__} section="request">',
      '### 200 OK',
      '<ApiEndpoint__ data={apiData1__} section="response-200">',
    ]);
  });

  it('links the stylesheet its components need at the top of the page, once', () => {
    const tree = root(
      element('Endpoint', {op: 'demo-pay'}),
      element('VerifySignature', {}),
      element('SandboxPage', {}),
    );
    remarkApiReference({ids, sections: () => []})(tree, file);
    expect(tree.children.filter((n) => nameOf(n) === 'link').map(show)).toEqual([
      '<link rel="stylesheet" href="/css/reference.css" precedence="default">',
    ]);
  });

  it('exports a layout only for a page with a code column (aside) or a webhook (columns)', () => {
    const exported = (tree: Root): string[] =>
      tree.children.filter((n) => n.type === 'mdxjsEsm' && n.value.startsWith('export')).map(show);
    const plain = root(element('Endpoint', {op: 'demo-pay'}));
    remarkApiReference({ids, sections: () => [{key: 'overview'}]})(plain, file);
    expect(exported(plain)).toEqual([]);
    const webhook = root(element('WebhookEvent', {op: 'demo-update'}));
    remarkApiReference({ids: {...ids, webhook: ['demo-update']}, sections: () => [{key: 'payload'}]})(webhook, file);
    expect(exported(webhook)).toEqual(['export const apiPageLayout = "columns";']);
  });

  it('puts the aside in one row with the section before it and the one after it (the call beside its samples)', () => {
    const tree = root(element('Endpoint', {op: 'demo-pay'}));
    remarkApiReference({
      ids,
      sections: () => [
        {key: 'overview'},
        {key: 'samples', heading: {depth: 2, text: 'Code samples'}, aside: true},
        {key: 'request', heading: {depth: 2, text: 'Request'}},
        {key: 'responses', heading: {depth: 2, text: 'Responses'}},
        {key: 'response-200', heading: {depth: 3, text: '200 OK'}},
      ],
    })(tree, file);
    // The page names its layout for the element around the doc (core/contract/page-layout.ts).
    expect(tree.children[2] && show(tree.children[2])).toBe('export const apiPageLayout = "aside";');
    // After the two imports (component, data), the layout's export and the stylesheet's link.
    expect(tree.children.slice(4).flatMap((n) => outline(n))).toEqual([
      '<div className="api-call">',
      '  <div className="api-call__lead">',
      '    <ApiEndpoint__ data={apiData1__} section="overview">',
      '  <div className="api-reference__side">',
      '    ## Code samples',
      '    <ApiEndpoint__ data={apiData1__} section="samples">',
      '  <div className="api-call__main">',
      '    ## Request',
      '    <ApiEndpoint__ data={apiData1__} section="request">',
      '## Responses',
      '<ApiEndpoint__ data={apiData1__} section="responses">',
      '### 200 OK',
      '<ApiEndpoint__ data={apiData1__} section="response-200">',
    ]);
  });

  it('puts the reference (the lead sections) after the summary, before the first heading of the prose; the rest where the element stands', () => {
    const prose: RootContent[] = [
      {type: 'paragraph', children: [{type: 'text', value: 'What it is for.'}]},
      {type: 'heading', depth: 2, children: [{type: 'text', value: 'Before you call it'}]},
    ];
    const tree: Root = {type: 'root', children: [...prose, element('Endpoint', {op: 'demo-pay'})]};
    remarkApiReference({
      ids,
      sections: () => [
        {key: 'overview', lead: true},
        {key: 'samples', heading: {depth: 2, text: 'Code samples'}, aside: true, lead: true},
        {key: 'request', heading: {depth: 2, text: 'Request'}, lead: true},
        {key: 'response-200', heading: {depth: 3, text: '200 OK'}, lead: true},
        {key: 'related', heading: {depth: 2, text: 'Related'}},
      ],
    })(tree, file);
    expect(tree.children.slice(4).flatMap((n) => outline(n))).toEqual([
      'paragraph',
      '<div className="api-call">',
      '  <div className="api-call__lead">',
      '    <ApiEndpoint__ data={apiData1__} section="overview">',
      '  <div className="api-reference__side">',
      '    ## Code samples',
      '    <ApiEndpoint__ data={apiData1__} section="samples">',
      '  <div className="api-call__main">',
      '    ## Request',
      '    <ApiEndpoint__ data={apiData1__} section="request">',
      '### 200 OK',
      '<ApiEndpoint__ data={apiData1__} section="response-200">',
      '## Before you call it',
      '## Related',
      '<ApiEndpoint__ data={apiData1__} section="related">',
    ]);
  });

  it('leaves a page whose <Endpoint> comes first, or names its section, as it is', () => {
    const first = root(element('Endpoint', {op: 'demo-pay'}));
    const named: Root = {
      type: 'root',
      children: [
        {type: 'paragraph', children: [{type: 'text', value: 'Prose.'}]},
        element('Endpoint', {op: 'demo-pay', section: 'request'}),
      ],
    };
    const plan = {ids, sections: () => [{key: 'overview', lead: true as const}, {key: 'request'}]};
    remarkApiReference(plan)(first, file);
    remarkApiReference(plan)(named, file);
    expect(first.children.slice(3).map(show)).toEqual([
      '<ApiEndpoint__ data={apiData1__} section="overview">',
      '<ApiEndpoint__ data={apiData1__} section="request">',
    ]);
    expect(named.children.slice(3).map(show)).toEqual([
      'paragraph',
      '<ApiEndpoint__ section="request" data={apiData1__}>',
    ]);
  });

  it('splits a bare <SandboxPage /> into its tables under their headings, and leaves one that names its section', () => {
    const tree = root(element('SandboxPage', {}), element('SandboxPage', {section: 'credentials'}));
    const asked: string[] = [];
    remarkApiReference({
      ids,
      sections: (generated) => {
        asked.push(generated);
        return [
          {key: 'credentials', heading: {depth: 2, text: 'Credentials'}},
          {key: 'family-aeps', heading: {depth: 2, text: 'AEPS'}},
        ];
      },
    })(tree, file);
    expect(asked).toEqual(['sandbox-page.json']);
    expect(tree.children.map(show)).toEqual([
      'import ApiSandboxPage__ from "@site/src/components/SandboxPage";',
      // The tables of sandbox scenarios are styled by the served reference stylesheet (one link a page).
      '<link rel="stylesheet" href="/css/reference.css" precedence="default">',
      '## Credentials',
      '<ApiSandboxPage__ section="credentials">',
      '## AEPS',
      '<ApiSandboxPage__ section="family-aeps">',
      '<ApiSandboxPage__ section="credentials">',
    ]);
  });

  it('keeps a component without sections in place, with its data, and one without data as it is', () => {
    const tree = root(element('OperationList', {tag: 'demo'}), element('ResponseCodeTable', {}));
    remarkApiReference({ids, sections: () => []})(tree, file);
    expect(tree.children.map(show)).toEqual([
      'import ApiOperationList__ from "@site/src/components/OperationList";',
      'import apiData1__ from "@generated/api-contract/default/sections/OperationList/demo.json";',
      'import ApiResponseCodeTable__ from "@site/src/components/ResponseCodeTable";',
      '<ApiOperationList__ data={apiData1__}>',
      '<ApiResponseCodeTable__ >',
    ]);
  });
});
