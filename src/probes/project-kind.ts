// Projects as a kind of entity the sequences create (spec 2.5: projects are called groups in paths). They are made
// in the profile's organization, so only where the profile allows creating projects; their list, `/groups`, also
// holds the profile's projects and those other checks make, and the sequences judge only their own.
import { skipFor } from '../outcome.ts';
import type { Kind } from './sequence.ts';
import type { Target } from '../target/target.ts';

/** The organization sequences of projects create in; a profile that may not create projects skips them. */
export function projectOrg(t: Target): string {
  const { orgId } = t.profile;
  if (!t.profile.projects.allowCreate || orgId === undefined)
    skipFor('projects.allowCreate', 'the profile does not allow creating projects (projects.allowCreate, orgId)');
  return orgId;
}

export const projectKind: Kind = {
  title: 'project',
  key: 'id',
  collection: () => '/groups',
  body: (t, name) => ({ name, orgId: projectOrg(t) }),
};
