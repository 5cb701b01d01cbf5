/**
 * The contract for the tests, from the run's cache entry (tests/contract-setup.ts): what
 * `bundleContract`, `compileSandbox`, `writeSandbox` and `loadContract` give, without doing the work
 * again in every file. Each call parses the entry anew, so a test may change what it gets.
 */
import {inject} from 'vitest';
import {cachedCompiled, cachedContractSource, writeCachedSandbox, type CachedCompiled} from '#node/contract/cache';
import {assertPageIdsKnown, withPages, type ContractSource, type LoadedContract} from '#node/contract/load';

/** The bundled and dereferenced contract, its response codes and the compiled sandbox. */
export const compiledContract = (): Promise<CachedCompiled> => cachedCompiled({dir: inject('contractCache')});

/** `loadContractSource()`: the checked contract (the lint is `npm run lint:contract`'s). */
export const contractSource = (): Promise<ContractSource> =>
  cachedContractSource({lint: 'skip', dir: inject('contractCache')});

/** `loadContract()`: the pages' ids checked first, then the contract with the pages that show it. */
export async function loadedContract(): Promise<LoadedContract> {
  const uses = assertPageIdsKnown();
  return withPages(await contractSource(), uses);
}

/** The compiled contract, with the sandbox engine's files written into `dir` (what `writeSandbox` writes). */
export async function writtenSandbox(dir: string): Promise<CachedCompiled> {
  const compiled = await compiledContract();
  writeCachedSandbox(dir, compiled);
  return compiled;
}
