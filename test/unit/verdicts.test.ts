// The pieces that keep a verdict honest: what a check judged is counted, a rule about all items that judged none is
// unjudged, a fault that kept items out leaves it unjudged unless a judged item broke it, only profile fields may
// explain a skip, and a rule passed with skipped checks is marked partial.
import { describe, expect, it } from 'vitest';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import { aggregate } from '../../src/report/aggregate.ts';
import type { CheckResult } from '../../src/report/report.ts';
import { Coverage, uncounted } from '../../src/harness/coverage.ts';
import { describeCoverage } from '../../src/check-outcome.ts';
import { judgeAll } from '../../src/harness/judge-all.ts';
import { isProfileFact } from '../../src/target/profile-facts.ts';

const thrown = (fn: () => void): unknown => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('judgeAll', () => {
  const fault = new TargetError('timeout', 'GET /x: no answer');
  const broken = (n: number) => {
    if (n < 0) throw new RuleFailure(`${n} is negative`);
  };

  it('counts every item judged, with its place', async () => {
    const coverage = new Coverage();
    judgeAll(coverage, 'number', [1, 2, 3], broken, { place: (n) => (n > 1 ? 'big' : 'small') });
    expect(coverage.list()).toEqual([{ what: 'number', count: 3, places: 2 }]);
  });

  it('leaves a rule unjudged when there was nothing to judge', () => {
    const e = thrown(() => judgeAll(uncounted, 'number', [], broken));
    expect(e).toBeInstanceOf(TargetError);
    expect((e as TargetError).cause).toBe('nothing-judged');
  });

  it('leaves a rule unjudged when a fault kept items out and none judged broke it; a judged failure still fails', () => {
    const unjudged = thrown(() => judgeAll(uncounted, 'number', [1, 2], broken, { cut: [fault] }));
    expect([(unjudged as TargetError).cause, (unjudged as TargetError).message]).toEqual([
      'timeout',
      'timeout: not every item could be reached to judge: GET /x: no answer',
    ]);
    expect(thrown(() => judgeAll(uncounted, 'number', [1, -2, -3], broken, { cut: [fault] }))).toEqual(
      new RuleFailure('-2 is negative (1 more of 3 failed too)'),
    );
  });
});

describe('coverage', () => {
  it('says what was judged in one line', () => {
    expect(
      describeCoverage([
        { what: 'entity', count: 42, places: 17 },
        { what: 'answer', count: 1, places: 1 },
        { what: 'date window', count: 3, places: 0 },
      ]),
    ).toBe('42 entities on 17 paths, 1 answer on 1 path, 3 date windows');
  });
});

describe('skips', () => {
  it('may name a field of the profile only', () => {
    expect(
      ['allowBillable', 'credentials.readOnly', 'projects.ids', 'endpoints.slowQueryLogs'].filter(isProfileFact),
    ).toHaveLength(4);
    expect(['the target answered 405', '', 'allow', '$schema'].filter(isProfileFact)).toEqual([]);
  });
});

describe('rule results', () => {
  const result = (name: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({
    rule: 'METH-405',
    name,
    status,
    evidence: [],
    requests: 1,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    ...extra,
  });

  it('marks a pass with skipped checks partial, naming the first skip, and sums what its checks judged', () => {
    const [rule] = aggregate(
      [
        result('b', 'pass', { covered: [{ what: 'answer', count: 2, places: 1 }] }),
        result('a', 'skipped', { reason: 'no key [profile: credentials.readOnly]', fact: 'credentials.readOnly' }),
        result('c', 'pass', { covered: [{ what: 'answer', count: 1, places: 1 }] }),
      ],
      undefined,
    ).filter((r) => r.id === 'METH-405');
    expect(rule).toMatchObject({ status: 'pass', partial: true, coverage: '3 answers on 2 paths' });
    expect(rule!.reason).toBe('partially judged: 1 of 3 checks skipped (no key [profile: credentials.readOnly])');
  });

  it('does not mark a rule partial when every check was judged', () => {
    const [rule] = aggregate([result('a', 'pass'), result('b', 'pass')], undefined).filter((r) => r.id === 'METH-405');
    expect(rule!.partial).toBeUndefined();
    expect(rule!.reason).toBeUndefined();
  });
});
