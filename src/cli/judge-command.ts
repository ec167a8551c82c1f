// `conformance judge FILE.har`: recorded traffic judged by every exchange rule, without sending a request; the
// same reports as a run, every rule that needs live probing untested.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sentCredentials } from '../exchange.ts';
import { exchangeContext } from '../exchange-rules/context.ts';
import { judgeAnswers, type Judgement } from '../exchange-rules/engine.ts';
import { exchangeCheckTitle, exchangeRules } from '../exchange-rules/registry.ts';
import { archiveDocument } from '../har/archive-document.ts';
import { readHar } from '../har/har-answers.ts';
import { curlLine } from '../http/curl-line.ts';
import type { HttpResponse } from '../http/messages.ts';
import { loadProfile, ProfileError, referenceProfileFile } from '../profile/load.ts';
import type { Profile } from '../profile/profile.ts';
import { buildReport, exitOf } from '../report/build.ts';
import type { CheckResult } from '../report/report.ts';
import { describeCoverage, type Covered } from '../check-outcome.ts';
import { renderTable, formatTotals } from '../../reporters/console-table.ts';
import { writeJsonReport } from '../../reporters/json-report.ts';
import { writeJunitReport } from '../../reporters/junit.ts';
import { writeHtmlReport } from '../../reporters/html/page.ts';
import { writeUncheckedRules } from '../../reporters/allure-results.ts';
import { allureResultsDir } from '../../reporters/report-files.ts';
import type { JudgeArgs } from './args.ts';

/** Why a rule without exchange rules is not judged from recorded traffic. */
export const needsLiveTarget = 'needs a live target';
/** Why a rule one exchange can judge is untested: the archive holds no answer it judges. */
export const noAnswerJudged = 'the archive holds no answer this rule judges; its other checks need a live target';

/** The base URL the answers are judged under: the profile's; without a profile (the reference target's, whose port
 * changes each start), the first API address the archive holds. */
function baseUrlOf(profile: Profile, explicit: boolean, answers: readonly HttpResponse[]): string {
  const marker = `/api/${profile.vendor}/`;
  const urls = answers.map((a) => new URL(a.exchange.request.url));
  const under = (base: string) => urls.some((u) => u.href.startsWith(`${base.replace(/\/$/, '')}${marker}`));
  if (explicit) {
    if (!under(profile.baseUrl))
      throw new ProfileError(`baseUrl: no exchange of the archive is under ${profile.baseUrl}${marker}`);
    return profile.baseUrl;
  }
  const first = urls.find((u) => u.pathname.includes(marker));
  if (!first) throw new ProfileError(`vendor: no exchange of the archive is under ${marker}`);
  return first.origin + first.pathname.slice(0, first.pathname.indexOf(marker));
}

function covered(j: Judgement): Covered[] {
  return [
    { what: 'exchange', count: j.judged, places: j.places.size },
    ...[...j.kinds].map(([what, count]) => ({ what, count, places: 0 })),
  ].filter((c) => c.count > 0);
}

/** The check result of one rule's exchange rules over the archive, as its check in a run reports it. */
function checkResult(j: Judgement, startedAt: Date): CheckResult {
  const base = {
    rule: j.rule,
    name: exchangeCheckTitle(j.rule),
    requests: 0,
    startedAt: startedAt.toISOString(),
    durationMs: 0,
    covered: covered(j),
  };
  if (j.broken) {
    const { answer, verdict } = j.broken;
    const exchange = answer.res.exchange;
    return {
      ...base,
      status: 'fail',
      reason: verdict.message,
      expected: verdict.expected,
      actual: verdict.actual,
      curl: curlLine(exchange.request),
      evidence: [exchange],
      coverage: describeCoverage(base.covered),
    };
  }
  return { ...base, status: 'pass', coverage: describeCoverage(base.covered), evidence: [] };
}

export async function judgeCommand(args: JudgeArgs): Promise<number> {
  const startedAt = new Date();
  const profile = loadProfile(args.profile ?? referenceProfileFile);
  const { answers } = readHar(args.file);
  const baseUrl = baseUrlOf(profile, args.profile !== undefined, answers);
  // An archive whose requests carry no credentials at all dropped them as it was written.
  const credentialsRecorded = answers.some((a) => sentCredentials(a.exchange.request));
  const document = await archiveDocument(profile, baseUrl, answers);
  const judgements = judgeAnswers(
    exchangeRules,
    exchangeContext({ ...profile, baseUrl }, credentialsRecorded, document),
    answers,
  );
  const rerun = `npx conformance judge ${args.file}${args.profile ? ` --profile ${args.profile}` : ''}`;
  const report = buildReport({
    target: { name: profile.name, baseUrl },
    seed: 0,
    numRuns: 1,
    cases: 'covering',
    runId: 'recorded',
    startedAt,
    // A rule none of whose answers the archive holds (no 429, no error) is untested, as a rule needing a live target.
    checks: judgements.filter((j) => j.judged > 0).map((j) => checkResult(j, startedAt)),
    runErrors: [],
    cleanup: { deleted: [], leftovers: [], waited429: 0 },
    rerun: { run: rerun, rule: () => rerun },
  });
  const unjudged = new Set(judgements.filter((j) => j.judged === 0).map((j) => j.rule));
  for (const r of report.rules)
    if (r.checks.length === 0) r.reason = unjudged.has(r.id) ? noAnswerJudged : needsLiveTarget;
  // A certificate left from a run describes that run, not this archive.
  rmSync(join(args.reportsDir, 'certificate.json'), { force: true });
  const file = writeJsonReport(report, args.reportsDir);
  const junit = writeJunitReport(report, args.reportsDir);
  const html = writeHtmlReport(report, args.reportsDir);
  writeUncheckedRules(report, allureResultsDir(args.reportsDir));
  if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (args.quiet) process.stdout.write(`${formatTotals(report.totals)}\n`);
  else
    process.stdout.write(
      `${renderTable(report, process.stdout.isTTY && !process.env.NO_COLOR)}\nreport: ${file}, ${junit}, ${html}\n`,
    );
  const { code, why } = exitOf(report, false, file);
  if (why) process.stderr.write(`conformance: exit ${code}: ${why}\n`);
  return code;
}
