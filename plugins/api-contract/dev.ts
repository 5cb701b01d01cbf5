/**
 * What the api-contract plugin runs in the dev server alone (`npm start`; never `npm run build`):
 * the contract's lint in a child process and the prose's claims check, beside the reloads
 * (`devChecks`; when each runs is dev-checks.ts, tested on its own).
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import logger from '@docusaurus/logger';
import {SITE_DIR} from '#node/contract/paths';
import {contractCacheDir} from '#node/contract/cache';
import {DATA_PLUGIN} from '#node/generated';
import {createDevChecks, type LintChild} from './dev-checks';

const CONTRACT_CHECK_SCRIPT = path.join(SITE_DIR, 'scripts', 'contract-check.ts');

/**
 * The contract's lint (`npm run lint:contract -- --lint-only`) in a child process at the lowest
 * priority, so the reload it runs beside keeps the CPU. Its problems are printed to the dev
 * server's terminal; the build waits for the lint and stops.
 */
function startLintChild(atStart: boolean): LintChild {
  const args = ['--import', 'tsx', CONTRACT_CHECK_SCRIPT, '--lint-only', ...(atStart ? ['--keep-clean'] : [])];
  const child = spawn(process.execPath, args, {
    cwd: SITE_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (child.pid) os.setPriority(child.pid, 19);
  // A child that cannot start (its folder gone, no Node) is reported, never left to end the server.
  child.on('error', (err) => logger.error(`The dev server could not run the contract's lint: ${err.message}`));
  return child;
}

/** The dev server's lint and claims check, beside its reloads (dev-checks.ts). */
export const devChecks = createDevChecks(
  {
    startLint: startLintChild,
    lintClean: () => fs.existsSync(path.join(contractCacheDir(), 'lint-clean')),
    report: (message) => logger.error(message),
  },
  DATA_PLUGIN.name,
);
