/**
 * Remark plugin: marks inline code in a Markdown table that holds a long unbroken run of text
 * (a URL, a path, a webhook secret) with the class `breakable`.
 *
 * Why: a table column is never narrower than its longest unbreakable content. If code may break
 * anywhere, a column of short codes (`PENDING`, `REVERSED`) is squeezed to a letter a line on a
 * phone; if it may not, a URL widens its table past the screen. src/css/custom.css keeps code whole
 * in Markdown tables and lets only the code marked here break anywhere.
 */
import type {Root, TableCell} from 'mdast';
import {SKIP, visit} from 'unist-util-visit';

/** Longer runs (no spaces) than this may break anywhere: a status or most field names are shorter. */
export const LONGEST_WHOLE_RUN = 12;

export const BREAKABLE_CLASS = 'breakable';

/** True for text with a run of more than LONGEST_WHOLE_RUN characters between spaces. */
export function isBreakable(text: string): boolean {
  return text.split(/\s+/).some((run) => run.length > LONGEST_WHOLE_RUN);
}

interface HastData {
  hProperties?: Record<string, unknown>;
}

function mark(cell: TableCell): void {
  visit(cell, 'inlineCode', (node) => {
    if (!isBreakable(node.value)) return;
    const data = (node.data ?? {}) as HastData;
    node.data = {...data, hProperties: {...data.hProperties, className: [BREAKABLE_CLASS]}};
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
