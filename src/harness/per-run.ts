// State a worker keeps for one run (the client, shared probes, generated ids). One vitest session may run the
// suites several times against different targets (the mutation self-test); each run gets fresh state.
import { inject } from 'vitest';
import { confirmationCache, confirming } from './confirm.ts';

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

const made = perRun(() => new Map<string, unknown>());

/** `make()` once per run and key, shared by every check that asks. A check running again to confirm a failure makes
 * it afresh (once per confirmation): it asks the target anew. `afresh: false` keeps the run's value there: for where
 * checks work (a project, a cluster of the run's own), not for what they judge. */
export function once<T>(key: string, make: () => T, { afresh = true } = {}): T {
  if (afresh && confirming()) return confirmationCache(key, make)!;
  const values = made();
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as T;
}
