// Database users of a project (real service: `/groups/{groupId}/databaseUsers`, a user named by its
// authentication database and name): list, create, get, delete. The spec does not name them. The password is
// written, never shown.
import { listInGroup, requireGroup } from '../authz.ts';
import { href, type RequestContext } from '../context.ts';
import { conflict, invalidAttribute, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import { removeWhere, type DatabaseUser, type Group } from '../store.ts';
import { linksField, tagsField, validateBody, type ObjectField } from '../validate.ts';

const NONE_OR = (...values: string[]) => ({ type: 'string', enum: ['NONE', ...values] }) as const;
const userShape: ObjectField = {
  type: 'object',
  fields: {
    links: linksField,
    groupId: { type: 'string' },
    databaseName: { type: 'string', enum: ['admin', '$external'] },
    username: { type: 'string', pattern: /^.{1,1024}$/ },
    password: { type: 'string', pattern: /^.{8,256}$/ },
    description: { type: 'string', maxLength: 100 },
    roles: {
      type: 'array',
      items: {
        type: 'object',
        fields: { databaseName: { type: 'string' }, roleName: { type: 'string' }, collectionName: { type: 'string' } },
        required: ['databaseName', 'roleName'],
      },
    },
    scopes: {
      type: 'array',
      items: {
        type: 'object',
        fields: { name: { type: 'string' }, type: { type: 'string', enum: ['CLUSTER', 'DATA_LAKE', 'STREAM'] } },
        required: ['name', 'type'],
      },
    },
    labels: tagsField,
    ldapAuthType: NONE_OR('USER', 'GROUP'),
    x509Type: NONE_OR('CUSTOMER', 'MANAGED'),
    awsIAMType: NONE_OR('USER', 'ROLE'),
    oidcAuthType: NONE_OR('IDP_GROUP', 'USER'),
  },
  required: ['databaseName', 'username'],
};

type UserBody = Partial<DatabaseUser> & Pick<DatabaseUser, 'databaseName' | 'username'> & { password?: string };

const userPath = (u: DatabaseUser) =>
  `/groups/${u.groupId}/databaseUsers/${encodeURIComponent(u.databaseName)}/${encodeURIComponent(u.username)}`;
const userView = (ctx: RequestContext, u: DatabaseUser, inList: boolean) => ({
  ...u,
  links: entityLinks(ctx, userPath(u), [], inList),
});

const requireUser = (ctx: RequestContext, group: Group) =>
  orNotFound(
    ctx.store.databaseUsers.find(
      (u) => u.groupId === group.id && u.databaseName === ctx.params.databaseName && u.username === ctx.params.username,
    ),
    ctx.path,
  );

function createUser(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const body = validateBody<UserBody>(ctx.body, userShape);
  // Real clients send the project's id in the body; another project's is not this one.
  if (body.groupId !== undefined && body.groupId !== group.id) throw invalidAttribute('groupId');
  if (
    ctx.store.databaseUsers.some(
      (u) => u.groupId === group.id && u.databaseName === body.databaseName && u.username === body.username,
    )
  ) {
    throw conflict('USER_ALREADY_EXISTS', `The user ${body.username} already exists.`, [body.username]);
  }
  const user: DatabaseUser = {
    groupId: group.id,
    databaseName: body.databaseName,
    username: body.username,
    roles: body.roles ?? [],
    scopes: body.scopes ?? [],
    labels: body.labels ?? [],
    ...(body.description !== undefined ? { description: body.description } : {}),
    ldapAuthType: body.ldapAuthType ?? 'NONE',
    x509Type: body.x509Type ?? 'NONE',
    awsIAMType: body.awsIAMType ?? 'NONE',
    oidcAuthType: body.oidcAuthType ?? 'NONE',
  };
  ctx.store.databaseUsers.push(user);
  return entity(userView(ctx, user, false), 201, { Location: href(ctx, userPath(user)) });
}

function deleteUser(ctx: RequestContext) {
  const user = requireUser(ctx, requireGroup(ctx, 'write'));
  removeWhere(ctx.store.databaseUsers, (u) => u === user);
  return noContent();
}

export const databaseUserRoutes: Route[] = [
  {
    path: '/groups/{groupId}/databaseUsers',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => ctx.store.databaseUsers.filter((u) => u.groupId === group.id),
          (u, inList) => userView(ctx, u, inList),
        ),
      POST: createUser,
    },
  },
  {
    path: '/groups/{groupId}/databaseUsers/{databaseName}/{username}',
    methods: {
      GET: (ctx) => entity(userView(ctx, requireUser(ctx, requireGroup(ctx, 'read')), false)),
      DELETE: deleteUser,
    },
  },
];
