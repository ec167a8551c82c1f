// Allure results (reports/allure-results/): allure-vitest writes one result per check, with what each check
// told it (src/harness/allure-check.ts); rules that no check ran (untested, or left out by a filter) are written
// here after the run, so that Allure lists every rule of the catalogue with the status the JSON report gives it.
import { rmSync } from 'node:fs';
import { Stage, Status, type TestResult } from 'allure-js-commons';
import { ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { Reporter } from 'vitest/node';
import { allureLabels, allureSpecLink } from '../src/report/allure-labels.ts';
import { PlainFileWriter } from './allure-writer.ts';
import type { Report } from '../src/report/report.ts';

/** allure-vitest's reporter, writing its results with plain writes (reporters/allure-writer.ts). */
class PlainlyWrittenAllureReporter extends AllureVitestReporter {
  constructor(private readonly resultsDir: string, environment: Record<string, string>) {
    super({ resultsDir, environmentInfo: environment });
  }

  override onInit(vitest: Parameters<AllureVitestReporter['onInit']>[0]): void {
    super.onInit(vitest);
    // The runtime is the reporter's own (allure-vitest 3.x keeps it in this field); its writer is public.
    (this as unknown as { allureReporterRuntime: ReporterRuntime }).allureReporterRuntime.writer = new PlainFileWriter(this.resultsDir);
  }
}

/** A fresh results directory: results of an earlier run would mix with this one's. */
export function allureReporter(resultsDir: string, environment: Record<string, string>): Reporter {
  rmSync(resultsDir, { recursive: true, force: true });
  return new PlainlyWrittenAllureReporter(resultsDir, environment) as unknown as Reporter;
}

export function writeUncheckedRules(report: Report, resultsDir: string): void {
  const runtime = new ReporterRuntime({ writer: new PlainFileWriter(resultsDir) });
  const at = Date.parse(report.startedAt);
  for (const rule of report.rules.filter((r) => r.checks.length === 0)) {
    const result: Partial<TestResult> = {
      name: `${rule.id}: ${rule.statement}`,
      fullName: `catalogue#${rule.id}`,
      // Untested is no verdict at all: without a status Allure shows it as "unknown". A rule left out by a
      // filter is skipped.
      ...(rule.status === 'untested' ? {} : { status: Status.SKIPPED }),
      statusDetails: { message: rule.reason },
      stage: Stage.FINISHED,
      labels: allureLabels(rule),
      links: [allureSpecLink(rule.section)],
      description: rule.statement,
      start: at,
    };
    const uuid = runtime.startTest(result);
    runtime.stopTest(uuid, { stop: at });
    runtime.writeTest(uuid);
  }
}
