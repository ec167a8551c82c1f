// What a caller that must be refused sends (spec 1, 5): every write of the writable surface of the profile's first
// project (POST, PUT and PATCH of every resource under each generation that serves it), a DELETE of each entity the
// run made for the tries under each generation (one wrongly taken leaves the later ones of that entity unsent), and
// the project's other writes (surface/other-writes.ts: an alert acknowledgement, access-list entries added and
// removed, the encryption-at-rest settings), each read back by the owner (refused-write.ts).
// The existing cluster (allowBillable only) is sent its own values: a real change of it, until undone, would show in
// the readings of the other checks that write it, so its refusal is judged and there is nothing to read back.
import { expectJudgeable } from '../judges/status.ts';
import type { HttpResponse } from '../http/messages.ts';
import { firstProject } from '../target/projects.ts';
import type { Target } from '../target/target.ts';
import { effectOf, sendRefusable, type Effect, type Refusal } from './refused-write.ts';
import { withOtherWrites, type NamedWrite } from './surface/other-writes.ts';
import { withWriteSurface, type WritableResource } from './surface/writes.ts';
import { describeOp, writeOps } from './write-operations.ts';

/** A write of the surface: its resource names it in reports. */
export type SurfaceWrite = NamedWrite;

export interface RefusedTry {
  op: SurfaceWrite;
  response: HttpResponse;
  effect: Effect | undefined;
}

/** Resources whose entity the run made for the tries, so that a wrongly accepted DELETE harms nothing. */
const deletable = new Set(['alert configuration', 'custom database role']);

/** The DELETE of each entity the run made, under each generation of its resource. */
const deletes = (resources: WritableResource[]): SurfaceWrite[] =>
  resources
    .filter((r) => deletable.has(r.title))
    .flatMap((r) => {
      const entity = r.writes.find((w) => w.method !== 'POST');
      return entity
        ? r.generations.map((generation) => ({
            method: 'DELETE' as const,
            path: entity.path,
            body: {},
            key: r.key,
            generation,
            resource: r.title,
          }))
        : [];
    });

/** Sends every write of the first project's surface as `how` says and reads each back; `what` names the entities made
 * for the tries. `inProject` keeps the writes inside the project (a role or grant on it says nothing of creating
 * projects). */
export async function triesOverSurface(
  t: Target,
  what: string,
  how: Refusal,
  { inProject = false },
): Promise<RefusedTry[]> {
  const tries: RefusedTry[] = [];
  const project = firstProject(t);
  await withWriteSurface(
    t,
    what,
    (resources) =>
      withOtherWrites(t, project, async (others) => {
        const writes = writeOps(resources)
          .filter((o) => !(inProject && o.path === '/groups'))
          .map((o) => (o.resource === 'cluster' ? { ...o, change: undefined } : o));
        const deleted = new Set<string>();
        for (const op of [...writes, ...others, ...deletes(resources)]) {
          if (op.method === 'DELETE' && deleted.has(op.path)) continue;
          const response = await sendRefusable(t, op, how);
          expectJudgeable(response, `${describeOp(op)} is answered`);
          const effect = await effectOf(t, op, response);
          if (effect === 'deleted') deleted.add(op.path);
          tries.push({ op, response, effect });
        }
      }),
    { project },
  );
  return tries;
}
