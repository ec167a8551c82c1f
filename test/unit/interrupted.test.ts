// A rule an interrupt stopped is interrupted: a check of it in flight or never reached, or no check of it run at all
// when the run was stopped (not untested, which says that no check implements it); a failure that came first stays.
import { describe, expect, it } from 'vitest';
import { renderJunit } from '../../reporters/junit.ts';
import { aggregate } from '../../src/report/aggregate.ts';
import { buildReport } from '../../src/report/build.ts';
import { mustVerdict } from '../../src/report/must-verdict.ts';
import type { CheckResult } from '../../src/report/report.ts';

const check = (rule: string, name: string, status: CheckResult['status']): CheckResult => ({
  rule,
  name,
  status,
  ...(status === 'interrupted' ? { reason: 'the run was interrupted before this check ended' } : {}),
  evidence: [],
  requests: 0,
  startedAt: new Date(0).toISOString(),
  durationMs: 0,
});

const ruleOf = (checks: CheckResult[], interrupted: boolean) =>
  aggregate(checks, new Set(['METH-405', 'AUTH-MULTI-PROJECT']), undefined, interrupted).find(
    (r) => r.id === 'METH-405',
  )!;

describe('a rule of an interrupted run', () => {
  it('is interrupted when a check of it was, though others passed; a failure stays a failure', () => {
    const rule = ruleOf([check('METH-405', 'a', 'pass'), check('METH-405', 'b', 'interrupted')], true);
    expect([rule.status, rule.reason]).toEqual(['interrupted', 'the run was interrupted before this check ended']);
    expect(ruleOf([check('METH-405', 'a', 'fail'), check('METH-405', 'b', 'interrupted')], true).status).toBe('fail');
  });

  it('is interrupted, not untested, when none of its checks ran; untested only in a run that was not stopped', () => {
    expect(ruleOf([], true)).toMatchObject({
      status: 'interrupted',
      reason: 'the run was interrupted before any check of this rule ran',
    });
    expect(ruleOf([], false).status).toBe('untested');
  });

  it('counts apart, says it was not judged, and is a JUnit skip that says interrupted', () => {
    const report = buildReport({
      target: { name: 'target', baseUrl: 'https://target.example' },
      seed: 1,
      numRuns: 1,
      cases: 'covering',
      runId: 'r1',
      filter: { rules: ['METH-405'], tags: [] },
      selected: new Set(['METH-405']),
      startedAt: new Date(0),
      checks: [check('METH-405', 'a', 'interrupted')],
      runErrors: [],
      interrupted: 'SIGINT',
      cleanup: { deleted: [], leftovers: [], waited429: 0 },
      rerun: { run: 'conformance run', rule: (id) => `conformance run --rule ${id}` },
    });
    expect(report.totals).toMatchObject({ interrupted: 1, untested: 0, pass: 0 });
    expect(mustVerdict(report).kind).toBe('unjudged');
    expect(mustVerdict(report).text).toMatch(
      /^no MUST rule failed or erred, but 1 MUST rule was not judged: 1 interrupted/,
    );
    expect(renderJunit(report)).toContain(
      '<skipped message="interrupted: the run was interrupted before this check ended"/>',
    );
  });
});
