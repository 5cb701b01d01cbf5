/**
 * The client wrappers (samples/client/*, issue 32, 5) hold no hand-written meaning of a response
 * code: what a code means depends on the operation (code 1 is a payout SUCCESS and a hosted link
 * still PENDING), and the per-(operation, code) table derived from the behaviour model
 * (./codes.ts) is where it is stated. A comment may say that an outcome is unknown or pending for a
 * code only where that table gives the code the retry rule `status` for every operation that
 * answers it; any other meaning ("1 done", "3 failed, nothing moved") is refused. Pure: the caller
 * reads the files.
 */
import type {CodeRule} from './codes';

/** The comment of a line, by the comment marks of the wrappers' languages (`//`, `///`, `#`, ` * `). */
function commentOf(line: string): string | undefined {
  const m = /(?:^|\s)(?:\/\/\/?|#)\s(.*)$/.exec(line) ?? /^\s*(?:\/\*\*?|\*)\s(.*)$/.exec(line);
  return m?.[1];
}

const MEANING =
  /\b(?:code\s+|response_code\s+)?([1-9]|1\d|2[0-5])\b(?:,\s*(?:[1-9]|1\d|2[0-5])\b)*\s*(?:[:;=-]|is|means|answers)?\s*(?:the\s+outcome\s+is\s+)?(done|failed|succeeded|success|moved|pending|declined|refused|a repeat|created|unknown)\b/gi;

export interface CodeClaim {
  readonly line: number;
  readonly code: number;
  readonly word: string;
  readonly text: string;
}

const WORD = /\b(done|failed|succeeded|success|moved|pending|declined|refused|a repeat|created)\b/i;

/** Every comment of `text` that puts a meaning on a response code, in its words or on a `case N:` it sits beside. */
export function codeClaims(text: string): CodeClaim[] {
  return text.split('\n').flatMap((raw, i) => {
    const comment = commentOf(raw);
    if (!comment) return [];
    const claim = (code: number, word: string): CodeClaim => ({
      line: i + 1,
      code,
      word: word.toLowerCase(),
      text: comment.trim(),
    });
    const said = [...comment.matchAll(MEANING)].map((m) => claim(Number(m[1]), m[2] as string));
    const cased = /^\s*case\s+(\d+)\b/.exec(raw.slice(0, raw.length - comment.length));
    const word = WORD.exec(comment)?.[1];
    return cased && word && !said.length ? [claim(Number(cased[1]), word)] : said;
  });
}

/** Each claim the derived table does not make for every operation, with the file, the line and the fix. */
export function wrapperCommentProblems(file: string, text: string, rules: readonly CodeRule[]): string[] {
  return codeClaims(text).flatMap((c) => {
    const of = rules.filter((r) => r.code === c.code);
    const status = of.length > 0 && of.every((r) => r.retry === 'status');
    if (status && (c.word === 'unknown' || c.word === 'pending')) return [];
    const rulesOf = [...new Set(of.map((r) => r.retry))].join(', ') || 'none';
    return [
      `${file}:${c.line}: the comment "${c.text}" says what response_code ${c.code} means (${c.word}); the derived code table gives it per operation (retry rules: ${rulesOf}). Fix: say it generically ("what it means for this call is in its code table, /ResponseCode"), or state only what the table says for every operation.`,
    ];
  });
}
