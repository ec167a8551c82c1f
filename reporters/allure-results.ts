// Allure results for the rules no check ran (untested, or left out by a filter), written after the run next to
// those allure-vitest wrote per check, so that Allure lists every rule of the catalogue with the status the JSON
// report gives it.
import { Stage, Status, type TestResult } from 'allure-js-commons';
import { ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import { allureLabels, allureSpecLink } from '../src/report/allure-labels.ts';
import type { Report } from '../src/report/report.ts';
import { PlainFileWriter } from '../src/runner/allure-writer.ts';

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
