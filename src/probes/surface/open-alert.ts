// An open alert of a project, which the owner can acknowledge (a PATCH: spec 4.4's alerts), and what puts back an
// acknowledgement a write made: the one the alert had, or withdrawing it (`unacknowledgeAlert`) in the alerts'
// current version (spec 3: the one to use): on the real service only the body of 2024-05-30 has that field, not the
// alert itself, which earlier versions take.
import { isObject, type JsonObject } from '../../judges/json-walk.ts';
import type { Target } from '../../target/target.ts';
import { resourceOfPath } from '../resource-versions.ts';

/** The first open alert of the project (`/groups/{id}`), as the owner reads it, or undefined. */
export async function openAlert(t: Target, project: string): Promise<JsonObject | undefined> {
  const res = await t.get(t.v2(`${project}/alerts`), { query: { status: 'OPEN' } });
  const results = res.status === 200 ? res.jsonObject()[t.profile.paging.resultsField] : undefined;
  return (Array.isArray(results) ? results : []).find(isObject);
}

/** The PATCH body that puts back the acknowledgement of `alert` (at `path`, below the v2 base) as it was read, and
 * the version to send it in where only one takes it. */
export function acknowledgementUndo(
  t: Target,
  path: string,
  alert: JsonObject,
): { undo: JsonObject; undoVersion?: string } {
  const comment = alert.acknowledgementComment;
  if (typeof alert.acknowledgedUntil !== 'string') {
    const current = resourceOfPath(t, path)?.current;
    return { undo: { unacknowledgeAlert: true }, ...(current ? { undoVersion: current } : {}) };
  }
  return {
    undo: {
      acknowledgedUntil: alert.acknowledgedUntil,
      ...(comment === undefined ? {} : { acknowledgementComment: comment }),
    },
  };
}
