// Changes tried by a caller that may not make them (spec 1: a read-only role; spec 5: no grant on the project), in
// the profile's first project. None does harm if a target wrongly accepts it: the project is sent its own name, and
// the entities changed are the run's own (the owner creates one, reads it before and after each try, and deletes
// it); without billable resources a cluster only gets an empty change. Several rules judge the same tries, so each
// set is made once per run.
import { expectStatus } from '../judges/status.ts';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure, skipFor, TargetError } from '../outcome.ts';
import { deleteCreated, noteCreated, runName } from '../target/created.ts';
import { requireCredential } from '../target/credentials.ts';
import { confirmationCache } from '../harness/confirm.ts';
import { cite } from '../harness/evidence.ts';
import { alertConfigBody, alertConfigsPath, clusterBody, clustersPath, createEntity } from './new-entities.ts';
import { perRun } from '../harness/per-run.ts';
import { firstProject } from '../target/projects.ts';
import { sharedResponse } from './shared-response.ts';
import type { Target } from '../target/target.ts';

export interface Attempt {
  /** What was tried, e.g. 'PATCH of an alert configuration the run created'. */
  what: string;
  response: HttpResponse;
  /** The owner's reading of the entity before and after the try, and the fields the try would have changed. */
  readBack?: { before: HttpResponse; after: HttpResponse; fields: string[] };
}

const made = perRun(() => new Map<string, Promise<Attempt[]>>());

async function once(t: Target, as: string, subject: string, make: () => Promise<Attempt[]>): Promise<Attempt[]> {
  requireCredential(t, as);
  const key = `${as}:${subject}`;
  // A check running again to confirm a failure tries afresh.
  let pending = confirmationCache(`attempts:${key}`, make) ?? made().get(key);
  if (!pending) {
    pending = make();
    made().set(key, pending);
  }
  const attempts = await pending;
  for (const a of attempts) for (const res of [a.response, a.readBack?.before, a.readBack?.after]) if (res) cite(res.exchange);
  return attempts;
}

/** The profile says `as` holds a role on the first project (spec 1: capabilities equal the role's permissions), so
 * it must read it: a refusal breaks the rule, since refusals of its writes would then say nothing about roles. */
export async function requireReadAccess(t: Target, as: string): Promise<void> {
  requireCredential(t, as);
  const p = firstProject(t);
  const res = await sharedResponse(`roles:read:${as}:${p}`, () => t.get(t.v2(`/groups/${p}`), { as }));
  if (res.status >= 500 || res.status === 429) expectStatus(res, 200, `the ${as} credential reads project ${p}`);
  if (res.status !== 200) {
    throw new RuleFailure(`the ${as} credential, which holds a role on project ${p}, cannot read it (status ${res.status})`, {
      expected: 200, actual: res.status, exchange: res.exchange,
    });
  }
}

/** The owner's view of the first project. */
function ownerProject(t: Target): Promise<HttpResponse> {
  const p = firstProject(t);
  return sharedResponse(`roles:owner-read:${p}`, () => t.get(t.v2(`/groups/${p}`)));
}

/** A PATCH of the first project with its own name: harmless, whatever the answer. */
export function projectAttempts(t: Target, as: string): Promise<Attempt[]> {
  return once(t, as, 'project', async () => {
    const project = await ownerProject(t);
    expectStatus(project, 200, 'the owner reads its project');
    const { name } = project.json() as { name?: unknown };
    if (typeof name !== 'string') throw new TargetError('nothing-judged', 'the project has no name field to send back unchanged', project.exchange);
    const response = await t.send({ method: 'PATCH', path: t.v2(`/groups/${firstProject(t)}`), as, json: { name } });
    return [{ what: 'PATCH of the project with its own name', response }];
  });
}

/** POST, PATCH and DELETE of clusters, the last two on one the run created; without billable resources, an empty
 * PATCH of the project's first cluster. */
export function clusterAttempts(t: Target, as: string): Promise<Attempt[]> {
  return once(t, as, 'clusters', async () => {
    const collection = clustersPath(t, firstProject(t));
    if (!t.profile.allowBillable) return [await emptyClusterPatch(t, as, collection)];
    return changesOfRunEntity(t, as, {
      collection, key: 'name', what: 'a cluster',
      body: (what) => clusterBody(t, runName(t, what)),
      changes: [
        { method: 'PATCH', json: () => ({ tags: [{ key: 'conformance', value: t.setup.runId }] }), fields: ['tags'] },
        { method: 'DELETE' },
      ],
    });
  });
}

async function emptyClusterPatch(t: Target, as: string, collection: string): Promise<Attempt> {
  const list = await t.get(collection);
  expectStatus(list, 200, 'the owner lists the clusters of its project');
  const results = (list.json() as Record<string, unknown>)[t.profile.paging.resultsField];
  const name = Array.isArray(results) ? (results[0] as { name?: unknown } | undefined)?.name : undefined;
  if (typeof name !== 'string') skipFor('allowBillable', `project ${firstProject(t)} has no cluster to try a change on, and the profile does not allow creating one`);
  const response = await t.send({ method: 'PATCH', path: `${collection}/${encodeURIComponent(name)}`, as, json: {} });
  return { what: 'empty PATCH of a cluster', response };
}

/** POST, PUT, PATCH and DELETE of alert configurations, the last three on one the run created. */
export function alertConfigAttempts(t: Target, as: string): Promise<Attempt[]> {
  return once(t, as, 'alertConfigs', () => changesOfRunEntity(t, as, {
    collection: alertConfigsPath(t, firstProject(t)), key: 'id', what: 'an alert configuration',
    body: (what) => alertConfigBody(runName(t, what)),
    changes: [
      // The opposite of the current value, so that an accepted change shows whatever was tried before.
      { method: 'PUT', json: (entity) => ({ ...alertConfigBody(runName(t, 'put')), enabled: !entity.enabled }), fields: ['enabled'] },
      { method: 'PATCH', json: (entity) => ({ enabled: !entity.enabled }), fields: ['enabled'] },
      { method: 'DELETE' },
    ],
  }));
}

type Body = Record<string, unknown>;

interface Changes {
  collection: string;
  /** The field naming a created entity in its path. */
  key: string;
  what: string;
  body: (what: string) => Body;
  /** Tried in order on the run's entity; each reads it back. */
  changes: { method: string; json?: (entity: Body) => Body; fields?: string[] }[];
}

/** The caller's create (deleted at once if accepted), then its changes of an entity the owner created for it. */
async function changesOfRunEntity(t: Target, as: string, c: Changes): Promise<Attempt[]> {
  const post = await t.send({ method: 'POST', path: c.collection, as, json: c.body(`refused-${as}`) });
  if (post.status >= 200 && post.status < 300) await removeAccepted(t, c.collection, post, c.key);
  const attempts: Attempt[] = [{ what: `POST of ${c.what}`, response: post }];
  const made = await createEntity(t, c.collection, c.body(`tried-by-${as}`), c.key);
  try {
    for (const change of c.changes) {
      const before = await t.get(made.path);
      expectStatus(before, 200, `the owner reads ${c.what} it created`);
      const json = change.json?.(before.json() as Body);
      const response = await t.send({ method: change.method, path: made.path, as, json });
      const after = await t.get(made.path);
      attempts.push({ what: `${change.method} of ${c.what} the run created`, response, readBack: { before, after, fields: change.fields ?? [] } });
      if (after.status !== 200) break;
    }
  } finally {
    await deleteCreated(t, made.created);
  }
  return attempts;
}

/** A create that should have been refused: deleted at once by the owner. */
async function removeAccepted(t: Target, collection: string, res: HttpResponse, key: string): Promise<void> {
  const id = (res.json() as Body | null)?.[key];
  if (typeof id === 'string') await deleteCreated(t, noteCreated(t, `${collection}/${encodeURIComponent(id)}`));
}
