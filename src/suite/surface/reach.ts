// Where the crawl's links led (spec 1): the profile projects in which it reached each list of the surface, the list
// itself or one of its entries, so that SVC-BROWSABLE judges every kind of resource and not one sample.
import { contextsOf, match, type SurfaceList } from './lists.ts';

/** A list whose only context is the project: every project has it, so links from each project must lead to it. */
export const isProjectList = (l: SurfaceList): boolean => contextsOf(l.template).join() === 'groupId';

/** The projects (by id) in which one of `paths` (paths below the v2 base) is the list or one of its entries. */
export function projectsReaching(l: SurfaceList, paths: readonly string[]): Set<string> {
  const templates = [l.template, ...(l.item ? [`${l.template}/{${l.item}}`] : [])];
  const found = paths.flatMap((p) => templates.map((t) => match(t, p)?.groupId)).filter((id) => id !== undefined);
  return new Set(found);
}
