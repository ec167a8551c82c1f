// A 404 below a project the profile names: the project itself is read once, and if it is gone the profile's fact
// failed (an error naming projects.ids or projects.emptyProjectId), not the rule; if it is there, the 404 is the target's.
import type { HttpResponse } from '../http/messages.ts';
import { expectProfilePathServed } from '../judges/profile-path.ts';
import type { Target } from '../target/target.ts';

/** The profile field naming the project whose path `url` lies below, if any. */
export function profileProjectOf(t: Target, url: string): { id: string; field: string } | undefined {
  const id = /\/groups\/([^/?]+)/.exec(new URL(url).pathname)?.[1];
  if (id === undefined) return undefined;
  const { ids, emptyProjectId } = t.profile.projects;
  if (ids.includes(id)) return { id, field: 'projects.ids' };
  return id === emptyProjectId ? { id, field: 'projects.emptyProjectId' } : undefined;
}

/** Throws ProfileFactError when `res` is a 404 below a profile project that no longer exists. */
export async function expectProfileProjectThere(t: Target, res: HttpResponse, what: string): Promise<void> {
  if (res.status !== 404) return;
  const project = profileProjectOf(t, res.exchange.request.url);
  if (!project) return;
  const read = res.exchange.request.url.endsWith(`/groups/${project.id}`)
    ? res
    : await t.get(t.v2(`/groups/${project.id}`));
  expectProfilePathServed(read, project.field, `${what}: project ${project.id}`);
}
