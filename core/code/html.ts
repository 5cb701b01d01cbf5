/**
 * The HTML shape of a code block's body, shared by build-time highlighting (core/code/highlight.ts)
 * and by code that reaches the browser as a plain string (src/theme/CodeBlock): one
 * `token-line` span per line, its text escaped.
 */

const ESCAPES: Readonly<Record<string, string>> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};

export const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/** Class of a line the block highlights (the theme's name for it, so its CSS variables apply). */
export const HIGHLIGHTED_LINE_CLASS = 'theme-code-block-highlighted-line';

/** One line: `inner` is already escaped HTML. `n` is 1-based. */
export function lineHtml(inner: string, n: number, highlighted?: ReadonlySet<number>): string {
  return `<span class="token-line${highlighted?.has(n) ? ` ${HIGHLIGHTED_LINE_CLASS}` : ''}">${inner}\n</span>`;
}

/** Unhighlighted code in the same shape as highlighted code. */
export function plainCodeHtml(code: string, highlighted?: ReadonlySet<number>): string {
  return code
    .split('\n')
    .map((line, i) => lineHtml(escapeHtml(line), i + 1, highlighted))
    .join('');
}
