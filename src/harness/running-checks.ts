// The checks in flight in this worker. Each runs with vitest's signal for it, which ends the check early (an
// interrupt, its time limit); from then on the check sends no further request, while one already sent is awaited (a
// create's answer says what it made, for the journal). A suite file ends only once its checks have settled, so that
// the runner's cleanup comes after every request they sent and knows them all (src/harness/rate-report.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';

const current = new AsyncLocalStorage<AbortSignal>();
const running = new Set<Promise<unknown>>();

/** Runs a check with its signal. */
export function runCheck<T>(signal: AbortSignal, check: () => Promise<T>): Promise<T> {
  // A check may wait on many requests at once under its one signal (a burst of the rate-limit rules): no leak.
  setMaxListeners(0, signal);
  const run = current.run(signal, check);
  running.add(run);
  const settled = () => void running.delete(run);
  run.then(settled, settled);
  return run;
}

/** vitest's signal for the check this code runs for, if any (shared work runs for the check that began it). */
export function checkSignal(): AbortSignal | undefined {
  return current.getStore();
}

/** Resolves once every check in flight has settled, also those vitest stopped waiting for. */
export async function checksSettled(): Promise<void> {
  await Promise.allSettled([...running]);
}
