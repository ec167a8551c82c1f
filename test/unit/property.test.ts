// Property checks (src/harness/property.ts): a case the target breaks fails with its shrunk counterexample; cases
// that all fall to their precondition leave the rule unjudged, naming why, never a pass or the suite's error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forAll } from '../../src/harness/property.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import type { Target } from '../../src/target/target.ts';

const t = { setup: { seed: 7, numRuns: 20, cases: 'covering' } } as unknown as Target;

describe('forAll', () => {
  it('fails with the shrunk counterexample of a broken case', async () => {
    const run = forAll(t, fc.nat({ max: 1000 }), async (n) => {
      if (n >= 10) throw new RuleFailure(`${n} is too large`);
    });
    await expect(run).rejects.toThrow(/^10 is too large \(counterexample 10, after \d+ cases/);
  });

  it('leaves the rule unjudged when every case is set aside by its precondition', async () => {
    const run = forAll(t, fc.nat(), async () => {
      fc.pre(false);
    });
    await expect(run).rejects.toBeInstanceOf(TargetError);
    await expect(run).rejects.toThrow(/^nothing-judged: every one of \d+ generated cases was set aside/);
  });

  it('says how many cases applied when too few did to judge the rule', async () => {
    const run = forAll(t, fc.integer({ min: 1, max: 1_000_000 }), async (n) => {
      fc.pre(n % 997 === 0);
    });
    await expect(run).rejects.toThrow(/^nothing-judged: \d+ generated cases were set aside and only [1-9]\d* applied/);
  });

  it('passes when the cases a precondition keeps all hold', async () => {
    await expect(
      forAll(t, fc.nat(), async (n) => {
        fc.pre(n % 2 === 0);
      }),
    ).resolves.toBeUndefined();
  });
});
