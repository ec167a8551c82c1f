// The projects a run may touch: those the profile names; identifiers of things that do not exist.
import { randomBytes } from 'node:crypto';
import { skipFor } from '../outcome.ts';
import { perRun } from '../harness/per-run.ts';
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

/** A well-formed project id that names no project (24 hex digits, as project ids are); one per run. */
export const missingProjectId = perRun(() => 'f0f0' + randomBytes(10).toString('hex'));

/** Fills {groupId} in a profile path with a project id. */
export function fillPath(path: string, groupId: string): string {
  return path.replace(/\{groupId\}/g, groupId);
}
