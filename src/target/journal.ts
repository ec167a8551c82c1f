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
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
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
    else live.delete(entry.path);
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
