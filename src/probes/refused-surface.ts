// Every write of the writable surface of the profile's first project (where the profile says what role each
// credential holds), sent by a caller that must be refused, each read back by the owner (refused-write.ts): POST,
// PUT and PATCH of every resource under each generation that serves it, then a DELETE of each entity the run made
// for the tries (under its last generation: one wrongly deleted under the first would leave the second nothing).
// The existing cluster (allowBillable only) is sent its own values: a real change of it, until undone, would show in
// the readings of the other checks that write it, so its refusal is judged and there is nothing to read back.
import { expectJudgeable } from '../judges/status.ts';
import type { HttpResponse } from '../http/messages.ts';
import { cite } from '../harness/evidence.ts';
import { judgeAll } from '../harness/judge-all.ts';
import { once, perRun } from '../harness/per-run.ts';
import { requireCredential } from '../target/credentials.ts';
import { firstProject } from '../target/projects.ts';
import {
  effectOf,
  expectNoEffect,
  sendRefusable,
  type Effect,
  type Refusal,
  type RefusableWrite,
} from './refused-write.ts';
import { withWriteSurface, type WritableResource } from './surface/writes.ts';
import type { Target } from '../target/target.ts';
import { describeOp, writeOps } from './write-operations.ts';

/** A write of the surface: its resource names it in reports. */
export type SurfaceWrite = RefusableWrite & { resource: string };

export interface RefusedTry {
  op: SurfaceWrite;
  response: HttpResponse;
  effect: Effect | undefined;
}

/** Resources whose entity the run made for the tries, so that a wrongly accepted DELETE harms nothing. */
const deletable = new Set(['alert configuration', 'custom database role']);

/** The DELETE of each entity the run made, under the last generation of its resource. */
const deletes = (resources: WritableResource[]): SurfaceWrite[] =>
  resources
    .filter((r) => deletable.has(r.title))
    .flatMap((r) => {
      const entity = r.writes.find((w) => w.method !== 'POST');
      return entity
        ? [
            {
              method: 'DELETE' as const,
              path: entity.path,
              body: {},
              key: r.key,
              generation: r.generations.at(-1)!,
              resource: r.title,
            },
          ]
        : [];
    });

/** Per run: the tries made so far, by what names them; and the turn the next tries wait for, since all change the
 * first project and one's wrongly applied change, until it is undone, would show in another's reading. */
/** The run's last set of tries: each waits for the one before (they change the same project). */
const turns = perRun(() => ({ last: Promise.resolve() as Promise<unknown> }));

/** Sends each write of the surface as `how` says and reads it back; `what` names the tries (the caller, its address)
 * and the entities they make. Several rules judge the same tries: made once per run, cited by each check.
 * `inProject` keeps the writes inside the project (a role or grant on it says nothing of creating projects). */
export async function refusedOverSurface(
  t: Target,
  what: string,
  how: Refusal,
  options: { inProject?: boolean } = {},
): Promise<RefusedTry[]> {
  const run = turns();
  // Made once per run; a check running again to confirm a failure tries afresh.
  const tries = await once(`refused-surface:${what}`, () => {
    const mine = run.last.catch(() => undefined).then(() => triesOverSurface(t, what, how, options));
    run.last = mine;
    return mine;
  });
  for (const x of tries) cite(x.response.exchange);
  return tries;
}

/** The tries SVC-READ-ONLY-NO-MODIFY judges, and AUTH-FORBIDDEN-403 again: the read-only key's. */
export function readOnlyTries(t: Target): Promise<RefusedTry[]> {
  requireCredential(t, 'readOnly');
  return refusedOverSurface(t, 'read-only', { as: 'readOnly' }, { inProject: true });
}

/** The tries AUTH-NO-GRANT judges, and AUTH-FORBIDDEN-403 again: those of the key without a grant on the project. */
export function noGrantTries(t: Target): Promise<RefusedTry[]> {
  requireCredential(t, 'outsider');
  return refusedOverSurface(t, 'no-grant', { as: 'outsider' }, { inProject: true });
}

async function triesOverSurface(t: Target, what: string, how: Refusal, { inProject = false }): Promise<RefusedTry[]> {
  const tries: RefusedTry[] = [];
  await withWriteSurface(
    t,
    what,
    async (resources) => {
      const writes = writeOps(resources)
        .filter((o) => !(inProject && o.path === '/groups'))
        .map((o) => (o.resource === 'cluster' ? { ...o, change: undefined } : o));
      const ops: SurfaceWrite[] = [...writes, ...deletes(resources)];
      for (const op of ops) {
        const response = await sendRefusable(t, op, how);
        expectJudgeable(response, `${describeOp(op)} is answered`);
        tries.push({ op, response, effect: await effectOf(t, op, response) });
      }
    },
    { project: firstProject(t) },
  );
  return tries;
}

/** Judges every try: `refused` judges its status; a refused write created, changed or deleted nothing. */
export function judgeRefusedTries(
  tries: RefusedTry[],
  who: string,
  refused: (res: HttpResponse, what: string) => void,
): void {
  judgeAll(
    'refused write',
    tries,
    ({ op, response, effect }) => {
      const what = `${describeOp(op)} by ${who}`;
      refused(response, `${what} is refused`);
      expectNoEffect(response, effect, what);
    },
    { place: ({ op }) => describeOp(op) },
  );
}
