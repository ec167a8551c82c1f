// The record of entities a run creates: a line when one is created, a line when a check deletes it, and a line for a
// collection a create was sent to whose answer was lost (what it made, if anything, is found there by the run's mark).
// Written synchronously, so that an interrupted run still tells the runner what to delete.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Exchange } from '../exchange.ts';

export interface JournalEntry {
  op: 'created' | 'deleted' | 'unanswered';
  /** API path of the entity: what DELETE is sent to; of an unanswered create, the collection it was sent to. */
  path: string;
  /** Credential that may delete it. */
  as: string;
  /** Accept header its API generation needs. */
  accept?: string;
  /** Of an unanswered create: what the names (or matcher values) of the run's entities start with. */
  mark?: string;
}

export function appendEntry(file: string, entry: JournalEntry): void {
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/** Where a run notes the creates whose answer was lost, and what the cleanup needs to find what they made. */
export interface UnansweredNotes {
  /** The run's journal. */
  file: string;
  /** The target's base URL: a POST in the clear to a target served over TLS made nothing. */
  baseUrl: string;
  /** What the names (or matcher values) of the run's entities start with. */
  mark: string;
  /** Accept header that reads the collection. */
  accept: string;
}

/** Notes the collection of a POST whose answer was lost (a transport error or a 5xx): the target may have made the
 * entity all the same, and the cleanup looks there for what carries the run's mark. */
export function noteUnanswered(notes: UnansweredNotes, exchange: Exchange): void {
  if (exchange.request.method !== 'POST' || (exchange.response && exchange.response.status < 500)) return;
  const url = new URL(exchange.request.url);
  // A POST in the clear to a target served over TLS (the HTTPS-only probe's) reached no API that could create.
  if (url.protocol === 'http:' && new URL(notes.baseUrl).protocol === 'https:') return;
  const { file, accept, mark } = notes;
  appendEntry(file, { op: 'unanswered', path: url.pathname, as: 'owner', accept, mark });
}

function entries(file: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as JournalEntry];
      } catch {
        return []; // a line cut short by an interrupt
      }
    });
}

/** Entities created and not yet deleted, newest first (children before the projects that hold them). */
export function outstanding(file: string): JournalEntry[] {
  const live = new Map<string, JournalEntry>();
  for (const entry of entries(file)) {
    if (entry.op === 'created') live.set(entry.path, entry);
    else if (entry.op === 'deleted') live.delete(entry.path);
  }
  return [...live.values()].reverse();
}

/** Paths of every entity the run created, deleted since or not. */
export function createdPaths(file: string): Set<string> {
  return new Set(
    entries(file)
      .filter((e) => e.op === 'created')
      .map((e) => e.path),
  );
}

/** Collections a create was sent to whose answer was lost, once each, the deepest first (roles before projects). */
export function unanswered(file: string): JournalEntry[] {
  const collections = new Map<string, JournalEntry>();
  for (const entry of entries(file)) if (entry.op === 'unanswered') collections.set(entry.path, entry);
  return [...collections.values()].sort((a, b) => b.path.split('/').length - a.path.split('/').length);
}
