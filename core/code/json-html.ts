/**
 * JSON highlighted in the browser, for the Try it panel's answer (src/components/TryIt/Answer.tsx):
 * the same HTML that build-time highlighting (./highlight.ts, Prism's JSON grammar) gives for it,
 * so the site's token colours (`rr-code`, ./prism-themes.ts, WCAG AA in both modes) apply as they do
 * to every JSON example of the reference.
 *
 * Why not Prism itself: the site keeps Prism out of the browser (.dependency-cruiser.browser.cjs,
 * build-only-libraries-stay-out-of-the-browser; plugins/static-code), and an answer is text that
 * JSON.parse accepted and JSON.stringify indented, which needs no grammar. tests/unit/try-it-fields.test.ts
 * checks the output against ./highlight.ts's, byte for byte, so a change of grammar or theme shows there.
 */
import {escapeHtml, lineHtml, plainCodeHtml} from './html';

/**
 * A string (a `property` when a colon follows), a number, a literal, or the punctuation and colon
 * that the site's themes leave plain (./highlight.ts writes those as text, not spans).
 */
const TOKEN = /("(?:\\.|[^\\"\r\n])*")(?=(\s*:)?)|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false)\b|\b(null)\b/g;

function span(types: string, text: string): string {
  return `<span class="token ${types}">${escapeHtml(text)}</span>`;
}

/** One line of indented JSON as Prism's JSON grammar tokenises it. */
function jsonLine(line: string): string {
  let out = '';
  let at = 0;
  for (const m of line.matchAll(TOKEN)) {
    out += escapeHtml(line.slice(at, m.index));
    const [text, str, colon, num, bool] = m;
    if (str !== undefined) out += span(colon !== undefined ? 'property' : 'string', text);
    else if (num !== undefined) out += span('number', text);
    else if (bool !== undefined) out += span('boolean', text);
    else out += span('null keyword', text);
    at = m.index + text.length;
  }
  return out + escapeHtml(line.slice(at));
}

/** A body as the Try it panel shows it: JSON with token spans, one line span per line; anything else as plain text. */
export function jsonOrTextHtml(text: string): string {
  try {
    JSON.parse(text);
  } catch {
    return plainCodeHtml(text);
  }
  return text
    .split('\n')
    .map((line, i) => lineHtml(jsonLine(line), i + 1))
    .join('');
}
