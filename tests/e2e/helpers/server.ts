/**
 * Vitest globalSetup for the end-to-end tests: serves the static build with the production
 * nginx config (scripts/serve-build.sh) for the whole run, and stops it afterwards.
 *
 * Tests read the address with `baseUrl()` from ./http (provided to the test workers, and set
 * as E2E_BASE_URL for anything they spawn).
 */
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {TestProject} from 'vitest/node';
import {buildDir, port, serveScript, systemDepsScript} from './paths';

function run(args: readonly string[]): string {
  // stderr goes straight to the terminal so nginx's own complaints are seen as they are.
  return execFileSync('bash', args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit']});
}

export default function setup(project: TestProject): () => void {
  // A fresh machine has neither; this is a no-op when both are installed.
  run([systemDepsScript]);

  if (!existsSync(join(buildDir, 'index.html'))) {
    throw new Error(
      `e2e: no site build at ${buildDir} (no index.html): run npm run build first` +
        ' (or point E2E_BUILD_DIR at a build).',
    );
  }

  const output = run([serveScript, buildDir, String(port)]).trim();
  const url = output.split('\n').at(-1) ?? '';
  if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(url)) {
    throw new Error(`e2e: serve-build.sh printed no URL:\n${output}`);
  }
  const base = url.replace(/\/$/, '');
  project.provide('e2eBaseUrl', base);
  process.env.E2E_BASE_URL = base;

  return () => {
    run([serveScript, '--stop', String(port)]);
  };
}
