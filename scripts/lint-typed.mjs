#!/usr/bin/env node
/**
 * `npm run lint:typed`: the type check (`npm run typecheck`) and ESLint (`npm run lint:code`) on one
 * TypeScript program, for `npm run lint`.
 *
 * Run apart, both build tsconfig.json's program and type-check it: tsc for its errors, ESLint's
 * typed rules (through typescript-eslint's project service) for the types they ask about, which
 * comes to most of the program. Here the program is built and checked once: its errors are
 * printed as tsc prints them, then ESLint runs with eslint.config.mjs and that program in place of
 * its project service, the types already worked out. Same checks, same options, same
 * caches as the two scripts: tsc's build info in .cache/tsc/ (a warm run re-checks only what
 * changed), ESLint's results in .cache/eslint/ (by content). Exits non-zero on a type error or on
 * any ESLint problem, warnings included (`--max-warnings=0`).
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {ESLint} from 'eslint';
import ts from 'typescript';
import config from '../eslint.config.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The options of package.json's `typecheck` and `lint:code`, so their caches are shared with these. */
const TS_BUILD_INFO = path.join(ROOT, '.cache/tsc/tsconfig.tsbuildinfo');
const ESLINT_CACHE = path.join(ROOT, '.cache/eslint/');

/** @type {ts.FormatDiagnosticsHost} */
const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => ts.sys.newLine,
};

/**
 * tsconfig.json's program, incremental as `tsc --incremental`, and its errors (what `tsc --noEmit`
 * reports). Writes the build info for the next run.
 * @returns {{program: ts.Program, diagnostics: readonly ts.Diagnostic[]}}
 */
export function typeCheck() {
  /** @type {ts.Diagnostic[]} */
  const configErrors = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {noEmit: true, incremental: true, tsBuildInfoFile: TS_BUILD_INFO},
    {...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d)},
  );
  if (!parsed) throw new Error(ts.formatDiagnostics(configErrors, formatHost));
  const builder = ts.createIncrementalProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  // With noEmit this writes only the build info, as tsc does.
  builder.emit();
  return {program: builder.getProgram(), diagnostics};
}

/**
 * ESLint over the repository (`eslint .`) with the program's types.
 * @param {ts.Program} program @returns {Promise<{problems: number, output: string}>}
 */
export async function lintCode(program) {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    baseConfig: [
      ...config,
      {
        // The TypeScript files (plain JavaScript is linted without types): this program's types.
        files: ['**/*.{ts,tsx,mts,cts}'],
        languageOptions: {
          // ESLint's cache hashes the config as JSON, and a program is not JSON: a name stands in.
          parserOptions: {projectService: false, programs: Object.assign([program], {toJSON: () => 'tsconfig.json'})},
        },
      },
    ],
    cache: true,
    cacheStrategy: 'content',
    cacheLocation: ESLINT_CACHE,
  });
  const results = await eslint.lintFiles(['.']);
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  const output = await (await eslint.loadFormatter('stylish')).format(results);
  return {problems, output};
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const {program, diagnostics} = typeCheck();
  if (diagnostics.length) {
    console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
    console.log(`types: ${diagnostics.length} error(s) (npm run typecheck reports the same).`);
  }
  const {problems, output} = await lintCode(program);
  if (output) console.log(output);
  process.exit(diagnostics.length || problems ? 1 : 0);
}
