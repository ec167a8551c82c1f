// Carries the rate scheduler's numbers from the worker to the runner: a setup file of every suite file, whose
// afterAll puts the run's numbers so far in the file's task meta (the last file's are the run's).
import { afterAll } from 'vitest';
import { target } from './target.ts';

// vitest reads the first parameter of a hook as a fixture pattern: it must be a destructuring one.
afterAll(({}, file) => {
  const usage = target().client.options.scheduler?.report();
  if (usage) file.meta.rateLimit = usage;
});
