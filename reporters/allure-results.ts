// Allure results for the rules no check implements (untested), written after the run next to those allure-vitest
// wrote per check, so that Allure lists every rule the run was asked to judge. A rule a filter left out was not run,
// and is no result.
import { Stage, type TestResult } from 'allure-js-commons';
import { ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import { allureLabels, allureSpecLink } from '../src/harness/allure-labels.ts';
import type { Report } from '../src/report/report.ts';
import { PlainFileWriter } from '../src/runner/allure-writer.ts';

export function writeUncheckedRules(report: Report, resultsDir: string): void {
  const runtime = new ReporterRuntime({ writer: new PlainFileWriter(resultsDir) });
  const at = Date.parse(report.startedAt);
  for (const rule of report.rules.filter((r) => r.status === 'untested')) {
    const result: Partial<TestResult> = {
      name: `${rule.id}: ${rule.statement}`,
      fullName: `catalogue#${rule.id}`,
      // Untested is no verdict at all: without a status Allure shows it as "unknown".
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
