/** An scenario file parsed as YAML, able to say on which line a value sits, so problems name it. */
import {isMap, isSeq, type LineCounter, type Document} from 'yaml';
import {parseYamlDocument, YamlSyntaxError} from '../../util/yaml';

export type YamlPath = readonly (string | number)[];

/** A parsed scenario file that can say on which line a value sits. */
export class ScenarioYaml {
  readonly value: unknown;
  /** The syntax error, as the one YAML parser of the contract words it (core/util/yaml.ts), or none. */
  readonly parseErrors: string[] = [];
  private readonly doc: Document | undefined;
  private readonly lines: LineCounter | undefined;

  constructor(
    readonly file: string,
    text: string,
  ) {
    try {
      // Kept by text for the dev server's reloads (core/util/yaml.ts); each compile copies the values.
      ({doc: this.doc, lines: this.lines} = parseYamlDocument(file, text));
      this.value = this.doc.toJS();
    } catch (e) {
      if (!(e instanceof YamlSyntaxError)) throw e;
      this.parseErrors = [e.message];
      this.value = undefined;
    }
  }

  /** The line of the value at `path`, or of the nearest parent that exists. */
  line(path: YamlPath): number {
    if (!this.doc || !this.lines) return 1;
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
