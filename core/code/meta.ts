/**
 * What a fenced code block asks for beyond its language: the options of its info string
 * (```js title="x.mjs" {4-6} showLineNumbers) and the highlight comments in its body. The same
 * options and comments as Docusaurus' CodeBlock, so writers use what its documentation says;
 * core/code/highlight.ts turns the result into HTML at build time.
 */

export interface CodeMeta {
  readonly title?: string;
  /** First line number, when the block numbers its lines (`showLineNumbers` or `showLineNumbers=5`). */
  readonly lineNumbersStart?: number;
  /** 1-based line numbers from a `{1,4-6}` range in the info string. */
  readonly ranges: ReadonlySet<number>;
}

const TITLE = /title=(["'])(.*?)\1/;
const RANGES = /\{([^}]*)\}/;
const LINE_NUMBERS = /\bshowLineNumbers(?:=(\d+))?\b/;

/** Parses the text after the language in a fence's info string. Throws on a range it cannot read. */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const text = meta ?? '';
  const title = TITLE.exec(text)?.[2];
  const numbers = LINE_NUMBERS.exec(text);
  const ranges = new Set<number>();
  const braces = RANGES.exec(text.replace(TITLE, ''))?.[1];
  for (const part of braces?.split(',') ?? []) {
    const m = /^\s*(\d+)(?:\s*-\s*(\d+))?\s*$/.exec(part);
    if (!m) throw new Error(`cannot read the line range "{${braces}}": write it like {2} or {1,4-6}`);
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    for (let n = from; n <= to; n++) ranges.add(n);
  }
  return {
    ...(title ? {title} : {}),
    ...(numbers ? {lineNumbersStart: Number(numbers[1] ?? 1)} : {}),
    ranges,
  };
}

type CommentForm = readonly [open: string, close: string];

const SLASHES: CommentForm = ['//', ''];
const C_BLOCK: CommentForm = ['/*', '*/'];
const JSX_BLOCK: CommentForm = ['{/*', '*/}'];
const HASH: CommentForm = ['#', ''];
const HTML: CommentForm = ['<!--', '-->'];
const DASHES: CommentForm = ['--', ''];

/**
 * Which comments a language's highlight directives may use. A form the language does not have
 * stays as code: a Markdown block can show `// highlight-next-line` as text. Languages not listed
 * accept every form.
 */
const COMMENT_FORMS: Readonly<Record<string, readonly CommentForm[]>> = (() => {
  const c = [SLASHES, C_BLOCK];
  const byGroup: [string[], CommentForm[]][] = [
    [
      [
        'js',
        'javascript',
        'ts',
        'typescript',
        'java',
        'csharp',
        'cs',
        'go',
        'php',
        'c',
        'cpp',
        'kotlin',
        'swift',
        'rust',
      ],
      c,
    ],
    [
      ['jsx', 'tsx'],
      [...c, JSX_BLOCK],
    ],
    [
      ['html', 'markup', 'xml'],
      [...c, HTML],
    ],
    [['python', 'py', 'bash', 'sh', 'shell', 'yaml', 'yml'], [HASH]],
    [
      ['md', 'markdown', 'mdx'],
      [HTML, JSX_BLOCK, HASH],
    ],
    [['sql', 'lua'], [DASHES]],
  ];
  return Object.fromEntries(byGroup.flatMap(([langs, forms]) => langs.map((l) => [l, forms])));
})();
const ALL_FORMS: readonly CommentForm[] = [SLASHES, C_BLOCK, JSX_BLOCK, HASH, HTML, DASHES];

type Directive = 'highlight-next-line' | 'highlight-start' | 'highlight-end';

function directiveOf(line: string, forms: readonly CommentForm[]): Directive | undefined {
  const t = line.trim();
  for (const [open, close] of forms) {
    if (!t.startsWith(open) || !t.endsWith(close) || t.length < open.length + close.length) continue;
    const inner = t.slice(open.length, t.length - close.length).trim();
    if (inner === 'highlight-next-line' || inner === 'highlight-start' || inner === 'highlight-end') return inner;
  }
  return undefined;
}

export interface MagicCommentResult {
  /** The code without the directive lines. */
  readonly code: string;
  /** 1-based numbers, in the returned code, of the lines to highlight. */
  readonly lines: ReadonlySet<number>;
}

/**
 * Removes `highlight-next-line`, `highlight-start` and `highlight-end` comment lines (in a comment
 * form of `language`) and says which of the remaining lines they mark. Throws on a start without an end (or the reverse), which
 * would otherwise highlight the rest of the block silently.
 */
export function applyMagicComments(code: string, language = 'text'): MagicCommentResult {
  const forms = COMMENT_FORMS[language] ?? ALL_FORMS;
  const kept: string[] = [];
  const lines = new Set<number>();
  let nextLine = false;
  let openAt: number | undefined;
  for (const [i, line] of code.split('\n').entries()) {
    const directive = directiveOf(line, forms);
    if (directive === 'highlight-next-line') nextLine = true;
    else if (directive === 'highlight-start') {
      if (openAt !== undefined) throw new Error(`line ${i + 1}: highlight-start inside another highlight-start`);
      openAt = i + 1;
    } else if (directive === 'highlight-end') {
      if (openAt === undefined) throw new Error(`line ${i + 1}: highlight-end without a highlight-start before it`);
      openAt = undefined;
    } else {
      kept.push(line);
      if (nextLine || openAt !== undefined) lines.add(kept.length);
      nextLine = false;
    }
  }
  if (openAt !== undefined) throw new Error(`line ${openAt}: highlight-start has no highlight-end`);
  return {code: kept.join('\n'), lines};
}
