/**
 * Remark plugin: where the inline code of a Markdown page may break (core/util/name-breaks, issue
 * 34). Inline code is `white-space: nowrap` (src/css/custom.css): a name (`X-Signature`,
 * `AEPS_TRANSACTION_UPDATE`) never breaks, in prose or in a table. Code of several words, or a path
 * or URL, gets a <wbr> after each run (after a space, after a path's `/`), the only places it may
 * break; a value longer than any name (a token, base64) is wrapped in a span that may break anywhere.
 * The text itself is unchanged, so what a reader copies is the code as written.
 *
 * Why markup and not CSS alone: a browser breaks code after a hyphen (`X-|Signature` at the end of
 * a line on a phone) and a table squeezes a column to its longest unbreakable run, so a rule that
 * lets code break anywhere cuts names (`Content-|Digest`), and one that lets it break nowhere widens
 * its table past the screen with a URL.
 */
import type {ElementContent} from 'hast';
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {codeRuns, isValue, VALUE_CLASS} from '#core/util/name-breaks';

/** Code with element children reaches src/theme/CodeBlock, which keeps code of this class inline. */
export const BREAKABLE_CLASS = 'breakable';

/** True for code the browser cannot lay out as it should from its text alone. */
export function needsMarkup(text: string): boolean {
  const runs = codeRuns(text);
  return runs.length > 1 || runs.some(isValue);
}

/** The code's text as hast: a <wbr> after each run, a value in its span (the text itself unchanged). */
export function withBreaks(text: string): ElementContent[] {
  const runs = codeRuns(text);
  return runs.flatMap((value, i): ElementContent[] => {
    const run: ElementContent = isValue(value)
      ? {type: 'element', tagName: 'span', properties: {className: [VALUE_CLASS]}, children: [{type: 'text', value}]}
      : {type: 'text', value};
    return i < runs.length - 1 ? [run, {type: 'element', tagName: 'wbr', properties: {}, children: []}] : [run];
  });
}

interface HastData {
  hProperties?: Record<string, unknown>;
  hChildren?: ElementContent[];
}

export function remarkCodeBreaks(): (tree: Root) => void {
  return (tree) => {
    visit(tree, 'inlineCode', (node) => {
      if (!needsMarkup(node.value)) return;
      const data = (node.data ?? {}) as HastData;
      node.data = {
        ...data,
        hProperties: {...data.hProperties, className: [BREAKABLE_CLASS]},
        hChildren: withBreaks(node.value),
      };
    });
  };
}
