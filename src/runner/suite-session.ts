// Runs the suites with vitest, in-process. One session can run them several times (against different
// targets, with different rule filters) without paying vitest's start-up again.
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, createVitest, type Reporter, type TestSpecification, type Vitest } from 'vitest/node';
import { allureReporter } from './allure-reporter.ts';
import { CheckCollector } from './check-collector.ts';
import type { RateState } from '../http/rate-scheduler.ts';
import type { CheckResult } from '../report/report.ts';
import type { RunSetup } from '../target/run-setup.ts';
import {
  exchangesFile,
  filesOfRules,
  limitsFile,
  sectionFiles,
  sectionsFile,
  sourceExtension,
  suitesDir,
} from './section-files.ts';

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
  /** The rate scheduler's knowledge (counts per window, the target's clock, its numbers), from the worker. */
  rateState?: RateState;
}

/** The rate-limit suite runs first: its bursts need windows in which the projects have spent nothing, as every
 * project has at the start of a run (spec 8); the other suites then use the windows the bursts left. The exchange
 * rules run last, over every answer the others received. */
class RateLimitSuiteFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const is = (name: string) => (f: TestSpecification) => f.moduleId.endsWith(`/suites/${name}`);
    const [first, last] = [is(limitsFile), is(exchangesFile)];
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f) && !last(f)), ...sorted.filter(last)];
  }
}

function namePattern(rules: Set<string>): RegExp {
  // Check names start with their rule id and a colon (src/harness/check.ts); vitest matches the full name, which puts
  // the names of the groups a check is in (describe, without colons) before it.
  return new RegExp(`^(?:[^:]* )?(?:${[...rules].map((r) => r.replace(/[-.]/g, '\\$&')).join('|')}): `);
}

/** A stop that holds: vitest forgets a cancel that comes while it starts a run (it clears its cancel listeners then),
 * so the stop is sent again as each suite file starts. */
class Stop implements Reporter {
  requested = false;
  vitest: Vitest | undefined;

  send(): void {
    this.requested = true;
    void this.vitest?.cancelCurrentRun('keyboard-input').catch(() => undefined);
  }

  onTestModuleCollected(): void {
    if (this.requested) this.send();
  }
}

export class SuiteSession {
  private closed = false;

  private constructor(
    private readonly vitest: Vitest,
    private readonly collector: CheckCollector,
    private readonly stop: Stop,
    private readonly specs: TestSpecification[],
  ) {}

  static async open(o: SessionOptions): Promise<SuiteSession> {
    const collector = new CheckCollector();
    const stop = new Stop();
    const vitest = await createVitest('test', {
      root: packageRoot,
      config: false,
      include: [`suites/${limitsFile}`, `suites/${sectionsFile}`, `suites/${exchangesFile}`],
      setupFiles: [fileURLToPath(new URL(`../harness/rate-report${sourceExtension}`, import.meta.url))],
      watch: false,
      passWithNoTests: true,
      reporters: [
        collector,
        stop,
        ...(o.allure ? [allureReporter(o.allure.resultsDir, o.allure.environment)] : []),
        ...(o.reporters ?? []),
      ],
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
    // Checks report to Allure only when its reporter listens (src/harness/allure-check.ts).
    vitest.provide('allure', o.allure !== undefined);
    stop.vitest = vitest;
    return new SuiteSession(vitest, collector, stop, await vitest.globTestSpecifications());
  }

  /** Runs the suites (only the checks of `rules`, when given) against the target of `setup`. */
  async run(setup: RunSetup, rules?: Set<string>): Promise<SuiteRun> {
    this.collector.reset();
    this.stop.requested = false;
    this.vitest.provide('conformance', setup);
    if (rules) this.vitest.setGlobalTestNamePattern(namePattern(rules));
    else this.vitest.resetGlobalTestNamePattern();
    // Only the files that hold checks of the selected rules are evaluated: a file's checks that the name pattern
    // leaves out would cost its evaluation and nothing else.
    const files = rules ? filesOfRules(rules) : new Set([limitsFile, ...sectionFiles(), exchangesFile]);
    const sections = sectionFiles().filter((f) => files.has(f));
    this.vitest.provide('sections', sections);
    if (sections.length > 0) files.add(sectionsFile);
    // The section files are modules that suites/sections.test.ts imports: evaluated afresh, their checks register
    // with this run.
    for (const file of sections) this.vitest.watcher.invalidates.add(join(suitesDir, file));
    try {
      await this.vitest.runTestSpecifications(
        this.specs.filter((s) => files.has(basename(s.moduleId))),
        true,
      );
    } catch (e) {
      // A stopped run may end with vitest's own cancellation error; what the checks did is collected all the same.
      if (!this.stop.requested) throw e;
    }
    process.exitCode = 0; // vitest sets it on failing checks; the caller decides the exit code from the report.
    return {
      // A stopped run reports the checks it never reached as interrupted.
      checks: [...this.collector.checks, ...(this.stop.requested ? this.collector.interruptedChecks() : [])],
      runErrors: [...this.collector.runErrors],
      rateState: this.collector.rateState,
    };
  }

  /** Stops the current run (an interrupt): checks in flight end, none start. */
  cancel(): void {
    if (!this.closed) this.stop.send();
  }

  close(): Promise<void> {
    this.closed = true;
    return this.vitest.close();
  }
}
