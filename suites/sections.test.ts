// Every section's checks but the rate-limit bursts (8, run before, alone) as one vitest file, so that they run
// concurrently: requests to different projects draw on different rate budgets (spec 8), and waits for the network
// overlap across sections. Each section keeps its file; the runner has vitest evaluate them afresh for each run of
// a session (src/runner/suite-session.ts), as it does with a test file itself.
import { sectionFiles } from '../src/runner/section-files.ts';

for (const file of sectionFiles()) await import(/* @vite-ignore */ `./${file}`);
