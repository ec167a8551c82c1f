// Every write of the writable surface of the profile's first project (where the profile says what role each
// credential holds), sent by a caller that must be refused, each read back by the owner (refused-write.ts). The
// existing cluster is left out: no check of the run made it, and a wrongly applied change would touch real data.
import { expectJudgeable } from '../judges/status.ts';
import type { HttpResponse } from '../http/messages.ts';
import { judgeAll } from '../harness/judge-all.ts';
import { perRun } from '../harness/per-run.ts';
import { firstProject } from '../target/projects.ts';
import { effectOf, expectNoEffect, sendRefusable, type Refusal } from './refused-write.ts';
import { withWriteSurface } from './surface/writes.ts';
import type { Target } from '../target/target.ts';
import { describeOp, writeOps, type WriteOp } from './write-operations.ts';

export interface RefusedTry {
  op: WriteOp;
  response: HttpResponse;
  effect: 'created' | 'changed' | undefined;
}

/** The tries of the checks take turns: all change the first project, and one's wrongly applied change, until it is
 * undone, would show in another's reading. */
const turns = perRun(() => ({ last: Promise.resolve() as Promise<unknown> }));

/** Sends each write of the surface as `how` says and reads it back; `what` names the entities the check makes.
 * `inProject` keeps the writes inside the project (a role or grant on it says nothing of creating projects). */
export function refusedOverSurface(t: Target, what: string, how: Refusal, options: { inProject?: boolean } = {}): Promise<RefusedTry[]> {
  const turn = turns();
  const mine = turn.last.catch(() => undefined).then(() => triesOverSurface(t, what, how, options));
  turn.last = mine;
  return mine;
}

async function triesOverSurface(t: Target, what: string, how: Refusal, { inProject = false }): Promise<RefusedTry[]> {
  const tries: RefusedTry[] = [];
  await withWriteSurface(t, what, async (resources) => {
    for (const op of writeOps(resources).filter((o) => o.resource !== 'cluster' && !(inProject && o.path === '/groups'))) {
      const response = await sendRefusable(t, op, how);
      expectJudgeable(response, `${describeOp(op)} is answered`);
      tries.push({ op, response, effect: await effectOf(t, op, response) });
    }
  }, { project: firstProject(t) });
  return tries;
}

/** Judges every try: `refused` judges its status; a refused write created or changed nothing. */
export function judgeRefusedTries(tries: RefusedTry[], who: string, refused: (res: HttpResponse, what: string) => void): void {
  judgeAll('refused write', tries, ({ op, response, effect }) => {
    const what = `${describeOp(op)} by ${who}`;
    refused(response, `${what} is refused`);
    expectNoEffect(response, effect, what);
  }, { place: ({ op }) => describeOp(op) });
}
