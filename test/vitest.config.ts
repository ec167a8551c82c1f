// The project's own tests (not the conformance suites, which the CLI runs against a target).
import { defineConfig } from 'vitest/config';
import HeavyFirst from './heavy-first.ts';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/compiled-cli.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    maxWorkers: 3,
    sequence: { sequencer: HeavyFirst },
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
