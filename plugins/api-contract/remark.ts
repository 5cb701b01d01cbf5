/**
 * Remark plugin: turns `<Endpoint op="aeps-cash-withdrawal" />` in MDX into an
 * import of that one operation's generated JSON, so the page chunk carries only
 * its own operation and the reference renders into the static HTML.
 *
 * It also imports the API components a page uses, so writers never import them
 * by hand and pages without them pay nothing. An unknown id fails the build
 * with the file, the id and the fix.
 */
import fs from 'node:fs';
import path from 'node:path';
import {GENERATED_DIR, SITE_DIR} from './paths';
import {statusLabel} from '../../src/lib/http';
import {expressionAttr, importNode, jsx, literalAttr, walk, type Node} from '../mdx-ast';
import {API_COMPONENTS, article, unknownIdMessage} from './components';
import {TEST_DATA_SECTIONS, type TestDataView} from '../../src/lib/mock/test-data';

export {API_COMPONENTS};

interface VFileLike {
  path?: string;
  history?: string[];
}

interface KnownIds {
  operation: Set<string>;
  webhook: Set<string>;
  tag: Set<string>;
}

let cache: {mtimeMs: number; ids: KnownIds} | undefined;

function knownIds(): KnownIds {
  const file = path.join(GENERATED_DIR, 'ids.json');
  const stat = fs.statSync(file, {throwIfNoEntry: false});
  if (!stat) {
    throw new Error(
      `API reference data is missing (${path.relative(SITE_DIR, file)}). The api-contract plugin must run before MDX is compiled; check that './plugins/api-contract' is in docusaurus.config.ts plugins.`,
    );
  }
  if (!cache || cache.mtimeMs !== stat.mtimeMs) {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<keyof KnownIds, string[]>;
    cache = {
      mtimeMs: stat.mtimeMs,
      ids: {operation: new Set(raw.operation), webhook: new Set(raw.webhook), tag: new Set(raw.tag)},
    };
  }
  return cache.ids;
}

function heading(depth: number, text: string): Node {
  return {type: 'heading', depth, children: [{type: 'text', value: text}]} as Node;
}

interface SectionPlan {
  readonly section: string;
  readonly title?: string;
  readonly sub?: readonly string[];
}

/**
 * The reference block is expanded into real Markdown headings around its
 * sections, so they get anchors and appear in the table of contents.
 */
function sectionsOf(kind: string, id: string): SectionPlan[] | undefined {
  if (kind === 'operation') {
    const op = readView<{responses: {status: string; description: string}[]; related: unknown[]}>('ops', id);
    return [
      {section: 'overview'},
      {section: 'request', title: 'Request'},
      {section: 'samples', title: 'Code samples'},
      {section: 'responses', title: 'Responses', sub: op.responses.map((r) => r.status)},
      {section: 'codes', title: 'Response codes'},
      ...(op.related.length ? [{section: 'related', title: 'Related'}] : []),
    ];
  }
  if (kind === 'webhook') {
    const hook = readView<{summary: string}>('webhooks', id);
    return [{section: 'all', title: hook.summary}];
  }
  return undefined;
}

function readView<T>(dir: string, id: string): T {
  return JSON.parse(fs.readFileSync(path.join(GENERATED_DIR, dir, `${id}.json`), 'utf8')) as T;
}

export class ApiReferenceError extends Error {}

/**
 * A bare `<TestData />` becomes one heading and one table per section (credentials, any operation,
 * any family, then each family of the atlas), so the sections reach the table of contents.
 */
function testDataSections(local: string, node: Node): Node[] | undefined {
  if ((node.attributes ?? []).some((a) => a.type === 'mdxJsxAttribute' && a.name === 'section')) return undefined;
  const view = JSON.parse(fs.readFileSync(path.join(GENERATED_DIR, 'test-data.json'), 'utf8')) as TestDataView;
  const part = (title: string, attrs: Node['attributes']): Node[] => [heading(2, title), jsx(local, attrs ?? [], true)];
  return [
    ...part(TEST_DATA_SECTIONS.credentials, [literalAttr('section', 'credentials')]),
    ...part(TEST_DATA_SECTIONS.anyOperation, [literalAttr('section', 'any')]),
    ...part(TEST_DATA_SECTIONS.shared, [literalAttr('section', 'shared')]),
    ...view.families.flatMap((f) => part(f.label, [literalAttr('section', 'family'), literalAttr('family', f.name)])),
  ];
}

export interface RemarkApiReferenceOptions {
  /**
   * The ids a page may name, by kind. Docusaurus passes no options, so the plugin reads the ids the
   * api-contract plugin wrote to .docusaurus/api-contract/ids.json; unit tests inject their own.
   */
  readonly ids?: {readonly [K in keyof KnownIds]: readonly string[]};
}

export function remarkApiReference(options: RemarkApiReferenceOptions = {}): (tree: Node, file: VFileLike) => void {
  const injected: KnownIds | undefined = options.ids && {
    operation: new Set(options.ids.operation),
    webhook: new Set(options.ids.webhook),
    tag: new Set(options.ids.tag),
  };
  return (tree: Node, file: VFileLike): void => {
    const where = path.relative(SITE_DIR, file.path ?? file.history?.[0] ?? '<unknown file>');
    const imports: Node[] = [];
    const componentLocals = new Map<string, string>();
    const dataLocals = new Map<string, string>();

    walk(tree, (node) => {
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || !node.name) return undefined;
      const spec = API_COMPONENTS[node.name];
      if (!spec) return undefined;
      const line = node.position ? `:${node.position.start.line}` : '';

      let local = componentLocals.get(node.name);
      if (!local) {
        local = `Api${node.name}__`;
        componentLocals.set(node.name, local);
        imports.push(importNode(local, spec.module));
      }
      const original = node.name;
      node.name = local;

      if (original === 'TestData' && node.type === 'mdxJsxFlowElement') return testDataSections(local, node);
      if (!spec.idAttr || !spec.dataDir || !spec.kind) return undefined;
      const attrs = node.attributes ?? [];
      const idAttr = attrs.find((a) => a.type === 'mdxJsxAttribute' && a.name === spec.idAttr);
      if (!idAttr || typeof idAttr.value !== 'string' || !idAttr.value) {
        throw new ApiReferenceError(
          `${where}${line}: <${original}> needs a literal ${spec.idAttr}="..." attribute naming ${article(spec.kind)} ${spec.kind} in openapi/, for example <${original} ${spec.idAttr}="aeps-cash-withdrawal" />.`,
        );
      }
      const id = idAttr.value;
      const known = (injected ?? knownIds())[spec.kind];
      if (!known.has(id)) {
        throw new ApiReferenceError(
          unknownIdMessage(
            {where: `${where}${line}`, component: original, attr: spec.idAttr, id, kind: spec.kind},
            known,
          ),
        );
      }
      let dataLocal = dataLocals.get(`${spec.dataDir}/${id}`);
      if (!dataLocal) {
        dataLocal = `apiData${dataLocals.size}__`;
        dataLocals.set(`${spec.dataDir}/${id}`, dataLocal);
        imports.push(importNode(dataLocal, `@generated/api-contract/${spec.dataDir}/${id}.json`));
      }
      const rest = attrs.filter((a) => a !== idAttr);
      node.attributes = [...rest, expressionAttr('data', dataLocal)];
      const plan = node.type === 'mdxJsxFlowElement' ? sectionsOf(spec.kind, id) : undefined;
      if (!plan) return undefined;
      const out: Node[] = [];
      for (const step of plan) {
        if (step.title) out.push(heading(2, step.title));
        if (step.sub) {
          out.push(
            jsx(
              local,
              [...rest, expressionAttr('data', dataLocal), literalAttr('section', `${step.section}-intro`)],
              true,
            ),
          );
          for (const sub of step.sub) {
            out.push(heading(3, statusLabel(sub)));
            out.push(
              jsx(
                local,
                [
                  ...rest,
                  expressionAttr('data', dataLocal),
                  literalAttr('section', step.section),
                  literalAttr('item', sub),
                ],
                true,
              ),
            );
          }
        } else {
          out.push(
            jsx(local, [...rest, expressionAttr('data', dataLocal), literalAttr('section', step.section)], true),
          );
        }
      }
      return out;
    });

    if (imports.length) tree.children = [...imports, ...(tree.children ?? [])];
  };
}
