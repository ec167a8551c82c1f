// The per-rule table printed at the end of a run, grouped by spec section.
import { sectionTitles } from '../src/catalogue/spec.ts';
import { filterText } from '../src/report/filter-text.ts';
import { namedStatuses, statusText, type Report, type Totals } from '../src/report/report.ts';
import type { Status } from '../src/outcome.ts';

const colours: Record<Status, number> = {
  pass: 32,
  fail: 31,
  error: 35,
  skipped: 33,
  untested: 90,
  'not-applicable': 36,
  'left-out': 90,
  interrupted: 35,
};

export function formatTotals(t: Totals): string {
  return namedStatuses(t)
    .map((s) => `${t[s]} ${statusText(s)}`)
    .join(', ');
}

export function renderTable(report: Report, colour: boolean): string {
  const paint = (status: Status, s: string) => (colour ? `\x1b[${colours[status]}m${s}\x1b[0m` : s);
  // Under a filter only the selected rules are listed: the others were not run, and one line says how many.
  const shown = report.rules.filter((r) => r.status !== 'left-out');
  const idWidth = Math.max(...shown.map((r) => r.id.length));
  const statusWidth = Math.max(8, ...shown.map((r) => r.status.length));
  const lines: string[] = [];
  let section = '';
  for (const r of shown) {
    if (r.section !== section) {
      section = r.section;
      lines.push('', `§${section} ${sectionTitles.get(section) ?? ''}`.trimEnd());
    }
    const status = paint(r.status, r.status.toUpperCase().padEnd(statusWidth));
    // A pass says what it judged; a partial pass, which checks its profile left out.
    const said = r.reason && r.status !== 'untested' ? r.reason : r.status === 'pass' ? r.coverage : undefined;
    const reason = said ? `  ${said.split('\n')[0]}` : '';
    const expectation = r.baseline ? `  [${r.baseline}]` : '';
    lines.push(`  ${r.id.padEnd(idWidth)}  ${r.level.padEnd(4)}  ${status}${expectation}${reason}`);
  }
  const leftOut = report.rules.length - shown.length;
  if (leftOut)
    lines.push(
      '',
      `${leftOut} of ${report.rules.length} rules not selected by the filter (${filterText(report.filter!)}): left out`,
    );
  lines.push(
    '',
    `${report.rules.length} rules: ${formatTotals(report.totals)}`,
    `MUST rules: ${formatTotals(report.mustTotals)}`,
    ...(report.baseline
      ? [
          `baseline ${report.baseline.file}: ${report.baseline.expectedFail.length} expected-fail, ${report.baseline.unexpectedPass.length} unexpected-pass`,
        ]
      : []),
    `${report.requests} HTTP requests in ${(report.durationMs / 1000).toFixed(1)} s against ${report.target.baseUrl}` +
      ` (seed ${report.seed}, num-runs ${report.numRuns}, cases ${report.cases}${report.filter ? `, filter: ${filterText(report.filter)}` : ''})`,
    `rerun this run: ${report.rerun}`,
  );
  for (const id of report.baseline?.unexpectedPass ?? [])
    lines.push(paint('pass', `unexpected pass: ${id} passes; remove it from the baseline`));
  for (const e of report.runErrors) lines.push(paint('error', `run error: ${e}`));
  if (report.interrupted) lines.push(paint('error', `interrupted by ${report.interrupted}: results are incomplete`));
  if (report.cleanup.deleted.length)
    lines.push(`cleanup: deleted ${report.cleanup.deleted.length} entities the run created`);
  if (report.cleanup.waited429)
    lines.push(
      `cleanup: waited out ${report.cleanup.waited429} ${report.cleanup.waited429 === 1 ? 'answer' : 'answers'} 429 (rate limit) and sent the requests again`,
    );
  for (const l of report.cleanup.leftovers) lines.push(paint('fail', `cleanup: left behind ${l.path}: ${l.reason}`));
  const limit = report.rateLimit;
  if (limit?.unintended429)
    lines.push(
      paint(
        'error',
        `rate limit: ${limit.unintended429} paced ${limit.unintended429 === 1 ? 'request was' : 'requests were'} answered 429 (unintended429)`,
      ),
    );
  if (limit?.miscounted429)
    lines.push(
      paint(
        'error',
        `rate limit: ${limit.miscounted429} ${limit.miscounted429 === 1 ? 'answer' : 'answers'} 429 in windows where the run had sent fewer than ${limit.limit} requests to the project: the target counted requests this run did not send (miscounted429)`,
      ),
    );
  for (const r of report.rules.filter((x) => x.status === 'fail' || x.status === 'error')) {
    if (r.rerun) lines.push(`rerun ${r.id}: ${r.rerun}`);
  }
  return lines.join('\n');
}
