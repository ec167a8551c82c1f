// Carries the rate scheduler's knowledge from the worker to the runner: a setup file of every suite file, whose
// afterAll puts the run's counts, clock and numbers so far in the file's task meta (the last file's are the run's).
// The runner's cleanup continues from them, so that its requests are paced with the checks' in mind. The file ends
// only once its checks have settled, also those an interrupt stopped: none sends anything after it.
import { afterAll } from 'vitest';
import { checksSettled } from './running-checks.ts';
import { target } from './run-target.ts';

// biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's first parameter as a fixture pattern, which must destructure.
afterAll(async ({}, file) => {
  await checksSettled();
  const state = target().client.options.scheduler?.state();
  if (state) file.meta.rateState = state;
});
