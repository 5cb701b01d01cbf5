/**
 * Remark plugin: highlights every fenced code block of a page at build time and puts a
 * `<StaticCode html="..." />` in its place, so the browser never runs Prism (see ./index.ts).
 * Supports what Docusaurus' own code blocks do: `title="..."`, `{1,4-6}` line ranges,
 * `showLineNumbers[=N]`, and `highlight-next-line` / `highlight-start` / `highlight-end`
 * comments. A language Prism does not know is shown as plain text, as the theme does.
 */
import fs from 'node:fs';
import path from 'node:path';
import {applyMagicComments, parseCodeMeta} from '#core/code/meta';
import {checkJsonFence, type BodySchemas, type Validate} from '#core/contract/fences';
import {hasGrammar, highlightToHtml, loadLanguages} from '#core/code/highlight';
import type {Code, Root, RootContent} from 'mdast';
import {visit} from 'unist-util-visit';
import {importNode, jsx, literalAttr, replaceNode} from '#node/mdx-ast';
import {SITE_DIR} from '#node/contract/paths';
import {generatedPath} from '#node/generated';
import {makeValidator} from '#node/contract/validate';
import {WriterError} from '#core/util/writer-error';

export const STATIC_CODE_MODULE = '@site/src/components/StaticCode';
const LOCAL = 'StaticCode__';

export class StaticCodeError extends WriterError {}

interface VFileLike {
  path?: string;
  history?: string[];
}

export interface RemarkStaticCodeOptions {
  /**
   * The contract's body schemas, for checking JSON blocks: read from what the api-contract plugin
   * wrote (node/generated.ts `bodySchemas`) unless given (unit tests inject their own).
   */
  readonly bodies?: ReadonlyMap<string, BodySchemas>;
  /** The folder of the api-contract plugin's data: node/generated.ts's unless given. */
  readonly dataDir?: string;
}

let bodiesCache: {file: string; mtimeMs: number; bodies: ReadonlyMap<string, BodySchemas>} | undefined;
let validator: Validate | undefined;

/** The body schemas the api-contract plugin wrote; none (JSON blocks unchecked) without its data. */
function contractBodies(dataDir: string | undefined): ReadonlyMap<string, BodySchemas> {
  const file = generatedPath('bodySchemas', undefined, {dataDir});
  const stat = fs.statSync(file, {throwIfNoEntry: false});
  if (!stat) return new Map();
  if (bodiesCache?.file !== file || bodiesCache.mtimeMs !== stat.mtimeMs) {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, BodySchemas>;
    bodiesCache = {file, mtimeMs: stat.mtimeMs, bodies: new Map(Object.entries(raw))};
  }
  return bodiesCache.bodies;
}

/** A fenced code block as `<StaticCode html="..." />`, its JSON checked against the contract's bodies. */
function staticCodeElement(node: Code, where: string, options: RemarkStaticCodeOptions): RootContent {
  const line = node.position ? `:${node.position.start.line}` : '';
  const requested = (node.lang ?? '').toLowerCase();
  if (requested === 'json') {
    validator ??= makeValidator();
    const problem = checkJsonFence(
      node.value,
      node.meta,
      `${where}${line}`,
      options.bodies ?? contractBodies(options.dataDir),
      validator,
    );
    if (problem) throw new StaticCodeError(problem);
  }
  const language = requested && hasGrammar(requested) ? requested : 'text';
  let meta;
  let marked;
  try {
    meta = parseCodeMeta(node.meta);
    marked = applyMagicComments(node.value, requested || 'text');
  } catch (e) {
    throw new StaticCodeError(`${where}${line}: code block: ${(e as Error).message}.`);
  }
  const lines = new Set([...meta.ranges, ...marked.lines]);
  return jsx(LOCAL, [
    literalAttr('html', highlightToHtml(marked.code, language, lines)),
    literalAttr('language', language),
    ...(meta.title ? [literalAttr('title', meta.title)] : []),
    ...(meta.lineNumbersStart !== undefined ? [literalAttr('lineNumbersStart', String(meta.lineNumbersStart))] : []),
  ]);
}

export function remarkStaticCode(
  options: RemarkStaticCodeOptions = {},
): (tree: Root, file: VFileLike) => Promise<void> {
  return async (tree, file) => {
    await loadLanguages();
    const where = path.relative(SITE_DIR, file.path ?? file.history?.[0] ?? '<unknown file>');
    let used = false;
    visit(tree, 'code', (node, index, parent) => {
      if (!parent || index === undefined) return undefined;
      used = true;
      return replaceNode(parent, index, [staticCodeElement(node, where, options)]);
    });
    if (used) tree.children = [importNode(LOCAL, STATIC_CODE_MODULE), ...tree.children];
  };
}
