// At the end of a run, also an interrupted one: deletes every entity the journal lists as created and not
// deleted, then confirms each is gone by reading it back, whatever the DELETE's answer (one lost to a reset or a 5xx
// is sent again while the entity is still there); where a create lost its answer, whatever in that collection carries the run's
// mark is deleted the same way. Its requests are paced by the rate scheduler like the checks' (the client's,
// continuing the checks' counts); a 429 is waited out (Retry-After, else the next window) and the request sent
// again, for a bounded time. What cannot be deleted is reported as a leftover with the reason, never hidden.
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isObject } from '../judges/json-walk.ts';
import type { HttpClient } from '../http/client.ts';
import type { HttpResponse, RequestSpec } from '../http/messages.ts';
import { retryAfterMs } from '../http/rate-scheduler.ts';
import type { Profile } from '../profile/profile.ts';
import { decodeSegment } from '../target/scope.ts';
import { outstanding, unanswered, type JournalEntry } from '../target/journal.ts';
import { markedPaths } from './marked-paths.ts';

export interface CleanupOutcome {
  deleted: string[];
  leftovers: { path: string; reason: string }[];
  /** Requests the target answered with 429 that the cleanup waited out and sent again. */
  waited429: number;
}

/** The Accept header the entity's API generation needs. */
const headersOf = (entry: JournalEntry): Record<string, string> => (entry.accept ? { accept: entry.accept } : {});

/** Pages of a collection read to see whether an entity is still listed, or which of its entities the run made. */
const pagesRead = 10;

/** `progress` is told what is about to happen: after an interrupt, the user waits for it. */
export async function cleanup(
  journalFile: string,
  client: HttpClient,
  profile: Profile,
  progress?: (message: string) => void,
): Promise<CleanupOutcome> {
  const outcome: CleanupOutcome = { deleted: [], leftovers: [], waited429: 0 };
  /** Why the last DELETE of an entity got no answer that tells, until one does. */
  const lostDelete = new Map<string, string>();
  const entries = outstanding(journalFile);
  if (entries.length)
    progress?.(`deleting ${entries.length} ${entries.length === 1 ? 'entity' : 'entities'} the run created and left`);
  const windowMs = profile.rateLimit.windowSeconds * 1000;
  let firstRefusal: number | undefined;

  /** Sends a request; a 429 is sent again once the scheduler lets it go (it holds it as the 429 asks), until
   * `rateLimit.cleanupWindows` windows have passed since the cleanup's first 429. */
  const send = async (spec: RequestSpec): Promise<HttpResponse> => {
    for (;;) {
      const res = await client.send(spec);
      if (res.status !== 429) return res;
      firstRefusal ??= Date.now();
      const asked = retryAfterMs(res.header('retry-after'), res.header('date')) ?? 0;
      if (Date.now() + asked - firstRefusal >= profile.rateLimit.cleanupWindows * windowMs) return res;
      if (outcome.waited429 === 0)
        progress?.(
          `the target answered 429 (rate limit): waiting it out and sending again, for up to ${profile.rateLimit.cleanupWindows} windows`,
        );
      outcome.waited429 += 1;
    }
  };

  /** True when the entity is gone (404, or absent from its collection's list), else what shows it may be there. */
  const gone = async (entry: JournalEntry, headers: Record<string, string>): Promise<true | string> => {
    const res = await send({ method: 'GET', path: entry.path, as: entry.as, headers });
    if (res.status === 404) return true;
    if (res.status < 300) return `still there (GET answered ${res.status})`;
    // No reading of its own: its collection's list tells.
    const listed = await inList(entry, headers);
    return listed === undefined ? true : `${listed} (GET of it answered ${res.status})`;
  };

  /** The items of a collection, page by page (none when it is not there), or why they cannot all be read. */
  const listItems = async (path: string, as: string, headers: Record<string, string>): Promise<unknown[] | string> => {
    const p = profile.paging;
    const all: unknown[] = [];
    for (let page = 1; page <= pagesRead; page++) {
      const res = await send({
        method: 'GET',
        path,
        query: { [p.pageNumParam]: page, [p.itemsPerPageParam]: p.maxItemsPerPage },
        as,
        headers,
      });
      // A collection that is not there (its project deleted) holds nothing.
      if (res.status === 404 && page === 1) return [];
      const items = res.status === 200 ? res.jsonObject()[p.resultsField] : undefined;
      if (!Array.isArray(items)) return `its collection could not be read (GET answered ${res.status})`;
      all.push(...items);
      if (items.length < p.maxItemsPerPage) return all;
    }
    return `its collection has more than ${pagesRead} pages`;
  };

  /** Undefined when the entity's collection does not list it, else why it cannot be told gone. */
  const inList = async (entry: JournalEntry, headers: Record<string, string>): Promise<string | undefined> => {
    const slash = entry.path.lastIndexOf('/');
    const key = decodeSegment(entry.path.slice(slash + 1));
    const items = await listItems(entry.path.slice(0, slash), entry.as, headers);
    if (typeof items === 'string') return `not confirmed gone: ${items}`;
    return items.some((i) => isObject(i) && [i.id, i.name, i.roleName].includes(key))
      ? 'still listed in its collection'
      : undefined;
  };

  /** Sends the DELETE; undefined when its answer leaves the entity to be read back (2xx, 404, an answer lost to a
   * reset or a 5xx), else why no DELETE will remove it. */
  const sendDelete = async (entry: JournalEntry, headers: Record<string, string>): Promise<string | undefined> => {
    let res: HttpResponse;
    try {
      res = await send({ method: 'DELETE', path: entry.path, as: entry.as, headers });
    } catch (e) {
      // A DELETE lost to the transport or to 5xx answers may or may not have been applied: reading it back tells.
      lostDelete.set(entry.path, (e as Error).message);
      return undefined;
    }
    if (res.status === 429)
      return `DELETE answered 429, still after waiting ${profile.rateLimit.cleanupWindows} windows (rateLimit.cleanupWindows)`;
    if (res.status >= 300 && res.status !== 404) return `DELETE answered ${res.status}`;
    lostDelete.delete(entry.path);
    return undefined;
  };

  /** Deletes one entity, sending the DELETE again while it is still there (a DELETE is idempotent in effect: a 404 to
   * one sent again means gone); undefined once it reads back gone, else why not. */
  const remove = async (entry: JournalEntry): Promise<string | undefined> => {
    const headers = headersOf(entry);
    const { count, backoffMs } = profile.retries;
    for (let round = 0; ; round++) {
      const refused = await sendDelete(entry, headers);
      const there = await gone(entry, headers).catch((e: Error) => `not confirmed gone: ${e.message}`);
      if (there === true) return undefined;
      const lost = lostDelete.get(entry.path);
      if (refused !== undefined) return `${there}: ${refused}`;
      if (round >= count)
        return `${there} after ${round + 1} ${round === 0 ? 'DELETE' : 'DELETEs'}${lost ? `, the last: ${lost}` : ''}`;
      await sleep(backoffMs * 2 ** round);
    }
  };

  /** Paths the cleanup has tried to delete, deleted or left. */
  const settled = new Set<string>();
  const settle = async (entry: JournalEntry): Promise<void> => {
    settled.add(entry.path);
    try {
      const reason = await remove(entry);
      if (reason === undefined) outcome.deleted.push(entry.path);
      else outcome.leftovers.push({ path: entry.path, reason });
    } catch (e) {
      outcome.leftovers.push({ path: entry.path, reason: (e as Error).message });
    }
  };

  /** Deletes what carries the run's mark in a collection where a create lost its answer. */
  const sweep = async (entry: JournalEntry): Promise<void> => {
    const headers = headersOf(entry);
    try {
      const items = await listItems(entry.path, entry.as, headers);
      if (typeof items === 'string') {
        outcome.leftovers.push({
          path: entry.path,
          reason: `not searched: a POST there lost its answer, and ${items}`,
        });
        return;
      }
      for (const path of markedPaths(entry.path, items, entry.mark ?? ''))
        if (!settled.has(path)) await settle({ ...entry, op: 'created', path });
    } catch (e) {
      outcome.leftovers.push({ path: entry.path, reason: (e as Error).message });
    }
  };

  for (const entry of entries) await settle(entry);
  const lost = unanswered(journalFile);
  if (lost.length)
    progress?.(
      `searching ${lost.length} ${lost.length === 1 ? 'collection' : 'collections'} where a POST lost its answer for entities with the run's mark`,
    );
  for (const entry of lost) await sweep(entry);
  rmSync(journalFile, { force: true });
  return outcome;
}
