// The read side of the surface (spec 2.3, 7.1): every list the target offers for this run (the catalogue's below,
// and every paged list of the target's surface under contexts the crawl reaches), each with the chain of contexts it
// lives in, so that rules about lists and their contexts judge them all, at every depth. Contexts that exist come
// from the crawl; values that name nothing are made here, one per kind of context or entry, of the form the target's
// document gives it, drawn from the run's seed.
import fc from 'fast-check';
import type { Profile } from '../../profile/profile.ts';
import { crawl, crawledPath, type Crawled } from '../crawl.ts';
import { contextsOf, matchTemplate } from '../path-template.ts';
import { seededBytes } from '../../target/run-setup.ts';
import type { Target } from '../../target/target.ts';
import {
  operationsAt,
  shapeOf,
  type ParamForm,
  type Surface as TargetSurface,
  type SurfaceOperation,
} from '../../surface/model.ts';
import { targetSurface } from '../../surface/target-surface.ts';

export interface SurfaceList {
  /** What it holds, plural: 'restore jobs'. */
  title: string;
  /** Its path below the v2 base, a `{param}` for each context, outermost first. */
  template: string;
  /** The path parameter of one entry, read alone at `${template}/{item}`. */
  item?: string;
  /** The forms the target's document gives the values of its contexts and its entry, by the names above, where it
   * gives any. */
  forms?: Record<string, ParamForm>;
  /** False for one entity under a context rather than a list of results (performance advice, measurements). */
  paged: boolean;
  /** Query parameters the resource requires. */
  query?: string;
}

/** The lists of spec 2.3 and 4.3, and the entities that hang under the same contexts; '' where the profile says the
 * target does not offer an endpoint. */
function catalogue(p: Profile): SurfaceList[] {
  const { customDbRoles, slowQueryLogs } = p.endpoints;
  return [
    { title: 'clusters', template: '/groups/{groupId}/clusters', item: 'clusterName', paged: true },
    { title: 'events', template: '/groups/{groupId}/events', item: 'eventId', paged: true },
    { title: 'alerts', template: '/groups/{groupId}/alerts', item: 'alertId', paged: true },
    { title: 'alert configurations', template: '/groups/{groupId}/alertConfigs', item: 'alertConfigId', paged: true },
    { title: 'processes', template: '/groups/{groupId}/processes', item: 'processId', paged: true },
    { title: 'custom database roles', template: customDbRoles, item: 'roleName', paged: true },
    {
      title: 'restore jobs',
      template: '/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs',
      item: 'restoreJobId',
      paged: true,
    },
    {
      title: 'tenant snapshots',
      template: '/groups/{groupId}/clusters/{clusterName}/backup/tenant/snapshots',
      item: 'snapshotId',
      paged: true,
    },
    {
      title: 'suggested indexes',
      template: '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor/suggestedIndexes',
      paged: false,
    },
    {
      title: 'drop-index suggestions',
      template: '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor/dropIndexSuggestions',
      paged: false,
    },
    {
      title: 'databases',
      template: '/groups/{groupId}/processes/{processId}/databases',
      item: 'databaseName',
      paged: true,
    },
    {
      title: 'measurements',
      template: '/groups/{groupId}/processes/{processId}/databases/{databaseName}/measurements',
      paged: false,
      query: 'granularity=PT1H&period=P1D',
    },
    { title: 'slow query logs', template: slowQueryLogs, paged: false },
    {
      title: 'alerts of an alert configuration',
      template: '/groups/{groupId}/alertConfigs/{alertConfigId}/alerts',
      paged: true,
    },
  ].filter((l) => l.template !== '');
}

/** The template with each parameter filled from `values`. */
export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);

/** What each context parameter names, for the checks' titles: the contexts whose chains the crawl reaches. */
export const contextTitles: Record<string, string> = {
  orgId: 'organization',
  groupId: 'project',
  clusterName: 'cluster',
  processId: 'process',
  databaseName: 'database',
  alertConfigId: 'alert configuration',
};

/** Names of things that do not exist, where the kind has names of its own form (an access-list entry is an address:
 * one of a documentation range, RFC 5737), so that a target is asked for a missing one, not a malformed one; other
 * kinds get a fresh 24-hex id per run. */
export const missingNames: Record<string, string> = {
  clusterName: 'conformance-missing-cluster',
  processId: 'conformance-missing-host:27017',
  instanceName: 'conformance-missing-instance',
  databaseName: 'conformance-missing-database',
  roleName: 'conformance-missing-role',
  entryValue: '203.0.113.254',
};

/** A value of path parameter `param` that names nothing, drawn from the run's seed, of the form the target's document
 * gives its values (`form`) where it gives one: the project id the run's scope lets through for a project; a name of
 * the kind's own form (above); else a fresh 24-hex id, or where that does not match the form's pattern a value drawn
 * to match it (encoded for the path; the fresh id where none can be drawn). Undefined where the values are a closed
 * set, any of which may exist. */
function missingValue(s: Surface, param: string, form?: ParamForm): string | undefined {
  if (param === 'groupId') return s.missingProjectId;
  if (form?.enum) return undefined;
  const id = missingNames[param] ?? `f1f1${seededBytes(s, `missing ${param}`).toString('hex').slice(0, 20)}`;
  const pattern = patternOf(form);
  if (!pattern || pattern.test(id)) return id;
  return drawnMatching(pattern, seededBytes(s, `missing ${param} ${form!.pattern}`).readInt32BE(0)) ?? id;
}

/** A value drawn with `seed` to match `pattern`, encoded for the path; undefined where fast-check cannot draw one (a
 * lookahead, a backreference) or draws one the pattern does not match. */
function drawnMatching(pattern: RegExp, seed: number): string | undefined {
  try {
    const [drawn] = fc.sample(fc.stringMatching(pattern, { size: 'xsmall' }), { seed, numRuns: 1 });
    return drawn !== undefined && pattern.test(drawn) ? encodeURIComponent(drawn) : undefined;
  } catch {
    return undefined;
  }
}

/** A form's pattern, where it is one JavaScript reads. */
function patternOf(form: ParamForm | undefined): RegExp | undefined {
  try {
    return form?.pattern === undefined ? undefined : new RegExp(form.pattern);
  } catch {
    return undefined;
  }
}

export interface Surface {
  lists: SurfaceList[];
  /** The id of no project that the run's 404 probes use (the Target's, which its scope lets through). */
  missingProjectId: string;
  /** The run's seed, which draws the other values that name nothing. */
  seed: number;
  /** A chain of contexts that exists, the values of a template's first `depth` parameters; none where the crawl
   * reached none. */
  existing(template: string, depth: number): Record<string, string> | undefined;
  /** Every chain of contexts that exists for the whole of a template, as the crawl reached them in the profile's
   * projects and organization (those of its first project first), and the profile's organization itself: the
   * instances of a list, those with no items yet among them. */
  instances(template: string): Record<string, string>[];
}

/** A probe of the surface: a path below the v2 base and the value in it that names nothing. */
export interface MissingProbe {
  list: SurfaceList;
  path: string;
  missing: string;
  depth: number;
}

const withQuery = (l: SurfaceList, path: string) => (l.query ? `${path}?${l.query}` : path);

/** The list's path with its context at `depth` (0: the project) missing, those above it existing (those below it
 * cannot exist either); none where no chain above it exists. */
export function missingContext(s: Surface, l: SurfaceList, depth: number): MissingProbe | undefined {
  const names = contextsOf(l.template);
  const above = s.existing(l.template, depth);
  if (!above) return undefined;
  // Below the missing context nothing exists either: a value of a closed set there names nothing all the same.
  const value = (n: string, i: number) =>
    above[n] ?? missingValue(s, n, l.forms?.[n]) ?? (i > depth ? l.forms?.[n]?.enum?.[0] : undefined);
  const values = Object.fromEntries(names.map((n, i) => [n, value(n, i)]));
  if (Object.values(values).some((v) => v === undefined)) return undefined;
  const filled = values as Record<string, string>;
  return { list: l, path: withQuery(l, fill(l.template, filled)), missing: filled[names[depth]!]!, depth };
}

/** Every list with each of its contexts missing in turn. */
export const missingContexts = (s: Surface): MissingProbe[] =>
  s.lists
    .flatMap((l) => contextsOf(l.template).map((_, depth) => missingContext(s, l, depth)))
    .filter((p) => p !== undefined);

/** An entry of each list that has entries, missing under contexts that exist: one entity kind per list. */
export function missingEntries(s: Surface): MissingProbe[] {
  return s.lists
    .filter((l) => l.item)
    .flatMap((l) => {
      const depth = contextsOf(l.template).length;
      const values = s.existing(l.template, depth);
      if (!values) return [];
      const missing = missingValue(s, l.item!, l.forms?.[l.item!]);
      return missing === undefined ? [] : [{ list: l, path: `${fill(l.template, values)}/${missing}`, missing, depth }];
    });
}

/** A list's title from its template: the words of its own segments and the context it lies in
 * (`/orgs/{orgId}/events`: 'events of the organization'). */
export function titleOf(template: string): string {
  const [, context] = /\{(\w+)\}(?!.*\{)/.exec(template) ?? [];
  const own = template
    .slice(template.lastIndexOf('}') + 1)
    .split('/')
    .filter(Boolean);
  const words = own.map((w) => w.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).join(' ');
  return context ? `${words} of the ${contextTitles[context] ?? context}` : words;
}

/** The paged lists of the target's surface the catalogue does not hold, under contexts whose chains the crawl
 * reaches: a list the target's document names joins whatever the crawl saw of it. */
export function surfaceLists(surface: TargetSurface, known: readonly SurfaceList[]): SurfaceList[] {
  const gets = surface.operations.filter((o) => o.method === 'GET');
  return gets
    .filter((o) => o.paged === true && !o.template.endsWith('}'))
    .filter((o) => !known.some((l) => shapeOf(l.template) === shapeOf(o.template)))
    .filter((o) => contextsOf(o.template).length > 0 && contextsOf(o.template).every((c) => c in contextTitles))
    .map((o) => {
      const entry = entryGet(surface, o.template);
      const item = entry ? { item: contextsOf(entry.template).at(-1)! } : {};
      return withForms(surface, { title: titleOf(o.template), template: o.template, ...item, paged: true });
    });
}

/** The surface's GET of one entry of a list (`${template}/{param}`, parameters named as they may be), where it has
 * one. */
function entryGet(surface: TargetSurface, template: string): SurfaceOperation | undefined {
  return surface.operations.find(
    (g) =>
      g.method === 'GET' &&
      shapeOf(g.template).startsWith(`${shapeOf(template)}/{`) &&
      contextsOf(g.template).length === contextsOf(template).length + 1,
  );
}

/** A list with the forms the surface gives the values of its parameters and its entry's, read from the GETs of the
 * list and of one entry by position, so that the list's names for them hold whatever the document calls them. */
function withForms(surface: TargetSurface, l: SurfaceList): SurfaceList {
  const names = [...contextsOf(l.template), ...(l.item ? [l.item] : [])];
  const gets = [
    operationsAt(surface, l.template).find((o) => o.method === 'GET'),
    l.item && entryGet(surface, l.template),
  ];
  const forms: Record<string, ParamForm> = {};
  for (const get of gets)
    if (get)
      contextsOf(get.template).forEach((param, i) => {
        const form = get.pathParams?.[param];
        if (form && names[i] !== undefined) forms[names[i]] = form;
      });
  return Object.keys(forms).length > 0 ? { ...l, forms } : l;
}

/** The lists the target offers for this run: those of the catalogue the surface or the profile names (its
 * versions, documented endpoints and endpoint settings) or the crawl was led to by a link, whatever the answer (an
 * empty list may be wrongly not found), and the surface's own; and the contexts that exist, as the crawl reached
 * them. */
export async function listSurface(t: Target): Promise<Surface> {
  const [c, surface] = await Promise.all([crawl(), targetSurface(t)]);
  const base = t.v2();
  const below = (r: Crawled) => crawledPath(r).slice(base.length);
  const linked = c.responses.map(below);
  const reached = c.responses.filter((r) => r.res.status === 200).map(below);
  const { versions, endpoints } = t.profile;
  const named = (l: SurfaceList) =>
    operationsAt(surface, l.template).some((o) => o.method === 'GET') ||
    l.template in versions.resources ||
    endpoints.documented.includes(`GET ${l.template}`) ||
    Object.values(endpoints).includes(l.template);
  const all = catalogue(t.profile);
  const known = all.filter((l) => named(l) || linked.some((p) => matchTemplate(l.template, p)));
  const lists = [...known.map((l) => withForms(surface, l)), ...surfaceLists(surface, all)];
  const chains = contextChains(reached, t.profile);
  return {
    lists,
    missingProjectId: t.missingProjectId,
    seed: t.setup.seed,
    existing: (template, depth) => chains(template, depth)[0],
    instances: (template) => chains(template, contextsOf(template).length),
  };
}

/** The chains of contexts of a template's first `depth` parameters that exist, from the paths the crawl reached
 * with 200 (below the v2 base): those in the profile's projects, and those in its organization alone (the
 * organization itself, reached or not), the first project's first. */
export function contextChains(
  reached: readonly string[],
  p: Pick<Profile, 'projects' | 'orgId'>,
): (template: string, depth: number) => Record<string, string>[] {
  const { projects, orgId } = p;
  const inScope = (v: Record<string, string>) =>
    v.groupId !== undefined ? projects.ids.includes(v.groupId) : v.orgId !== undefined && v.orgId === orgId;
  return (template, depth) => {
    const names = contextsOf(template).slice(0, depth);
    if (names.length === 0) return [{}];
    // The template up to the parameter of that depth: the path of its innermost context.
    const prefix = template.slice(0, template.indexOf(`{${names.at(-1)!}}`) + names.at(-1)!.length + 2);
    const found = new Map<string, Record<string, string>>();
    if (names.length === 1 && names[0] === 'orgId' && orgId) found.set(JSON.stringify({ orgId }), { orgId });
    for (const v of reached.map((path) => matchTemplate(prefix, path)))
      if (v && inScope(v)) found.set(JSON.stringify(v), v);
    const all = [...found.values()];
    return [...all.filter((v) => v.groupId === projects.ids[0]), ...all.filter((v) => v.groupId !== projects.ids[0])];
  };
}

/** A list whose whole chain of contexts exists, at the path of that chain (below the v2 base). */
export interface ExistingList {
  list: SurfaceList;
  path: string;
}

/** Every list of the surface whose contexts the crawl reached, once each. */
export const existingLists = (s: Surface): ExistingList[] =>
  s.lists.flatMap((l) => {
    const values = s.existing(l.template, contextsOf(l.template).length);
    return values ? [{ list: l, path: withQuery(l, fill(l.template, values)) }] : [];
  });

/** A list at one instance of its chain of contexts, with how many contexts deep it lies. */
export interface ListInstance extends ExistingList {
  depth: number;
}

/** Instances of each list read where rules read a list at several: the first few, so that an entity with nothing
 * under it yet (a cluster without restore jobs or advice) is likely among them, and a target with many costs no more. */
export const instancesPerList = 3;

/** Every list of the surface at up to `instancesPerList` of the instances the crawl reached (those of the profile's
 * first project first), lists without items among them. */
export const listInstances = (s: Surface): ListInstance[] =>
  s.lists.flatMap((l) =>
    s
      .instances(l.template)
      .slice(0, instancesPerList)
      .map((values) => ({
        list: l,
        path: withQuery(l, fill(l.template, values)),
        depth: contextsOf(l.template).length,
      })),
  );
