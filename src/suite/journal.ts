// The record of entities a run creates: a line when one is created, a line when a check deletes it.
// Written synchronously, so that an interrupted run still tells the runner what to delete.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export interface JournalEntry {
  op: 'created' | 'deleted';
  /** API path of the entity: what DELETE is sent to. */
  path: string;
  /** Credential that may delete it. */
  as: string;
  /** Accept header its API generation needs. */
  accept?: string;
}

export function appendEntry(file: string, entry: JournalEntry): void {
  appendFileSync(file, JSON.stringify(entry) + '\n');
}

/** Entities created and not yet deleted, newest first (children before the projects that hold them). */
export function outstanding(file: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  const live = new Map<string, JournalEntry>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      continue; // a line cut short by an interrupt
    }
    if (entry.op === 'created') live.set(entry.path, entry);
    else live.delete(entry.path);
  }
  return [...live.values()].reverse();
}
