// The projects a run may touch: those the profile names.
import { skipFor } from '../outcome.ts';
import type { Target } from './target.ts';

/** The projects the profile names; rules that need one are skipped without any. */
export function profileProjects(t: Target): string[] {
  const ids = t.profile.projects.ids;
  if (ids.length === 0) skipFor('projects.ids', 'the profile names no project');
  return ids;
}

/** The first project the profile names. */
export function firstProject(t: Target): string {
  return profileProjects(t)[0]!;
}

/** A project with no clusters: the profile's emptyProjectId. */
export function emptyProject(t: Target): string {
  const id = t.profile.projects.emptyProjectId;
  if (!id) skipFor('projects.emptyProjectId', 'the profile names no empty project');
  return id;
}

/** Fills {groupId} in a profile path with a project id. */
export function fillPath(path: string, groupId: string): string {
  return path.replace(/\{groupId\}/g, groupId);
}
