// Entities the checks create: projects, alert configurations and custom roles (clusters: cluster-bodies.ts), in the request shapes
// of the real service (the spec does not show payload shapes). Each is noted as soon as it exists, so the runner
// deletes what a check leaves.
import { describeExchange } from '../judges/status.ts';
import type { HttpResponse } from '../http/messages.ts';
import { skipFor, SuiteError, TargetError } from '../outcome.ts';
import { legacyRead } from './resource-versions.ts';
import { noteCreated, type Created } from '../target/created.ts';
import { runName } from '../harness/run-name.ts';
import type { Target } from '../target/target.ts';
import type { JsonObject } from '../judges/json-walk.ts';

export interface NewEntity {
  /** Where the entity is read, changed and deleted (a path under the versioned API). */
  path: string;
  /** Its id (for clusters: its name, which is what their paths use). */
  id: string;
  created: Created;
}

/**
 * POSTs `body` (a JSON value, or text sent as is) to a collection; a 2xx answer's entity (named by its `key` field) is
 * noted before anything else happens, unless `note` is false (an entity inside a project the run made goes with it).
 * A 2xx naming an entity the run made and still has is no new entity: the check's precondition failed (an error).
 * With `legacy`, `collection` is under /v1.0 and the request plain JSON; the entity is noted under /v2 (spec 9.4).
 */
export async function postEntity(
  t: Target,
  collection: string,
  body: JsonObject | string,
  { key = 'id', note = true, legacy = false } = {},
): Promise<{ res: HttpResponse; made?: NewEntity }> {
  const json = { 'content-type': 'application/json' };
  const res = await t.send(
    typeof body === 'string'
      ? legacy
        ? {
            method: 'POST',
            path: collection,
            rawBody: body,
            ...legacyRead,
            headers: { ...legacyRead.headers, ...json },
          }
        : { method: 'POST', path: collection, rawBody: body, headers: json }
      : { method: 'POST', path: collection, json: body, ...(legacy ? legacyRead : {}) },
  );
  if (res.status < 200 || res.status >= 300) return { res };
  const id = res.jsonObject()[key];
  if (typeof id !== 'string')
    throw new TargetError(
      'unexpected-status',
      `${describeExchange(res)}: the answer to a create names no ${key}`,
      res.exchange,
    );
  const under = legacy ? t.v2(collection.slice(t.legacy().length)) : collection;
  const path = `${under}/${encodeURIComponent(id)}`;
  if (!t.creations.claimNew(path))
    throw new TargetError(
      'nothing-judged',
      `${describeExchange(res)}: the create answered ${key} ${id}, which an entity this run made and has not deleted already has: no new entity was made for the check`,
      res.exchange,
    );
  return { res, made: { path, id, created: note ? noteCreated(t, path) : { path, as: 'owner' } } };
}

/** Why a write the check needs (a create, a change) was not made: a body of the suite's refused as invalid (400, 422)
 * is the suite's error, naming the operation and the body; any other answer is the target's, and leaves the rule
 * unjudged. */
export function needRefused(res: HttpResponse, what = 'create what the check needs'): SuiteError | TargetError {
  const { method, url, body } = res.exchange.request;
  if ((res.status === 400 || res.status === 422) && body !== undefined) {
    const said = res.text.slice(0, 300);
    return new SuiteError(
      `the suite could not get its body for ${method} ${new URL(url).pathname} accepted: ${res.status} ${said} (body sent: ${body ?? '(none)'})`,
      res.exchange,
    );
  }
  return new TargetError('unexpected-status', `${describeExchange(res)}: could not ${what}`, res.exchange);
}

/** Creates an entity the check needs (not the one it judges): anything but a 2xx leaves the rule unjudged. */
export async function createEntity(t: Target, collection: string, body: JsonObject, key?: string): Promise<NewEntity> {
  const { res, made } = await postEntity(t, collection, body, { key });
  if (!made) throw needRefused(res);
  return made;
}

/** The GET of an entity the check made, which must be there (else the rule is unjudged). */
export async function readEntity(t: Target, path: string): Promise<{ res: HttpResponse; entity: JsonObject }> {
  const res = await t.get(path);
  if (res.status !== 200)
    throw new TargetError(
      'unexpected-status',
      `${describeExchange(res)}: could not read an entity the check made`,
      res.exchange,
    );
  return { res, entity: res.jsonObject() };
}

// --- projects (spec 2.5); only where the profile allows creating them ---

export const projectsPath = (t: Target) => t.v2('/groups');

export function projectBody(t: Target, what: string): JsonObject {
  if (!t.profile.projects.allowCreate) skipFor('projects.allowCreate', 'the profile does not allow creating projects');
  if (!t.profile.orgId) skipFor('orgId', 'the profile names no organization for new projects');
  return { name: runName(t, what), orgId: t.profile.orgId };
}

export const createProject = (t: Target, what: string) => createEntity(t, projectsPath(t), projectBody(t, what));

// --- alert configurations (spec 2.6) ---

export const alertConfigsPath = (t: Target, groupId: string) => t.v2(`/groups/${groupId}/alertConfigs`);

/** A replica-set alert configuration; `mark` (a run name) tells the suite's configurations apart. */
export function alertConfigBody(mark: string): JsonObject {
  return {
    eventTypeName: 'NO_PRIMARY',
    enabled: true,
    severityOverride: 'CRITICAL',
    matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: mark }],
    notifications: [
      {
        typeName: 'GROUP',
        intervalMin: 60,
        delayMin: 5,
        emailEnabled: true,
        smsEnabled: false,
        roles: ['GROUP_OWNER'],
      },
    ],
  };
}

/** A whole other configuration for the same event type: no severity override, no matchers, other notifications. */
export function replacementAlertConfigBody(): JsonObject {
  return {
    eventTypeName: 'NO_PRIMARY',
    enabled: false,
    notifications: [
      {
        typeName: 'GROUP',
        intervalMin: 120,
        delayMin: 15,
        emailEnabled: true,
        smsEnabled: false,
        roles: ['GROUP_OWNER'],
      },
    ],
  };
}

export const createAlertConfig = (t: Target, groupId: string, mark: string) =>
  createEntity(t, alertConfigsPath(t, groupId), alertConfigBody(mark));

// --- custom database roles (spec 2.6) ---

/** Where a custom role's action applies, with the three fields the real service requires of each resource: a
 * database (every collection of it), or the cluster. */
export const roleResource = (on: { db: string } | 'cluster'): JsonObject =>
  on === 'cluster' ? { cluster: true, db: '', collection: '' } : { cluster: false, db: on.db, collection: '' };

/** A custom database role granting `action` on `resources` (FIND on a database of the suite's by default). */
export function customRoleBody(
  roleName: string,
  action = 'FIND',
  resources: JsonObject[] = [roleResource({ db: 'conformance' })],
): JsonObject {
  return { roleName, actions: [{ action, resources }], inheritedRoles: [] };
}
