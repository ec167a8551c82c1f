// Serverless instances of a project (read only) and their private endpoints (spec 4.3): list and create,
// get and delete one. The instance is the endpoints' context: a missing one is 404.
import { listInGroup, requireGroup } from '../authz.ts';
import { href, type RequestContext } from '../context.ts';
import { orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type Group, type ServerlessEndpoint, type ServerlessInstance } from '../store.ts';
import { linksField, validateBody, type ObjectField } from '../validate.ts';

const readOnly = { type: 'string', readOnly: true } as const;
const createShape: ObjectField = {
  type: 'object',
  fields: { id: readOnly, status: readOnly, links: linksField, comment: { type: 'string', maxLength: 80 } },
};

const endpointsPath = (groupId: string, instanceName: string) =>
  `/groups/${groupId}/privateEndpoint/serverless/instance/${encodeURIComponent(instanceName)}/endpoint`;

const requireInstance = (ctx: RequestContext, group: Group) =>
  orNotFound(
    ctx.store.serverlessInstances.find((i) => i.groupId === group.id && i.name === ctx.params.instanceName),
    ctx.path,
  );

const instanceView = (ctx: RequestContext, instance: ServerlessInstance, inList: boolean) => ({
  name: instance.name,
  links: entityLinks(ctx, `/groups/${instance.groupId}/serverless/${encodeURIComponent(instance.name)}`, [], inList),
});

function endpointView(ctx: RequestContext, endpoint: ServerlessEndpoint, inList: boolean) {
  const { groupId, instanceName, ...fields } = endpoint;
  return { ...fields, links: entityLinks(ctx, `${endpointsPath(groupId, instanceName)}/${endpoint.id}`, [], inList) };
}

function createEndpoint(ctx: RequestContext) {
  // Mutant: creating an endpoint needs only read access to the project.
  const group = requireGroup(ctx, ctx.mutants.has('DOC-403') ? 'read' : 'write');
  const instance = requireInstance(ctx, group);
  const { comment } = validateBody<{ comment?: string }>(ctx.body, createShape);
  const endpoint: ServerlessEndpoint = {
    id: newId(),
    groupId: group.id,
    instanceName: instance.name,
    status: 'RESERVATION_REQUESTED',
    ...(comment !== undefined && { comment }),
  };
  ctx.store.serverlessEndpoints.push(endpoint);
  return entity(endpointView(ctx, endpoint, false), 201, {
    Location: href(ctx, `${endpointsPath(group.id, instance.name)}/${endpoint.id}`),
  });
}

function requireEndpoint(ctx: RequestContext, group: Group): ServerlessEndpoint {
  const instance = requireInstance(ctx, group);
  const endpoint = ctx.store.serverlessEndpoints.find(
    (e) => e.groupId === group.id && e.instanceName === instance.name && e.id === ctx.params.endpointId,
  );
  return orNotFound(endpoint, ctx.path);
}

function deleteEndpoint(ctx: RequestContext) {
  const endpoint = requireEndpoint(ctx, requireGroup(ctx, 'write'));
  removeWhere(ctx.store.serverlessEndpoints, (e) => e === endpoint);
  return noContent();
}

export const serverlessEndpointRoutes: Route[] = [
  {
    path: '/groups/{groupId}/serverless',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => ctx.store.serverlessInstances.filter((i) => i.groupId === group.id),
          (i, inList) => instanceView(ctx, i, inList),
        ),
    },
  },
  {
    path: '/groups/{groupId}/serverless/{instanceName}',
    methods: { GET: (ctx) => entity(instanceView(ctx, requireInstance(ctx, requireGroup(ctx, 'read')), false)) },
  },
  {
    path: '/groups/{groupId}/privateEndpoint/serverless/instance/{instanceName}/endpoint',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => {
            const instance = requireInstance(ctx, group);
            return ctx.store.serverlessEndpoints.filter(
              (e) => e.groupId === group.id && e.instanceName === instance.name,
            );
          },
          (e, inList) => endpointView(ctx, e, inList),
        ),
      POST: createEndpoint,
    },
  },
  {
    path: '/groups/{groupId}/privateEndpoint/serverless/instance/{instanceName}/endpoint/{endpointId}',
    methods: {
      GET: (ctx) => entity(endpointView(ctx, requireEndpoint(ctx, requireGroup(ctx, 'read')), false)),
      DELETE: deleteEndpoint,
    },
  },
];
