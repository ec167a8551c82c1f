// At the end of a run, also an interrupted one: deletes every entity the journal lists as created and not
// deleted, then confirms each is gone. What cannot be deleted is reported as a leftover, never hidden.
import { rmSync } from 'node:fs';
import type { HttpClient } from '../http/client.ts';
import { outstanding } from '../suite/journal.ts';

export interface CleanupOutcome {
  deleted: string[];
  leftovers: { path: string; reason: string }[];
}

/** `progress` is told what is about to be deleted: after an interrupt, the user waits for it. */
export async function cleanup(journalFile: string, client: HttpClient, progress?: (message: string) => void): Promise<CleanupOutcome> {
  const outcome: CleanupOutcome = { deleted: [], leftovers: [] };
  const entries = outstanding(journalFile);
  if (entries.length) progress?.(`deleting ${entries.length} ${entries.length === 1 ? 'entity' : 'entities'} the run created and left`);
  for (const entry of entries) {
    const headers: Record<string, string> = entry.accept ? { accept: entry.accept } : {};
    try {
      const res = await client.send({ method: 'DELETE', path: entry.path, as: entry.as, headers });
      if (res.status >= 300 && res.status !== 404) {
        outcome.leftovers.push({ path: entry.path, reason: `DELETE answered ${res.status}` });
        continue;
      }
      const check = await client.send({ method: 'GET', path: entry.path, as: entry.as, headers });
      if (check.status === 404) outcome.deleted.push(entry.path);
      else outcome.leftovers.push({ path: entry.path, reason: `still there after DELETE (GET answered ${check.status})` });
    } catch (e) {
      outcome.leftovers.push({ path: entry.path, reason: (e as Error).message });
    }
  }
  rmSync(journalFile, { force: true });
  return outcome;
}
