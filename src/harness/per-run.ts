// State a worker keeps for one run (the client, shared probes, generated ids). One vitest session may run the
// suites several times against different targets (the mutation self-test); each run gets fresh state.
import { inject } from 'vitest';

let currentRun = '';
const values = new Map<() => unknown, unknown>();

/** An accessor for a value made once per run, remade when the run changes. */
export function perRun<T>(make: () => T): () => T {
  const accessor = (): T => {
    const runId = inject('conformance').runId;
    if (runId !== currentRun) {
      for (const v of values.values()) void (v as { close?: () => Promise<void> })?.close?.();
      values.clear();
      currentRun = runId;
    }
    if (!values.has(accessor)) values.set(accessor, make());
    return values.get(accessor) as T;
  };
  return accessor;
}
