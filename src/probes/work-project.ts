// Where checks create entities inside a project: projects of the suite's own where the profile allows creating
// projects, made once per run, so that these writes leave the lists of the profile's projects as they are (other
// checks compare readings of those lists); else the profile's first project.
// Checks that send many requests spread them over several projects (each case picks one), and the rate-limit
// bursts take a project each, so that no one project's rate budget (spec 8) bounds the run.
import { skipFor } from '../outcome.ts';
import { createProject } from './new-entities.ts';
import { once } from '../harness/per-run.ts';
import { firstProject, profileProjects } from '../target/projects.ts';
import type { Target } from '../target/target.ts';

/** Projects of the suite's own: with the profile's usual three, every rate-limit burst fits in the first window. */
const ownCount = 2;

/** The suite's own projects (none where the profile does not allow creating them); the runner deletes them at the
 * end of the run. */
export function ownProjects(t: Target): Promise<string[]> {
  if (!t.profile.projects.allowCreate || t.profile.orgId === undefined) return Promise.resolve([]);
  return once(
    'own-projects',
    () => Promise.all(Array.from({ length: ownCount }, (_, i) => createProject(t, `work-${i + 1}`).then((p) => p.id))),
    { afresh: false },
  );
}

/** The id of the project to create entities in. */
export async function workProject(t: Target): Promise<string> {
  return (await ownProjects(t))[0] ?? firstProject(t);
}

/** The projects checks spread many requests over: the suite's own, else the profile's but for the first where
 * there are others (the checks that read what a project holds read it there). */
export async function spreadProjects(t: Target): Promise<string[]> {
  const own = await ownProjects(t);
  if (own.length > 0) return own;
  const [first, ...others] = profileProjects(t);
  return others.length > 0 ? others : [first!];
}

/** A project without content: the profile's empty project, else one the run creates for it and leaves empty. */
export function projectWithoutContent(t: Target): Promise<string> {
  const { emptyProjectId, allowCreate } = t.profile.projects;
  if (emptyProjectId) return Promise.resolve(emptyProjectId);
  if (!allowCreate || t.profile.orgId === undefined)
    skipFor('projects.emptyProjectId', 'the profile names no empty project and may not create one');
  return once('empty-project', () => createProject(t, 'empty').then((p) => p.id), { afresh: false });
}
