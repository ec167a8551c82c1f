// What a check reports to the runner through vitest's task metadata.
import type { Exchange } from '../http/exchange.ts';
import type { RateState } from '../http/rate-scheduler.ts';
import type { Status } from '../outcome.ts';
import type { Covered } from './coverage.ts';

export interface CheckOutcome {
  status: Exclude<Status, 'untested'>;
  reason?: string;
  /** For a failure: what the rule expects and what the target did. */
  expected?: unknown;
  actual?: unknown;
  counterexample?: unknown;
  /** For an error: what went wrong (timeout, reset, invalid-json, tls, ...). */
  cause?: string;
  /** The exchange that shows the failure or error, and a curl line that reproduces it. */
  exchange?: Exchange;
  curl?: string;
  /** For a failure, and an error that began as one: whether the check failed again when run once more. */
  confirmed?: boolean;
  /** For a skip: the profile field that explains it. */
  fact?: string;
  /** What the check judged, in one line ("42 entities on 17 paths"). */
  coverage?: string;
}

export interface CheckMeta {
  rule: string;
  outcome?: CheckOutcome;
  evidence?: Exchange[];
  requests?: number;
  /** What the check judged, per kind. */
  coverage?: Covered[];
}

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: CheckMeta;
    /** On a suite file: the rate scheduler's knowledge of the run so far (src/harness/rate-report.ts). */
    rateState?: RateState;
  }
}
