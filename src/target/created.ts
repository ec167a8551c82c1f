// Entities a check creates: noted in the run's journal at once, deleted by the check or, failing that,
// by the runner at the end of the run (src/runner/cleanup.ts).
import type { HttpResponse } from '../http/messages.ts';
import { appendEntry } from './journal.ts';
import type { Target } from './target.ts';

export interface Created {
  path: string;
  as: string;
}

export function noteCreated(t: Target, path: string, as = 'owner'): Created {
  t.creations.noteMade(path);
  appendEntry(t.setup.journalFile, { op: 'created', path, as, accept: t.mediaType(t.profile.versions.default) });
  return { path, as };
}

/** The entity a POST to `collection` answered 2xx made, named by its `key` field; undefined when the POST was not
 * accepted or its answer names no key. */
export function acceptedEntity(res: HttpResponse, collection: string, key = 'id'): Created | undefined {
  if (res.exchange.request.method !== 'POST' || res.status < 200 || res.status >= 300) return undefined;
  let id: unknown;
  try {
    id = (res.json() as Record<string, unknown> | null)?.[key];
  } catch {
    return undefined; // an answer that is not JSON names nothing to delete
  }
  return typeof id === 'string' ? { path: `${collection}/${encodeURIComponent(id)}`, as: 'owner' } : undefined;
}

/** Notes at once what a POST answered 2xx made, also one the check meant to be refused: the cleanup then deletes it
 * should the check not get to. */
export function noteAccepted(t: Target, res: HttpResponse, collection: string, key = 'id'): Created | undefined {
  const made = acceptedEntity(res, collection, key);
  return made && noteCreated(t, made.path);
}

/** What a POST the check meant to be refused made all the same (answered 2xx): noted, then deleted at once. */
export async function undoAccepted(t: Target, res: HttpResponse, collection: string, key = 'id'): Promise<void> {
  const made = noteAccepted(t, res, collection, key);
  if (made) await deleteCreated(t, made);
}

/** Deletes an entity this run created (with `query`, such as envelope=true, when its answer is judged). */
export async function deleteCreated(t: Target, c: Created, query?: Record<string, string>): Promise<HttpResponse> {
  return settleDelete(t, c, await t.send({ method: 'DELETE', path: c.path, as: c.as, ...(query ? { query } : {}) }));
}

/** Records the answer to a DELETE of an entity this run created, however it was sent: a 2xx or 404 settles it. */
export function settleDelete(t: Target, c: Created, res: HttpResponse): HttpResponse {
  if (res.status < 300 || res.status === 404) {
    appendEntry(t.setup.journalFile, { op: 'deleted', path: c.path, as: c.as });
    t.creations.noteDeleted(c.path);
  }
  return res;
}
