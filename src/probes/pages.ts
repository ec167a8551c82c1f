// Reading a list page by page (spec 2.3), with the profile's names for the paging parameters (not shown in the spec).
import { itemKey, resultsOf } from '../judges/list.ts';
import { expectStatus } from '../harness/judged-answers.ts';
import type { Tally } from '../harness/coverage.ts';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { legacyRead } from './resource-versions.ts';
import type { Target } from '../target/target.ts';
import { perRun } from '../harness/per-run.ts';

export interface PageQuery {
  pageNum?: number;
  itemsPerPage?: number;
  includeCount?: boolean;
}

export interface Page {
  res: HttpResponse;
  items: unknown[];
  /** Keys of the items (itemKey), in order. */
  keys: string[];
}

/** Sends a list request with the given paging parameters, without judging the answer; a path under /v1.0 is read as
 * the legacy generation is (plain JSON, no version). */
export function requestPage(t: Target, path: string, q: PageQuery): Promise<HttpResponse> {
  const p = t.profile.paging;
  const query = {
    [p.pageNumParam]: q.pageNum,
    [p.itemsPerPageParam]: q.itemsPerPage,
    [p.includeCountParam]: q.includeCount,
  };
  return t.get(path, isLegacy(t, path) ? { query, ...legacyRead } : { query });
}

/** Whether a path (or URL) is under the legacy generation's base. */
export const isLegacy = (t: Target, path: string): boolean =>
  new URL(path, 'https://x').pathname.startsWith(`${t.legacy()}/`);

/** A page as answered, which must be served (200), counted in `tally`. */
export function pageIn(tally: Tally, t: Target, path: string, res: HttpResponse): Page {
  expectStatus(tally, res, 200, `a page of ${path} is served`);
  const items = resultsOf(res, t.profile.paging);
  return { res, items, keys: items.map(itemKey) };
}

/** One page, which must be served (200). */
export const readPage = async (tally: Tally, t: Target, path: string, q: PageQuery): Promise<Page> =>
  pageIn(tally, t, path, await requestPage(t, path, q));

/** Pages 1 to `count` at one page size, in order. */
export async function walkPages(
  tally: Tally,
  t: Target,
  path: string,
  itemsPerPage: number,
  count: number,
): Promise<Page[]> {
  const pages: Page[] = [];
  for (let pageNum = 1; pageNum <= count; pageNum++)
    pages.push(await readPage(tally, t, path, { pageNum, itemsPerPage }));
  return pages;
}

/** Lists longer than this many full pages are not read whole. */
const maxWholePages = 20;

/** Every item of the list: pages at the largest page size, up to the first page that is not full; `send` asks for
 * a page (by default afresh). */
export async function wholeItems(
  tally: Tally,
  t: Target,
  path: string,
  send: (q: PageQuery) => Promise<HttpResponse> = (q) => requestPage(t, path, q),
): Promise<unknown[]> {
  const size = t.profile.paging.maxItemsPerPage;
  const items: unknown[] = [];
  for (let pageNum = 1; pageNum <= maxWholePages; pageNum++) {
    const page = pageIn(tally, t, path, await send({ pageNum, itemsPerPage: size }));
    items.push(...page.items);
    if (page.items.length < size) return items;
  }
  throw new TargetError(
    'nothing-judged',
    `${path} holds more than ${maxWholePages * size} items; it is not read whole`,
  );
}

/** Keys of every item of the list. */
export const wholeList = async (tally: Tally, t: Target, path: string): Promise<string[]> =>
  (await wholeItems(tally, t, path)).map(itemKey);

const attempts = 3;

/** Lists of the run seen changing between two readings of a check. */
const changingLists = perRun(() => new Set<string>());

/**
 * Runs `read` (given the keys of the whole list) between two readings of the whole list, and judges its outcome only
 * when the list did not change meanwhile: other checks' writes in a shared project move items between pages. After a
 * first try, the readings are made while the suite's own writes are held back (src/target/write-gate.ts), so that only
 * writes of others can still move the list; a failure is judged only from such readings. `quiet` holds them back from
 * the first try: a read of many pages, which writes in the project would most likely move, sent again whole.
 */
export async function whileUnchanged<T>(
  tally: Tally,
  t: Target,
  path: string,
  read: (all: string[]) => Promise<T>,
  { quiet = false } = {},
): Promise<T> {
  const changing = changingLists();
  const once = async (): Promise<{ value: T } | { failure: RuleFailure } | undefined> => {
    const all = await wholeList(tally, t, path);
    let outcome: { value: T } | { failure: RuleFailure };
    try {
      outcome = { value: await read(all) };
    } catch (e) {
      if (!(e instanceof RuleFailure)) throw e;
      outcome = { failure: e };
    }
    const again = await wholeList(tally, t, path);
    return again.length === all.length && again.every((key, k) => key === all[k]) ? outcome : undefined;
  };
  // A list seen changing under other checks' writes is read with them held back from the first try on: a walk of it
  // in a project other checks write to would otherwise be sent twice, most of all on a one-project account.
  const start = quiet || changing.has(path) ? 1 : 0;
  for (let i = start; i < start + attempts; i++) {
    const outcome = i === 0 ? await once() : await t.writes.quietly(once);
    if (!outcome) {
      changing.add(path);
      continue;
    }
    // A first try may have read the list while an entity of another check came and went again: the readings agree,
    // the page between them did not. A failure is judged only from readings with the suite's writes held back.
    if ('failure' in outcome && i === 0) continue;
    if ('failure' in outcome) throw outcome.failure;
    return outcome.value;
  }
  throw new TargetError(
    'nothing-judged',
    `${path} changed during each of ${attempts} readings (other writes in the project)`,
  );
}

/** Judges `read` against the result set `all` as read at hand (`fresh` false: it may use the run's shared pages); a
 * failure, or an outcome that is not `settled`, is judged again from fresh pages read while the list stays unchanged. */
export async function againWhileUnchanged<T>(
  tally: Tally,
  t: Target,
  path: string,
  all: string[],
  read: (all: string[], fresh: boolean) => Promise<T>,
  settled: (v: T) => boolean = () => true,
): Promise<T> {
  try {
    const value = await read(all, false);
    if (settled(value)) return value;
  } catch (e) {
    if (!(e instanceof RuleFailure)) throw e;
  }
  return whileUnchanged(tally, t, path, (again) => read(again, true));
}

/** The page sizes where a walk of `total` items takes a different shape: one item per page, two, a size that divides
 * the total and one that does not (a short last page), one page short of whole, the whole list, and beyond it. */
export function pageSizeCases(total: number): number[] {
  const sizes = [1, 2, total - 1, total, total + 1];
  const divisor = [...Array(total).keys()].map((i) => i + 1).find((d) => d > 2 && d < total - 1 && total % d === 0);
  const other = [...Array(total).keys()].map((i) => i + 1).find((d) => d > 2 && d < total - 1 && total % d !== 0);
  return [...new Set([...sizes, divisor, other])]
    .filter((s): s is number => s !== undefined && s >= 1)
    .sort((a, b) => a - b);
}
