// A PATCH of the first project with its own name: a write that changes nothing, for the rules about who may send one
// (a caller outside its access list, a request without credentials). The name is the owner's reading of the project,
// read once per run; a reading that fails leaves those rules unjudged (or names the profile's project), never fails
// them.
import type { HttpResponse } from '../http/messages.ts';
import { describeExchange } from '../judges/status.ts';
import { TargetError } from '../outcome.ts';
import { firstProject } from '../target/projects.ts';
import type { ApiRequest, Target } from '../target/target.ts';
import { expectProfileProjectThere } from './profile-project.ts';
import { sharedResponse } from './shared-response.ts';

/** Sends the PATCH as `how` says (the caller, the address it comes from). */
export async function ownNamePatch(t: Target, how: Pick<ApiRequest, 'as' | 'localAddress'>): Promise<HttpResponse> {
  const p = firstProject(t);
  const path = t.v2(`/groups/${p}`);
  const project = await sharedResponse(`roles:owner-read:${p}`, () => t.get(path));
  await expectProfileProjectThere(t, project, 'the owner reads its project');
  if (project.status !== 200)
    throw new TargetError(
      'nothing-judged',
      `${describeExchange(project)}: the owner cannot read its project (${project.status}), so there is no name to send back`,
      project.exchange,
    );
  return t.send({ method: 'PATCH', path, ...how, json: { name: project.jsonObject().name } });
}
