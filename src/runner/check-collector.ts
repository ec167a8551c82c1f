// A vitest reporter that turns finished tests into check results, reading what each check put in its meta.
// Tests without an outcome (vitest's own timeout, a crash) become errors; suite files that fail to load are run errors.
// Checks collected to run that report no outcome stay listed, for a stopped run to report them interrupted.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckOutcome } from '../check-outcome.ts';
import '../harness/outcome-meta.ts';
import type { RateState } from '../http/rate-scheduler.ts';
import type { CheckResult } from '../report/report.ts';

export class CheckCollector implements Reporter {
  checks: CheckResult[] = [];
  runErrors: string[] = [];
  /** The rate scheduler's knowledge, as the latest suite file to end reported it. */
  rateState: RateState | undefined;
  /** Checks collected to run that have not reported an outcome, by vitest's id: their rule and name. */
  private readonly unreached = new Map<string, { rule: string; name: string }>();

  reset(): void {
    this.unreached.clear();
    this.checks = [];
    this.runErrors = [];
    this.rateState = undefined;
  }

  onTestModuleCollected(testModule: TestModule): void {
    for (const t of testModule.children.allTests()) {
      // Checks a rule filter left out are collected as skipped: they were never to run.
      if (t.options.mode === 'skip') continue;
      const rule = t.name.slice(0, t.name.indexOf(': '));
      this.unreached.set(t.id, { rule, name: t.name.slice(rule.length + 2) });
    }
  }

  /** The checks that were to run and reported nothing, each interrupted (the run was stopped before they ended). */
  interruptedChecks(): CheckResult[] {
    const outcome: CheckOutcome = {
      status: 'interrupted',
      reason: 'the run was interrupted before this check ended',
    };
    return [...this.unreached.values()].map((c) => ({
      ...c,
      ...outcome,
      evidence: [],
      requests: 0,
      startedAt: new Date().toISOString(),
      durationMs: 0,
    }));
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance;
    if (!meta) return;
    this.unreached.delete(testCase.id);
    const result = testCase.result();
    const outcome = meta.outcome ?? {
      status: 'error' as const,
      cause: /timed out/i.test(result.errors?.[0]?.message ?? '') ? 'timeout' : 'suite',
      reason: result.errors?.[0]?.message ?? 'the check did not finish',
    };
    const { exchange, ...judged } = outcome;
    const evidence = meta.evidence ?? [];
    this.checks.push({
      rule: meta.rule,
      name: testCase.name.slice(meta.rule.length + 2),
      ...judged,
      // The exchange that decided a failure or error comes first.
      evidence: exchange
        ? [
            exchange,
            ...evidence.filter((e) => e.startedAt !== exchange.startedAt || e.request.url !== exchange.request.url),
          ]
        : evidence,
      requests: meta.requests ?? 0,
      ...(meta.coverage?.length ? { covered: meta.coverage } : {}),
      startedAt: new Date(testCase.diagnostic()?.startTime ?? Date.now()).toISOString(),
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
    });
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const e of testModule.errors()) this.runErrors.push(`${testModule.moduleId}: ${e.message}`);
    this.rateState = testModule.meta().rateState ?? this.rateState;
  }

  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const e of unhandledErrors) this.runErrors.push(`unhandled error: ${e.message ?? String(e)}`);
  }
}
