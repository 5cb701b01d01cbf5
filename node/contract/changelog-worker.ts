/**
 * The changelog made in a worker thread (`startChangelog` in ./changelog.ts starts it, bundled by
 * esbuild: node/bundle.ts). It reads and compares the published releases at once (`warmChangelog`),
 * while the main thread compiles the contract, then makes the changelog of the contract it is sent
 * (`loadChangelog`) and answers with it, or with the error that stopped it.
 */
import {parentPort, workerData} from 'node:worker_threads';
import {ChangelogError} from '#core/changelog/changelog';
import {loadChangelog, warmChangelog, type ChangelogThreadAnswer, type ChangelogThreadInput} from './changelog';

const port = parentPort;
if (port) {
  const input = workerData as ChangelogThreadInput;
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
