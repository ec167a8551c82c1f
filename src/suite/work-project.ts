// Where checks create entities inside a project: a project of the suite's own where the profile allows creating
// projects, made once per run, so that these writes leave the lists of the profile's projects as they are (other
// checks compare readings of those lists); else the profile's first project.
// Checks that send many requests spread them over every project they may write in (each case picks one), so
// that no one project's rate budget (spec 8) bounds the run.
import { createProject } from './new-entities.ts';
import { perRun } from './per-run.ts';
import { firstProject, profileProjects } from './projects.ts';
import type { Target } from './target.ts';

const made = perRun(() => ({ id: undefined as Promise<string> | undefined }));

/** The id of the project to create entities in; the runner deletes the suite's own at the end of the run. */
export function workProject(t: Target): Promise<string> {
  if (!t.profile.projects.allowCreate || t.profile.orgId === undefined) return Promise.resolve(firstProject(t));
  const state = made();
  state.id ??= createProject(t, 'work').then((p) => p.id);
  return state.id;
}

/** The projects checks spread many requests over: the suite's own (where the profile allows creating one) and the
 * profile's, but for the first where there are others: the checks that read what a project holds read it there. */
export async function spreadProjects(t: Target): Promise<string[]> {
  const [first, ...others] = profileProjects(t);
  return [...new Set([await workProject(t), ...(others.length > 0 ? others : [first!])])];
}
