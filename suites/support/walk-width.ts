// How wide the pages of a sequence's list walk are: the drawn size, or wider where the list is long, so that the
// walk's cost does not grow with the list (on a live target every page is a request paced by the rate limit).

/** Pages a list walk takes at most. */
export const pagesPerWalk = 2;

/** Items per page for walking a list of `total` items: `size`, or the least width (up to `max`) that reads it in
 * `pagesPerWalk` pages. */
export function pageWidth(total: number, size: number, max: number): number {
  return Math.min(Math.max(size, Math.ceil(total / pagesPerWalk)), max);
}

/** Whether a walk at `width` per page, of a list of `total` items, costs more requests than reading it again from
 * page 1 at `pageWidth` (a page more than `pagesPerWalk` does not). */
export const tooNarrow = (total: number, width: number, max: number) =>
  width < max && Math.ceil(total / width) > pagesPerWalk + 1;
