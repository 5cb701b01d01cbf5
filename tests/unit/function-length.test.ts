/** The `local/function-length` ESLint rule (scripts/eslint/function-length.mjs), through ESLint's RuleTester. */
import {RuleTester} from 'eslint';
import tseslint from 'typescript-eslint';
import {describe, it} from 'vitest';
import {functionLength} from '../../scripts/eslint/function-length.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: {parser: tseslint.parser, parserOptions: {ecmaFeatures: {jsx: true}}},
});

/** `n` lines of code, one statement each. */
const statements = (n: number, indent = '  '): string =>
  Array.from({length: n}, (_, i) => `${indent}const v${i} = ${i};`).join('\n');

const message = (name: string, count: number, max = 5) => ({
  messageId: 'tooLong',
  data: {name, count: String(count), max: String(max)},
});

tester.run('function-length', functionLength, {
  valid: [
    // Blank and comment-only lines do not count: three statements and the two lines of braces.
    {code: `function f() {\n${statements(3)}\n\n  // why\n  /* more\n     why */\n}`, options: [{max: 5}]},
    // JSX lines do not count, however long the markup (the line that opens it does).
    {
      code: `function C() {\n  const a = 1;\n  return (\n    <div>\n${'      <p>x</p>\n'.repeat(40)}    </div>\n  );\n}`,
      options: [{max: 6}],
    },
    // In 'separate' mode a nested function counts on its own, not in the block around it.
    {
      code: `describe('x', () => {\n  it('a', () => {\n${statements(3, '    ')}\n  });\n  it('b', () => {\n${statements(3, '    ')}\n  });\n});`,
      options: [{max: 5, nested: 'separate'}],
    },
  ],
  invalid: [
    {code: `function f() {\n${statements(4)}\n}`, options: [{max: 5}], errors: [message('f()', 6)]},
    // By default a nested function's lines count in the function around it too.
    {
      code: `const outer = () => {\n  const inner = () => {\n${statements(3, '    ')}\n  };\n  return inner;\n};`,
      options: [{max: 5}],
      errors: [message('outer()', 8)],
    },
    {
      code: `const o = {\n  method() {\n${statements(6, '    ')}\n  },\n};`,
      options: [{max: 5}],
      errors: [message('method()', 8)],
    },
  ],
});
