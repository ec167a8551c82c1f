// The page width of a sequence's list walk (suites/support/walk-width.ts): the drawn size on a short list, and on a
// long one the least width that reads it in `pagesPerWalk` pages, so that a walk's requests do not grow with the list;
// a width more where that spares the read of an empty page after a full last one.
import { describe, expect, it } from 'vitest';
import { pageWidth, tooNarrow, pagesPerWalk } from '../../suites/support/walk-width.ts';

const pages = (total: number, width: number) => Math.ceil(total / width);

describe('the page width of a list walk', () => {
  it('keeps the drawn size while the list fits in the pages a walk takes, its last page short', () => {
    expect(pageWidth(0, 1, 500)).toBe(1);
    expect(pageWidth(3, 2, 500)).toBe(2);
    expect(pageWidth(5, 3, 500)).toBe(3);
  });

  it('widens a long list to the least width that reads it in pagesPerWalk pages', () => {
    expect(pageWidth(33, 3, 500)).toBe(17);
    expect(pageWidth(31, 1, 500)).toBe(16);
    for (let total = 0; total <= 200; total++)
      for (const size of [1, 2, 3]) {
        const width = pageWidth(total, size, 500);
        expect(width).toBeGreaterThanOrEqual(size);
        expect(pages(total, width)).toBeLessThanOrEqual(pagesPerWalk);
        const leastOrShortLast =
          pages(total, width - 1) > pagesPerWalk || (total % (width - 1) === 0 && total % width !== 0);
        if (width > size) expect(leastOrShortLast).toBe(true);
      }
  });

  it('takes a width more where the last page would be full, so that no empty page is read after it', () => {
    expect(pageWidth(32, 1, 500)).toBe(17);
    expect(pageWidth(4, 2, 500)).toBe(3);
    expect(pageWidth(6, 3, 500)).toBe(4);
    for (let total = 3; total <= 200; total++)
      for (const size of [1, 2, 3]) expect(total % pageWidth(total, size, 500)).not.toBe(0);
  });

  it('leaves more than one page to a list longer than the drawn size, so that some entity is past page 1', () => {
    expect(pageWidth(2, 1, 500)).toBe(1);
    for (let total = 2; total <= 200; total++) expect(pages(total, pageWidth(total, 1, 500))).toBe(2);
  });

  it('never goes past the maximum page size', () => {
    expect(pageWidth(5000, 1, 500)).toBe(500);
    expect(pageWidth(5000, 3, 100)).toBe(100);
  });
});

describe('reading a list again at wider pages', () => {
  it('happens only when going on would take more than one page beyond pagesPerWalk', () => {
    expect(tooNarrow(12, 6, 500)).toBe(false);
    expect(tooNarrow(13, 6, 500)).toBe(false);
    expect(tooNarrow(19, 6, 500)).toBe(true);
    expect(tooNarrow(32, 1, 500)).toBe(true);
  });

  it('never happens at the maximum page size', () => {
    expect(tooNarrow(10_000, 500, 500)).toBe(false);
  });
});
