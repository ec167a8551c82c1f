// The read access a caller with a role on a project must have for its refusals to say anything about its role
// (spec 1: capabilities equal the role's permissions).
import { expectStatus } from '../judges/status.ts';
import { RuleFailure } from '../outcome.ts';
import { requireCredential } from '../target/credentials.ts';
import { firstProject } from '../target/projects.ts';
import { sharedResponse } from './shared-response.ts';
import type { Target } from '../target/target.ts';

/** The profile says `as` holds a role on the first project, so it must read it: a refusal breaks the rule, since
 * refusals of its writes would then say nothing about roles. */
export async function requireReadAccess(t: Target, as: string): Promise<void> {
  requireCredential(t, as);
  const p = firstProject(t);
  const res = await sharedResponse(`roles:read:${as}:${p}`, () => t.get(t.v2(`/groups/${p}`), { as }));
  if (res.status >= 500 || res.status === 429) expectStatus(res, 200, `the ${as} credential reads project ${p}`);
  if (res.status !== 200) {
    throw new RuleFailure(
      `the ${as} credential, which holds a role on project ${p}, cannot read it (status ${res.status})`,
      {
        expected: 200,
        actual: res.status,
        exchange: res.exchange,
      },
    );
  }
}
