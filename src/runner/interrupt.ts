// SIGINT and SIGTERM during a run, from its first step to its report: the first signal stops the checks (or keeps
// them from starting), then the run cleans up and reports. A second signal while cleaning up is ignored once
// (cleanup matters on a live target), a third ends the process.
// While the watch lasts, its handler is the only one: vitest installs its own as it starts (they end the process at
// once, which would skip the cleanup), and any listener added meanwhile is removed before a signal can reach it.
export interface InterruptWatch {
  /** The signal received, if any. */
  readonly signal: string | undefined;
  /** Calls `stop` when a signal comes, or at once if one came already. */
  onInterrupt(stop: () => void): void;
  dispose(): void;
}

const signals: (string | symbol)[] = ['SIGINT', 'SIGTERM'];

export function watchInterrupts(out: NodeJS.WriteStream = process.stderr): InterruptWatch {
  let signal: string | undefined;
  let count = 0;
  let stop: (() => void) | undefined;
  const handler = (sig: NodeJS.Signals) => {
    count += 1;
    if (count === 1) {
      signal = sig;
      out.write(
        `\nconformance: ${sig}: stopping the checks, then deleting what the run created and writing the report; a second ${sig} does not stop that, a third ends at once and may leave entities behind\n`,
      );
      stop?.();
    } else if (count === 2) {
      out.write(
        `conformance: ${sig} again: still stopping the checks and deleting what the run created; ${sig} once more ends at once and may leave entities behind\n`,
      );
    } else {
      process.exit(sig === 'SIGTERM' ? 143 : 130);
    }
  };
  // 'newListener' comes before the listener is added; it is taken off in the same turn of the event loop, so no
  // signal is ever dispatched to it.
  const evict = (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (signals.includes(event) && listener !== handler) process.nextTick(() => process.off(event, listener));
  };
  for (const sig of signals) process.removeAllListeners(sig);
  process.on('newListener', evict);
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    get signal() {
      return signal;
    },
    onInterrupt(fn) {
      stop = fn;
      if (signal) fn();
    },
    dispose() {
      process.off('newListener', evict);
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
