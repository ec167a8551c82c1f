// A check that fails is run once more before the failure is reported. A failure that repeats is confirmed; one that
// does not (the second run passes, is skipped or cannot judge) came from a target that answers inconsistently: an
// error (flaky), never a pass. The second run asks the target afresh: the probes several checks share and the crawl
// are made again for it, and what it creates gets names of its own (a leftover of the first run cannot collide).
import { AsyncLocalStorage } from 'node:async_hooks';
import { RuleFailure, RuleSkipped, TargetError } from '../outcome.ts';

/** Present while a check runs again; holds what that run made afresh instead of reading the run's caches. */
const confirmation = new AsyncLocalStorage<Map<unknown, unknown>>();

/** Whether the current check is running again to confirm a failure. */
export function confirming(): boolean {
  return confirmation.getStore() !== undefined;
}

/** During a confirmation, `make()` once per confirmation and key; otherwise undefined (the caller uses its cache). */
export function confirmationCache<T>(key: unknown, make: () => T): T | undefined {
  const made = confirmation.getStore();
  if (!made) return undefined;
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

export interface Confirmed {
  /** What the check ended with: the first failure when confirmed, a flaky target error when not. */
  error?: unknown;
  /** For a failure: whether running it again failed again. */
  confirmed?: boolean;
}

/** Runs a check, and a failing one once more. */
export async function runConfirmed(run: () => Promise<void>): Promise<Confirmed> {
  try {
    await run();
    return {};
  } catch (first) {
    if (!(first instanceof RuleFailure)) return { error: first };
    let again: unknown;
    try {
      await confirmation.run(new Map(), run);
    } catch (e) {
      again = e;
    }
    if (again instanceof RuleFailure) return { error: first, confirmed: true };
    const then =
      again === undefined
        ? 'passed'
        : again instanceof RuleSkipped
          ? `was skipped (${again.message})`
          : `could not be judged (${(again as Error).message})`;
    return {
      error: new TargetError(
        'flaky',
        `failed, then ${then} when run again; the failure was: ${first.message}`,
        first.details.exchange,
      ),
      confirmed: false,
    };
  }
}
