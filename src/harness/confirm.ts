// A check that fails is run once more before the failure is reported. A failure that repeats is confirmed; one that
// does not (the second run passes, is skipped or cannot judge) came from a target that answers inconsistently: an
// error (flaky), never a pass. The second run asks the target afresh: the probes several checks share and the crawl
// are made again for it, and what it creates gets names of its own (a leftover of the first run cannot collide).
// A failure is judged only on a reading that repeats: when the second run read the request the first failure was
// judged on and got another answer, and does not fail the same way, the first answer was a fault of the transport
// (src/target/readings.ts): an error naming it, never a failure.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../http/exchange.ts';
import { RuleFailure, RuleSkipped, TargetError } from '../outcome.ts';
import { Readings, readingOf, sameReading, withReadings } from '../target/readings.ts';

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

/** Whether `exchange`, a reading one run of the check failed on, was read in the other run (`readings`) with only
 * other answers. */
function readOtherwise(exchange: Exchange | undefined, readings: Readings): boolean {
  const failedOn = readingOf(exchange);
  if (!failedOn) return false;
  const again = readings.of(exchange!);
  return again.length > 0 && !again.some((r) => sameReading(r, failedOn));
}

/** Runs a check, and a failing one once more. */
export async function runConfirmed(run: () => Promise<void>): Promise<Confirmed> {
  const firstReadings = new Readings();
  try {
    await withReadings(firstReadings, run);
    return {};
  } catch (first) {
    if (!(first instanceof RuleFailure)) return { error: first };
    const readings = new Readings();
    let again: unknown;
    try {
      await confirmation.run(new Map(), () => withReadings(readings, run));
    } catch (e) {
      again = e;
    }
    if (again instanceof RuleFailure) {
      const exchange = first.details.exchange;
      const unrepeated =
        again.message !== first.message &&
        (readOtherwise(exchange, readings) || readOtherwise(again.details.exchange, firstReadings));
      if (!unrepeated) return { error: first, confirmed: true };
      return {
        error: new TargetError(
          'unrepeated-reading',
          `failed on an answer that the same request, read again when the check ran again, did not repeat (${again.message}): a fault of the transport, not a judgement; the failure was: ${first.message}`,
          exchange,
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
