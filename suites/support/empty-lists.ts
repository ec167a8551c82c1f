// The lists LIST-EMPTY-200 of 2.3 reads, at every depth of their contexts: one context deep, those of a project
// without content where the profile names one or the run may make one (else those of the profile's projects); in
// other contexts (the organization's) and deeper, every list at the first instances of its contexts the crawl
// reached, entities with no items under them yet among them, and the alerts of an alert configuration the run made
// (the paging rules' list), which has none. Each is read as the page every other list rule reads (`firstPage`): a
// list's first instance, the one those rules read, costs nothing more. A list found empty is read under /v1.0 too,
// as the run's shared reading of that generation (the list rules' reading of a first instance costs nothing more).
import type { HttpResponse } from '../../src/http/messages.ts';
import { contextsOf } from '../../src/probes/path-template.ts';
import {
  fill,
  listInstances,
  type ListInstance,
  type Surface,
  type SurfaceList,
} from '../../src/probes/surface/lists.ts';
import { TargetError } from '../../src/outcome.ts';
import { sharedLegacyRead } from '../../src/probes/resource-versions.ts';
import { firstPage, legacyServesKind } from '../../src/probes/surface/paged-lists.ts';
import type { Target } from '../../src/target/target.ts';
import { filledIds, filledList } from './paging-list.ts';
import { projectWithoutContent } from '../../src/probes/work-project.ts';

export interface ListRead extends ListInstance {
  res: HttpResponse;
}

/** Whether the run has a project without content: the profile's, or one it may create. */
const hasEmptyProject = (t: Target) =>
  t.profile.projects.emptyProjectId !== undefined || (t.profile.projects.allowCreate && t.profile.orgId !== undefined);

/** The alerts of the first alert configuration of the list the paging rules walk (made once per run by whichever
 * check asks first), where the surface offers that list; none where the target would not have the list filled. */
async function underCreated(t: Target, s: Surface): Promise<ListInstance[]> {
  const alerts = s.lists.find((l) => contextsOf(l.template).at(-1) === 'alertConfigId');
  if (!alerts) return [];
  try {
    const configs = t.belowV2(await filledList(t));
    return filledIds()
      .slice(0, 1)
      .map((id) => ({ list: alerts, path: `${configs}/${id}/alerts`, depth: 2 }));
  } catch (e) {
    if (e instanceof TargetError) return [];
    throw e;
  }
}

async function candidates(t: Target, s: Surface): Promise<ListInstance[]> {
  const instances = [...listInstances(s).filter((i) => i.list.paged), ...(await underCreated(t, s))];
  if (!hasEmptyProject(t)) return instances;
  const project = await projectWithoutContent(t);
  const inProject = (l: SurfaceList) => contextsOf(l.template).join() === 'groupId';
  const ofProject = s.lists
    .filter((l) => l.paged && inProject(l))
    .map((l) => ({ list: l, path: fill(l.template, { groupId: project }), depth: 1 }));
  return [...ofProject, ...instances.filter((i) => !inProject(i.list))];
}

/** Page 1 of each list that may be empty, the run's shared reading. */
export async function emptyListReads(t: Target, s: Surface): Promise<ListRead[]> {
  return Promise.all(
    (await candidates(t, s)).map(async (l) => ({
      ...l,
      res: await firstPage(t, { title: l.list.title, generation: 'v2', path: t.v2(l.path) }),
    })),
  );
}

/** The /v1.0 reading of a list instance, and whether that generation serves the list (`legacyServesKind`), so that a
 * 404 of another instance is that instance's and not the generation's. */
export async function legacyListRead(
  t: Target,
  s: Surface,
  l: ListInstance,
): Promise<{ res: HttpResponse; served: boolean }> {
  const [res, served] = await Promise.all([sharedLegacyRead(t, l.path), legacyServesKind(t, s, l.list)]);
  return { res, served };
}
