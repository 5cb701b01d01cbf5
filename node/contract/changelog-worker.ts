/**
 * The changelog made in a worker thread (`startChangelog` in ./changelog.ts starts it, bundled by
 * esbuild: node/bundle.ts). It reads and compares the published releases at once (`warmChangelog`),
 * while the main thread compiles the contract, then makes the changelog of the contract it is sent
 * (`loadChangelog`) and answers with it, or with the error that stopped it.
 */
import fs from 'node:fs';
import os from 'node:os';
import {parentPort, workerData} from 'node:worker_threads';
import {ChangelogError} from '#core/changelog/changelog';
import {loadChangelog, warmChangelog, type ChangelogThreadAnswer, type ChangelogThreadInput} from './changelog';

/**
 * This thread at the lowest CPU priority. On Linux each thread has its own nice value, set through
 * its thread id (/proc/thread-self names it); elsewhere the thread keeps the process's priority.
 */
function lowestPriority(): void {
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
  } catch {
    // Not Linux, or not allowed: the changelog is only made at the same priority as the rest.
  }
}

const port = parentPort;
if (port) {
  const input = workerData as ChangelogThreadInput;
  if (input.background) lowestPriority();
  const warmed = warmChangelog(input.siteVersion, input.releasesDir).catch(() => undefined);
  port.once('message', (current: unknown) => {
    const answer = (a: ChangelogThreadAnswer): void => port.postMessage(a);
    warmed
      .then(() => loadChangelog({...input, current, pages: new Map()}))
      .then(
        (releases) => answer({releases}),
        (e: unknown) =>
          answer({
            error: {
              message: e instanceof Error ? e.message : String(e),
              stack: e instanceof Error ? e.stack : undefined,
              changelog: e instanceof ChangelogError,
            },
          }),
      );
  });
}
