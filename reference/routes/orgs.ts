// Organizations (real service: `/orgs`, `/orgs/{orgId}`, `/orgs/{orgId}/groups`), which real clients list first;
// the spec does not name them. Every principal of the seed is a member of the one organization.
import { visibleGroups } from '../authz.ts';
import type { RequestContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { listReply } from '../paging.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Org } from '../store.ts';
import { groupView } from './groups.ts';

function orgView(ctx: RequestContext, org: Org, inList: boolean) {
  return { id: org.id, name: org.name, isDeleted: false, links: entityLinks(ctx, `/orgs/${org.id}`, [], inList) };
}

/** The `{orgId}` organization, if the caller is one of its members. */
export function requireOrg(ctx: RequestContext): Org {
  if (ctx.params.orgId !== ctx.store.org.id || ctx.caller.record.orgRoles.length === 0) throw notFound(ctx.path);
  return ctx.store.org;
}

export const orgRoutes: Route[] = [
  {
    path: '/orgs',
    list: true,
    methods: {
      GET: (ctx) =>
        listReply(ctx, ctx.caller.record.orgRoles.length > 0 ? [ctx.store.org] : [], (o, inList) =>
          orgView(ctx, o, inList),
        ),
    },
  },
  { path: '/orgs/{orgId}', methods: { GET: (ctx) => entity(orgView(ctx, requireOrg(ctx), false)) } },
  {
    path: '/orgs/{orgId}/groups',
    list: true,
    methods: {
      GET: (ctx) =>
        listReply(
          ctx,
          visibleGroups(ctx).filter((g) => g.orgId === requireOrg(ctx).id),
          (g, inList) => groupView(ctx, g, inList),
        ),
    },
  },
];
