// How wide the pages of a sequence's list walk are: the drawn size, or wider where the list is long, so that the
// walk's cost does not grow with the list (on a live target every page is a request paced by the rate limit).

/** Pages a list walk takes at most. */
export const pagesPerWalk = 2;

/** Items per page for walking a list of `total` items: `size`, or the least width (up to `max`) that reads it in
 * `pagesPerWalk` pages; one more where the last page would be full (a walk stops at a short page, so a full last one
 * costs the read of an empty page after it) and one more leaves it short without putting a longer list on one page. */
export function pageWidth(total: number, size: number, max: number): number {
  const width = Math.max(size, Math.ceil(total / pagesPerWalk));
  const wider = width + 1;
  const spare = total > 0 && total % width === 0 && (width >= total || (wider < total && total % wider !== 0));
  return Math.min(spare ? wider : width, max);
}

/** Whether a walk at `width` per page, of a list of `total` items, costs more requests than reading it again from
 * page 1 at `pageWidth` (a page more than `pagesPerWalk` does not). */
export const tooNarrow = (total: number, width: number, max: number) =>
  width < max && Math.ceil(total / width) > pagesPerWalk + 1;
