#!/usr/bin/env node
/**
 * `npm run lint:deps`: the import rules, both configs in one process, with the `err` output of the
 * `depcruise` command (`npx depcruise <dirs> --config <file>` runs either one alone).
 *
 * The two runs were two `depcruise` commands; each loaded dependency-cruiser and TypeScript and
 * read tsconfig.json before looking at a file, which is about a third of the second command's time
 * on the two-core machine. Here that is done once. The runs stay two cruises: the browser rules
 * leave type-only imports out (`tsPreCompilationDeps: false`), the code rules count them.
 * Exits non-zero when either run finds a violation; both run either way.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cruise} from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * [folders, config]: the code folders' rules, then what ships to the browser.
 * @type {readonly (readonly [string[], string])[]}
 */
const RUNS = [
  [
    ['core', 'node', 'src', 'plugins', 'scripts', 'mcp/src', 'certify/src', 'tests', 'types'],
    './.dependency-cruiser.cjs',
  ],
  [['src'], './.dependency-cruiser.browser.cjs'],
];

process.chdir(ROOT);
// Both configs name the same tsconfig.json (the browser one spreads the base options).
const tsConfig = extractTSConfig('tsconfig.json');
let failed = false;
for (const [folders, config] of RUNS) {
  const options = await extractDepcruiseOptions(config);
  const {output, exitCode} = await cruise(folders, {...options, outputType: 'err'}, {}, {tsConfig});
  if (output) process.stdout.write(String(output));
  if (exitCode !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
