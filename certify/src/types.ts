/** What the checks of both modes report, and what the outputs (./report.ts) are written from. */
import type {GoLiveRule, RuleMode} from '#core/certify/rules';

/** The exchange that decided a failure, as the report shows it. */
export interface Evidence {
  readonly request: string;
  readonly response: string;
}

export interface CheckResult {
  readonly rule: GoLiveRule;
  readonly passed: boolean;
  /** One sentence: what was seen. */
  readonly detail: string;
  readonly evidence?: Evidence;
}

export interface Timings {
  readonly count: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
}

export interface CertifyReport {
  readonly mode: RuleMode;
  /** The webhook URL, or the sandbox URL the client was pointed at. */
  readonly target: string;
  readonly results: readonly CheckResult[];
  readonly timings?: Timings;
}

export interface Clock {
  /** Milliseconds. */
  now(): number;
}

/** Bad input or a setup problem: the message says what to fix; the tool exits with code 2. */
export class CertifyInputError extends Error {}

export const passed = (report: CertifyReport): boolean => report.results.every((r) => r.passed);
