// How many cases a property runs: its covering cases, then a tenth of --num-runs (--cases covering), or --num-runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseCount } from '../../src/harness/cases.ts';

describe('cases per property', () => {
  it('covers the places, then draws a tenth of num-runs, never more than num-runs', () => {
    expect(caseCount({ numRuns: 100, cases: 'covering' }, 26)).toBe(36);
    expect(caseCount({ numRuns: 25, cases: 'covering' }, 26)).toBe(25);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat({ max: 500 }), (numRuns, places) => {
        const n = caseCount({ numRuns, cases: 'covering' }, places);
        expect(n).toBeLessThanOrEqual(numRuns);
        expect(n).toBeGreaterThanOrEqual(Math.min(numRuns, places + 1));
      }),
    );
  });

  it('draws num-runs cases under --cases all, however few the places', () => {
    expect(caseCount({ numRuns: 100, cases: 'all' }, 3)).toBe(100);
  });
});
