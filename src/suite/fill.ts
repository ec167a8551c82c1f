// A list long enough to page through (spec 2.3): alert configurations the suite creates, once per run, shared by the
// paging checks, which only read it. They go into a project of the suite's own where the profile allows creating
// projects (then no other check writes there, and deleting the project at the end deletes them with it), else into
// the profile's first project, where each is noted for deletion.
import { describeExchange } from '../checks/status.ts';
import { TargetError } from '../outcome.ts';
import { runName } from './created.ts';
import { alertConfigBody, alertConfigsPath, createProject, postEntity } from './new-entities.ts';
import { perRun } from './per-run.ts';
import { firstProject } from './projects.ts';
import type { Target } from './target.ts';

/** Configurations the suite adds: many pages at small page sizes, yet quick to create, and to walk at every page
 * size (LIST-PAGES-PARTITION), under the one project's rate limit. */
export const fillCount = 25;

const filled = perRun(() => ({ list: undefined as Promise<string> | undefined }));

/** Fills the list and gives its path (under the versioned API). */
async function fill(t: Target): Promise<string> {
  const ownProject = t.profile.projects.allowCreate && t.profile.orgId !== undefined;
  const groupId = ownProject ? (await createProject(t, 'paging')).id : firstProject(t);
  const path = alertConfigsPath(t, groupId);
  await Promise.all(Array.from({ length: fillCount }, async (_, i) => {
    // In the suite's own project, deleting the project (noted when it was made) deletes them with it.
    const { res, made } = await postEntity(t, path, alertConfigBody(runName(t, `page-item-${i + 1}`)), { note: !ownProject });
    if (!made) throw new TargetError('unexpected-status', `${describeExchange(res)}: could not fill a list to page through`, res.exchange);
  }));
  return path;
}

/** The path of the filled list, made by the first check that asks for it. */
export function filledList(t: Target): Promise<string> {
  const state = filled();
  state.list ??= fill(t);
  return state.list;
}
