// ESLint flat config. Run alone with `npx eslint .` (or `npm run lint:code`). In `npm run lint`,
// scripts/lint-typed.mjs builds and type-checks tsconfig.json's program once for tsc's errors and
// hands that program to the typed rules in place of the project service below, so the types are not
// built and checked a second time.
//
//  - typescript-eslint's type-checked rules on all TypeScript (they use tsconfig.json, so they see
//    the same types as `tsc`);
//  - React hooks rules (rules of hooks + the React Compiler checks) on the site's components;
//  - Docusaurus' own rules on src/: visible text goes through <Translate>/translate() with literal
//    ids and messages (every visible string is translatable, even with one locale).
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint/function-length.mjs';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-artefacts/',
      '.docusaurus/',
      '.docusaurus-build/',
      'node_modules/',
      '.tmp/',
      '.cache/',
      'static/',
      'samples/',
      'test-results/',
      'mcp/dist/',
      'certify/dist/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {projectService: true, tsconfigRootDir: import.meta.dirname},
    },
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      // Type-only imports stay type-only after compilation (SWC/esbuild compile file by file).
      '@typescript-eslint/consistent-type-imports': ['error', {fixStyle: 'inline-type-imports'}],
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
      // The style guide: comments say why, no @ts-ignore.
      '@typescript-eslint/ban-ts-comment': ['error', {'ts-expect-error': 'allow-with-description'}],
      // Scripts ignore some failures on purpose (a server not up yet, a process already gone).
      'no-empty': ['error', {allowEmptyCatch: true}],
    },
  },
  {
    // No function longer than a screen, in every code folder (scripts/eslint/function-length.mjs
    // says what counts); in tests a describe block's cases count each on their own.
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    plugins: {local},
    rules: {'local/function-length': ['error', {max: 80}]},
  },
  {
    files: ['tests/**'],
    rules: {'local/function-length': ['error', {max: 80, nested: 'separate'}]},
  },
  {
    // Build-time code (node/, plugins/), scripts, tests, the MCP server and config run in Node.
    files: [
      'node/**',
      'plugins/**',
      'scripts/**',
      'tests/**',
      'mcp/**',
      'certify/**',
      '*.{ts,mjs,js}',
      '.dependency-cruiser*.cjs',
    ],
    languageOptions: {globals: globals.node},
  },
  {
    // dependency-cruiser reads its config as CommonJS.
    files: ['.dependency-cruiser*.cjs'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // Browser automation: page.evaluate()/waitForFunction() callbacks run in the page.
    files: ['scripts/bench/**', 'scripts/screenshots.mjs', 'tests/e2e/**'],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
  },
  {
    // Plain JavaScript is outside tsconfig.json: lint it without type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {globals: globals.browser},
    plugins: {'react-hooks': reactHooks, '@docusaurus': docusaurus},
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      ...docusaurus.configs.recommended.rules,
      // In-site navigation goes through <Link> (client-side routing, baseUrl, broken-link check).
      // A literal absolute URL may stay <a>; any other <a> (another site held in a variable,
      // mailto:, a download, a static file) needs a disable comment saying why it is not a route.
      '@docusaurus/no-html-links': ['error', {ignoreFullyResolved: true}],
      '@docusaurus/prefer-docusaurus-heading': 'error',
      '@docusaurus/no-untranslated-text': [
        'error',
        {
          // Text that is the same in every language: punctuation, symbols, HTTP methods and
          // status codes, the product name, code-like tokens.
          ignoredStrings: [
            '·',
            '—',
            '–',
            '→',
            '←',
            '↑',
            '/',
            '|',
            ':',
            '(',
            ')',
            '×',
            '…',
            '#',
            'GET',
            'POST',
            'PUT',
            'PATCH',
            'DELETE',
            'HEAD',
            'WEBHOOK',
            'OPTIONS',
            'RupeeRail',
            'JSON',
            'YAML',
            'OpenAPI',
            'Postman',
          ],
        },
      ],
    },
  },
);
