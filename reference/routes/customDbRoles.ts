// Custom database roles of a project (spec 2.6: role actions gained CLEAR_JUMBO_FLAG, KILL_ANY_CURSOR,
// REFINE_COLLECTION_SHARD_KEY, RESHARD_COLLECTION and SHARDED_DATA_DISTRIBUTION on 18 April 2025):
// list, create, get, delete; a role name is unique in its project (409).
import { listInGroup, requireGroup } from '../authz.ts';
import { href, type RequestContext } from '../context.ts';
import { DB_ACTIONS } from '../enums.ts';
import { conflict, invalidAttribute, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import { removeWhere, type CustomDbRole, type Group } from '../store.ts';
import { linksField, validateBody, type ObjectField } from '../validate.ts';

const resource: ObjectField = { type: 'object', fields: { db: { type: 'string' }, collection: { type: 'string' }, cluster: { type: 'boolean' } } };
const roleShape: ObjectField = {
  type: 'object',
  fields: {
    links: linksField,
    roleName: { type: 'string', pattern: /^[\w-]{1,64}$/ },
    actions: {
      type: 'array',
      items: { type: 'object', fields: { action: { type: 'string', enum: DB_ACTIONS }, resources: { type: 'array', items: resource } }, required: ['action'] },
    },
    inheritedRoles: { type: 'array', items: { type: 'object', fields: { db: { type: 'string' }, role: { type: 'string' } }, required: ['db', 'role'] } },
  },
  required: ['roleName'],
};

type RoleBody = Pick<CustomDbRole, 'roleName'> & Partial<Pick<CustomDbRole, 'actions' | 'inheritedRoles'>>;

const rolesPath = (groupId: string) => `/groups/${groupId}/customDBRoles/roles`;

function roleView(ctx: RequestContext, role: CustomDbRole, inList: boolean) {
  const { groupId, ...fields } = role;
  return { ...fields, links: entityLinks(ctx, `${rolesPath(groupId)}/${encodeURIComponent(role.roleName)}`, [], inList) };
}

const requireRole = (ctx: RequestContext, group: Group) =>
  orNotFound(ctx.store.customDbRoles.find((r) => r.groupId === group.id && r.roleName === ctx.params.roleName), ctx.path);

function createRole(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const body = validateBody<RoleBody>(ctx.body, roleShape);
  // Mutant: RESHARD_COLLECTION is not an action.
  const reshard = (body.actions ?? []).findIndex((a) => a.action === 'RESHARD_COLLECTION');
  if (reshard >= 0 && ctx.mutants.has('DBUSER-ROLE-ACTIONS')) throw invalidAttribute(`actions[${reshard}].action`);
  if (ctx.store.customDbRoles.some((r) => r.groupId === group.id && r.roleName === body.roleName)) {
    throw conflict('DUPLICATE_DATABASE_ROLE', `A custom role named ${body.roleName} already exists in group ${group.id}.`, [body.roleName, group.id]);
  }
  const role: CustomDbRole = { groupId: group.id, roleName: body.roleName, actions: body.actions ?? [], inheritedRoles: body.inheritedRoles ?? [] };
  ctx.store.customDbRoles.push(role);
  return entity(roleView(ctx, role, false), 201, { Location: href(ctx, `${rolesPath(group.id)}/${encodeURIComponent(role.roleName)}`) });
}

function deleteRole(ctx: RequestContext) {
  const role = requireRole(ctx, requireGroup(ctx, 'write'));
  removeWhere(ctx.store.customDbRoles, (r) => r === role);
  return noContent();
}

export const customDbRoleRoutes: Route[] = [
  {
    path: '/groups/{groupId}/customDBRoles/roles',
    methods: {
      GET: (ctx) => listInGroup(ctx, (group) => ctx.store.customDbRoles.filter((r) => r.groupId === group.id), (r, inList) => roleView(ctx, r, inList)),
      POST: createRole,
    },
  },
  {
    path: '/groups/{groupId}/customDBRoles/roles/{roleName}',
    methods: {
      GET: (ctx) => entity(roleView(ctx, requireRole(ctx, requireGroup(ctx, 'read')), false)),
      DELETE: deleteRole,
    },
  },
];
