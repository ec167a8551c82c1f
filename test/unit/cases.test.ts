// How many cases a property runs: its covering cases, whatever --num-runs, then a tenth of --num-runs (--cases
// covering), or up to --num-runs in all (--cases all).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseCount } from '../../src/harness/cases.ts';

describe('cases per property', () => {
  it('covers every place, then draws a tenth of num-runs, however few num-runs are', () => {
    expect(caseCount({ numRuns: 100, cases: 'covering' }, 26)).toBe(36);
    expect(caseCount({ numRuns: 25, cases: 'covering' }, 26)).toBe(29);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat({ max: 500 }), (numRuns, places) => {
        const n = caseCount({ numRuns, cases: 'covering' }, places);
        expect(n - places).toBe(Math.ceil(numRuns / 10));
      }),
    );
  });

  it('draws num-runs cases under --cases all, and never fewer than the places', () => {
    expect(caseCount({ numRuns: 100, cases: 'all' }, 3)).toBe(100);
    expect(caseCount({ numRuns: 5, cases: 'all' }, 26)).toBe(26);
  });
});
