// Authorization (spec 1, 5): a caller's capabilities are its roles; a read-only role cannot modify.
import type { Caller } from './auth/authenticate.ts';
import type { RequestContext } from './context.ts';
import { notFound, userUnauthorized } from './errors.ts';
import type { View } from './links.ts';
import type { Mutants } from './mutants.ts';
import { listReply } from './paging.ts';
import type { Reply } from './respond.ts';
import type { Group } from './store.ts';

type Access = 'read' | 'write';

const ROLE_ACCESS: Record<string, Access[]> = {
  GROUP_OWNER: ['read', 'write'],
  GROUP_READ_ONLY: ['read'],
};
/** Organization roles that reach every project of the organization. */
const ORG_WIDE_ROLES = ['ORG_OWNER'];
/** Organization roles that may create projects. */
const PROJECT_CREATOR_ROLES = ['ORG_OWNER', 'ORG_GROUP_CREATOR'];

/** Whether the caller may read or write the project; `path` is the request's (none for the project list). */
function canAccess(caller: Caller, group: Group, access: Access, mutants: Mutants, path?: string): boolean {
  const { orgRoles, groupRoles } = caller.record;
  if (orgRoles.some((role) => ORG_WIDE_ROLES.includes(role))) return true;
  // Mutant: a caller without any grant on the project may read it (not what lies in it) and list it.
  const projectItself = path === undefined || /\/groups\/[^/]+$/.test(path);
  if (
    access === 'read' &&
    projectItself &&
    !groupRoles.some((g) => g.groupId === group.id) &&
    mutants.has('AUTH-NO-GRANT')
  )
    return true;
  // Mutant: only a caller's first project grant is honoured; the project list still shows every grant.
  const grants = mutants.has('AUTH-MULTI-PROJECT') && path !== undefined ? groupRoles.slice(0, 1) : groupRoles;
  // Mutant: the read-only role grants nothing, neither reads nor writes.
  const accessOf = (role: string) =>
    role === 'GROUP_READ_ONLY' && mutants.has('SVC-READ-ONLY-NO-MODIFY:no-read') ? [] : (ROLE_ACCESS[role] ?? []);
  return grants.some((g) => g.groupId === group.id && accessOf(g.roleName).includes(access));
}

export const canCreateProjects = (caller: Caller) =>
  caller.record.orgRoles.some((role) => PROJECT_CREATOR_ROLES.includes(role));

/** Projects the caller can read. */
export const visibleGroups = (ctx: RequestContext) =>
  ctx.store.groups.filter((g) => canAccess(ctx.caller, g, 'read', ctx.mutants));

/** Requests whose refusal waits until their change is made (a mutant). */
const appliedAnyway = new WeakSet<RequestContext>();

/** A project the caller may use: 404 when it does not exist, 403 without the needed role. */
export function authorizeGroup(ctx: RequestContext, group: Group | undefined, access: Access): Group {
  if (!group) throw notFound(ctx.path);
  // Mutants: deleting an alert configuration needs only read access; or any DELETE under /v2 does.
  const deleteByReader =
    (/\/alertConfigs\//.test(ctx.path) && ctx.mutants.has('SVC-READ-ONLY-NO-MODIFY')) ||
    (ctx.generation === 'v2' && ctx.mutants.has('SVC-READ-ONLY-NO-MODIFY:v2-delete'));
  const needed = access === 'write' && ctx.method === 'DELETE' && deleteByReader ? 'read' : access;
  if (canAccess(ctx.caller, group, needed, ctx.mutants, ctx.path)) return group;
  // Mutant: a read-only caller's PATCH is made, then refused.
  if (
    ctx.method === 'PATCH' &&
    canAccess(ctx.caller, group, 'read', ctx.mutants) &&
    ctx.mutants.has('SVC-READ-ONLY-NO-MODIFY:applied-anyway')
  ) {
    appliedAnyway.add(ctx);
    return group;
  }
  // Mutant: a read-only caller's PATCH of a custom database role is made, then refused.
  const rolePatch =
    ctx.method === 'PATCH' &&
    /\/customDBRoles\/roles\/[^/]+$/.test(ctx.path) &&
    canAccess(ctx.caller, group, 'read', ctx.mutants);
  // Mutant: a caller without a grant on the project creates a custom database role, then is refused.
  const roleCreate =
    ctx.method === 'POST' &&
    /\/customDBRoles\/roles$/.test(ctx.path) &&
    !canAccess(ctx.caller, group, 'read', ctx.mutants);
  if (
    (rolePatch && ctx.mutants.has('SVC-READ-ONLY-NO-MODIFY:role-patch')) ||
    (roleCreate && ctx.mutants.has('AUTH-NO-GRANT:role-create'))
  ) {
    appliedAnyway.add(ctx);
    return group;
  }
  // Mutant: a refusal for lack of permission answers 404, as if the resource did not exist: on the project and its
  // alert configurations, or only on custom roles.
  const hidden =
    (/\/groups\/[^/]+(\/alertConfigs(\/[^/]+)?)?$/.test(ctx.path) && ctx.mutants.has('AUTH-FORBIDDEN-403')) ||
    (/\/customDBRoles\//.test(ctx.path) && ctx.mutants.has('AUTH-FORBIDDEN-403:roles'));
  throw hidden ? notFound(ctx.path) : userUnauthorized();
}

/** Called after the handler: the refusal of a change that was made anyway (a mutant). */
export function refuseIfAppliedAnyway(ctx: RequestContext): void {
  if (appliedAnyway.has(ctx)) throw userUnauthorized();
}

/** The project named by the `{groupId}` path parameter. */
export const requireGroup = (ctx: RequestContext, access: Access) =>
  authorizeGroup(
    ctx,
    ctx.store.groups.find((g) => g.id === ctx.params.groupId),
    access,
  );

/** A list inside the `{groupId}` project; spec 2.3: 404 when the project does not exist. `total` counts the result set
 * apart from reading it, where the store counts it so. */
export function listInGroup<T>(
  ctx: RequestContext,
  items: (group: Group) => T[],
  view: View<T>,
  total?: (group: Group) => number,
): Reply {
  const exists = ctx.store.groups.some((g) => g.id === ctx.params.groupId);
  // Mutant: a list under a project that does not exist is empty, not 404; or so under /v1.0 only.
  const legacyEmpty = ctx.generation === 'v1.0' && ctx.mutants.has('LIST-MISSING-CONTEXT-404:legacy');
  if (!exists && (ctx.mutants.has('LIST-MISSING-CONTEXT-404') || legacyEmpty)) return listReply(ctx, [], view);
  // Mutant: a list under a project that does not exist is not found with an error body that has no parameters.
  if (!exists && ctx.mutants.has('ERR-BODY-FIELDS:missing-context')) throw notFound(ctx.path, null);
  const group = requireGroup(ctx, 'read');
  const all = items(group);
  return listReply(ctx, all, view, total?.(group) ?? all.length);
}
