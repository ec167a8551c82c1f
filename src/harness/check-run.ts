// The check a piece of code runs for, as one record the harness fills in as the check starts: vitest's signal for it
// joined with its time limit (running-checks.ts), its evidence (evidence.ts), its time paced under the rate limit
// (paced-time.ts), and, while it runs again to confirm a failure, what that run makes afresh (confirm.ts). Work that
// several checks share runs for the check that began it. What the check judged is counted in its tally (coverage.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../exchange.ts';

/** The exchanges kept as a check's evidence (evidence.ts), and how many it made. */
export interface EvidenceLog {
  exchanges: Exchange[];
  count: number;
}

/** The time a check's requests wait for their turn under the rate limit (paced-time.ts). */
export interface Pacing {
  begin(): void;
  end(): void;
}

export interface CheckRun {
  signal?: AbortSignal;
  pacing?: Pacing;
  evidence?: EvidenceLog;
  /** Present while the check runs again to confirm a failure. */
  confirmation?: Map<unknown, unknown>;
}

const current = new AsyncLocalStorage<CheckRun>();

/** The check this code runs for, if any. */
export const runningCheck = (): CheckRun | undefined => current.getStore();

/** Begins a check: `fn` runs for it, with a record of its own. */
export function beginCheck<T>(run: CheckRun, fn: () => T): T {
  return current.run(run, fn);
}

/** Runs `fn` for the current check with `part` of its record set anew. */
export function withCheckRun<T>(part: CheckRun, fn: () => T): T {
  return current.run({ ...current.getStore(), ...part }, fn);
}
