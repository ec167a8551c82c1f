// Projects, called groups in paths (spec 2.5): list, create, get, get by name, modify, delete.
import { authorizeGroup, canCreateProjects, requireGroup, visibleGroups } from '../authz.ts';
import { extensionRel, href, type RequestContext } from '../context.ts';
import { nowIso } from '../dates.ts';
import { ApiError, conflict, invalidAttribute, userUnauthorized } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { listReply } from '../paging.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type Group, type Store, type Tag } from '../store.ts';
import { linksField, nearMiss, tagsField, validateBody, withoutFields, type ObjectField } from '../validate.ts';

const NAME = { type: 'string', pattern: /^[\p{L}\p{N}\-_.(),:&@+']{1,64}$/u } as const;
const READ_ONLY = {
  id: { type: 'string', readOnly: true },
  created: { type: 'string', readOnly: true },
  clusterCount: { type: 'integer', readOnly: true },
  links: linksField,
} as const;

const createShape: ObjectField = {
  type: 'object',
  fields: {
    ...READ_ONLY,
    name: NAME,
    orgId: { type: 'string' },
    tags: tagsField,
    withDefaultAlertsSettings: { type: 'boolean' },
  },
  required: ['name', 'orgId'],
};
/** The real service's GroupUpdate: only name, tags and withDefaultAlertsSettings change. */
const updateShape: ObjectField = {
  type: 'object',
  fields: {
    ...READ_ONLY,
    orgId: { type: 'string', readOnly: true },
    name: NAME,
    tags: tagsField,
    withDefaultAlertsSettings: { type: 'boolean' },
  },
};

export function groupView(ctx: RequestContext, group: Group, inList: boolean) {
  const base = `/groups/${group.id}`;
  return {
    clusterCount: ctx.store.clusters.filter((c) => c.groupId === group.id).length,
    created: group.created,
    id: group.id,
    links: entityLinks(
      ctx,
      base,
      [
        [extensionRel(ctx, 'clusters'), `${base}/clusters`],
        [extensionRel(ctx, 'processes'), `${base}/processes`],
        [extensionRel(ctx, 'events'), `${base}/events`],
        [extensionRel(ctx, 'alerts'), `${base}/alerts`],
        [extensionRel(ctx, 'alertConfigs'), `${base}/alertConfigs`],
      ],
      inList,
    ),
    name: group.name,
    orgId: group.orgId,
    // Mutant: the legacy generation's project has no tags (spec 9.4: only clusters differ).
    ...(ctx.generation === 'v1.0' && ctx.mutants.has('VER-LEGACY-SAME-BODIES') ? {} : { tags: group.tags }),
    withDefaultAlertsSettings: group.withDefaultAlertsSettings,
  };
}

/** The names of the projects deleted from each store, which the mutant below keeps taken. */
const deletedNames = new WeakMap<Store, Set<string>>();

function refuseDuplicateName(ctx: RequestContext, name: string, except?: Group): void {
  const { store } = ctx;
  // Mutant: the name check also finds the projects deleted, so a deleted project's name stays taken.
  const taken = ctx.mutants.has('SEQ-UNIQUE-FREED:projects') && deletedNames.get(store)?.has(name);
  if (taken || store.groups.some((g) => g !== except && g.name === name)) {
    // Mutant: the conflict leaves 'parameters' out of its error body.
    const parameters = ctx.mutants.has('ERR-BODY-FIELDS:conflict') ? null : [name];
    throw conflict('GROUP_ALREADY_EXISTS', `A group with name ${name} already exists.`, parameters);
  }
}

function createGroup(ctx: RequestContext) {
  if (!canCreateProjects(ctx.caller)) throw userUnauthorized();
  const body = validateBody<{ name: string; orgId: string; tags?: Tag[]; withDefaultAlertsSettings?: boolean }>(
    ctx.body,
    createShape,
  );
  if (body.orgId !== ctx.store.org.id) throw invalidAttribute('orgId');
  refuseDuplicateName(ctx, body.name);
  const group: Group = {
    id: newId(),
    name: body.name,
    orgId: body.orgId,
    created: nowIso(),
    tags: body.tags ?? [],
    withDefaultAlertsSettings: body.withDefaultAlertsSettings ?? true,
  };
  ctx.store.groups.push(group);
  ctx.caller.record.groupRoles.push({ groupId: group.id, roleName: 'GROUP_OWNER' });
  return entity(groupView(ctx, group, false), 201, { Location: href(ctx, `/groups/${group.id}`) });
}

/** An unknown top-level field of a project update that resembles no real field, if any. */
function unknownField(body: unknown): string | undefined {
  const known = Object.keys(updateShape.fields);
  return typeof body === 'object' && body !== null
    ? Object.keys(body).find((k) => !known.includes(k) && !nearMiss(k, known))
    : undefined;
}

function updateGroup(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  // Mutant: an unknown field is refused by an error that echoes the body and complains about another field.
  const unknown = unknownField(ctx.body);
  if (unknown !== undefined && ctx.mutants.has('ENT-UNKNOWN-FIELD-400:echo')) {
    const other = Object.keys(ctx.body as object).find((k) => k !== unknown) ?? 'name';
    throw new ApiError(
      400,
      'INVALID_ATTRIBUTE',
      `Invalid attribute ${other} specified in ${JSON.stringify(ctx.body)}.`,
      [other],
    );
  }
  // Mutant: read-only fields are dropped instead of refused.
  const sent = ctx.mutants.has('ENT-READ-ONLY-FIELD-400')
    ? withoutFields(ctx.body, updateShape, (_name, field) => field?.readOnly === true)
    : ctx.body;
  const body = validateBody<Partial<Pick<Group, 'name' | 'tags' | 'withDefaultAlertsSettings'>>>(sent, updateShape);
  // Mutant: a rename is not checked against the other projects' names.
  if (body.name !== undefined && !ctx.mutants.has('ERR-UNIQUE-409:rename')) refuseDuplicateName(ctx, body.name, group);
  Object.assign(group, body);
  return entity(groupView(ctx, group, false));
}

/** Deleting a project removes everything in it (202 with an empty body, as the real service). */
function deleteGroup(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const { store } = ctx;
  removeWhere(store.groups, (g) => g === group);
  deletedNames.set(store, (deletedNames.get(store) ?? new Set()).add(group.name));
  for (const items of [
    store.clusters,
    store.events,
    store.alertConfigs,
    store.alerts,
    store.restoreJobs,
    store.tenantSnapshots,
    store.processes,
    store.performanceAdvisor,
    store.customDbRoles,
    store.encryptionAtRest,
    store.earPrivateEndpoints,
    store.serverlessInstances,
    store.serverlessEndpoints,
    store.databaseUsers,
    store.accessList,
    store.flexClusters,
    store.streamWorkspaces,
    store.sampleDatasetLoads,
  ]) {
    removeWhere<{ groupId: string }>(items, (item) => item.groupId === group.id);
  }
  for (const principal of store.principals) removeWhere(principal.groupRoles, (role) => role.groupId === group.id);
  return entity({}, 202);
}

export const groupRoutes: Route[] = [
  {
    path: '/groups',
    list: true,
    bodies: { POST: createShape },
    methods: {
      GET: (ctx) => listReply(ctx, visibleGroups(ctx), (g, inList) => groupView(ctx, g, inList)),
      POST: createGroup,
    },
  },
  {
    path: '/groups/{groupId}',
    bodies: { PATCH: updateShape },
    methods: {
      GET: (ctx) => entity(groupView(ctx, requireGroup(ctx, 'read'), false)),
      PATCH: updateGroup,
      DELETE: deleteGroup,
    },
  },
  {
    path: '/groups/byName/{groupName}',
    methods: {
      GET: (ctx) => {
        const group = authorizeGroup(
          ctx,
          ctx.store.groups.find((g) => g.name === ctx.params.groupName),
          'read',
        );
        return entity(groupView(ctx, group, false));
      },
    },
  },
];
