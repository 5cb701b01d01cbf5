/**
 * The contract's one YAML parser (core/util/yaml.ts): a file that does not parse fails with
 * file:line:column, the parser's reason and the lines around the place, asserted word for word.
 */
import {inspect} from 'node:util';
import {describe, expect, it} from 'vitest';
import {parseYaml, YamlSyntaxError, yamlSyntaxErrors} from '#core/util/yaml';

/** The message of what `run` throws (the error's other fields are for callers, not the writer). */
function thrown(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(YamlSyntaxError);
    return (e as Error).message;
  }
  throw new Error('expected the parse to fail');
}

const FAMILY = [
  'paths:',
  '  /service/sms/send:',
  '    post:',
  '      operationId: sms-send',
  "      summary: 'Send a transactional SMS",
  '      description: Sends one SMS.',
  '      tags: [sms]',
  "      x-sender: 'RRAILS'",
  '',
].join('\n');

describe('parseYaml', () => {
  it('reads a file as Redocly does, merge keys included', () => {
    expect(parseYaml('a.yaml', 'base: &b {x: 1}\nentry:\n  <<: *b\n  y: 2\n')).toEqual({
      base: {x: 1},
      entry: {x: 1, y: 2},
    });
  });

  it('names the file, line and column of an unclosed quote (where it opens, not where the parser gave up), with the lines around it', () => {
    expect(thrown(() => parseYaml('openapi/families/sms.yaml', FAMILY))).toBe(
      [
        "openapi/families/sms.yaml:5:16: the YAML does not parse: Missing closing 'quote",
        '  4 |       operationId: sms-send',
        "  5 |       summary: 'Send a transactional SMS",
        '    |                ^',
        '  6 |       description: Sends one SMS.',
      ].join('\n'),
    );
  });

  it('shows no line before the first one, and widens the gutter for two-digit lines', () => {
    expect(thrown(() => parseYaml('openapi/facts/upi.yaml', 'a: [1, 2\nb: 3\n'))).toBe(
      [
        'openapi/facts/upi.yaml:2:1: the YAML does not parse: Flow sequence in block collection must be sufficiently indented and end with a ]',
        '  1 | a: [1, 2',
        '  2 | b: 3',
        '    | ^',
        '  3 |',
      ].join('\n'),
    );
    const long = `${Array.from({length: 9}, (_, i) => `k${i}: ${i}`).join('\n')}\nk0: again\nk10: 10\n`;
    expect(thrown(() => parseYaml('openapi/releases/notes.yaml', long))).toBe(
      [
        'openapi/releases/notes.yaml:10:1: the YAML does not parse: Map keys must be unique',
        '   9 | k8: 8',
        '  10 | k0: again',
        '     | ^',
        '  11 | k10: 10',
      ].join('\n'),
    );
  });

  it('points at the opening quote when the quoted text runs to the end of the file', () => {
    expect(
      thrown(() => parseYaml('openapi/behaviour/sms.yaml', 'family: sms\nmeaning: "sent\nmoves-money: false\n')),
    ).toBe(
      [
        'openapi/behaviour/sms.yaml:2:10: the YAML does not parse: Missing closing "quote',
        '  1 | family: sms',
        '  2 | meaning: "sent',
        '    |          ^',
        '  3 | moves-money: false',
      ].join('\n'),
    );
  });

  it('prints as its message alone, without the stack, where Docusaurus inspects a failed build', () => {
    const error = yamlSyntaxErrors(new Map([['openapi/families/sms.yaml', FAMILY]]))[0];
    expect(inspect(error, {depth: Infinity})).toBe(error?.message);
  });
});

describe('yamlSyntaxErrors', () => {
  it('lists each file that does not parse, and none that does', () => {
    const errors = yamlSyntaxErrors(
      new Map([
        ['openapi/scenarios/sms.yaml', 'operations: {}\n'],
        ['openapi/behaviour/sms.yaml', 'family: "sms\n'],
      ]),
    );
    expect(errors.map((e) => [e.file, e.line, e.column])).toEqual([['openapi/behaviour/sms.yaml', 1, 9]]);
  });
});
