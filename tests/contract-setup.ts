/**
 * Vitest global setup: the contract compiled once per run (issue 35). Fills the entry of
 * node/contract/cache.ts (the compiled contract and its changelog) for the files as they
 * are, or finds it filled by the lint or the build of the same files, and hands its folder to the
 * test files (`inject('contractCache')`, read through tests/helpers/contract.ts), which read it in
 * milliseconds instead of bundling, compiling and diffing the contract for seconds each.
 */
import type {TestProject} from 'vitest/node';
import {cachedCompiled, cachedContractSource, contractCacheDir, entryFilled} from '#node/contract/cache';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cache entry of the contract as the run found it (node/contract/cache.ts). */
    contractCache: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const dir = contractCacheDir();
  // The checked contract, once: fills the entry's compiled contract and its changelog (seconds of
  // diffing each file that loads the contract would otherwise repeat); the lint is lint:contract's.
  // A contract that fails a check fails here too: then only the compiled contract is kept, and
  // each test file that loads the contract reports the problem itself, as a failed test.
  // An entry the lint, the build or an earlier run filled is handed on as it is: the files that load
  // the contract run its checks themselves, and running them here first kept every worker waiting
  // (about 5 s of one core before the first test file started).
  if (!entryFilled(dir)) await cachedContractSource({lint: 'skip', dir}).catch(() => cachedCompiled({dir}));
  project.provide('contractCache', dir);
}
