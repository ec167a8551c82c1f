// Every kind of resource of the read surface once, at a path that exists: the root, the projects, the profile's first
// project where it names one, and each list whose contexts the crawl reached. Rules that hold for every request (spec
// 2.1, 9.2) judge one answer of each.
import type { HttpResponse } from '../../http/messages.ts';
import { sharedLegacyRead } from '../resource-versions.ts';
import { sharedResponse } from '../shared-response.ts';
import type { Target } from '../../target/target.ts';
import { existingLists, listSurface } from './lists.ts';

export interface ResourceKind {
  title: string;
  /** Its path below the base of either generation. */
  path: string;
}

export async function resourceKinds(t: Target): Promise<ResourceKind[]> {
  const lists = existingLists(await listSurface(t)).map(({ list, path }) => ({ title: list.title, path }));
  return [
    { title: 'root', path: '/' },
    { title: 'projects', path: '/groups' },
    ...t.profile.projects.ids.slice(0, 1).map((id) => ({ title: 'project', path: `/groups/${id}` })),
    ...lists,
  ];
}

/** A GET (or `method`) under the v2 base with an Accept that names no version (undefined: no Accept at all), sent
 * once per run. */
export function unversionedRead(
  t: Target,
  path: string,
  accept: string | undefined,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<HttpResponse> {
  const headers: Record<string, string> = accept === undefined ? {} : { accept };
  return sharedResponse(`unversioned:${method}:${accept ?? ''}:${path}`, () =>
    t.send({ method, path: t.v2(path), version: null, headers }),
  );
}

/** GET of each kind of resource under /v1.0, sent once per run: what holds for every answer holds under both generations. */
export async function legacyReads(t: Target): Promise<HttpResponse[]> {
  return Promise.all((await resourceKinds(t)).map((k) => sharedLegacyRead(t, k.path)));
}
