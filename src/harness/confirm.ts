// A check that fails is run once more before the failure is reported. A failure that repeats is confirmed; one that
// does not (the second run passes, is skipped or cannot judge) came from a target that answers inconsistently: an
// error (flaky), never a pass. The second run asks the target afresh: the probes several checks share and the crawl
// are made again for it, and what it creates gets names of its own (a leftover of the first run cannot collide).
// A failure is the target's when the violation repeats, not the bytes: the second run may read another answer to
// the same request, for the target's state moved on between the runs (a list after more deletes, an alert updated),
// and fail all the same. But a failure judged on an answer with the marks of a fault of the transport (a 5xx, a body
// that is not JSON, JSON of the wrong type: src/http/fault-signature.ts) stands only when the second run failed on
// the same request with the same mark: a fault does not become a failure, and the target is not blamed for it.
import type { Exchange } from '../exchange.ts';
import { type FaultSignature, faultSignature } from '../http/fault-signature.ts';
import { RuleFailure, RuleSkipped, TargetError } from '../outcome.ts';
import { runningCheck, withCheckRun } from './check-run.ts';

/** Whether the current check is running again to confirm a failure. */
export function confirming(): boolean {
  return runningCheck()?.confirmation !== undefined;
}

/** During a confirmation, `make()` once per confirmation and key; otherwise undefined (the caller uses its cache). */
export function confirmationCache<T>(key: unknown, make: () => T): T | undefined {
  const made = runningCheck()?.confirmation;
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

/** The mark of a fault on the answer either run's failure was judged on (`first`, `again`), unless both runs failed on
 * the same request (method and URL) with the same mark: a mark that repeats is the target's answer, not a fault. */
function unrepeatedFault(first: Exchange | undefined, again: Exchange | undefined): FaultSignature | undefined {
  const [a, b] = [faultSignature(first), faultSignature(again)];
  if (!a && !b) return undefined;
  const repeated =
    a?.what === b?.what && first!.request.method === again!.request.method && first!.request.url === again!.request.url;
  return repeated ? undefined : (a ?? b);
}

/** Runs a check, and a failing one once more (`run(true)`). */
export async function runConfirmed(run: (confirming: boolean) => Promise<void>): Promise<Confirmed> {
  try {
    await run(false);
    return {};
  } catch (first) {
    if (!(first instanceof RuleFailure)) return { error: first };
    let again: unknown;
    try {
      await withCheckRun({ confirmation: new Map() }, () => run(true));
    } catch (e) {
      again = e;
    }
    if (again instanceof RuleFailure) {
      const fault = unrepeatedFault(first.details.exchange, again.details.exchange);
      if (!fault) return { error: first, confirmed: true };
      return {
        error: new TargetError(
          fault.cause,
          `failed on an answer with the mark of a fault of the transport (${fault.what}), which the check's second run did not fail on alike (${again.message}): never a failure of the target; the failure was: ${first.message}`,
          first.details.exchange,
        ),
        confirmed: false,
      };
    }
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
