/**
 * Vitest global setup: the contract compiled once per run (issue 35). Fills the entry of
 * plugins/api-contract/cache.ts for the files as they are (or finds it filled by the lint or the
 * build of the same files) and hands its folder to the test files (`inject('contractCache')`,
 * read through tests/helpers/contract.ts), which read it in milliseconds instead of bundling and
 * compiling the contract for seconds each.
 */
import type {TestProject} from 'vitest/node';
import {cachedCompiled, contractCacheDir} from '../plugins/api-contract/cache';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cache entry of the contract as the run found it (plugins/api-contract/cache.ts). */
    contractCache: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const dir = contractCacheDir();
  await cachedCompiled({dir});
  project.provide('contractCache', dir);
}
