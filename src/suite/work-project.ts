// Where checks create entities inside a project: a project of the suite's own where the profile allows creating
// projects, made once per run, so that these writes leave the lists of the profile's projects as they are (other
// checks compare readings of those lists); else the profile's first project.
import { createProject } from './new-entities.ts';
import { perRun } from './per-run.ts';
import { firstProject } from './projects.ts';
import type { Target } from './target.ts';

const made = perRun(() => ({ id: undefined as Promise<string> | undefined }));

/** The id of the project to create entities in; the runner deletes the suite's own at the end of the run. */
export function workProject(t: Target): Promise<string> {
  if (!t.profile.projects.allowCreate || t.profile.orgId === undefined) return Promise.resolve(firstProject(t));
  const state = made();
  state.id ??= createProject(t, 'work').then((p) => p.id);
  return state.id;
}
