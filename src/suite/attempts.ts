// What a caller that may not do something tried (spec 1: a read-only role; spec 5: no grant on the project), and the
// read access a read-only caller must have for its refusals to say anything about its role.
import { expectStatus } from '../checks/status.ts';
import type { HttpResponse } from '../http/client.ts';
import { RuleFailure } from '../outcome.ts';
import { requireCredential } from './credentials.ts';
import { firstProject } from './projects.ts';
import { sharedResponse } from './shared-response.ts';
import type { Target } from './target.ts';

export interface Attempt {
  /** What was tried, e.g. 'GET of the events'. */
  what: string;
  response: HttpResponse;
}

/** The profile says `as` holds a role on the first project (spec 1: capabilities equal the role's permissions), so
 * it must read it: a refusal breaks the rule, since refusals of its writes would then say nothing about roles. */
export async function requireReadAccess(t: Target, as: string): Promise<void> {
  requireCredential(t, as);
  const p = firstProject(t);
  const res = await sharedResponse(`roles:read:${as}:${p}`, () => t.get(t.v2(`/groups/${p}`), { as }));
  if (res.status >= 500 || res.status === 429) expectStatus(res, 200, `the ${as} credential reads project ${p}`);
  if (res.status !== 200) {
    throw new RuleFailure(`the ${as} credential, which holds a role on project ${p}, cannot read it (status ${res.status})`, {
      expected: 200, actual: res.status, exchange: res.exchange,
    });
  }
}
