// Custom database roles of a project (spec 2.6: role actions gained CLEAR_JUMBO_FLAG, KILL_ANY_CURSOR,
// REFINE_COLLECTION_SHARD_KEY, RESHARD_COLLECTION and SHARDED_DATA_DISTRIBUTION on 18 April 2025):
// list, create, get, change (PATCH: actions and inherited roles; the name cannot be modified), delete; a role
// name is unique in its project (409). A delete marks the role deleted; every reading leaves marked roles out.
import { listInGroup, requireGroup } from '../authz.ts';
import { href, type RequestContext } from '../context.ts';
import { DB_ACTIONS } from '../enums.ts';
import { conflict, invalidAttribute, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { integerParameter } from '../query-params.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import type { CustomDbRole, Group } from '../store.ts';
import { linksField, nearMiss, validateBody, withoutFields, type ObjectField } from '../validate.ts';

const resource: ObjectField = {
  type: 'object',
  fields: { db: { type: 'string' }, collection: { type: 'string' }, cluster: { type: 'boolean' } },
};
const roleShape: ObjectField = {
  type: 'object',
  fields: {
    links: linksField,
    roleName: { type: 'string', pattern: /^[\w-]{1,64}$/ },
    actions: {
      type: 'array',
      items: {
        type: 'object',
        fields: { action: { type: 'string', enum: DB_ACTIONS }, resources: { type: 'array', items: resource } },
        required: ['action'],
      },
    },
    inheritedRoles: {
      type: 'array',
      items: { type: 'object', fields: { db: { type: 'string' }, role: { type: 'string' } }, required: ['db', 'role'] },
    },
  },
  required: ['roleName'],
};

/** A change: the name is in the path and cannot be modified (sent unchanged, it is dropped). */
const changeShape: ObjectField = {
  type: 'object',
  fields: { ...roleShape.fields, roleName: { ...roleShape.fields.roleName!, readOnly: true } },
};

type RoleBody = Pick<CustomDbRole, 'roleName'> & Partial<Pick<CustomDbRole, 'actions' | 'inheritedRoles'>>;

const rolesPath = (groupId: string) => `/groups/${groupId}/customDBRoles/roles`;

function roleView(ctx: RequestContext, role: CustomDbRole, inList: boolean) {
  const { groupId, deleted: _deleted, ...fields } = role;
  return {
    ...fields,
    links: entityLinks(ctx, `${rolesPath(groupId)}/${encodeURIComponent(role.roleName)}`, [], inList),
  };
}

/** The roles of a project; with `deleted`, the ones marked deleted as well. */
const rolesOf = (ctx: RequestContext, group: Group, deleted = false) =>
  ctx.store.customDbRoles.filter((r) => r.groupId === group.id && (deleted || !r.deleted));

const requireRole = (ctx: RequestContext, group: Group) =>
  orNotFound(
    rolesOf(ctx, group).find((r) => r.roleName === ctx.params.roleName),
    ctx.path,
  );

function listRoles(ctx: RequestContext) {
  return listInGroup(
    ctx,
    (group) => {
      // Mutant: the list reads the roles marked deleted as well, so a deleted role is still listed.
      const listed = rolesOf(ctx, group, ctx.mutants.has('SEQ-LIST-MEMBERS'));
      // Mutant: pages after the first are cut at offsets that count the deleted roles still stored, skipping as many.
      const skipped = rolesOf(ctx, group, true).length - listed.length;
      if (integerParameter(ctx.query, 'pageNum', 1) > 1 && ctx.mutants.has('SEQ-LIST-MEMBERS:paging'))
        return listed.slice(skipped);
      return listed;
    },
    (r, inList) => roleView(ctx, r, inList),
    (group) => {
      // Mutant: the total count counts the roles marked deleted as well.
      return rolesOf(ctx, group, ctx.mutants.has('SEQ-LIST-COUNT')).length;
    },
  );
}

/** The body of a create or change as read. */
function sentRole(ctx: RequestContext): unknown {
  // Mutant: a create ignores an unknown field two objects deep (in a resource of an action) that resembles no real field.
  if (ctx.method === 'POST' && ctx.mutants.has('ENT-UNKNOWN-FIELD-400:deep'))
    return withoutFields(
      ctx.body,
      roleShape,
      (name, field, known, depth) => !field && depth >= 2 && !nearMiss(name, known),
    );
  // Mutant: a misspelling of a real field inside an action or a resource of an action is ignored.
  if (ctx.mutants.has('ENT-MISSPELLED-FIELD-400:role'))
    return withoutFields(
      ctx.body,
      roleShape,
      (name, field, known, depth) => !field && depth > 0 && nearMiss(name, known),
    );
  return ctx.body;
}

/** The body of a change as read. */
function sentChange(ctx: RequestContext): unknown {
  // Mutant: an unknown top-level field that resembles no real field is ignored.
  if (ctx.mutants.has('ENT-UNKNOWN-FIELD-400:role-patch'))
    return withoutFields(
      ctx.body,
      changeShape,
      (name, field, known, depth) => !field && depth === 0 && !nearMiss(name, known),
    );
  // Mutant: a new name is ignored instead of refused.
  if (ctx.mutants.has('ENT-READ-ONLY-FIELD-400:role-name'))
    return withoutFields(ctx.body, changeShape, (name, _field, _known, depth) => depth === 0 && name === 'roleName');
  return sentRole(ctx);
}

/** The actions added on 18 April 2025 (spec 2.6), which the mutants below refuse. */
const addedActions = [
  'CLEAR_JUMBO_FLAG',
  'KILL_ANY_CURSOR',
  'REFINE_COLLECTION_SHARD_KEY',
  'RESHARD_COLLECTION',
  'SHARDED_DATA_DISTRIBUTION',
];

/** Refuses the first added action of `actions`, as a target that validates against the older list would. */
function refuseAddedActions(actions: RoleBody['actions']): void {
  const at = (actions ?? []).findIndex((a) => addedActions.includes(a.action));
  if (at >= 0) throw invalidAttribute(`actions[${at}].action`);
}

async function createRole(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const body = validateBody<RoleBody>(sentRole(ctx), roleShape);
  // Mutant: RESHARD_COLLECTION is not an action.
  const reshard = (body.actions ?? []).findIndex((a) => a.action === 'RESHARD_COLLECTION');
  if (reshard >= 0 && ctx.mutants.has('DBUSER-ROLE-ACTIONS')) throw invalidAttribute(`actions[${reshard}].action`);
  // Mutant: the name check also finds the roles marked deleted, so a deleted role's name stays taken.
  // Mutant: under /v1.0, the name is not checked at all.
  const unchecked = ctx.generation === 'v1.0' && ctx.mutants.has('ERR-UNIQUE-409:legacy-role');
  if (
    !unchecked &&
    rolesOf(ctx, group, ctx.mutants.has('SEQ-UNIQUE-FREED')).some((r) => r.roleName === body.roleName)
  ) {
    throw conflict(
      'DUPLICATE_DATABASE_ROLE',
      `A custom role named ${body.roleName} already exists in group ${group.id}.`,
      [body.roleName, group.id],
    );
  }
  // Mutant: the role is stored a moment after the name check, so creates of one name sent at once all pass it.
  if (ctx.mutants.has('SEQ-CONCURRENT-SERIAL')) await new Promise((resolve) => setTimeout(resolve, 50));
  const role: CustomDbRole = {
    groupId: group.id,
    roleName: body.roleName,
    actions: body.actions ?? [],
    inheritedRoles: body.inheritedRoles ?? [],
  };
  ctx.store.customDbRoles.push(role);
  // Mutant: under /v1.0, a create is answered 200 instead of 201.
  const created = ctx.generation === 'v1.0' && ctx.mutants.has('METH-POST-CREATES:legacy-role') ? 200 : 201;
  return entity(roleView(ctx, role, false), created, {
    Location: href(ctx, `${rolesPath(group.id)}/${encodeURIComponent(role.roleName)}`),
  });
}

function changeRole(ctx: RequestContext) {
  const role = requireRole(ctx, requireGroup(ctx, 'write'));
  const sent = ctx.body as Partial<RoleBody> | null;
  // Mutant: the inherited roles sent are applied before the body is validated, so a refused body still changes them.
  if (Array.isArray(sent?.inheritedRoles) && ctx.mutants.has('ENT-INVALID-FIELD-NO-EFFECT:role'))
    role.inheritedRoles = sent.inheritedRoles;
  const change = validateBody<Partial<RoleBody>>(sentChange(ctx), changeShape, { roleName: role.roleName });
  // Mutant: a change validates actions against the list before 18 April 2025; a create takes them.
  if (ctx.mutants.has('DBUSER-ROLE-ACTIONS:change')) refuseAddedActions(change.actions);
  // Mutant: under /v1.0, a change that sends no actions resets them to none.
  if (ctx.generation === 'v1.0' && change.actions === undefined && ctx.mutants.has('METH-PATCH-PARTIAL:legacy-role'))
    role.actions = [];
  Object.assign(role, change);
  return entity(roleView(ctx, role, false));
}

function deleteRole(ctx: RequestContext) {
  // Mutant: deleting a custom role needs only read access.
  const role = requireRole(
    ctx,
    requireGroup(ctx, ctx.mutants.has('SVC-READ-ONLY-NO-MODIFY:role-delete') ? 'read' : 'write'),
  );
  // Mutant: under /v1.0, the DELETE of a custom role answers 204 and keeps the role.
  if (!(ctx.generation === 'v1.0' && ctx.mutants.has('METH-DELETE-REMOVES:legacy-role'))) role.deleted = true;
  return noContent();
}

export const customDbRoleRoutes: Route[] = [
  {
    path: '/groups/{groupId}/customDBRoles/roles',
    list: true,
    bodies: { POST: roleShape },
    methods: {
      GET: listRoles,
      POST: createRole,
    },
  },
  {
    path: '/groups/{groupId}/customDBRoles/roles/{roleName}',
    bodies: { PATCH: changeShape },
    methods: {
      GET: (ctx) => entity(roleView(ctx, requireRole(ctx, requireGroup(ctx, 'read')), false)),
      PATCH: changeRole,
      DELETE: deleteRole,
    },
  },
];
