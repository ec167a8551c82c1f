// Who sends the writes that must be refused (refused-surface.ts): the read-only key (spec 1), the key without a grant
// on the project (spec 5), a credential from outside its access list (spec 1, 5). Each caller's tries are made once
// per run and shared by the rules that judge them; one caller's tries wait for the other's, since all change the
// first project and one's wrongly applied change, until it is undone, would show in another's reading.
import { cite } from '../harness/evidence.ts';
import { once, perRun } from '../harness/per-run.ts';
import { requireCredential } from '../target/credentials.ts';
import type { Target } from '../target/target.ts';
import { triesOverSurface, type RefusedTry } from './refused-surface.ts';
import type { Refusal } from './refused-write.ts';

/** The run's last set of tries: each waits for the one before. */
const turns = perRun(() => ({ last: Promise.resolve() as Promise<unknown> }));

/** Sends each write of the surface as `how` says and reads it back; `what` names the tries (the caller, its address)
 * and the entities they make. `inProject` keeps the writes inside the project. */
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
