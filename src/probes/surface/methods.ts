// The methods each path of the surface supports (spec 4.1: "Each resource supports only a subset of the methods"):
// the real service's operations (spec 4.5 for clusters) for the root, the event types, the projects and every list
// of the run's surface and one entry of each. What a path lacks of GET, POST, PUT, PATCH and DELETE is unsupported.
import type { Target } from '../../target/target.ts';
import { contextsOf, fill, listSurface, type SurfaceList } from './lists.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const methods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods of a list and of one of its entries, by the list's title (lists.ts). */
const served: Record<string, { list: Method[]; item?: Method[] }> = {
  clusters: { list: ['GET', 'POST'], item: ['GET', 'PATCH', 'DELETE'] },
  events: { list: ['GET'], item: ['GET'] },
  alerts: { list: ['GET'], item: ['GET', 'PATCH'] },
  'alert configurations': { list: ['GET', 'POST'], item: ['GET', 'PUT', 'PATCH', 'DELETE'] },
  processes: { list: ['GET'], item: ['GET'] },
  'custom database roles': { list: ['GET', 'POST'], item: ['GET', 'PATCH', 'DELETE'] },
  'restore jobs': { list: ['GET', 'POST'], item: ['GET', 'DELETE'] },
  'tenant snapshots': { list: ['GET'], item: ['GET'] },
  databases: { list: ['GET'], item: ['GET'] },
};

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
 * entries (one the crawl reached, else one `make` makes). Lists of unknown methods are left out. */
export async function methodSurface(t: Target, make: MakeEntry): Promise<MethodPath[]> {
  const s = await listSurface(t);
  const project = `/groups/${t.profile.projects.ids[0]}`;
  const paths: MethodPath[] = [
    { title: 'the root', path: '/', supported: ['GET'], entity: true, written: false },
    { title: 'the event types', path: '/eventTypes', supported: ['GET'], entity: false, written: false },
    { title: 'the clusters of all projects', path: '/clusters', supported: ['GET'], entity: false, written: false },
    { title: 'the projects', path: '/groups', supported: ['GET', 'POST'], entity: false, written: true },
    { title: 'a project', path: project, supported: ['GET', 'PATCH', 'DELETE'], entity: true, written: true },
  ];
  const listed = (l: SurfaceList) => served[l.title] ?? (l.item ? undefined : { list: ['GET'] as Method[] });
  for (const l of s.lists) {
    const m = listed(l);
    if (!m) continue;
    const written = m.list.includes('POST');
    const depth = contextsOf(l.template).length;
    const values = s.existing(l.template, depth);
    const query = l.query ? `?${l.query}` : '';
    if (values)
      paths.push({
        title: `the ${l.title}`,
        path: `${fill(l.template, values)}${query}`,
        supported: m.list,
        entity: false,
        written,
      });
    if (!l.item || !m.item) continue;
    const item = entryOf(s, l, depth) ?? (values ? await make(l.title) : undefined);
    if (item) paths.push({ title: `one of the ${l.title}`, path: item, supported: m.item, entity: true, written });
  }
  return paths;
}

/** An entry of a list that the crawl reached, its path below the v2 base. */
function entryOf(s: Awaited<ReturnType<typeof listSurface>>, l: SurfaceList, depth: number): string | undefined {
  const values = s.existing(`${l.template}/{${l.item}}`, depth + 1);
  return values ? fill(`${l.template}/{${l.item}}`, values) : undefined;
}

/** The methods a path does not support, of GET, POST, PUT, PATCH and DELETE. */
export const unsupportedAt = (p: MethodPath): Method[] => methods.filter((m) => !p.supported.includes(m));
