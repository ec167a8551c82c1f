// The writable surface of the target for this run: every resource checks can write (alert configurations and custom
// database roles always, projects where the profile allows creating them, clusters only with allowBillable), with
// its collection, a valid create body, a valid change per write method it supports (spec 4.1), the generations that
// serve it (spec 9.4: /v1.0 serves the same resources, only clusters differ in shape), and the places in each body
// where a field can go: every object down to the leaves, inside arrays of objects too.
import { isObject, type JsonObject } from '../../judges/json-walk.ts';
import type { JsonPath } from '../../judges/names-field.ts';
import { describeExchange } from '../../judges/status.ts';
import { TargetError } from '../../outcome.ts';
import { deleteCreated } from '../../target/created.ts';
import { runName } from '../../harness/run-name.ts';
import { clusterBody } from '../cluster-bodies.ts';
import { alertConfigBody, createEntity, projectBody, type NewEntity } from '../new-entities.ts';
import { generations, type Generation } from '../../generation.ts';
import { readLegacy } from '../resource-versions.ts';
import { alertConfigKind, customRoleKind } from '../sequence.ts';
import { readOnlyAt, type FieldPath, type Surface } from '../../surface/model.ts';
import { targetSurface } from '../../surface/target-surface.ts';
import type { Target } from '../../target/target.ts';
import { spreadProjects } from '../work-project.ts';
import { perRun } from '../../harness/per-run.ts';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH';

/** An object of a body where fields go: its path, its depth (0: the body itself) and the real fields there. */
export interface Place {
  at: JsonPath;
  depth: number;
  fields: JsonObject;
}

/** One write a resource supports. */
export interface Write {
  method: WriteMethod;
  /** Below the generation's base: the collection for POST, the entity for PUT and PATCH. */
  path: string;
  /** A body the target takes: a new entity for POST; for PUT and PATCH current values, which change nothing. */
  body: JsonObject;
  /** Every object of `body`, the body itself first. */
  places: Place[];
  /** Fields that cannot be modified, at any depth, each with a value other than the entity's. */
  readOnly: { path: JsonPath; value: unknown }[];
  /** For PUT and PATCH: a real change of one top-level field, which shows when the entity is read back. */
  change?: { field: string; current: unknown; changed: unknown };
}

export interface WritableResource {
  title: string;
  /** The field of a created entity that its path ends with. */
  key: string;
  /** Below the generation's base. */
  collection: string;
  generations: Generation[];
  writes: Write[];
}

/** The value at `at` in `v`, or undefined. */
function valueAt(v: unknown, at: JsonPath): unknown {
  return at.reduce<unknown>(
    (x, k) => (Array.isArray(x) || isObject(x) ? (x as Record<string | number, unknown>)[k] : undefined),
    v,
  );
}

const withoutLinks = (e: JsonObject) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'links'));

/** Every object of `body` down to its leaves (the first item of each array of objects stands for the others); the
 * fields of each are the body's with those of `entity` (the entity as read) at the same place. */
export function placesIn(body: JsonObject, entity: JsonObject = {}): Place[] {
  const places: Place[] = [];
  const visit = (value: JsonObject, at: JsonPath) => {
    const read = valueAt(entity, at);
    places.push({
      at,
      depth: at.filter((k) => typeof k === 'string').length,
      fields: withoutLinks({ ...(isObject(read) ? read : {}), ...value }),
    });
    for (const [key, child] of Object.entries(value)) {
      if (isObject(child)) visit(child, [...at, key]);
      else if (Array.isArray(child) && isObject(child[0])) visit(child[0], [...at, key, 0]);
    }
  };
  visit(body, []);
  return places;
}

/** A value of the same JSON type that differs from `v`. */
function otherValue(v: unknown): unknown {
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'boolean') return !v;
  if (typeof v !== 'string') return 'conformance';
  if (/^[0-9a-f]{24}$/.test(v)) return v === 'f'.repeat(24) ? '0'.repeat(24) : 'f'.repeat(24);
  if (/^\d{4}-\d{2}-\d{2}/.test(v)) return v.startsWith('2001') ? '2002-03-04T05:06:07Z' : '2001-02-03T04:05:06Z';
  return `${v}X`;
}

/** The place of a field in `v`: its names, with the first item of each array on the way. */
function placeOf(v: unknown, field: FieldPath): JsonPath | undefined {
  const at: (string | number)[] = [];
  let x = v;
  for (const name of field) {
    if (Array.isArray(x)) {
      at.push(0);
      x = x[0];
    }
    if (!isObject(x) || !Object.hasOwn(x, name)) return undefined;
    at.push(name);
    x = x[name];
  }
  return at;
}

/** The read-only fields of an update (the surface's) that the entity has, each with another value: a top-level one
 * always, a nested one where the body holds the object it belongs to. */
const readOnlyOf = (entity: JsonObject, body: JsonObject, fields: FieldPath[]): Write['readOnly'] =>
  fields.flatMap((field) => {
    const at = placeOf(entity, field);
    if (!at || (field.length > 1 && !Object.hasOwn(body, field[0]!))) return [];
    return [{ path: at, value: otherValue(valueAt(entity, at)) }];
  });
/** The top-level read-only fields of a create (the surface's) that its body does not set: values a target would
 * otherwise make itself. */
const madeFields = (body: JsonObject, fields: FieldPath[]): Write['readOnly'] =>
  fields
    .filter((f) => f.length === 1 && !Object.hasOwn(body, f[0]!))
    .map(([n]) => ({
      path: [n!],
      value: n === 'id' || n!.endsWith('Id') ? 'f'.repeat(24) : n === 'clusterCount' ? 1 : '2001-02-03T04:05:06Z',
    }));

const pick = (e: JsonObject, names: string[]) =>
  Object.fromEntries(names.filter((n) => Object.hasOwn(e, n)).map((n) => [n, e[n]]));
const create = (path: string, body: JsonObject, readOnly: FieldPath[]): Write => ({
  method: 'POST',
  path,
  body,
  places: placesIn(body),
  readOnly: madeFields(body, readOnly),
});
const update = (
  method: WriteMethod,
  path: string,
  body: JsonObject,
  entity: JsonObject,
  readOnly: FieldPath[],
  change?: Write['change'],
): Write => ({
  method,
  path,
  body,
  places: placesIn(body, entity),
  readOnly: readOnlyOf(entity, body, readOnly),
  ...(change ? { change } : {}),
});

/** The unmodifiable fields the surface gives each write method of a resource: a create in its collection, a PUT or
 * PATCH of the entry. */
type ReadOnlyFields = (method: WriteMethod) => FieldPath[];
const readOnlyFields =
  (s: Surface, collection: string, entry: string): ReadOnlyFields =>
  (method) =>
    readOnlyAt(s, method === 'POST' ? collection : entry, method);

/** The entity at `path` (a whole path, of the generation's API), which must be there: anything else leaves the rule
 * unjudged. */
export async function read(t: Target, path: string, generation: Generation = 'v2'): Promise<JsonObject> {
  const res = generation === 'v2' ? await t.get(path) : await readLegacy(t, path);
  if (res.status !== 200 || !isObject(res.json()))
    throw new TargetError(
      'unexpected-status',
      `${describeExchange(res)}: could not read what the check writes to`,
      res.exchange,
    );
  return res.jsonObject();
}

/** The entity at `path` below the generation's base. */
export const readAt = (t: Target, generation: Generation, path: string) =>
  read(t, generation === 'v2' ? t.v2(path) : t.legacy(path), generation);

/** A changed tag list: the current one plus a tag of the run's. */
const moreTags = (t: Target, tags: unknown[]) => [...tags, { key: 'conformance', value: runName(t, 'tag') }];

function alertConfigs(
  t: Target,
  what: string,
  readOnly: ReadOnlyFields,
  [collection, path]: [string, string],
  config: JsonObject,
): WritableResource {
  const unmodifiable = readOnly('PUT')
    .filter((f) => f.length === 1)
    .map(([n]) => n);
  const whole = Object.fromEntries(Object.entries(config).filter(([k]) => k !== 'links' && !unmodifiable.includes(k)));
  const enabled = { field: 'enabled', current: config.enabled, changed: !config.enabled };
  return {
    title: 'alert configuration',
    key: alertConfigKind.key,
    collection,
    generations: [...generations],
    writes: [
      create(collection, alertConfigBody(runName(t, `${what}-new`)), readOnly('POST')),
      update('PUT', path, whole, config, readOnly('PUT'), enabled),
      update('PATCH', path, { enabled: config.enabled }, config, readOnly('PATCH'), enabled),
    ],
  };
}

function customRoles(
  t: Target,
  what: string,
  readOnly: ReadOnlyFields,
  [collection, path]: [string, string],
  role: JsonObject,
): WritableResource {
  const current = pick(role, ['actions', 'inheritedRoles']);
  const inherited = Array.isArray(role.inheritedRoles) ? role.inheritedRoles : [];
  return {
    title: 'custom database role',
    key: customRoleKind.key,
    collection,
    generations: [...generations],
    writes: [
      create(collection, customRoleKind.body(t, runName(t, `${what}-new`)), readOnly('POST')),
      update('PATCH', path, current, role, readOnly('PATCH'), {
        field: 'inheritedRoles',
        current: inherited,
        changed: [...inherited, { db: 'admin', role: 'read' }],
      }),
    ],
  };
}

function projects(
  t: Target,
  what: string,
  readOnly: ReadOnlyFields,
  path: string,
  project: JsonObject,
): WritableResource {
  const body = pick(project, ['tags', 'withDefaultAlertsSettings']);
  const change = Array.isArray(project.tags)
    ? { field: 'tags', current: project.tags, changed: moreTags(t, project.tags) }
    : undefined;
  const writes = [update('PATCH', path, body, project, readOnly('PATCH'), change)];
  // A create of a project with a tag, so that its body has an object inside an array.
  if (t.profile.projects.allowCreate && t.profile.orgId) {
    writes.unshift(
      create(
        '/groups',
        { ...projectBody(t, `${what}-new`), tags: [{ key: 'purpose', value: 'conformance' }] },
        readOnly('POST'),
      ),
    );
  }
  return { title: 'project', key: 'id', collection: '/groups', generations: [...generations], writes };
}

/** Fields of a replication spec that are read-only (the real service's), left out when one is sent back. */
const replicationReadOnly = new Set(['id', 'zoneId', 'diskThroughput', 'effectiveInstanceSize']);
const strip = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(strip)
    : isObject(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !replicationReadOnly.has(k))
            .map(([k, x]) => [k, strip(x)]),
        )
      : v;

/** A cluster in one generation's shape: its tags and BI connector, and in the 2023-02-01 shape its whole topology as
 * it is (a body a target that wrongly accepted it would apply: clusters are only written with allowBillable); in that
 * shape, a new cluster's create as well. */
function clusters(
  t: Target,
  what: string,
  generation: Generation,
  readOnly: ReadOnlyFields,
  [collection, path]: [string, string],
  cluster: JsonObject,
): WritableResource {
  const body = pick(cluster, ['tags', 'biConnector']);
  const specs = Array.isArray(cluster.replicationSpecs) ? cluster.replicationSpecs : [];
  if (generation === 'v2' && specs.length > 0) body.replicationSpecs = strip(specs);
  const change = Array.isArray(cluster.tags)
    ? { field: 'tags', current: cluster.tags, changed: moreTags(t, cluster.tags) }
    : undefined;
  // A create in the 2023-02-01 shape, the deepest body of the surface; the legacy one has another shape.
  const creates =
    generation === 'v2' ? [create(collection, clusterBody(t, runName(t, `${what}-new`)), readOnly('POST'))] : [];
  return {
    title: 'cluster',
    key: 'name',
    collection,
    generations: [generation],
    writes: [update('PATCH', path, body, cluster, readOnly('PATCH'), change), ...creates],
  };
}

/** A cluster of the profile's projects that no check of the run made (those come and go), or undefined. */
async function existingCluster(t: Target, ids: string[]): Promise<{ collection: string; path: string } | undefined> {
  const p = t.profile.paging;
  for (const id of ids) {
    const collection = `/groups/${id}/clusters`;
    const res = await t.get(t.v2(collection));
    const results = res.status === 200 ? res.jsonObject()[p.resultsField] : undefined;
    const names = (Array.isArray(results) ? results : []).map((c) => (isObject(c) ? c.name : undefined));
    const name = names.find((n): n is string => typeof n === 'string' && !n.startsWith(t.profile.projects.namePrefix));
    if (name) return { collection, path: `${collection}/${encodeURIComponent(name)}` };
  }
  return undefined;
}

/** An entity the surface writes to: its path below the generation's base, and the owner's reading of it there. */
export interface ReadEntity {
  path: string;
  entity: JsonObject;
}

/** The writable resources of a project, from the owner's readings of it and of the alert configuration and custom
 * database role made in it to change; the unmodifiable fields of each write are the surface's. */
export function projectResources(
  t: Target,
  what: string,
  surface: Surface,
  groupId: string,
  { project, config, role }: { project: JsonObject; config: ReadEntity; role: ReadEntity },
): WritableResource[] {
  const of = (collection: string, entry: string) => readOnlyFields(surface, collection, entry);
  const roleTemplate = customRoleKind.collection(t, '{groupId}');
  const configTemplate = alertConfigKind.collection(t, '{groupId}');
  return [
    projects(t, what, of('/groups', '/groups/{groupId}'), `/groups/${groupId}`, project),
    alertConfigs(
      t,
      what,
      of(configTemplate, `${configTemplate}/{alertConfigId}`),
      [alertConfigKind.collection(t, groupId), config.path],
      config.entity,
    ),
    customRoles(
      t,
      what,
      of(roleTemplate, `${roleTemplate}/{roleName}`),
      [customRoleKind.collection(t, groupId), role.path],
      role.entity,
    ),
  ];
}

/** The writable resource of an existing cluster of `collection` in one generation, from the owner's reading of it in
 * that generation. */
export const clusterResource = (
  t: Target,
  what: string,
  surface: Surface,
  generation: Generation,
  collection: string,
  cluster: ReadEntity,
): WritableResource =>
  clusters(
    t,
    what,
    generation,
    readOnlyFields(surface, '/groups/{groupId}/clusters', '/groups/{groupId}/clusters/{clusterName}'),
    [collection, cluster.path],
    cluster.entity,
  );

/** Where a writable surface lies: every project checks write in, the first of them alone (`oneProject`), or
 * `project` alone. */
export interface SurfacePlace {
  oneProject?: boolean;
  project?: string;
}

/** Runs `use` with the writable surface of every project checks write in (an alert configuration and a custom
 * database role made in each to change), so that cases picking among them spread over the projects' rate budgets;
 * of the first of them alone where `oneProject` says so, or of `project` alone. `what` names what the check makes
 * apart from other checks' (role names are unique in a project). */
export async function withWriteSurface(
  t: Target,
  what: string,
  use: (resources: WritableResource[]) => Promise<void>,
  place: SurfacePlace = {},
): Promise<void> {
  const made: NewEntity[] = [];
  try {
    await use(resourcesOf(t, what, await readSurface(t, what, place, made)));
  } finally {
    await deleteMade(t, made);
  }
}

/** Deletes the entities a writable surface was made of. */
async function deleteMade(t: Target, made: NewEntity[]): Promise<void> {
  for (const entity of made) await deleteCreated(t, entity.created);
}

/** The readings of a writable surface that several checks hold at once, and how many hold it. */
interface HeldSurface {
  holders: number;
  made: NewEntity[];
  readings: Promise<SurfaceReadings>;
}

/** The run's shared surface while any check holds it, and how many have been made. */
const sharedSurface = perRun((): { current?: HeldSurface; count: number } => ({ count: 0 }));

/** Runs `use` with the writable surface of the first project, its entities shared by the checks whose writes change
 * nothing even where a target wrongly serves them: each update carries the entity's current values, and each create,
 * named by `what` apart from the other checks', makes a new entity that the check deletes at once. The first check
 * to ask makes the entities, checks that ask while they are held use them too, and the last of them deletes them;
 * one that asks after that makes others. A check whose writes change the entities has a surface of its own
 * (withWriteSurface): another's write could otherwise show in its readings. */
export async function withSharedSurface(
  t: Target,
  what: string,
  use: (resources: WritableResource[]) => Promise<void>,
): Promise<void> {
  const state = sharedSurface();
  if (!state.current) {
    const made: NewEntity[] = [];
    const named = `shared-${++state.count}`;
    state.current = { holders: 0, made, readings: readSurface(t, named, { oneProject: true }, made) };
  }
  const held = state.current;
  held.holders++;
  try {
    await use(resourcesOf(t, what, await held.readings));
  } finally {
    if (--held.holders === 0) {
      if (state.current === held) state.current = undefined;
      await deleteMade(t, held.made);
    }
  }
}

/** What a writable surface is built from: the target's surface, and the owner's readings of each project written in
 * (with the alert configuration and custom database role made in it) and of an existing cluster in each generation. */
export interface SurfaceReadings {
  surface: Surface;
  projects: { groupId: string; project: JsonObject; config: ReadEntity; role: ReadEntity }[];
  clusters: { generation: Generation; collection: string; cluster: ReadEntity }[];
}

/** The writable resources the readings give, their creates named by `what`. */
export const resourcesOf = (t: Target, what: string, r: SurfaceReadings): WritableResource[] => [
  ...r.projects.flatMap((p) => projectResources(t, what, r.surface, p.groupId, p)),
  ...r.clusters.map((c) => clusterResource(t, what, r.surface, c.generation, c.collection, c.cluster)),
];

/** The readings of the writable surface of `place`, the entities it is made of named by `what`; each is added to
 * `made` as it is made, for the caller to delete. */
export async function readSurface(
  t: Target,
  what: string,
  { oneProject = false, project }: SurfacePlace,
  made: NewEntity[],
): Promise<SurfaceReadings> {
  const readings: SurfaceReadings = { surface: await targetSurface(t), projects: [], clusters: [] };
  const spread = project ? [] : await spreadProjects(t);
  for (const groupId of project ? [project] : oneProject ? spread.slice(0, 1) : spread) {
    const configs = alertConfigKind.collection(t, groupId);
    const roles = customRoleKind.collection(t, groupId);
    const config = await createEntity(t, t.v2(configs), alertConfigKind.body(t, runName(t, what)));
    made.push(config);
    const role = await createEntity(t, t.v2(roles), customRoleKind.body(t, runName(t, what)), customRoleKind.key);
    made.push(role);
    const configPath = `${configs}/${config.id}`;
    const rolePath = `${roles}/${encodeURIComponent(role.id)}`;
    readings.projects.push({
      groupId,
      project: await readAt(t, 'v2', `/groups/${groupId}`),
      config: { path: configPath, entity: await readAt(t, 'v2', configPath) },
      role: { path: rolePath, entity: await readAt(t, 'v2', rolePath) },
    });
  }
  const cluster = t.profile.allowBillable
    ? await existingCluster(t, project ? [project] : t.profile.projects.ids)
    : undefined;
  if (cluster) {
    for (const generation of generations) {
      const entity = await readAt(t, generation, cluster.path).catch((e: unknown) => {
        // A target its own document describes may serve /v2 alone: a 404 under /v1.0 leaves that generation out.
        if (generation === 'v1.0' && e instanceof TargetError && e.exchange?.response?.status === 404) return undefined;
        throw e;
      });
      if (entity)
        readings.clusters.push({ generation, collection: cluster.collection, cluster: { path: cluster.path, entity } });
    }
  }
  return readings;
}
