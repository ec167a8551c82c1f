// The methods each path of the surface supports (spec 4.1: "Each resource supports only a subset of the methods"),
// as the target's surface says (its OpenAPI document, else the profile's `surface.methods`), for the root, the event
// types, the projects and every list of the run's surface and one entry of each. What a path lacks of GET, POST,
// PUT, PATCH and DELETE is unsupported.
import { methodsAt, type Surface } from '../../surface/model.ts';
import { targetSurface } from '../../surface/target-surface.ts';
import type { Target } from '../../target/target.ts';
import { contextsOf } from '../path-template.ts';
import { fill, listSurface, type SurfaceList } from './lists.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const methods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods of GET, POST, PUT, PATCH and DELETE the surface serves at a template. */
const servedAt = (s: Surface, template: string): Method[] => methods.filter((m) => methodsAt(s, template).includes(m));

/** A path of the surface (below either generation's base) and the methods it supports. */
export interface MethodPath {
  title: string;
  path: string;
  supported: Method[];
  /** One entity rather than a collection: a body sent to it is its own current representation. */
  entity: boolean;
  /** Its resource is written (created or changed), so /v1.0 serves it as /v2 does (spec 9.4). */
  written: boolean;
}

/** Makes an entry of a list (by title) where the crawl reached none and the check can make one: its path below the
 * v2 base, or undefined. */
export type MakeEntry = (title: string) => Promise<string | undefined>;

/** The surface's paths: the fixed ones, every list whose contexts the crawl reached, and an entry of each list with
 * entries (one the crawl reached, else one `make` makes). Paths the surface gives no method are left out. */
export async function methodSurface(t: Target, make: MakeEntry): Promise<MethodPath[]> {
  const s = await listSurface(t);
  const surface = await targetSurface(t);
  // Each with the collection its resource is created in, if any.
  const fixed = [
    { title: 'the root', template: '/', path: '/', entity: true, collection: '/' },
    {
      title: 'the event types',
      template: '/eventTypes',
      path: '/eventTypes',
      entity: false,
      collection: '/eventTypes',
    },
    {
      title: 'the clusters of all projects',
      template: '/clusters',
      path: '/clusters',
      entity: false,
      collection: '/clusters',
    },
    { title: 'the projects', template: '/groups', path: '/groups', entity: false, collection: '/groups' },
    {
      title: 'a project',
      template: '/groups/{groupId}',
      path: `/groups/${t.profile.projects.ids[0]}`,
      entity: true,
      collection: '/groups',
    },
  ];
  const written = (collection: string) => servedAt(surface, collection).includes('POST');
  const paths: MethodPath[] = fixed.map(({ template, collection, ...p }) => ({
    ...p,
    supported: servedAt(surface, template),
    written: written(collection),
  }));
  for (const l of s.lists) {
    const list = servedAt(surface, l.template);
    const itemTemplate = l.item ? `${l.template}/{${l.item}}` : undefined;
    const item = itemTemplate ? servedAt(surface, itemTemplate) : [];
    const depth = contextsOf(l.template).length;
    const values = s.existing(l.template, depth);
    const query = l.query ? `?${l.query}` : '';
    if (values && list.length > 0)
      paths.push({
        title: `the ${l.title}`,
        path: `${fill(l.template, values)}${query}`,
        supported: list,
        entity: false,
        written: written(l.template),
      });
    if (item.length === 0) continue;
    const at = entryOf(s, l, depth) ?? (values ? await make(l.title) : undefined);
    if (at)
      paths.push({
        title: `one of the ${l.title}`,
        path: at,
        supported: item,
        entity: true,
        written: written(l.template),
      });
  }
  return paths.filter((p) => p.supported.length > 0);
}

/** An entry of a list that the crawl reached, its path below the v2 base. */
function entryOf(s: Awaited<ReturnType<typeof listSurface>>, l: SurfaceList, depth: number): string | undefined {
  const values = s.existing(`${l.template}/{${l.item}}`, depth + 1);
  return values ? fill(`${l.template}/{${l.item}}`, values) : undefined;
}

/** The methods a path does not support, of GET, POST, PUT, PATCH and DELETE. */
export const unsupportedAt = (p: MethodPath): Method[] => methods.filter((m) => !p.supported.includes(m));
