// Allure results (reports/allure-results/) while the checks run: allure-vitest writes one result per check, with
// what each check told it (src/harness/allure-check.ts). The rules no check ran are written after the run
// (reporters/allure-results.ts).
import { rmSync } from 'node:fs';
import type { ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { Reporter } from 'vitest/node';
import { PlainFileWriter } from './allure-writer.ts';

/** allure-vitest's reporter, writing its results with plain writes (src/runner/allure-writer.ts). */
class PlainlyWrittenAllureReporter extends AllureVitestReporter {
  constructor(
    private readonly resultsDir: string,
    environment: Record<string, string>,
  ) {
    super({ resultsDir, environmentInfo: environment });
  }

  override onInit(vitest: Parameters<AllureVitestReporter['onInit']>[0]): void {
    super.onInit(vitest);
    // The runtime is the reporter's own (allure-vitest 3.x keeps it in this field); its writer is public.
    (this as unknown as { allureReporterRuntime: ReporterRuntime }).allureReporterRuntime.writer = new PlainFileWriter(
      this.resultsDir,
    );
  }
}

/** A fresh results directory: results of an earlier run would mix with this one's. */
export function allureReporter(resultsDir: string, environment: Record<string, string>): Reporter {
  rmSync(resultsDir, { recursive: true, force: true });
  return new PlainlyWrittenAllureReporter(resultsDir, environment) as unknown as Reporter;
}
