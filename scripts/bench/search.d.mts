// Types of search.mjs for the TypeScript tests (tests/e2e/budget.spec.ts, tests/e2e/search.spec.ts).
import type {Browser} from 'playwright-core';

export const READER_QUERIES: readonly {query: string; expect: string | RegExp}[];
export const FIRST_QUERIES: readonly string[];
export interface FirstQuery {
  query: string;
  keyDelayMs: number;
  raw: number;
  gzip: number;
  files: {url: string; raw: number; gzip: number}[];
}
export function firstQueryBytes(
  browser: Browser,
  origin: string,
  pagePath: string,
  query: string,
  keyDelayMs?: number,
): Promise<FirstQuery>;
export function queryQuality(
  browser: Browser,
  origin: string,
  queries?: typeof READER_QUERIES,
): Promise<{
  medianLatencyMs: number | null;
  queries: {query: string; opened: string; ok: boolean; top: string[]; latencyMs: number; excerptsMs: number}[];
}>;
