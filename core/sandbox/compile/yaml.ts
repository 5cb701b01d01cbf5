/** An scenario file parsed as YAML, able to say on which line a value sits, so problems name it. */
import {isMap, isSeq, LineCounter, parseDocument, type Document} from 'yaml';
import {createReloadMemo} from '../../util/memo';

export type YamlPath = readonly (string | number)[];

/**
 * The parsed YAML of each scenario file's text, kept by the dev server: a contract edit compiles the
 * scenarios again, and the scenario files it parses again are mostly unchanged. The parsed
 * document is only read; each compile takes a fresh copy of its values (`toJS`).
 */
const parsedYaml = createReloadMemo();

/** A parsed scenario file that can say on which line a value sits. */
export class ScenarioYaml {
  readonly value: unknown;
  private readonly doc: Document;
  private readonly lines: LineCounter;

  constructor(
    readonly file: string,
    text: string,
  ) {
    ({doc: this.doc, lines: this.lines} = parsedYaml(['scenario-yaml', text], () => {
      const lines = new LineCounter();
      // Merge keys (`<<: *anchor`) let an entry reuse another's fields; YAML 1.2 leaves them off by default.
      return {doc: parseDocument(text, {lineCounter: lines, merge: true}), lines};
    }));
    this.value = this.doc.errors.length ? undefined : this.doc.toJS();
  }

  get parseErrors(): string[] {
    return this.doc.errors.map(
      (e) => `${this.file}:${e.linePos?.[0].line ?? 1}: the YAML does not parse: ${e.message.split('\n')[0]}`,
    );
  }

  /** The line of the value at `path`, or of the nearest parent that exists. */
  line(path: YamlPath): number {
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as {range?: [number, number, number]} | undefined;
      const start = node?.range?.[0];
      if (start !== undefined) {
        // A map or sequence starts at its first entry; its key's line is one up for block collections.
        const pos = this.lines.linePos(start).line;
        return (isMap(node) || isSeq(node)) && n > 0 && !this.flow(node) ? Math.max(1, pos - 1) : pos;
      }
    }
    return 1;
  }

  private flow(node: unknown): boolean {
    return Boolean((node as {flow?: boolean}).flow);
  }

  at(path: YamlPath): string {
    return `${this.file}:${this.line(path)}`;
  }
}

/** `operations.aeps-cash-withdrawal.scenarios[2].code` from a YAML path. */
export const dotted = (path: YamlPath): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
