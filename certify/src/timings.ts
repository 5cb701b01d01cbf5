/** Answer-time percentiles for the webhook report. */
import type {Timings} from './types';

/** The nearest-rank percentile `p` (0-100) of `values`; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

export const timingsOf = (values: readonly number[]): Timings => ({
  count: values.length,
  p50Ms: Math.round(percentile(values, 50)),
  p95Ms: Math.round(percentile(values, 95)),
});
