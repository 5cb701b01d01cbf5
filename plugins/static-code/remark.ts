/**
 * Remark plugin: highlights every fenced code block of a page at build time and puts a
 * `<StaticCode html="..." />` in its place, so the browser never runs Prism (see ./index.ts).
 * Supports what Docusaurus' own code blocks do: `title="..."`, `{1,4-6}` line ranges,
 * `showLineNumbers[=N]`, and `highlight-next-line` / `highlight-start` / `highlight-end`
 * comments. A language Prism does not know is shown as plain text, as the theme does.
 */
import path from 'node:path';
import {applyMagicComments, parseCodeMeta} from '../../src/lib/code-meta';
import {hasGrammar, highlightToHtml, loadLanguages} from '../../src/lib/highlight';
import {importNode, jsx, literalAttr, walk, type Node} from '../mdx-ast';
import {SITE_DIR} from '../api-contract/paths';

export const STATIC_CODE_MODULE = '@site/src/components/StaticCode';
const LOCAL = 'StaticCode__';

export class StaticCodeError extends Error {}

interface VFileLike {
  path?: string;
  history?: string[];
}

export function remarkStaticCode(): (tree: Node, file: VFileLike) => Promise<void> {
  return async (tree, file) => {
    await loadLanguages();
    const where = path.relative(SITE_DIR, file.path ?? file.history?.[0] ?? '<unknown file>');
    let used = false;
    walk(tree, (node) => {
      if (node.type !== 'code') return undefined;
      const line = node.position ? `:${node.position.start.line}` : '';
      const requested = (node.lang ?? '').toLowerCase();
      const language = requested && hasGrammar(requested) ? requested : 'text';
      let meta;
      let marked;
      try {
        meta = parseCodeMeta(node.meta);
        marked = applyMagicComments(node.value ?? '', requested || 'text');
      } catch (e) {
        throw new StaticCodeError(`${where}${line}: code block: ${(e as Error).message}.`);
      }
      const lines = new Set([...meta.ranges, ...marked.lines]);
      used = true;
      return [
        jsx(
          LOCAL,
          [
            literalAttr('html', highlightToHtml(marked.code, language, lines)),
            literalAttr('language', language),
            ...(meta.title ? [literalAttr('title', meta.title)] : []),
            ...(meta.lineNumbersStart !== undefined
              ? [literalAttr('lineNumbersStart', String(meta.lineNumbersStart))]
              : []),
          ],
          true,
        ),
      ];
    });
    if (used) tree.children = [importNode(LOCAL, STATIC_CODE_MODULE), ...(tree.children ?? [])];
  };
}
