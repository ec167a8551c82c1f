// Spec 2.3 and 8: what one page of a list must hold, judged from the page and the result set it belongs to.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { isPrefix } from './partition.ts';
import { describeExchange, expectStatus } from './status.ts';

/** LIST-MAX-500: a page holds at most `max` items. */
export function checkAtMost(res: HttpResponse, items: readonly unknown[], max: number): void {
  if (items.length > max) {
    throw new RuleFailure(`${describeExchange(res)}: ${items.length} items on one page, more than ${max}`, {
      expected: `at most ${max}`,
      actual: items.length,
      exchange: res.exchange,
    });
  }
}

/** LIST-MAX-500 on page 1 at a page `size` above `max` (one more by default): refused (4xx other than 429), or
 * capped: served with at most `max` items, and not empty where the list holds items. */
export function checkOversizedPage(
  res: HttpResponse,
  keys: readonly string[],
  max: number,
  listHasItems: boolean,
  size = max + 1,
): 'refused' | 'capped' {
  if (res.status >= 400 && res.status < 500 && res.status !== 429) return 'refused';
  expectStatus(res, 200, `a page of ${size} items is refused or capped`);
  checkAtMost(res, keys, max);
  if (keys.length === 0 && listHasItems) {
    throw new RuleFailure(
      `${describeExchange(res)}: a page size of ${size} was neither refused nor capped: page 1 is empty`,
      {
        expected: `a 4xx, or up to ${max} items`,
        actual: 'no items',
        exchange: res.exchange,
      },
    );
  }
  return 'capped';
}

/** LIST-PAGE-1-BASED: page 1 at `size` per page holds the first items of the result set `all`, in order. */
export function checkFirstItems(
  res: HttpResponse,
  keys: readonly string[],
  all: readonly string[],
  size: number,
): void {
  const first = all.slice(0, size);
  if (keys.length !== first.length || !isPrefix(keys, all)) {
    throw new RuleFailure(
      `${describeExchange(res)}: page 1 at ${size} per page does not hold the first ${size === 1 ? 'item' : `${size} items`} of the result set`,
      {
        expected: first,
        actual: keys,
        exchange: res.exchange,
      },
    );
  }
}
