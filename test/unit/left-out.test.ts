// A rule a --rule/--tag filter did not select is left out, not skipped: the totals count it apart, the console
// table and JUnit leave it out, --strict does not count it as unjudged, and the verdict of the Markdown summary and
// the HTML report speaks of the selected rules only, saying when some MUST rule was not judged.
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../reporters/console-table.ts';
import { renderHtml } from '../../reporters/html/page.ts';
import { renderJunit } from '../../reporters/junit.ts';
import { renderMarkdownSummary } from '../../reporters/markdown-summary.ts';
import { rules } from '../../src/catalogue/catalogue.ts';
import { buildReport, exitOf } from '../../src/report/build.ts';
import { mustVerdict } from '../../src/report/must-verdict.ts';
import type { CheckResult } from '../../src/report/report.ts';

const check = (rule: string, status: CheckResult['status'], fact?: string): CheckResult => ({
  rule,
  name: 'a check',
  status,
  ...(fact ? { fact, reason: `why [profile: ${fact}]` } : {}),
  evidence: [],
  requests: 1,
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
});

function filtered(checks: CheckResult[]) {
  const selected = new Set(checks.map((c) => c.rule));
  return buildReport({
    target: { name: 'target', baseUrl: 'https://target.example' },
    seed: 1,
    numRuns: 1,
    cases: 'covering',
    runId: 'r1',
    filter: { rules: [...selected], tags: [] },
    selected,
    startedAt: new Date(0),
    checks,
    runErrors: [],
    cleanup: { deleted: [], leftovers: [], waited429: 0 },
    rerun: { run: 'conformance run', rule: (id) => `conformance run --rule ${id}` },
  });
}

const mustIds = rules.filter((r) => r.level === 'MUST').map((r) => r.id);

describe('a run of one rule', () => {
  const report = filtered([check('METH-405', 'pass')]);

  it('counts the others left out, none skipped', () => {
    expect(report.totals).toMatchObject({ pass: 1, skipped: 0, untested: 0, 'left-out': rules.length - 1 });
    expect(report.rules.find((r) => r.id === 'AUTH-MULTI-PROJECT')).toMatchObject({
      status: 'left-out',
      reason: 'not selected by the rule or tag filter',
    });
  });

  it('lists only the selected rule in the console table and JUnit, and counts the others apart', () => {
    const table = renderTable(report, false);
    expect(table.split('\n').filter((l) => /^ {2}\S+ +(MUST|SHOULD|INFO) /.test(l))).toHaveLength(1);
    expect(table).toContain(
      `${rules.length} rules: 1 pass, 0 fail, 0 error, 0 skipped, 0 untested, ${rules.length - 1} left out`,
    );
    const junit = renderJunit(report);
    expect(junit.match(/<testcase /g)).toHaveLength(1);
    expect(junit).toMatch(/<testsuites [^>]*tests="1" failures="0" errors="0" skipped="0"/);
  });

  it('passes under --strict, says every selected MUST rule passed, and names how many were left out', () => {
    expect(exitOf(report, true, 'conformance.json')).toEqual({ code: 0 });
    const leftOut = mustIds.length - 1;
    expect(mustVerdict(report)).toEqual({
      kind: 'passed',
      text: `every selected MUST rule passed (${leftOut} left out by the filter)`,
    });
    expect(renderMarkdownSummary(report)).toContain(
      `**✅ every selected MUST rule passed (${leftOut} left out by the filter)** · 1 of ${rules.length} rules selected · `,
    );
    expect(renderHtml(report)).toContain('class="badge left-out">left-out</span>');
  });
});

describe('the verdict on MUST rules', () => {
  it('does not say a MUST rule passed when some were skipped: it says how many were not judged', () => {
    const report = filtered([
      check('METH-405', 'pass'),
      check('AUTH-MULTI-PROJECT', 'skipped', 'projects.ids'),
      check('AUTH-FORBIDDEN-403', 'skipped', 'credentials.readOnly'),
    ]);
    const text = `no MUST rule failed or erred, but 2 MUST rules were not judged: 2 skipped (${mustIds.length - 3} left out by the filter)`;
    expect(mustVerdict(report)).toEqual({ kind: 'unjudged', text });
    expect(renderMarkdownSummary(report)).toContain(`**⚠️ ${text}**`);
    expect(renderHtml(report)).toContain(`<p class="verdict warn" id="verdict">${text}</p>`);
    expect(exitOf(report, true, 'conformance.json')).toEqual({
      code: 1,
      why: '--strict, and 2 MUST rules were not judged: AUTH-MULTI-PROJECT, AUTH-FORBIDDEN-403',
    });
  });

  it('puts failures first', () => {
    const report = filtered([check('METH-405', 'fail'), check('AUTH-MULTI-PROJECT', 'skipped', 'projects.ids')]);
    expect(mustVerdict(report)).toEqual({
      kind: 'broken',
      text: `1 MUST rule failed or erred (${mustIds.length - 2} left out by the filter)`,
    });
  });
});
