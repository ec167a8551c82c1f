// A rule whose subject the target, per its profile, does not have is not applicable: the check says so with the
// profile fact, the rule takes that status (a pass beside it stays whole), every report names it, a certificate
// counts it as no obstacle to conformance and lists it, and --strict does not count it as unjudged.
import { describe, expect, it } from 'vitest';
import { renderTable, formatTotals } from '../../reporters/console-table.ts';
import { renderJunit } from '../../reporters/junit.ts';
import { renderMarkdownSummary } from '../../reporters/markdown-summary.ts';
import { renderHtml } from '../../reporters/html/page.ts';
import { classify } from '../../src/harness/check.ts';
import { notApplicableFor, RuleNotApplicable, RuleSkipped } from '../../src/outcome.ts';
import { aggregate, emptyTotals, totals } from '../../src/report/aggregate.ts';
import { buildReport, exitOf } from '../../src/report/build.ts';
import { verdictLine, verdictOf } from '../../src/report/certificate.ts';
import type { CheckResult, Report } from '../../src/report/report.ts';

const result = (rule: string, name: string, status: CheckResult['status'], fact?: string): CheckResult => ({
  rule,
  name,
  status,
  ...(fact ? { fact, reason: `the profile says so [profile: ${fact}]` } : {}),
  evidence: [],
  requests: 1,
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
});

const thrown = (fn: () => void): unknown => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
};

/** A report in which every rule passed but VER-DELETED-REFUSED (not applicable) and `others`. */
function reportWith(others: CheckResult[] = []): Report {
  const ids = new Set(['VER-DELETED-REFUSED', ...others.map((c) => c.rule)]);
  const passing = aggregate([], undefined)
    .filter((r) => !ids.has(r.id))
    .map((r) => result(r.id, 'a check', 'pass'));
  return buildReport({
    target: { name: 'target', baseUrl: 'https://target.example' },
    seed: 1,
    numRuns: 1,
    cases: 'covering',
    runId: 'r1',
    startedAt: new Date(0),
    checks: [
      ...passing,
      result('VER-DELETED-REFUSED', 'GET in a deleted version', 'not-applicable', 'versions.deleted'),
      ...others,
    ],
    runErrors: [],
    cleanup: { deleted: [], leftovers: [], waited429: 0 },
    rerun: { run: 'conformance run', rule: (id) => `conformance run --rule ${id}` },
  });
}

describe('a check not applicable', () => {
  it('is a skip of its own kind, naming the profile fact', () => {
    const e = thrown(() => notApplicableFor('versions.deleted', 'the profile lists no deleted version'));
    expect(e).toBeInstanceOf(RuleNotApplicable);
    expect(e).toBeInstanceOf(RuleSkipped);
    expect(classify(e)).toEqual({
      status: 'not-applicable',
      reason: 'the profile lists no deleted version [profile: versions.deleted]',
      fact: 'versions.deleted',
    });
    expect(classify(new RuleSkipped('credentials.readOnly', 'no key')).status).toBe('skipped');
    expect(classify(new RuleNotApplicable('the target has none', 'no deleted version')).status).toBe('error');
  });
});

describe('a rule with checks not applicable', () => {
  const ruleOf = (checks: CheckResult[]) => aggregate(checks, undefined).find((r) => r.id === 'VER-DELETED-REFUSED')!;
  const na = (name: string) => result('VER-DELETED-REFUSED', name, 'not-applicable', 'versions.deleted');

  it('is not applicable when all are, and says why', () => {
    const rule = ruleOf([na('a'), na('b')]);
    expect(rule.status).toBe('not-applicable');
    expect(rule.reason).toBe('the profile says so [profile: versions.deleted] (and 1 more not applicable check)');
  });

  it('passes whole beside passing checks, and is skipped beside skipped ones', () => {
    const passed = ruleOf([na('a'), result('VER-DELETED-REFUSED', 'b', 'pass')]);
    expect([passed.status, passed.partial]).toEqual(['pass', undefined]);
    expect(ruleOf([na('a'), result('VER-DELETED-REFUSED', 'b', 'skipped', 'credentials.readOnly')]).status).toBe(
      'skipped',
    );
    expect(ruleOf([na('a'), result('VER-DELETED-REFUSED', 'b', 'fail')]).status).toBe('fail');
  });

  it('is counted apart in the totals', () => {
    const t = totals([ruleOf([na('a')])]);
    expect(t).toEqual({ ...emptyTotals(), 'not-applicable': 1 });
    expect(formatTotals(t)).toBe('0 pass, 0 fail, 0 error, 0 skipped, 0 untested, 1 not applicable');
    expect(formatTotals(emptyTotals())).toBe('0 pass, 0 fail, 0 error, 0 skipped, 0 untested');
  });
});

describe('reports of a run with a MUST rule not applicable', () => {
  const report = reportWith();

  it('exit 0 even with --strict, which counts only applicable rules as unjudged', () => {
    expect(exitOf(report, true, 'conformance.json')).toEqual({ code: 0 });
    const skipped = reportWith([result('AUTH-MULTI-PROJECT', 'two projects', 'skipped', 'projects.ids')]);
    expect(exitOf(skipped, true, 'conformance.json')).toEqual({
      code: 1,
      why: '--strict, and 1 MUST rule was not judged: AUTH-MULTI-PROJECT',
    });
  });

  it('name it in the console table, JUnit, Markdown and HTML', () => {
    expect(renderTable(report, false)).toMatch(
      /^ {2}VER-DELETED-REFUSED +MUST +NOT-APPLICABLE +the profile says so \[profile: versions\.deleted\]$/m,
    );
    expect(renderJunit(report)).toContain(
      '<skipped message="not applicable: the profile says so [profile: versions.deleted]"/>',
    );
    const markdown = renderMarkdownSummary(report);
    expect(markdown).toContain('| | pass | fail | error | skipped | untested | not applicable |');
    expect(markdown).toContain(`| MUST | ${report.mustTotals.pass} | 0 | 0 | 0 | 0 | 1 |`);
    const html = renderHtml(report);
    expect(html).toContain('<span class="badge not-applicable">not-applicable</span><code>VER-DELETED-REFUSED</code>');
    expect(html).toContain(`id="verdict">every MUST rule passed (1 not applicable)<`);
    expect(html).toContain('data-status="not-applicable" data-level="MUST">1<');
  });
});

describe('the verdict of a certificate', () => {
  const must = (id: string, status: string) => ({ id, level: 'MUST' as const, status: status as 'pass' });

  it('is conformant when every MUST rule passed or is not applicable, and lists those not applicable', () => {
    const rules = [
      must('A', 'pass'),
      must('VER-DELETED-REFUSED', 'not-applicable'),
      must('VER-INDEPENDENT', 'not-applicable'),
    ];
    const verdict = verdictOf(rules, []);
    expect(verdict).toEqual({
      conformant: true,
      reasons: [
        '1 of 3 MUST rules pass, and 2 are not applicable (the profile says the target has none of what they are about): VER-DELETED-REFUSED, VER-INDEPENDENT',
      ],
    });
    expect(verdictLine({ rules, verdict })).toBe(
      'conformant: every MUST rule passed, except 2 not applicable (VER-DELETED-REFUSED, VER-INDEPENDENT)',
    );
  });

  it('says in one line why it is not conformant', () => {
    const rules = [
      must('A', 'pass'),
      must('B', 'not-applicable'),
      ...['AUTH-1', 'AUTH-2', 'AUTH-3', 'AUTH-4', 'AUTH-5', 'AUTH-6'].map((id) => must(id, 'skipped')),
      must('C', 'fail'),
    ];
    const verdict = verdictOf(rules, []);
    expect(verdict.conformant).toBe(false);
    expect(verdictLine({ rules, verdict })).toBe(
      'not conformant: 1 MUST rule failed (C), 6 MUST rules skipped (AUTH-1, AUTH-2, AUTH-3, AUTH-4, AUTH-5 and 1 more)',
    );
  });
});
