// SIGINT and SIGTERM during a run: stop the checks, then let the run clean up and report. A second signal
// while cleaning up is ignored once (cleanup matters on a live target), a third ends the process.
export interface InterruptWatch {
  /** The signal received, if any. */
  readonly signal: string | undefined;
  dispose(): void;
}

export function watchInterrupts(onInterrupt: (signal: string) => void, out: NodeJS.WriteStream = process.stderr): InterruptWatch {
  let signal: string | undefined;
  let count = 0;
  const handler = (sig: NodeJS.Signals) => {
    count += 1;
    if (count === 1) {
      signal = sig;
      out.write(`\nconformance: ${sig}: stopping the checks, then deleting what the run created (again to skip cleanup)\n`);
      onInterrupt(sig);
    } else if (count === 2) {
      out.write(`conformance: cleanup in progress; ${sig} once more ends at once and may leave entities behind\n`);
    } else {
      process.exit(sig === 'SIGTERM' ? 143 : 130);
    }
  };
  // Taken over, not shared: vitest's own handlers end the process at once, which would skip the cleanup.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(sig);
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    get signal() {
      return signal;
    },
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
