/**
 * The HTML shape of a code block's body, shared by build-time highlighting (core/code/highlight.ts)
 * and by code that reaches the browser as a plain string (src/theme/CodeBlock): one
 * `token-line` span per line, its text escaped.
 */

const ESCAPES: Readonly<Record<string, string>> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};

export const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/** A run of code this long without a space may need to wrap on a phone (a URL, a path). */
const LONG_RUN = /[^\s]{25,}/g;

/** In such a run, a line may break after these: a URL's and a path's separators. */
const AFTER_SEPARATOR = /(?<=[/.?&=_-])(?=[^\s/])/;

/**
 * Where a <wbr> goes in a line of code: after each separator of a long run, as offsets into the
 * line. Found on the whole line, not token by token: a highlighter may cut a URL into tokens each
 * shorter than a long run (`localhost`, `:`, `3000`, `/webhooks`), which would then get none.
 */
export function breakOffsets(line: string): Set<number> {
  const out = new Set<number>();
  for (const m of line.matchAll(LONG_RUN)) {
    let at = m.index;
    for (const part of m[0].split(AFTER_SEPARATOR).slice(0, -1)) out.add((at += part.length));
  }
  return out;
}

/**
 * Code text as HTML: escaped, with a <wbr> after each separator of a long run, so a wrapped code
 * block (the samples wrap on narrow columns) breaks `https://sandbox.rupeerail.example/api/v1/` after
 * a `/` or a `.`, never inside a word (`exampl|e`, issue 34). A <wbr> has no text: what is copied is
 * the code as written. `breaks` and `start`: the line's offsets (breakOffsets) and where `s` starts in
 * it, for a token of a highlighted line.
 */
export function codeTextHtml(s: string, breaks: ReadonlySet<number> = breakOffsets(s), start = 0): string {
  let out = '';
  let last = 0;
  for (let i = 1; i < s.length; i++) {
    if (!breaks.has(start + i)) continue;
    out += `${escapeHtml(s.slice(last, i))}<wbr>`;
    last = i;
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
