// Runs the suites with vitest, in-process. One session can run them several times (against different
// targets, with different rule filters) without paying vitest's start-up again.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, createVitest, type Reporter, type TestSpecification, type Vitest } from 'vitest/node';
import { allureReporter } from '../../reporters/allure.ts';
import { CheckCollector } from '../../reporters/check-collector.ts';
import type { RateLimitUsage } from '../http/rate-usage.ts';
import type { CheckResult } from '../report/report.ts';
import type { RunSetup } from '../suite/setup.ts';
import { limitsFile, sectionFiles, sectionsFile, sourceExtension, suitesDir } from './section-files.ts';

export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Checks in flight per request in flight: a check spends most of its time waiting (for its own earlier answers, a
 * rate window, a quiet period), so more checks than connections keep the connections busy. */
const checksPerRequestSlot = 4;

export interface SessionOptions {
  /** Requests in flight at once (the profile's `concurrency`, the client's connections to the target). */
  concurrency: number;
  /** Time limit of one check. */
  checkTimeoutMs: number;
  reporters?: Reporter[];
  /** Allure results of the checks go to this directory (emptied first), with these environment facts. */
  allure?: { resultsDir: string; environment: Record<string, string> };
}

export interface SuiteRun {
  checks: CheckResult[];
  runErrors: string[];
  /** The rate scheduler's numbers (requests, windows and waiting per project), from the worker. */
  rateLimit?: RateLimitUsage;
}

/** The rate-limit suite runs first: its bursts need windows in which the projects have spent nothing, as every
 * project has at the start of a run (spec 8); the other suites then use the windows the bursts left. */
class RateLimitSuiteFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => f.moduleId.endsWith(`/suites/${limitsFile}`);
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f))];
  }
}

function namePattern(rules: Set<string>): RegExp {
  // Check names start with their rule id and a colon (src/suite/rule.ts).
  return new RegExp(`^(?:${[...rules].map((r) => r.replace(/[-.]/g, '\\$&')).join('|')}): `);
}

export class SuiteSession {
  private constructor(
    private readonly vitest: Vitest,
    private readonly collector: CheckCollector,
    private readonly specs: TestSpecification[],
  ) {}

  static async open(o: SessionOptions): Promise<SuiteSession> {
    const collector = new CheckCollector();
    const vitest = await createVitest('test', {
      root: packageRoot,
      config: false,
      include: [`suites/${limitsFile}`, `suites/${sectionsFile}`],
      setupFiles: [fileURLToPath(new URL(`../suite/rate-report${sourceExtension}`, import.meta.url))],
      watch: false,
      passWithNoTests: true,
      reporters: [collector, ...(o.allure ? [allureReporter(o.allure.resultsDir, o.allure.environment)] : []), ...(o.reporters ?? [])],
      // One worker shares one client (keep-alive, digest nonce) and one record of probes across all suites.
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      fileParallelism: false,
      sequence: { concurrent: true, sequencer: RateLimitSuiteFirst },
      maxConcurrency: o.concurrency * checksPerRequestSlot,
      testTimeout: o.checkTimeoutMs,
      hookTimeout: o.checkTimeoutMs,
    });
    await vitest.standalone();
    // Checks report to Allure only when its reporter listens (src/suite/allure-check.ts).
    vitest.provide('allure', o.allure !== undefined);
    return new SuiteSession(vitest, collector, await vitest.globTestSpecifications());
  }

  /** Runs the suites (only the checks of `rules`, when given) against the target of `setup`. */
  async run(setup: RunSetup, rules?: Set<string>): Promise<SuiteRun> {
    this.collector.reset();
    this.vitest.provide('conformance', setup);
    if (rules) this.vitest.setGlobalTestNamePattern(namePattern(rules));
    else this.vitest.resetGlobalTestNamePattern();
    // The section files are modules that suites/sections.test.ts imports: evaluated afresh, their checks register
    // with this run.
    for (const file of sectionFiles()) this.vitest.watcher.invalidates.add(join(suitesDir, file));
    await this.vitest.runTestSpecifications(this.specs, true);
    process.exitCode = 0; // vitest sets it on failing checks; the caller decides the exit code from the report.
    return { checks: [...this.collector.checks], runErrors: [...this.collector.runErrors], rateLimit: this.collector.rateLimit };
  }

  /** Stops the current run (an interrupt): checks in flight end, none start. */
  cancel(): Promise<void> {
    return this.vitest.cancelCurrentRun('keyboard-input');
  }

  close(): Promise<void> {
    return this.vitest.close();
  }
}
