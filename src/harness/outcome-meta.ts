// What a check reports to the runner through vitest's task metadata.
import type { CheckOutcome, Covered } from '../check-outcome.ts';
import type { Exchange } from '../exchange.ts';
import type { RateState } from '../http/rate-scheduler.ts';

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
