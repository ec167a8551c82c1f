// The places the surface takes a date in a write body (spec 2.1: dates sent in POST or PATCH bodies must be
// ISO-8601, UTC when no zone is given): the deleteAfterDate of an entry of a project's IP access list (the profile's
// endpoints.accessList). Entries are added only for addresses of 192.0.2.0/24 (TEST-NET-1, from which no one
// connects), and deleted again.
import { createHash } from 'node:crypto';
import type { HttpResponse } from '../../http/messages.ts';
import type { Target } from '../../target/target.ts';
import { workProject } from '../work-project.ts';
import { expectProfilePathServed } from '../../judges/profile-path.ts';

export interface DateField {
  title: string;
  /** The field that holds the date. */
  field: string;
  /** Sends an entity with `date` in its date field, the `n`th of the run's: the answer, and the entity's path (to read
   * it back, and to note and delete it where it was added). */
  send(date: string, n: number): Promise<{ res: HttpResponse; path: string }>;
}

/** An address of TEST-NET-1 for the `n`th entry, apart from other runs' (by the run id). */
export function testNetAddress(t: Target, n: number): string {
  const offset = createHash('sha256').update(t.setup.runId).digest()[0]!;
  return `192.0.2.${1 + ((offset + n) % 254)}`;
}

/** Every place the run can send a date in a body; none where the profile says the target offers no access list. */
export async function dateFields(t: Target): Promise<DateField[]> {
  const template = t.profile.endpoints.accessList;
  if (template === '') return [];
  const collection = template.replace('{groupId}', await workProject(t));
  return [
    {
      title: 'access-list entry',
      field: 'deleteAfterDate',
      send: async (date, n) => {
        const address = testNetAddress(t, n);
        const res = await t.send({
          method: 'POST',
          path: t.v2(collection),
          json: [{ ipAddress: address, deleteAfterDate: date }],
        });
        expectProfilePathServed(res, 'endpoints.accessList', 'an access-list entry is added');
        return { res, path: t.v2(`${collection}/${encodeURIComponent(address)}`) };
      },
    },
  ];
}
