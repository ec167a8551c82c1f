// The create and update operations the invalid-field rules (spec 2.1) send bodies to: projects (PATCH, and POST
// where the profile allows creating projects), an existing cluster of the profile (PATCH: a refused body changes
// nothing, so no billable change is made), and alert configurations (POST, PUT, PATCH) on one the check creates;
// projects and alert configurations in every project checks write in (src/suite/work-project.ts).
// Each comes with a body of current values, which changes nothing if accepted, and the places fields go in it.
import { isObject } from '../checks/json-walk.ts';
import type { JsonPath } from '../checks/names-field.ts';
import { describeExchange } from '../checks/status.ts';
import type { HttpResponse } from '../http/client.ts';
import { TargetError } from '../outcome.ts';
import { deleteCreated, runName } from './created.ts';
import { alertConfigBody, alertConfigsPath, createAlertConfig, postEntity, type NewEntity } from './new-entities.ts';
import type { Target } from './target.ts';
import { spreadProjects } from './work-project.ts';

type Body = Record<string, unknown>;

/** Where fields go: the top level or an object inside the body, with the real fields there (current values). */
export interface Place {
  at: JsonPath;
  fields: Body;
}

export interface WriteOp {
  title: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  /** A body the resource takes that changes nothing: current values (for a create, a valid new entity). */
  body: Body;
  /** places[0] is the top level. */
  places: Place[];
  /** Bodies that set one field that cannot be modified (at `path`) to another value. */
  readOnly: { path: JsonPath; body: Body }[];
  /** For an update: where it is read back, and a real change of one top-level field (ENT-INVALID-FIELD-NO-EFFECT). */
  update?: { readPath: string; field: string; current: unknown; changed: unknown };
}

/** `body` with `name: value` added at `at`. */
export function withField(body: Body, at: JsonPath, name: string, value: unknown): Body {
  const copy = structuredClone(body);
  const place = at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], copy) as Body;
  place[name] = value;
  return copy;
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

/** Read-only bodies for the fields `names` of `entity` (those it has): `body` with each set to another value. */
function readOnlyBodies(body: Body, entity: Body, names: string[]): WriteOp['readOnly'] {
  return names.filter((n) => Object.hasOwn(entity, n)).map((field) => ({ path: [field], body: { ...body, [field]: otherValue(entity[field]) } }));
}

const withoutLinks = (e: Body) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'links'));
const pick = (e: Body, names: string[]) => Object.fromEntries(names.filter((n) => Object.hasOwn(e, n)).map((n) => [n, e[n]]));

/** The entity at `path`, which must be there: anything else leaves the rule unjudged. */
export async function read(t: Target, path: string): Promise<Body> {
  const res = await t.get(path);
  if (res.status !== 200 || !isObject(res.json())) throw new TargetError('unexpected-status', `${describeExchange(res)}: could not read what the check writes to`, res.exchange);
  return res.json() as Body;
}

/** A changed tag list: the current one plus a tag of the run's. */
const moreTags = (t: Target, tags: unknown[]) => [...tags, { key: 'conformance', value: runName(t, 'tag') }];

function projectPatch(t: Target, path: string, project: Body): WriteOp {
  const body = pick(project, ['tags', 'withDefaultAlertsSettings']);
  const tags = Array.isArray(project.tags) ? project.tags : [];
  return {
    title: 'PATCH a project', method: 'PATCH', path, body,
    places: [{ at: [], fields: withoutLinks(project) }, ...(isObject(tags[0]) ? [{ at: ['tags', 0], fields: tags[0] }] : [])],
    readOnly: readOnlyBodies(body, project, ['id', 'created', 'clusterCount', 'orgId']),
    ...(Array.isArray(project.tags) ? { update: { readPath: path, field: 'tags', current: project.tags, changed: moreTags(t, project.tags) } } : {}),
  };
}

function projectPost(t: Target): WriteOp | undefined {
  if (!t.profile.projects.allowCreate || !t.profile.orgId) return undefined;
  const tag = { key: 'purpose', value: 'conformance' };
  const body = { name: runName(t, 'invalid-field'), orgId: t.profile.orgId, tags: [tag] };
  const made = { id: 'f'.repeat(24), created: '2001-02-03T04:05:06Z', clusterCount: 1 };
  return {
    title: 'POST a project', method: 'POST', path: t.v2('/groups'), body,
    places: [{ at: [], fields: body }, { at: ['tags', 0], fields: tag }],
    readOnly: Object.entries(made).map(([field, value]) => ({ path: [field], body: { ...body, [field]: value } })),
  };
}

/** Fields of a replication spec that are read-only (the real service's), left out when one is sent back. */
const replicationReadOnly = new Set(['id', 'zoneId', 'diskThroughput', 'effectiveInstanceSize']);
const strip = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(strip) : isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !replicationReadOnly.has(k)).map(([k, x]) => [k, strip(x)])) : v;

/** A cluster of the profile's projects that no check of the run made (those come and go), or undefined. */
async function existingCluster(t: Target): Promise<string | undefined> {
  const p = t.profile.paging;
  for (const id of t.profile.projects.ids) {
    const res = await t.get(t.v2(`/groups/${id}/clusters`));
    const results = res.status === 200 ? (res.json() as Body)[p.resultsField] : undefined;
    const names = (Array.isArray(results) ? results : []).map((c) => (isObject(c) ? c.name : undefined));
    const name = names.find((n): n is string => typeof n === 'string' && !n.startsWith(t.profile.projects.namePrefix));
    if (name) return t.v2(`/groups/${id}/clusters/${encodeURIComponent(name)}`);
  }
  return undefined;
}

function clusterPatch(t: Target, path: string, cluster: Body): WriteOp {
  const body = pick(cluster, ['tags', 'biConnector']);
  const specs = Array.isArray(cluster.replicationSpecs) ? cluster.replicationSpecs : [];
  const readOnly = readOnlyBodies(body, cluster, ['id', 'groupId', 'createDate', 'stateName']);
  // Nested: a replication spec sent back with its id or zone id changed. The rest of the topology is sent as it is,
  // which a target that wrongly accepted the body would apply: only where the profile allows billable changes.
  if (t.profile.allowBillable && isObject(specs[0])) {
    for (const field of ['id', 'zoneId'].filter((f) => Object.hasOwn(specs[0] as Body, f))) {
      const sent = strip(specs) as Body[];
      sent[0] = { ...sent[0], [field]: otherValue((specs[0] as Body)[field]) };
      readOnly.push({ path: ['replicationSpecs', 0, field], body: { ...body, replicationSpecs: sent } });
    }
  }
  return {
    title: 'PATCH a cluster', method: 'PATCH', path, body,
    places: [{ at: [], fields: withoutLinks(cluster) }, ...(isObject(body.biConnector) ? [{ at: ['biConnector'], fields: body.biConnector }] : [])],
    readOnly,
    ...(Array.isArray(cluster.tags) ? { update: { readPath: path, field: 'tags', current: cluster.tags, changed: moreTags(t, cluster.tags) } } : {}),
  };
}

const alertConfigReadOnly = ['id', 'groupId', 'created', 'updated'];

function nestedPlaces(body: Body): Place[] {
  return ['notifications', 'matchers'].flatMap((f) => {
    const first = Array.isArray(body[f]) ? (body[f] as unknown[])[0] : undefined;
    return isObject(first) ? [{ at: [f, 0], fields: first }] : [];
  });
}

function alertConfigOps(t: Target, collection: string, path: string, config: Body): WriteOp[] {
  const whole = Object.fromEntries(Object.entries(config).filter(([k]) => k !== 'links' && !alertConfigReadOnly.includes(k)));
  const created = alertConfigBody(runName(t, 'invalid-field'));
  const made = { id: 'f'.repeat(24), groupId: 'f'.repeat(24), created: '2001-02-03T04:05:06Z', updated: '2001-02-03T04:05:06Z' };
  const toggle = { enabled: config.enabled };
  return [
    {
      title: 'POST an alert configuration', method: 'POST', path: collection, body: created,
      places: [{ at: [], fields: created }, ...nestedPlaces(created)],
      readOnly: Object.entries(made).map(([field, value]) => ({ path: [field], body: { ...created, [field]: value } })),
    },
    {
      title: 'PUT an alert configuration', method: 'PUT', path, body: whole,
      places: [{ at: [], fields: withoutLinks(config) }, ...nestedPlaces(whole)],
      readOnly: readOnlyBodies(whole, config, alertConfigReadOnly),
      update: { readPath: path, field: 'enabled', current: config.enabled, changed: !config.enabled },
    },
    {
      title: 'PATCH an alert configuration', method: 'PATCH', path, body: toggle,
      places: [{ at: [], fields: withoutLinks(config) }],
      readOnly: readOnlyBodies(toggle, config, alertConfigReadOnly),
      update: { readPath: path, field: 'enabled', current: config.enabled, changed: !config.enabled },
    },
  ];
}

/** The operations of one project: PATCH the project, and POST, PUT and PATCH an alert configuration made in it. */
async function projectOps(t: Target, groupId: string, config: string): Promise<WriteOp[]> {
  const project = t.v2(`/groups/${groupId}`);
  const ops = [projectPatch(t, project, await read(t, project)), ...alertConfigOps(t, alertConfigsPath(t, groupId), config, await read(t, config))];
  return ops.map((op) => ({ ...op, title: `${op.title} (project ${groupId})` }));
}

/** Runs `use` with the write operations of the profile's resources in every project checks write in (an alert
 * configuration made in each for it), so that cases picking among them spread over the projects' rate budgets. */
export async function withWriteOps(t: Target, use: (ops: WriteOp[]) => Promise<void>): Promise<void> {
  const configs: NewEntity[] = [];
  try {
    const ops: WriteOp[] = [];
    for (const groupId of await spreadProjects(t)) {
      const config = await createAlertConfig(t, groupId, runName(t, 'fields'));
      configs.push(config);
      ops.push(...(await projectOps(t, groupId, config.path)));
    }
    const post = projectPost(t);
    if (post) ops.push(post);
    const cluster = await existingCluster(t);
    if (cluster) ops.push(clusterPatch(t, cluster, await read(t, cluster)));
    await use(ops);
  } finally {
    for (const config of configs) await deleteCreated(t, config.created);
  }
}

/** Sends a body; what an accepted create made is deleted at once (the rule then fails on the status). */
export async function sendBody(t: Target, op: WriteOp, body: Body): Promise<HttpResponse> {
  if (op.method !== 'POST') return t.send({ method: op.method, path: op.path, json: body });
  const { res, made } = await postEntity(t, op.path, body);
  if (made) await deleteCreated(t, made.created);
  return res;
}

/** The operations that update an entity and can show a change. */
export function updates(ops: WriteOp[]): (WriteOp & { update: NonNullable<WriteOp['update']> })[] {
  const found = ops.filter((o): o is WriteOp & { update: NonNullable<WriteOp['update']> } => o.update !== undefined);
  if (found.length === 0) throw new TargetError('nothing-judged', 'no resource of the profile can be updated and read back');
  return found;
}
