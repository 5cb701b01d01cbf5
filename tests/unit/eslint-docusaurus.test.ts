/**
 * @docusaurus/eslint-plugin 3.10 is built on @typescript-eslint/utils 5 (ESLint 8); package.json
 * `overrides` gives it the utils 8 that typescript-eslint uses, which supports our ESLint 10. This
 * runs the plugin's rules, with the options of eslint.config.mjs, on a component that breaks each
 * one: if the override ever stops working, the rules stop firing here rather than quietly in lint.
 */
import docusaurus from '@docusaurus/eslint-plugin';
import {Linter} from 'eslint';
import tseslint from 'typescript-eslint';
import {describe, expect, it} from 'vitest';
import config from '../../eslint.config.mjs';

/** The block of eslint.config.mjs that turns the Docusaurus rules on for src/. */
const docusaurusBlock = config.find((block) => block.plugins?.['@docusaurus'] !== undefined);

const COMPONENT = `
import Translate, {translate} from '@docusaurus/Translate';
export function Example({label}: {label: string}) {
  return (
    <div>
      <h2>Not a Heading component</h2>
      <a href="/docs/v1/">A route through a plain link</a>
      <a href="https://example.com/">A literal absolute URL may stay an a</a>
      <p>Untranslated text</p>
      <p>RupeeRail → JSON</p>
      <Translate id="example.dynamic">{label}</Translate>
      <span title={translate({id: 'example.title', message: label})} />
    </div>
  );
}
`;

describe('ESLint: the Docusaurus rules with the utils override', () => {
  it('fire on src/ components with our options: one problem per broken rule, by line', () => {
    expect(docusaurusBlock, 'a block of eslint.config.mjs with the @docusaurus plugin').toBeDefined();
    const rules = Object.fromEntries(
      Object.entries(docusaurusBlock?.rules ?? {}).filter(([name]) => name.startsWith('@docusaurus/')),
    );
    const linter = new Linter({configType: 'flat'});
    const messages = linter.verify(
      COMPONENT,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: {parser: tseslint.parser, parserOptions: {ecmaFeatures: {jsx: true}}},
          // The rules alone: the plugin's legacy `configs` do not fit flat config's types.
          plugins: {'@docusaurus': {rules: docusaurus.rules}},
          rules,
        },
      ],
      'src/components/Example/index.tsx',
    );
    expect(messages.map((m) => `${m.line} ${m.ruleId}`)).toEqual([
      '6 @docusaurus/no-untranslated-text',
      '6 @docusaurus/prefer-docusaurus-heading',
      '7 @docusaurus/no-untranslated-text',
      '7 @docusaurus/no-html-links',
      '8 @docusaurus/no-untranslated-text',
      '9 @docusaurus/no-untranslated-text',
      '11 @docusaurus/string-literal-i18n-messages',
      '12 @docusaurus/string-literal-i18n-messages',
    ]);
  });
});
