// Snapshots of a shared-tier (tenant) cluster (spec 4.3): list and get one.
import { listInGroup, requireGroup } from '../authz.ts';
import { requireCluster } from '../clusters/common.ts';
import { extensionRel, type RequestContext } from '../context.ts';
import { orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Group, TenantSnapshot } from '../store.ts';

function snapshotView(ctx: RequestContext, snapshot: TenantSnapshot, inList: boolean) {
  const cluster = `/groups/${snapshot.groupId}/clusters/${encodeURIComponent(snapshot.clusterName)}`;
  const { groupId: _group, clusterName: _cluster, ...fields } = snapshot;
  return {
    ...fields,
    links: entityLinks(
      ctx,
      `${cluster}/backup/tenant/snapshots/${snapshot.id}`,
      [[extensionRel(ctx, 'cluster'), cluster]],
      inList,
    ),
  };
}

function snapshotsOf(ctx: RequestContext, group: Group): TenantSnapshot[] {
  const cluster = requireCluster(ctx, group);
  return ctx.store.tenantSnapshots.filter((s) => s.groupId === group.id && s.clusterName === cluster.name);
}

export const tenantSnapshotRoutes: Route[] = [
  {
    path: '/groups/{groupId}/clusters/{clusterName}/backup/tenant/snapshots',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => snapshotsOf(ctx, group),
          (s, inList) => snapshotView(ctx, s, inList),
        ),
    },
  },
  {
    path: '/groups/{groupId}/clusters/{clusterName}/backup/tenant/snapshots/{snapshotId}',
    methods: {
      GET: (ctx) => {
        const snapshot = snapshotsOf(ctx, requireGroup(ctx, 'read')).find((s) => s.id === ctx.params.snapshotId);
        return entity(snapshotView(ctx, orNotFound(snapshot, ctx.path), false));
      },
    },
  },
];
