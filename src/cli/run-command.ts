// `conformance run`: profile → (embedded target) → preflight → suites → cleanup → reports → exit code.
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { HttpClient } from '../http/client.ts';
import { profileScheduler } from '../http/rate-scheduler.ts';
import { loadProfile, referenceProfileFile } from '../profile/load.ts';
import type { Profile } from '../profile/profile.ts';
import { applyBaseline, loadBaseline } from '../report/baseline.ts';
import { buildReport, exitOf } from '../report/build.ts';
import { filterText } from '../report/filter-text.ts';
import { verdictLine } from '../report/certificate.ts';
import { cleanup } from '../runner/cleanup.ts';
import { loadCostModel, planBudget, planFor, planNotice } from '../runner/plan.ts';
import type { Plan } from '../report/report.ts';
import type { InterruptWatch } from '../runner/interrupt.ts';
import { SuiteSession, type SuiteRun } from '../runner/suite-session.ts';
import { rateWaitCountdown } from '../target/countdown.ts';
import { newRunSetup } from '../target/run-setup.ts';
import { profileClient } from '../target/profile-client.ts';
import { renderTable, formatTotals } from '../../reporters/console-table.ts';
import { writeJsonReport } from '../../reporters/json-report.ts';
import { ProgressReporter } from '../runner/progress.ts';
import { printAnnotations } from '../../reporters/github-annotations.ts';
import { appendMarkdownSummary } from '../../reporters/markdown-summary.ts';
import { allureResultsDir, writeReportFiles } from '../../reporters/report-files.ts';
import { embeddedTarget, UsageError, type RunArgs } from './args.ts';
import type { Embedded } from './embedded.ts';
import { readSignKey } from './keys.ts';
import { rerunLines } from './rerun.ts';
import { selectedRules } from './selection.ts';
import { preflight } from './preflight.ts';

export { UnreachableTarget } from './preflight.ts';

function selection(args: RunArgs): Set<string> | undefined {
  if (!args.rules.length && !args.tags.length) return undefined;
  return selectedRules(args.rules, args.tags);
}

/** The reports directory, made before anything runs: a path that cannot be one is a usage error, not a lost run. */
function makeReportsDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(
      `--reports ${dir}: cannot create the directory: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

/** The plan of the run: the cases per property a budget allows, else the run's own. */
function planRun(args: RunArgs, profile: Profile, selected: Set<string> | undefined): Plan {
  const model = loadCostModel();
  return args.budgetMs !== undefined
    ? planBudget(model, profile.rateLimit, args.budgetMs, selected, args.cases)
    : planFor(model, profile.rateLimit, args.numRuns, selected, args.cases);
}

/** Runs the suites; `interrupts` has watched for SIGINT and SIGTERM since the command began, and goes on until it ends. */
export async function runCommand(args: RunArgs, interrupts: InterruptWatch): Promise<number> {
  const startedAt = new Date();
  const selected = selection(args);
  const baseline = args.baseline !== undefined ? loadBaseline(args.baseline) : undefined;
  const signKey = args.signKey !== undefined ? readSignKey(args.signKey) : undefined;
  const embedded = embeddedTarget(args);
  const profile: Profile = loadProfile(args.profile ?? referenceProfileFile);
  makeReportsDir(args.reportsDir);
  const plan = planRun(args, profile, selected);
  args = { ...args, numRuns: plan.numRuns };
  let reference: Embedded | undefined;
  try {
    if (embedded) {
      // Loaded only when used: a run against a live target never loads the reference target's code.
      const { startEmbedded } = await import('./embedded.ts');
      reference = await startEmbedded(profile, args.mutants);
      profile.baseUrl = reference.baseUrl;
      if (reference.plainUrl) profile.plainHttpUrl = reference.plainUrl;
    } else if (args.target) {
      profile.baseUrl = args.target;
    }
    const caPem = reference?.caPem ?? (profile.tls.caFile ? readFileSync(profile.tls.caFile, 'utf8') : undefined);
    // The runner's own clients: one for the preflight, one for the cleanup after the checks. The preflight's requests
    // to projects count against their windows as the checks' do: its scheduler hands its counts on to theirs.
    const preflightScheduler = profileScheduler(profile, { onWait: rateWaitCountdown });
    const client = profileClient(profile, caPem, { connections: 2, scheduler: preflightScheduler });
    let cleanupClient: HttpClient | undefined;
    try {
      const { tlsFingerprint256 } = await preflight(client, profile);
      // Announced once the target is known to be the API: a budget's choice, or a run long at the profile's limit.
      const notice = planNotice(plan, profile.rateLimit);
      if (notice && !args.quiet) process.stderr.write(`conformance: ${notice}\n`);
      const seed = args.seed ?? randomInt(0, 2 ** 31);
      const setup = {
        ...newRunSetup(profile, caPem, seed, args.numRuns, args.cases),
        rateState: preflightScheduler.state(),
      };
      const rerun = rerunLines(args, embedded, seed);
      if (!args.quiet && !args.json)
        process.stderr.write(
          `conformance: ${profile.name} at ${profile.baseUrl}, seed ${seed}, num-runs ${args.numRuns}, cases ${args.cases}, run ${setup.runId}\n`,
        );
      // An interrupt before the checks start keeps them from starting; the cleanup and the report follow all the same.
      let ran: { run: SuiteRun } | { error: unknown } = { run: { checks: [], runErrors: [] } };
      if (!interrupts.signal) {
        const session = await SuiteSession.open({
          concurrency: profile.concurrency,
          checkTimeoutMs: profile.timeouts.ruleMs,
          reporters: args.quiet || args.json ? [] : [new ProgressReporter()],
          ...(args.allure
            ? {
                allure: {
                  resultsDir: allureResultsDir(args.reportsDir),
                  environment: {
                    target: profile.name,
                    baseUrl: profile.baseUrl,
                    seed: String(seed),
                    numRuns: String(args.numRuns),
                    cases: args.cases,
                    ...(selected ? { filter: filterText({ rules: args.rules, tags: args.tags }) } : {}),
                    rerun: rerun.run,
                  },
                },
              }
            : {}),
        });
        interrupts.onInterrupt(() => void session.cancel());
        if (!interrupts.signal)
          ran = await session.run(setup, selected).then(
            (run) => ({ run }),
            (error: unknown) => ({ error }),
          );
        await session.close();
      }
      // Whatever happened to the checks, delete what they created, paced with the checks' requests in mind (their
      // scheduler's counts and clock; without them, the windows so far are taken as spent).
      const rateState = 'run' in ran ? ran.run.rateState : undefined;
      const scheduler = profileScheduler(profile, {
        onWait: rateWaitCountdown,
        ...(rateState ? { from: rateState } : { pastSpent: true }),
      });
      cleanupClient = profileClient(profile, caPem, { connections: 2, scheduler });
      const cleaned = await cleanup(setup.journalFile, cleanupClient, profile, (m) =>
        process.stderr.write(`conformance: ${m}\n`),
      );
      if ('error' in ran) throw ran.error;
      const outcome = ran.run;
      const report = buildReport({
        target: {
          name: profile.name,
          baseUrl: profile.baseUrl,
          ...(args.mutants.length ? { mutants: args.mutants } : {}),
        },
        seed,
        numRuns: args.numRuns,
        cases: args.cases,
        runId: setup.runId,
        ...(selected ? { filter: { rules: args.rules, tags: args.tags }, selected } : {}),
        startedAt,
        checks: outcome.checks,
        runErrors: outcome.runErrors,
        interrupted: interrupts.signal,
        cleanup: cleaned,
        rateLimit: scheduler.report(),
        plan,
        rerun,
      });
      if (baseline) applyBaseline(report, baseline, args.baseline!);
      const file = writeJsonReport(report, args.reportsDir);
      const files = writeReportFiles(report, args.reportsDir, { profile, tlsFingerprint256, signKey }, args.allure);
      printAnnotations(report);
      if (args.summary !== undefined) appendMarkdownSummary(report, args.summary);
      if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else if (args.quiet) process.stdout.write(`${formatTotals(report.totals)}\n`);
      else {
        const certificate = files.certificate
          ? `\ncertificate: ${files.certificate.file} (${files.certificate.record.signature ? 'signed' : 'unsigned: for local use'}): ${verdictLine(files.certificate.record)}`
          : '';
        process.stdout.write(
          `${renderTable(report, process.stdout.isTTY && !process.env.NO_COLOR)}\nreport: ${file}, ${files.junit}, ${files.html}${certificate}\n`,
        );
      }
      const { code, why } = exitOf(report, args.strict, file);
      // The last line of the run says why it did not exit 0.
      if (why) process.stderr.write(`conformance: exit ${code}: ${why}\n`);
      return code;
    } finally {
      await client.close();
      await cleanupClient?.close();
    }
  } finally {
    await reference?.close();
  }
}
