// The checks in flight in this worker. Each runs with vitest's signal for it (an interrupt) and its own time limit,
// either of which ends the check early; from then on the check sends no further request, while one already sent is awaited (a
// create's answer says what it made, for the journal). A suite file ends only once its checks have settled, so that
// the runner's cleanup comes after every request they sent and knows them all (src/harness/rate-report.ts).
import { setMaxListeners } from 'node:events';
import { TargetError } from '../outcome.ts';
import { beginCheck, runningCheck } from './check-run.ts';
import { PacedTime } from './paced-time.ts';

const running = new Set<Promise<unknown>>();

/** How often a running check's time is looked at. */
const watchMs = 250;

/** Runs a check with vitest's signal for it, and ends it with a timeout error once it has run `limitMs`, leaving out
 * the time its requests waited for their turn under the rate limit (that is pacing, not the target's slowness). */
export function runCheck<T>(
  signal: AbortSignal,
  limitMs: number,
  check: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const pacing = new PacedTime();
  const limit = new AbortController();
  const both = AbortSignal.any([signal, limit.signal]);
  // A check may wait on many requests at once under its one signal (a burst of the rate-limit rules): no leak.
  setMaxListeners(0, signal, limit.signal, both);
  const run = beginCheck({ signal: both, pacing }, () => check(both));
  running.add(run);
  const startedAt = Date.now();
  const watch = setInterval(() => {
    const spentMs = Date.now() - startedAt - pacing.ms();
    if (spentMs <= limitMs) return;
    const paced = Math.round(pacing.ms() / 1000);
    limit.abort(
      new TargetError(
        'timeout',
        `the check ran more than ${Math.round(limitMs / 1000)} s, besides ${paced} s waiting for its turn under the rate limit`,
      ),
    );
  }, watchMs);
  const settled = () => {
    clearInterval(watch);
    running.delete(run);
  };
  run.then(settled, settled);
  const stopped = new Promise<never>((_, reject) =>
    both.addEventListener('abort', () => reject(both.reason), { once: true }),
  );
  return Promise.race([run, stopped]);
}

/** vitest's signal for the check this code runs for, if any (shared work runs for the check that began it). */
export function checkSignal(): AbortSignal | undefined {
  return runningCheck()?.signal;
}

/** Resolves once every check in flight has settled, also those vitest stopped waiting for. */
export async function checksSettled(): Promise<void> {
  await Promise.allSettled([...running]);
}
