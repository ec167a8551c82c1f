// Stream processing workspaces of a project (real service: `/groups/{groupId}/streams`; the spec does not name
// them): list, create, get, delete. A name is unique in its project (409).
import { listInGroup, requireGroup } from '../authz.ts';
import { href, type RequestContext } from '../context.ts';
import { conflict, notFound, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type Group, type StreamWorkspace } from '../store.ts';
import { linksField, validateBody, type ObjectField } from '../validate.ts';

const workspaceShape: ObjectField = {
  type: 'object',
  fields: {
    links: linksField,
    groupId: { type: 'string' },
    name: { type: 'string', pattern: /^[a-zA-Z0-9][a-zA-Z0-9-]{0,63}$/ },
    dataProcessRegion: {
      type: 'object',
      fields: { cloudProvider: { type: 'string', enum: ['AWS', 'AZURE', 'GCP'] }, region: { type: 'string' } },
      required: ['cloudProvider', 'region'],
    },
    streamConfig: {
      type: 'object',
      fields: { tier: { type: 'string', enum: ['SP2', 'SP5', 'SP10', 'SP30', 'SP50'] } },
    },
  },
  required: ['name'],
};

type WorkspaceBody = Pick<StreamWorkspace, 'name'> & Partial<StreamWorkspace>;

const workspacePath = (w: StreamWorkspace) => `/groups/${w.groupId}/streams/${encodeURIComponent(w.name)}`;
function workspaceView(ctx: RequestContext, w: StreamWorkspace, inList: boolean) {
  const hostnames = [`atlas-stream-${w.id}.virginia-usa.a.query.${ctx.vendor}.example`];
  return { ...w, hostnames, links: entityLinks(ctx, workspacePath(w), [], inList) };
}

const requireWorkspace = (ctx: RequestContext, group: Group) =>
  orNotFound(
    ctx.store.streamWorkspaces.find((w) => w.groupId === group.id && w.name === ctx.params.tenantName),
    ctx.path,
  );

function createWorkspace(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const body = validateBody<WorkspaceBody>(ctx.body, workspaceShape, { groupId: group.id });
  if (ctx.store.streamWorkspaces.some((w) => w.groupId === group.id && w.name === body.name)) {
    throw conflict(
      'STREAM_TENANT_NAME_ALREADY_EXISTS',
      `A stream workspace named ${body.name} already exists in group ${group.id}.`,
      [body.name, group.id],
    );
  }
  const workspace: StreamWorkspace = {
    id: newId(),
    groupId: group.id,
    name: body.name,
    dataProcessRegion: body.dataProcessRegion ?? { cloudProvider: 'AWS', region: 'VIRGINIA_USA' },
    streamConfig: { tier: body.streamConfig?.tier ?? 'SP30' },
  };
  ctx.store.streamWorkspaces.push(workspace);
  return entity(workspaceView(ctx, workspace, false), 200, { Location: href(ctx, workspacePath(workspace)) });
}

function deleteWorkspace(ctx: RequestContext) {
  const workspace = requireWorkspace(ctx, requireGroup(ctx, 'write'));
  removeWhere(ctx.store.streamWorkspaces, (w) => w === workspace);
  return noContent();
}

export const streamRoutes: Route[] = [
  {
    path: '/groups/{groupId}/streams',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (g) => {
            const workspaces = ctx.store.streamWorkspaces.filter((w) => w.groupId === g.id);
            // Mutant: a project without stream workspaces has no list of them: 404 instead of an empty one.
            if (workspaces.length === 0 && ctx.mutants.has('LIST-EMPTY-200:streams')) throw notFound(ctx.path);
            return workspaces;
          },
          (w, inList) => workspaceView(ctx, w, inList),
        ),
      POST: createWorkspace,
    },
  },
  {
    path: '/groups/{groupId}/streams/{tenantName}',
    methods: {
      GET: (ctx) => entity(workspaceView(ctx, requireWorkspace(ctx, requireGroup(ctx, 'read')), false)),
      DELETE: deleteWorkspace,
    },
  },
];
