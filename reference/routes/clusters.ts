// Clusters of a project (spec 4.5, 9.5): create, get all, get one, modify, delete, in the shape of the
// requested generation and version.
import { listInGroup, requireGroup } from '../authz.ts';
import { newClusterDefaults, requireCluster } from '../clusters/common.ts';
import { legacyCluster } from '../clusters/legacy.ts';
import { modernCluster } from '../clusters/modern.ts';
import { href, type RequestContext } from '../context.ts';
import { nowIso } from '../dates.ts';
import { ApiError, conflict } from '../errors.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type Cluster } from '../store.ts';
import { validateBody } from '../validate.ts';
import { isLegacyClusterVersion } from '../versioning.ts';

/** The cluster shape of this request: legacy on v1.0 and on 2023-01-01, else 2023-02-01. */
const shapeOf = (ctx: RequestContext) => (isLegacyClusterVersion(ctx.version) ? legacyCluster : modernCluster);

const clusterView = (ctx: RequestContext, cluster: Cluster, inList: boolean) => shapeOf(ctx).view(ctx, cluster, inList);

function createCluster(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const shape = shapeOf(ctx);
  const body = validateBody<{ name: string }>(ctx.body, shape.create);
  // Spec 7.2: a duplicate of a unique value is 409 (the real service answers 400 here).
  if (ctx.store.clusters.some((c) => c.groupId === group.id && c.name.toLowerCase() === body.name.toLowerCase())) {
    throw conflict('DUPLICATE_CLUSTER_NAME', `A cluster or serverless instance named ${body.name} is already present in group ${group.id}.`, [body.name, group.id]);
  }
  const cluster = newClusterDefaults(group, newId(), body.name, nowIso());
  shape.apply(cluster, body);
  ctx.store.clusters.push(cluster);
  const location = href(ctx, `/groups/${group.id}/clusters/${encodeURIComponent(cluster.name)}`);
  return entity(shape.view(ctx, cluster, false), 201, { Location: location });
}

/** PATCH changes only the given fields; a refused body changes nothing (the change is made on a copy). */
function updateCluster(ctx: RequestContext) {
  const cluster = requireCluster(ctx, requireGroup(ctx, 'write'));
  const shape = shapeOf(ctx);
  const changed = structuredClone(cluster);
  shape.apply(changed, validateBody<object>(ctx.body, shape.update));
  Object.assign(cluster, changed);
  return entity(shape.view(ctx, cluster, false));
}

function deleteCluster(ctx: RequestContext) {
  const cluster = requireCluster(ctx, requireGroup(ctx, 'write'));
  if (cluster.terminationProtectionEnabled) {
    throw new ApiError(400, 'CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED',
      `Cannot terminate cluster ${cluster.name} while termination protection is enabled.`, [cluster.name]);
  }
  const { store } = ctx;
  const inCluster = (item: { groupId: string; clusterName: string }) => item.groupId === cluster.groupId && item.clusterName === cluster.name;
  removeWhere(store.clusters, (c) => c === cluster);
  removeWhere(store.restoreJobs, inCluster);
  removeWhere(store.tenantSnapshots, inCluster);
  removeWhere(store.processes, inCluster);
  removeWhere(store.performanceAdvisor, inCluster);
  return entity({}, 202);
}

export const clusterRoutes: Route[] = [
  {
    path: '/groups/{groupId}/clusters',
    methods: {
      GET: (ctx) => listInGroup(ctx, (group) => ctx.store.clusters.filter((c) => c.groupId === group.id), (c, inList) => clusterView(ctx, c, inList)),
      POST: createCluster,
    },
  },
  {
    path: '/groups/{groupId}/clusters/{clusterName}',
    methods: {
      GET: (ctx) => entity(clusterView(ctx, requireCluster(ctx, requireGroup(ctx, 'read')), false)),
      PATCH: updateCluster,
      DELETE: deleteCluster,
    },
  },
];
