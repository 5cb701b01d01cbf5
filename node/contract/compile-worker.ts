/**
 * The contract compiled in a worker thread (cache.ts `compiledInThread`, started there from the
 * bundle node/bundle.ts keeps): bundled, its sandbox compiled and the engine's validators written,
 * seconds of work that the dev server's first start does on the machine's other core while its
 * main thread reads the pages and runs the bundler. The entry is sent back serialised as soon as
 * the dev server has what it uses (`startingEntry`), or the error's message, on which the main
 * thread compiles again and throws the error as it always has; then the published bundle (the one
 * with its `$ref`s kept, which a build's downloads need and the dev server never reads) is made and
 * the whole entry kept in the contract cache (when the files did not change meanwhile).
 */
import v8 from 'node:v8';
import {parentPort, workerData} from 'node:worker_threads';
import {bundleContract} from './load';
import {COMPILED_FILE, keepInEntry, startingEntry, type CompileThreadAnswer, type CompileThreadInput} from './cache';

const port = parentPort;
if (port) {
  const {dir} = workerData as CompileThreadInput;
  const answer = (a: CompileThreadAnswer): void => port.postMessage(a);
  startingEntry().then(
    async (starting) => {
      answer({entry: v8.serialize(starting)});
      // A bundle that fails is not kept: a build that reads the entry makes it again and reports it.
      const bundled = await bundleContract(false).catch(() => undefined);
      if (bundled) keepInEntry(dir, COMPILED_FILE, v8.serialize({...starting, bundled}));
    },
    (e: unknown) => answer({error: e instanceof Error ? e.message : String(e)}),
  );
}
