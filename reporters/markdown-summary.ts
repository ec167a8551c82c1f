// A Markdown summary of a run (--summary FILE), appended to the file as GitHub Actions expects of
// $GITHUB_STEP_SUMMARY: the verdict, counts by status, the failing and erring rules with their rerun lines, and
// what ran against what.
import { appendFileSync } from 'node:fs';
import { filterText } from '../src/report/filter-text.ts';
import { mustVerdict, type MustVerdict } from '../src/report/must-verdict.ts';
import { namedStatuses, statusText, type Report } from '../src/report/report.ts';

const icons: Record<MustVerdict['kind'], string> = { broken: '❌', unjudged: '⚠️', passed: '✅' };

/** Text in a Markdown table cell or list item: no line breaks, no pipes, no markup of its own. */
const cell = (s: string) => s.replace(/\s+/g, ' ').replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`);

/** How many rules the run judged: all of them, or those the filter selected. */
function ruleCount(report: Report): string {
  const leftOut = report.totals['left-out'];
  return leftOut
    ? `${report.rules.length - leftOut} of ${report.rules.length} rules selected`
    : `${report.rules.length} rules`;
}

export function renderMarkdownSummary(report: Report): string {
  const must = mustVerdict(report);
  const verdict = `${icons[must.kind]} ${must.text}`;
  const statuses = namedStatuses(report.totals);
  const lines = [
    `## Conformance: ${cell(report.target.name)}`,
    '',
    `**${verdict}** · ${ruleCount(report)} · ${(report.durationMs / 1000).toFixed(1)} s · ${report.requests} requests`,
    '',
    `| | ${statuses.map(statusText).join(' | ')} |`,
    `|---|${statuses.map(() => '---:').join('|')}|`,
    `| all rules | ${statuses.map((s) => report.totals[s]).join(' | ')} |`,
    `| MUST | ${statuses.map((s) => report.mustTotals[s]).join(' | ')} |`,
  ];
  const listed = report.rules.filter(
    (r) => (r.status === 'fail' || r.status === 'error') && r.baseline !== 'expected-fail',
  );
  if (listed.length) {
    lines.push('', '### Failures and errors', '');
    for (const r of listed)
      lines.push(
        `- **${r.id}** (${r.level}, ${r.status}): ${cell(r.reason ?? '')}${r.rerun ? `<br>rerun: \`${r.rerun.replace(/`/g, "'")}\`` : ''}`,
      );
  }
  const expected = report.baseline?.expectedFail ?? [];
  if (expected.length)
    lines.push('', `Expected by the baseline (${cell(report.baseline!.file)}): ${expected.join(', ')}`);
  const unexpected = report.baseline?.unexpectedPass ?? [];
  if (unexpected.length) lines.push('', `Passing although in the baseline: ${unexpected.join(', ')}`);
  lines.push(
    '',
    `Target ${cell(report.target.baseUrl)} · suite ${report.suite.name} ${report.suite.version} · seed ${report.seed} · num-runs ${report.numRuns} · cases ${report.cases}` +
      (report.filter ? ` · filter: ${cell(filterText(report.filter))}` : ''),
    '',
  );
  return lines.join('\n');
}

export function appendMarkdownSummary(report: Report, file: string): void {
  appendFileSync(file, `${renderMarkdownSummary(report)}\n`);
}
