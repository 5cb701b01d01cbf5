/**
 * The one way a YAML file of the contract (openapi/: families, components, behaviour, scenarios,
 * facts, releases and their notes) is parsed: with the `yaml` library, which points at the place a
 * writer got wrong (an unclosed quote on its own line, not at the next line's indentation as
 * js-yaml does), and which fails with the file's name, the line and column, the parser's reason and
 * the lines around it. Redocly's loader is routed here too (plugins/api-contract/load.ts
 * `ContractResolver`), so a file fails the same way whichever tool reads it first.
 */
import {CST, LineCounter, Parser, parseDocument, type Document} from 'yaml';
import {createReloadMemo} from './memo';
import {WriterError} from './writer-error';

/** A YAML file that does not parse; the message is the whole report (see `yamlSyntaxMessage`). */
export class YamlSyntaxError extends WriterError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

/** A parsed file that can say on which line a value sits. */
export interface ParsedYaml {
  readonly doc: Document;
  readonly lines: LineCounter;
}

/**
 * `file:line:column: reason`, then the line before, the line and the line after, numbered, with a
 * caret under the column: what a writer needs to find the mistake, and nothing of the parser's
 * own stack or of the rest of the file.
 */
export function yamlSyntaxMessage(file: string, text: string, line: number, column: number, reason: string): string {
  const source = text.split(/\r?\n/);
  const first = Math.max(1, line - 1);
  const last = Math.min(source.length, line + 1);
  const width = String(last).length;
  const gutter = (n: number | string): string => `  ${String(n).padStart(width)} | `;
  const shown: string[] = [];
  for (let n = first; n <= last; n++) {
    shown.push(`${gutter(n)}${source[n - 1] ?? ''}`.trimEnd());
    if (n === line) shown.push(`${gutter('')}${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return `${file}:${line}:${column}: the YAML does not parse: ${reason}\n${shown.join('\n')}`;
}

/** The parser's reason without its own position and excerpt (`... at line 7, column 41:\n\n...`). */
const reasonOf = (message: string): string =>
  (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();

/**
 * Where the quoted scalar that never closes opens: the parser reports an unclosed quote where it
 * gave up (the end of the file, or a later line), but the writer's mistake is where the quote opens.
 */
function unclosedQuoteAt(text: string): number | undefined {
  let at: number | undefined;
  const check = (token: CST.Token | undefined): void => {
    if (at !== undefined || (token?.type !== 'single-quoted-scalar' && token?.type !== 'double-quoted-scalar')) return;
    const quote = token.source[0] as string;
    const body = token.source.trimEnd();
    // A double quote escaped by a backslash (`\"`) does not close the scalar.
    const closed = body.length > 1 && body.endsWith(quote) && !(quote === '"' && /(^|[^\\])(\\\\)*\\"$/.test(body));
    if (!closed) at = token.offset;
  };
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    check(token.value);
    CST.visit(token, (item) => {
      check(item.key ?? undefined);
      check(item.value);
    });
  }
  return at;
}

/**
 * The dev server parses the contract again on every edit of it, and most files are unchanged: their
 * parsed documents are kept by text. A kept document is only read; values are copied out (`toJS`).
 */
const parsed = createReloadMemo();

/**
 * The parsed document of `text`, read from `file` (named relative to the site, as messages show it);
 * a syntax error throws a YamlSyntaxError. Merge keys (`<<: *anchor`) are on, as in Redocly's
 * loader; YAML 1.2 leaves them off by default.
 */
export function parseYamlDocument(file: string, text: string): ParsedYaml {
  const result = parsed(['yaml', text], () => {
    const lines = new LineCounter();
    return {doc: parseDocument(text, {lineCounter: lines, merge: true}), lines};
  });
  const error = result.doc.errors[0];
  if (error) {
    const opened = error.code === 'MISSING_CHAR' && /quote/.test(error.message) ? unclosedQuoteAt(text) : undefined;
    const at = (opened === undefined ? error.linePos?.[0] : result.lines.linePos(opened)) ?? {line: 1, col: 1};
    throw new YamlSyntaxError(
      file,
      at.line,
      at.col,
      yamlSyntaxMessage(file, text, at.line, at.col, reasonOf(error.message)),
    );
  }
  return result;
}

/** The value of a YAML file (a fresh copy), or a YamlSyntaxError naming `file`, line and column. */
export function parseYaml(file: string, text: string): unknown {
  return parseYamlDocument(file, text).doc.toJS({maxAliasCount: -1}) as unknown;
}

/**
 * Every file of `files` that does not parse, each with its message: run before anything reads the
 * contract, so a syntax error is the only message and not the cause of a dozen others.
 */
export function yamlSyntaxErrors(files: ReadonlyMap<string, string>): YamlSyntaxError[] {
  const errors: YamlSyntaxError[] = [];
  for (const [file, text] of files) {
    try {
      parseYamlDocument(file, text);
    } catch (e) {
      if (!(e instanceof YamlSyntaxError)) throw e;
      errors.push(e);
    }
  }
  return errors;
}
