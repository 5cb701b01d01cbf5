/**
 * Remark plugin: marks inline code in a Markdown table that holds a long unbroken run of text
 * (a URL, a path, a field or header name) with the class `breakable`, and lets it break after its
 * separators only (`_`, `-`, `/`, `.`: a `<wbr>` after each), never inside a word.
 *
 * Why: a table column is never narrower than its longest unbreakable content. If code may break
 * anywhere, a column of short codes (`PENDING`, `REVERSED`) is squeezed to a letter a line on a
 * phone, and a name is cut mid-word (`Authorizatio|n` in /HeaderMarkdown at 1440 px, issue 24);
 * if it may not break at all, a URL widens its table past the screen. Code stays whole in Markdown
 * tables (src/css/custom.css); the code marked here breaks at its separators.
 */
import type {ElementContent} from 'hast';
import type {Root, TableCell} from 'mdast';
import {SKIP, visit} from 'unist-util-visit';
import {nameRuns} from '#core/util/name-breaks';

/** Longer runs (no spaces) than this may break anywhere: a status or most field names are shorter. */
export const LONGEST_WHOLE_RUN = 12;

export const BREAKABLE_CLASS = 'breakable';

/** True for text with a run of more than LONGEST_WHOLE_RUN characters between spaces. */
export function isBreakable(text: string): boolean {
  return text.split(/\s+/).some((run) => run.length > LONGEST_WHOLE_RUN);
}

/** The code's text as hast, with a `<wbr>` after each separator (core/util/name-breaks; the text itself unchanged). */
export function withBreaks(text: string): ElementContent[] {
  const parts = nameRuns(text);
  return parts.flatMap((value, i): ElementContent[] =>
    i < parts.length - 1
      ? [
          {type: 'text', value},
          {type: 'element', tagName: 'wbr', properties: {}, children: []},
        ]
      : [{type: 'text', value}],
  );
}

interface HastData {
  hProperties?: Record<string, unknown>;
  hChildren?: ElementContent[];
}

function mark(cell: TableCell): void {
  visit(cell, 'inlineCode', (node) => {
    if (!isBreakable(node.value)) return;
    const data = (node.data ?? {}) as HastData;
    node.data = {
      ...data,
      hProperties: {...data.hProperties, className: [BREAKABLE_CLASS]},
      hChildren: withBreaks(node.value),
    };
  });
}

export function remarkTableCode(): (tree: Root) => void {
  return (tree) => {
    visit(tree, 'tableCell', (cell) => {
      mark(cell);
      return SKIP;
    });
  };
}
