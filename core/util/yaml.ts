/**
 * The one way a YAML file of the contract (openapi/: families, components, behaviour, scenarios,
 * facts, releases and their notes) is parsed. A file that does not parse fails with its name, the
 * line and column, the parser's reason and the lines around it, whichever tool reads it first:
 * Redocly's loader is routed here too (node/contract/yaml.ts `ContractResolver`).
 *
 * Values come from Redocly's own parser (js-yaml, its schema: no timestamps, merge keys), so the
 * contract reads as Redocly reads it, and quickly: the `yaml` library takes four to six times as
 * long, seconds for the 2 MB of published releases. A file that fails is parsed again with `yaml`
 * for the message, as it points at the writer's mistake (an unclosed quote where it opens, not at
 * the next line's indentation as js-yaml does). Readers that need each value's line (scenarios,
 * behaviour, notes: small files) take the `yaml` document (`parseYamlDocument`).
 */
import {createRequire} from 'node:module';
import type * as Redocly from '@redocly/openapi-core';
import {CST, LineCounter, Parser, parseDocument, type Document} from 'yaml';
import {createReloadMemo} from './memo';
import {WriterError} from './writer-error';

// Redocly's package required by Node, whatever compiles this module (node/native-require.ts says
// why; core/ cannot import node/). Redocly, like
// this module, is for Node only: src/ never reaches it (npm run lint:deps).
const {parseYaml: redoclyParseYaml} = createRequire(__filename)('@redocly/openapi-core') as typeof Redocly;

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
 * `yaml` documents are kept by text. A kept document is only read; readers copy values out (`toJS`).
 */
const parsed = createReloadMemo();
const checked = createReloadMemo();

/** The syntax error of a `yaml` document, or none. */
function documentError(file: string, text: string, {doc, lines}: ParsedYaml): YamlSyntaxError | undefined {
  const error = doc.errors[0];
  if (!error) return undefined;
  const opened = error.code === 'MISSING_CHAR' && /quote/.test(error.message) ? unclosedQuoteAt(text) : undefined;
  const at = (opened === undefined ? error.linePos?.[0] : lines.linePos(opened)) ?? {line: 1, col: 1};
  return new YamlSyntaxError(
    file,
    at.line,
    at.col,
    yamlSyntaxMessage(file, text, at.line, at.col, reasonOf(error.message)),
  );
}

const parseWithLines = (text: string): ParsedYaml =>
  parsed(['yaml', text], () => {
    const lines = new LineCounter();
    return {doc: parseDocument(text, {lineCounter: lines, merge: true}), lines};
  });

/**
 * The parsed document of `text`, read from `file` (named relative to the site, as messages show it),
 * able to say on which line a value sits; a syntax error throws a YamlSyntaxError. Merge keys
 * (`<<: *anchor`) are on, as in Redocly's loader; YAML 1.2 leaves them off by default.
 */
export function parseYamlDocument(file: string, text: string): ParsedYaml {
  const result = parseWithLines(text);
  const error = documentError(file, text, result);
  if (error) throw error;
  return result;
}

/** js-yaml's own place and reason, for the rare file it refuses and `yaml` accepts. */
interface JsYamlError {
  readonly reason?: string;
  readonly message: string;
  readonly mark?: {readonly line: number; readonly column: number};
}

/** The value of a YAML file (a fresh copy), or a YamlSyntaxError naming `file`, line and column. */
export function parseYaml(file: string, text: string): unknown {
  try {
    return redoclyParseYaml(text);
  } catch (e) {
    const fromYaml = documentError(file, text, parseWithLines(text));
    if (fromYaml) throw fromYaml;
    const {reason, message, mark} = e as JsYamlError;
    const line = (mark?.line ?? 0) + 1;
    const column = (mark?.column ?? 0) + 1;
    throw new YamlSyntaxError(file, line, column, yamlSyntaxMessage(file, text, line, column, reason ?? message));
  }
}

/**
 * Every file of `files` that does not parse, each with its message: run before anything reads the
 * contract, so a syntax error is the only message and not the cause of a dozen others.
 */
export function yamlSyntaxErrors(files: ReadonlyMap<string, string>): YamlSyntaxError[] {
  const errors: YamlSyntaxError[] = [];
  for (const [file, text] of files) {
    // The dev server checks every file on each reload, and an edit changes one: a file's verdict is kept by its text.
    const error = checked(['syntax', file, text], () => {
      try {
        parseYaml(file, text);
        return undefined;
      } catch (e) {
        if (!(e instanceof YamlSyntaxError)) throw e;
        return e;
      }
    });
    if (error) errors.push(error);
  }
  return errors;
}
