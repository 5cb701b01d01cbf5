#!/usr/bin/env node
/**
 * `npm run lint`: every check, even when an earlier one fails, then one summary, so a formatting
 * slip never hides a spelling or content problem. Exits non-zero if any check failed.
 *
 * Each check is an npm script, runnable alone (`npm run lint:spell`); this file only sequences them.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** [what it checks, npm script], in the order they run. */
export const CHECKS = [
  ['types', 'typecheck'],
  ['ESLint', 'lint:code'],
  ['import graph', 'lint:deps'],
  ['Prettier', 'lint:format'],
  ['Markdown style', 'lint:md'],
  ['spelling', 'lint:spell'],
  ['product names', 'lint:prose'],
  ['behaviour prose', 'lint:behaviour'],
  ['content', 'check:content'],
  ['blog code', 'check:blog-code'],
  ['API contract', 'lint:contract'],
];

const npmRun = (script) => spawnSync('npm', ['run', '--silent', script], {stdio: 'inherit'}).status === 0;

/**
 * Runs every check with `run(script) -> passed?` and returns the summary lines and whether all
 * passed. Pure apart from `run` and the clock, so a test can feed it checks that fail.
 */
export function runAll(checks, run = npmRun, log = console.log) {
  const results = [];
  for (const [name, script] of checks) {
    log(`\n=== ${name} (npm run ${script})`);
    const started = Date.now();
    const ok = run(script);
    results.push({name, script, ok, seconds: (Date.now() - started) / 1000});
  }
  const failed = results.filter((r) => !r.ok);
  const summary = [
    'lint summary:',
    ...results.map((r) => `  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.name.padEnd(15)} npm run ${r.script}`),
    failed.length
      ? `${failed.length} of ${results.length} checks failed: ${failed.map((r) => r.name).join(', ')}. Each printed its problems above.`
      : `All ${results.length} checks passed.`,
  ];
  return {ok: failed.length === 0, summary};
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const {ok, summary} = runAll(CHECKS);
  console.log(`\n${summary.join('\n')}`);
  process.exit(ok ? 0 : 1);
}
