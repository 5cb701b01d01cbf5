// Types of soak.mjs for the TypeScript tests (tests/unit/bench-soak.test.ts).
export interface SoakFigures {
  requests: number;
  seconds: number;
  p99Ms: number;
  rssBeforeMb: number;
  /** RSS after every SAMPLE_EVERY requests, with the seconds since the run began. */
  rssSamples: {mb: number; atSeconds: number}[];
  errors: number;
}
export const SAMPLE_EVERY: number;
export const PLATEAU_TOLERANCE_MB: number;
export const WINDOW_SECONDS: number;
export const DEFAULT_SECONDS: number;
export function plateauOf(samples: readonly {mb: number; atSeconds: number}[]): {
  plateau: boolean | undefined;
  growthMb: number;
  after: number;
};
export function headersOf(n: number): Promise<Record<string, string>>;
export function requestOf(n: number): {method: string; path: string; body: string | undefined; expect: number};
export function percentile(xs: readonly number[], p: number): number;
export function soakLines(f: SoakFigures): string[];
export function soakFigures(opts?: {
  requests?: number;
  seconds?: number;
  concurrency?: number;
  port?: number;
}): Promise<SoakFigures>;
