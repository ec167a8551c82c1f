// Every section's checks but the rate-limit bursts (8, run before, alone) as one vitest file, so that they run
// concurrently: requests to different projects draw on different rate budgets (spec 8), and waits for the network
// overlap across sections. Each section keeps its file; the runner names the ones that hold the selected rules and
// has vitest evaluate them afresh for each run of a session (src/runner/suite-session.ts), as it does with a test
// file itself.
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names (in suites/) of the section files this run evaluates. */
    sections: string[];
  }
}

for (const file of inject('sections')) await import(/* @vite-ignore */ `./${file}`);
