// Runs the suites with vitest, in-process, against one target; returns what the checks found.
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { Reporter } from 'vitest/node';
import { CheckCollector } from '../../reporters/check-collector.ts';
import type { RunSetup } from '../suite/setup.ts';

export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface SuiteRunOptions {
  setup: RunSetup;
  /** Rule ids to run; all when undefined. */
  rules?: Set<string>;
  reporters?: Reporter[];
}

function namePattern(rules: Set<string>): RegExp {
  // Check names start with their rule id and a colon (src/suite/rule.ts).
  return new RegExp(`^(?:${[...rules].map((r) => r.replace(/[-.]/g, '\\$&')).join('|')}): `);
}

export async function runSuites(o: SuiteRunOptions): Promise<CheckCollector> {
  const collector = new CheckCollector();
  const p = o.setup.profile;
  const vitest = await startVitest('test', [], {
    root: packageRoot,
    config: false,
    include: ['suites/**/*.test.ts'],
    watch: false,
    passWithNoTests: true,
    reporters: [collector, ...(o.reporters ?? [])],
    provide: { conformance: o.setup },
    // One worker shares one client (keep-alive, digest nonce) and one record of probes across all suites.
    pool: 'threads',
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    sequence: { concurrent: true },
    maxConcurrency: p.concurrency,
    testTimeout: p.timeouts.ruleMs,
    hookTimeout: p.timeouts.ruleMs,
    ...(o.rules ? { testNamePattern: namePattern(o.rules) } : {}),
  });
  await vitest.close();
  process.exitCode = 0; // vitest sets it on failing checks; the CLI decides the exit code from the report.
  return collector;
}
