// Types of bytes.mjs for the TypeScript budget test (tests/e2e/budget.spec.ts).
import type {Browser} from 'playwright-core';

export interface Asset {
  url: string;
  type: string;
  raw: number;
  gzip: number;
}
export interface PageBytes {
  path: string;
  raw: number;
  gzip: number;
  assets: Asset[];
}
export function firstVisitBytes(browser: Browser, origin: string, pagePath: string): Promise<PageBytes>;
export function heaviestPage(
  browser: Browser,
  origin: string,
  buildDir: string,
  dir: string,
): Promise<{heaviest: PageBytes; measured: {path: string; gzip: number}[]}>;
