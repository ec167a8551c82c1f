// Every paged list of the run under both generations (spec 2.3, 9.1): the rules about lists judge each of them. The
// v2 lists are the projects, the event types and the surface's lists whose contexts exist; each is a list of /v1.0
// too where that generation serves it (a 200 carrying results).
import type { Generation } from '../../generation.ts';
import type { Tally } from '../../harness/coverage.ts';
import type { HttpResponse } from '../../http/messages.ts';
import { parsedBody } from '../../judges/entities.ts';
import { isObject } from '../../judges/json-walk.ts';
import { itemKey } from '../../judges/list.ts';
import { requestPage, wholeItems, type PageQuery } from '../pages.ts';
import { sharedLegacyRead } from '../resource-versions.ts';
import { sharedResponse } from '../shared-response.ts';
import type { Target } from '../../target/target.ts';
import { existingLists, listSurface, type Surface, type SurfaceList } from './lists.ts';

export interface PagedList {
  title: string;
  generation: Generation;
  /** Its path, the generation's base included. */
  path: string;
}

/** Whether an answer is a served list: 200 with a results array. */
function servesList(t: Target, res: HttpResponse): boolean {
  const body = parsedBody(res);
  return res.status === 200 && isObject(body) && Array.isArray(body[t.profile.paging.resultsField]);
}

/** Whether /v1.0 serves the list at `path` (below the base): its reading there, the same as every resource kind's
 * under /v1.0 (legacyReads), sent once per run, is a list. */
export const legacyServesList = async (t: Target, path: string): Promise<boolean> =>
  servesList(t, await sharedLegacyRead(t, path));

/** Whether /v1.0 serves `list` as the run has seen it: its first instance the crawl reached is a list there
 * (`legacyServesList`). Elsewhere a 404 under /v1.0 may be that of the missing generation. */
export async function legacyServesKind(t: Target, s: Surface, list: SurfaceList): Promise<boolean> {
  const first = existingLists(s).find((e) => e.list === list);
  return first !== undefined && (await legacyServesList(t, first.path));
}

export async function pagedLists(t: Target): Promise<PagedList[]> {
  const surface = existingLists(await listSurface(t))
    .filter(({ list }) => list.paged)
    .map(({ list, path }) => ({ title: list.title, path }));
  const lists = [{ title: 'projects', path: '/groups' }, { title: 'event types', path: '/eventTypes' }, ...surface];
  const legacy = await Promise.all(lists.map((l) => legacyServesList(t, l.path)));
  return [
    ...lists.map((l) => ({ title: l.title, generation: 'v2' as const, path: t.v2(l.path) })),
    ...lists
      .filter((_, i) => legacy[i])
      .map((l) => ({ title: `${l.title} under /v1.0`, generation: 'v1.0' as const, path: t.legacy(l.path) })),
  ];
}

/** What makes a page reading its own: the list and each paging parameter, in whatever order the query names them. */
export const pageKey = (path: string, q: PageQuery): string =>
  `page:${q.pageNum}:${q.itemsPerPage}:${q.includeCount}:${path}`;

/** A page of a list, read once per run for every rule that judges it. */
export function sharedPage(t: Target, l: PagedList, q: PageQuery): Promise<HttpResponse> {
  return sharedResponse(pageKey(l.path, q), () => requestPage(t, l.path, q));
}

/** Page 1 at the largest page size, the count switched on: the reading most list rules judge. */
export const firstPage = (t: Target, l: PagedList): Promise<HttpResponse> =>
  sharedPage(t, l, { pageNum: 1, itemsPerPage: t.profile.paging.maxItemsPerPage, includeCount: true });

/** Every item of a list, from the run's shared pages at the largest size with the count switched on (it changes no
 * item): page 1 is `firstPage`, and the rules that need the whole result set share one reading of it. */
export const sharedItems = (tally: Tally, t: Target, l: PagedList): Promise<unknown[]> =>
  wholeItems(tally, t, l.path, (q) => sharedPage(t, l, { ...q, includeCount: true }));

/** Keys of every item of a list (itemKey), from `sharedItems`. */
export const sharedListKeys = async (tally: Tally, t: Target, l: PagedList): Promise<string[]> =>
  (await sharedItems(tally, t, l)).map(itemKey);
