/**
 * The contract compiled in a worker thread (cache.ts `cachedCompiled` with `thread`, started there
 * from the bundle node/bundle.ts keeps): bundled, its sandbox compiled and the engine's validators
 * written, seconds of work that the dev server's first start does on the machine's other core while
 * its main thread reads the pages and runs the bundler. The entry is kept in the contract cache
 * (when the files did not change meanwhile) and sent back serialised, or the error's message, on
 * which the main thread compiles again and throws the error as it always has.
 */
import v8 from 'node:v8';
import {parentPort, workerData} from 'node:worker_threads';
import {COMPILED_FILE, compiledEntry, keepInEntry, type CompileThreadAnswer, type CompileThreadInput} from './cache';

const port = parentPort;
if (port) {
  const {dir} = workerData as CompileThreadInput;
  const answer = (a: CompileThreadAnswer): void => port.postMessage(a);
  compiledEntry().then(
    (compiled) => {
      const entry = v8.serialize(compiled);
      keepInEntry(dir, COMPILED_FILE, entry);
      answer({entry});
    },
    (e: unknown) => answer({error: e instanceof Error ? e.message : String(e)}),
  );
}
