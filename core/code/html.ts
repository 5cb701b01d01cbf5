/**
 * The HTML shape of a code block's body, shared by build-time highlighting (core/code/highlight.ts)
 * and by code that reaches the browser as a plain string (src/theme/CodeBlock): one
 * `token-line` span per line, its text escaped.
 */

const ESCAPES: Readonly<Record<string, string>> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};

export const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/** A run of code this long without a space may need to wrap on a phone (a URL, a path). */
export const LONG_RUN = /[^\s]{25,}/g;

/** In such a run, a line may break after these: a URL's and a path's separators. */
export const AFTER_SEPARATOR = /(?<=[/.?&=_-])(?=[^\s/])/;

/**
 * Code text as HTML: escaped, with a <wbr> after each separator of a long run, so a wrapped code
 * block (the samples wrap on narrow columns) breaks `https://sandbox.rupeerail.example/api/v1/` after
 * a `/` or a `.`, never inside a word (`exampl|e`, issue 34). A <wbr> has no text: what is copied is
 * the code as written.
 */
export function codeTextHtml(s: string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(LONG_RUN)) {
    out += escapeHtml(s.slice(last, m.index)) + m[0].split(AFTER_SEPARATOR).map(escapeHtml).join('<wbr>');
    last = m.index + m[0].length;
  }
  return out + escapeHtml(s.slice(last));
}

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
    .map((line, i) => lineHtml(codeTextHtml(line), i + 1, highlighted))
    .join('');
}
