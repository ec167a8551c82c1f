// The page sizes a partition walk covers first (spec 2.3: "A resource that returns many entities returns them in pages").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageSizeCases } from '../../src/probes/pages.ts';

const lastPage = (total: number, size: number) => total - size * (Math.ceil(total / size) - 1);

describe('page sizes a walk covers first', () => {
  it('names each shape of walk of 12 items once', () => {
    expect(pageSizeCases(12)).toEqual([1, 2, 3, 5, 11, 12, 13]);
  });

  it('for any list, holds one item per page, the whole list, beyond it, and a short last page where one exists', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), (total) => {
        const sizes = pageSizeCases(total);
        expect(sizes).toContain(1);
        expect(sizes).toContain(total);
        expect(sizes).toContain(total + 1);
        expect(new Set(sizes).size).toBe(sizes.length);
        expect(sizes.every((s) => s >= 1 && s <= total + 1)).toBe(true);
        if (total > 2) expect(sizes.some((s) => lastPage(total, s) < s && s <= total)).toBe(true);
      }),
    );
  });
});
