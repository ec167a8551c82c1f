// A list long enough to page through (spec 2.3): alert configurations the suite creates, once per run, shared by the
// paging checks, which only read it, and deleted when they are done (dropFilledList). They go into a project of the
// suite's own where the profile allows creating projects (then no other check writes there, and deleting the
// project deletes them with it), else into the profile's first project, where each is noted for deletion.
import { deleteCreated, type Created } from '../../src/target/created.ts';
import { runName } from '../../src/harness/run-name.ts';
import {
  alertConfigBody,
  alertConfigsPath,
  createProject,
  needRefused,
  postEntity,
} from '../../src/probes/new-entities.ts';
import { perRun } from '../../src/harness/per-run.ts';
import { TargetError } from '../../src/outcome.ts';
import { firstProject } from '../../src/target/projects.ts';
import type { Target } from '../../src/target/target.ts';

/** Configurations the suite adds: many pages at small page sizes, yet quick to create, and to walk at every page
 * size (LIST-PAGES-PARTITION), under the one project's rate limit. */
export const fillCount = 10;

const filled = perRun(() => ({
  list: undefined as Promise<string> | undefined,
  made: [] as Created[],
  /** Ids of the configurations in the list, each a new entity (postEntity refuses an id the run already holds). */
  ids: [] as string[],
}));

/** Fills the list and gives its path (under the versioned API). */
async function fill(t: Target, made: Created[], ids: string[]): Promise<string> {
  const ownProject = t.profile.projects.allowCreate && t.profile.orgId !== undefined;
  let groupId = firstProject(t);
  if (ownProject) {
    const project = await createProject(t, 'paging');
    made.push(project.created);
    groupId = project.id;
  }
  const path = alertConfigsPath(t, groupId);
  await Promise.all(
    Array.from({ length: fillCount }, async (_, i) => {
      // In the suite's own project, deleting the project (noted when it was made) deletes them with it.
      const { res, made: item } = await postEntity(t, path, alertConfigBody(runName(t, `page-item-${i + 1}`)), {
        note: !ownProject,
      });
      if (!item) throw needRefused(res, 'fill a list to page through');
      ids.push(item.id);
      if (!ownProject) made.push(item.created);
    }),
  );
  return path;
}

/** The path of the filled list, made by the first check that asks for it. */
export function filledList(t: Target): Promise<string> {
  const state = filled();
  state.list ??= fill(t, state.made, state.ids);
  return state.list;
}

/** Ids of the configurations the suite made in the filled list (none before `filledList`). */
export const filledIds = (): readonly string[] => filled().ids;

/** The precondition of every check of the filled list: `all`, its keys as read, holds each configuration the suite
 * made. A list that did not fill (a target that lists none, or other entities) leaves the check nothing to judge. */
export function expectFilled(all: readonly string[]): void {
  const { ids } = filled();
  const missing = ids.filter((id) => !all.includes(id));
  if (missing.length > 0)
    throw new TargetError(
      'nothing-judged',
      `the list did not fill: it holds ${all.length} ${all.length === 1 ? 'item' : 'items'}, without ${missing.length} of the ${ids.length} alert configurations the suite created in it (${missing.slice(0, 3).join(', ')})`,
    );
}

/** Deletes the filled list once the checks that read it are done; what a DELETE leaves stays in the journal, for the
 * end-of-run cleanup. */
export async function dropFilledList(t: Target): Promise<void> {
  const state = filled();
  if (!state.list) return;
  await state.list.catch(() => undefined);
  await Promise.allSettled(state.made.splice(0).map((c) => deleteCreated(t, c)));
  state.list = undefined;
}
