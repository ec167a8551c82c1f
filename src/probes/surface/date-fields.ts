// The places the surface takes a date in a write body (spec 2.1: dates sent in POST or PATCH bodies must be
// ISO-8601, UTC when no zone is given): the deleteAfterDate of an entry of a project's IP access list (the profile's
// endpoints.accessList), a POST; the acknowledgedUntil of an open alert of the profile's projects, a PATCH; each
// under either generation (spec 9.4: /v1.0 serves the same resources). Entries
// are added only for addresses of 192.0.2.0/24 (TEST-NET-1, from which no one connects), and deleted again; an
// acknowledgement taken is put back (open-alert.ts).
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { HttpResponse } from '../../http/messages.ts';
import { deleteCreated, noteCreated } from '../../target/created.ts';
import { parsedBody } from '../../judges/entities.ts';
import { isObject, type JsonObject } from '../../judges/json-walk.ts';
import { profileProjects } from '../../target/projects.ts';
import type { Target } from '../../target/target.ts';
import { workProject } from '../work-project.ts';
import { expectProfilePathServed } from '../../judges/profile-path.ts';
import { acknowledgementUndo, openAlert } from './open-alert.ts';
import type { Generation } from '../../generation.ts';
import { sendServed } from '../resource-versions.ts';

/** A send taken, as the reading after it shows it: what happened, what the reading should have shown, what it did. */
export interface Taken {
  what: string;
  expected: string;
  actual: unknown;
}

export interface DateField {
  title: string;
  /** The field that holds the date. */
  field: string;
  /** Sends an entity with `date` in its date field, the `n`th of the run's, in `generation` where that serves it
   * (else under /v2: `sendServed`): the answer, the generation that gave it, and the entity's path under /v2 (to read
   * it back, and to note and delete it where it was added). */
  send(
    date: string,
    n: number,
    generation: Generation,
  ): Promise<{ res: HttpResponse; path: string; generation: Generation }>;
  /** How the entity at `path` read back after a send shows the send taken, as a failure tells it: added (POST), its
   * date changed (PATCH); undefined where it does not. */
  taken(after: HttpResponse, path: string): Taken | undefined;
  /** The status of that reading where the send was not taken: 404 (nothing added) or 200 (as it was). */
  untouched: number;
  /** Puts back what a send that was taken did. */
  undo(path: string): Promise<void>;
  /** Why the entity read back after a send is no longer one the field can be judged on, of the target's own making (an
   * alert that closed meanwhile); undefined while it is. */
  gone(after: HttpResponse): string | undefined;
}

/** An address of TEST-NET-1 for the `n`th entry, apart from other runs' (by the run id). */
export function testNetAddress(t: Target, n: number): string {
  const offset = createHash('sha256').update(t.setup.runId).digest()[0]!;
  return `192.0.2.${1 + ((offset + n) % 254)}`;
}

/** An entry of the work project's access list; none where the profile says the target offers no access list. */
async function accessListEntry(t: Target): Promise<DateField | undefined> {
  const template = t.profile.endpoints.accessList;
  if (template === '') return undefined;
  const collection = template.replace('{groupId}', await workProject(t));
  return {
    title: 'access-list entry',
    field: 'deleteAfterDate',
    send: async (date, n, generation) => {
      const address = testNetAddress(t, n);
      const json = [{ ipAddress: address, deleteAfterDate: date }];
      const sent = await sendServed(t, generation, collection, { method: 'POST', json });
      expectProfilePathServed(sent.res, 'endpoints.accessList', 'an access-list entry is added');
      return { ...sent, path: t.v2(`${collection}/${encodeURIComponent(address)}`) };
    },
    taken: (after, path) =>
      after.status === 200 ? { what: `${path} was added`, expected: `GET ${path}: 404`, actual: 200 } : undefined,
    untouched: 404,
    undo: async (path) => {
      await deleteCreated(t, noteCreated(t, path));
    },
    gone: () => undefined,
  };
}

/** The acknowledgement of the first open alert of the profile's projects (alerts are raised there, not in a project
 * the run makes), read a project at a time; none where no alert is open. */
async function acknowledgement(t: Target): Promise<DateField | undefined> {
  for (const id of profileProjects(t)) {
    const listed = await openAlert(t, `/groups/${id}`);
    if (!listed) continue;
    const below = `/groups/${id}/alerts/${listed.id}`;
    // As the alert reads alone: the check reads it back so after each send, and compares the two.
    const read = await t.get(t.v2(below));
    const alone = read.status === 200 ? parsedBody(read) : undefined;
    return acknowledging(t, below, isObject(alone) ? alone : listed);
  }
  return undefined;
}

/** Acknowledging `alert` (at `below`, below the v2 base) until a date. */
function acknowledging(t: Target, below: string, alert: JsonObject): DateField {
  const path = t.v2(below);
  const { undo, undoVersion } = acknowledgementUndo(t, below, alert);
  return {
    title: 'alert acknowledgement',
    field: 'acknowledgedUntil',
    send: async (date, _n, generation) => ({
      ...(await sendServed(t, generation, below, { method: 'PATCH', json: { acknowledgedUntil: date } })),
      path,
    }),
    taken: (after, path) => {
      const until = after.status === 200 ? after.jsonObject().acknowledgedUntil : undefined;
      if (after.status !== 200 || isDeepStrictEqual(until, alert.acknowledgedUntil)) return undefined;
      return {
        what: `acknowledgedUntil of ${path} changed`,
        expected: `GET ${path}: 200, acknowledgedUntil as before`,
        actual: until,
      };
    },
    untouched: 200,
    undo: async () => {
      await t.send({ method: 'PATCH', path, json: undo, ...(undoVersion ? { version: undoVersion } : {}) });
    },
    // A live alert closes when its condition ends, and a target may then refuse to acknowledge it, or clear its
    // acknowledgement: neither says anything of the date sent.
    gone: (after) => {
      const status = after.status === 200 ? after.jsonObject().status : undefined;
      return status !== undefined && status !== alert.status
        ? `the alert was ${String(status)} when read back`
        : undefined;
    },
  };
}

/** Every place the run can send a date in a body of the given methods. */
export async function dateFields(t: Target, methods: ('POST' | 'PATCH')[] = ['POST', 'PATCH']): Promise<DateField[]> {
  const fields = await Promise.all([
    methods.includes('POST') ? accessListEntry(t) : undefined,
    methods.includes('PATCH') ? acknowledgement(t) : undefined,
  ]);
  return fields.filter((f) => f !== undefined);
}
