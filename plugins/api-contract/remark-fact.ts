/**
 * Remark plugin: `<Fact id="payout-create-order.first" />` in MDX (docs, blog, pages) becomes the
 * words the behaviour model or a domain fact gives that id (core/behaviour/facts.ts), before the page
 * is compiled: the HTML, the search index and the Markdown twin (through the registry's `Fact`
 * renderer, ./components.ts) then carry the same sentence, and nothing ships to the browser. An id
 * that names nothing fails the build with the file, the line and the closest ids.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Paragraph, PhrasingContent, Root} from 'mdast';
import {nativeRequire} from '#node/native-require';
import type * as Unified from 'unified';
import type * as RemarkParse from 'remark-parse';
import {visit} from 'unist-util-visit';
import {isMdxJsxElement, literalAttrValue, replaceNode} from '#node/mdx-ast';
import {unknownFactMessage} from '#node/contract/components';
import {SITE_DIR} from '#node/contract/paths';
import {generatedPath} from '#node/generated';
import {WriterError} from '#core/util/writer-error';

// The remark parser, loaded by Node, not compiled by jiti with the config (node/native-require.ts).
const {unified} = nativeRequire('unified') as typeof Unified;
const remarkParse = (nativeRequire('remark-parse') as typeof RemarkParse).default;

export class FactError extends WriterError {}

export interface RemarkFactOptions {
  /** The folder of the api-contract plugin's data: node/generated.ts's unless given (unit tests). */
  readonly dataDir?: string;
  /** The texts by id, instead of the generated file (unit tests). */
  readonly facts?: Readonly<Record<string, string>>;
}

interface VFileLike {
  path?: string;
  history?: string[];
}

// Plain Markdown, not MDX: a fact's words may hold `<` or `{`, which are text here.
const markdown = unified().use(remarkParse);

/** A fact's words as inline Markdown nodes (`code` spans, links), without their paragraph. */
export function factNodes(text: string): PhrasingContent[] {
  const first = markdown.parse(text).children[0];
  return first?.type === 'paragraph' ? first.children : [{type: 'text', value: text}];
}

let cache: {file: string; mtimeMs: number; facts: Record<string, string>} | undefined;

function generatedFacts(dataDir: string | undefined): Readonly<Record<string, string>> {
  const file = generatedPath('facts', undefined, {dataDir});
  const stat = fs.statSync(file, {throwIfNoEntry: false});
  if (!stat)
    throw new FactError(
      `<Fact> data is missing (${path.relative(SITE_DIR, file)}): the api-contract plugin writes it before MDX is compiled; keep './plugins/api-contract' in docusaurus.site.ts plugins.`,
    );
  if (cache?.file !== file || cache.mtimeMs !== stat.mtimeMs)
    cache = {file, mtimeMs: stat.mtimeMs, facts: JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>};
  return cache.facts;
}

export function remarkFact(options: RemarkFactOptions = {}): (tree: Root, file: VFileLike) => void {
  return (tree, file) => {
    const where = path.relative(SITE_DIR, file.path ?? file.history?.[0] ?? '<unknown file>');
    let facts = options.facts;
    visit(tree, (node, index, parent) => {
      if (!isMdxJsxElement(node) || node.name !== 'Fact' || !parent || index === undefined) return undefined;
      facts ??= generatedFacts(options.dataDir);
      const at = `${where}${node.position ? `:${node.position.start.line}` : ''}`;
      const id = literalAttrValue(node, 'id');
      if (!id)
        throw new FactError(
          `${at}: <Fact> needs a literal id="..." attribute, for example <Fact id="shared.retries" />.`,
        );
      const text = facts[id];
      if (text === undefined) throw new FactError(unknownFactMessage(at, id, Object.keys(facts)));
      const inline = factNodes(text);
      const replacement =
        node.type === 'mdxJsxTextElement' ? inline : [{type: 'paragraph', children: inline} satisfies Paragraph];
      return replaceNode(parent, index, replacement);
    });
  };
}
