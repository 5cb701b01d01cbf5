// Types of soak.mjs for the TypeScript tests (tests/unit/bench-soak.test.ts).
export interface SoakFigures {
  requests: number;
  seconds: number;
  p99Ms: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  errors: number;
}
export function percentile(xs: readonly number[], p: number): number;
export function soakLines(f: SoakFigures): string[];
export function soakFigures(opts?: {requests?: number; concurrency?: number}): Promise<SoakFigures>;
