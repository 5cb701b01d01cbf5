/**
 * The prose of an MD/MDX page: everything a reader reads as sentences, with code, JSX, links and
 * URLs blanked out (keeping line and column numbers), shared by the prose checks
 * (scripts/prose-check.ts names, scripts/behaviour-prose-check.ts behaviour).
 */

/** Front-matter keys whose values readers see; the others (slug, id, tags, ...) are identifiers. */
const PROSE_KEYS = /^(title|description|sidebar_label|pagination_label):/;

/** Replaces every character but newlines with spaces, so offsets and line numbers stay put. */
const blank = (text: string): string => text.replace(/[^\n]/g, ' ');

/** Blanks `{...}` expressions with nested braces: JSX attributes like steps={[{...}]}, `{#anchor}` ids, MDX comments. */
function blankBraces(text: string): string {
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '{') depth++;
    out += depth > 0 && ch !== '\n' ? ' ' : ch;
    if (ch === '}' && depth > 0) depth--;
  }
  return out;
}

/** The text of an MD/MDX file with everything that is not prose blanked out. */
export function proseOf(source: string): string {
  let text = source.replace(/^---\r?\n[\s\S]*?\r?\n---(?=\r?\n|$)/, (fm) =>
    fm
      .split('\n')
      .map((l) => (PROSE_KEYS.test(l) ? l : blank(l)))
      .join('\n'),
  );
  text = text
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, blank) // fenced code
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/^(?:import|export)\s[^\n]*$/gm, blank) // MDX ESM
    .replace(/(`+)[^`\n][\s\S]*?\1/g, blank) // inline code, any number of backticks
    .replace(/\b[\w:-]+=(?:"[^"]*"|'[^']*')/g, blank); // JSX / HTML attribute values
  text = blankBraces(text);
  return text
    .replace(/\]\([^)\n]*\)/g, blank) // link targets
    .replace(/^ {0,3}\[[^\]\n]+\]:\s*\S+.*$/gm, blank) // link reference definitions
    .replace(/<[a-z]+:[^>\s]+>|\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]]+/gi, blank); // autolinks, URLs
}

/** 1-based line and column of an offset in `text`. */
export function lineColumn(text: string, at: number): {readonly line: number; readonly column: number} {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return {line, column: at - before.lastIndexOf('\n')};
}
