// `GET V2/clusters` (spec 4.3): the clusters of every project the caller can see, one result per project,
// in the real service's shape (project, organization and a summary of each cluster); and one project's, at its own URL.
import { requireGroup, visibleGroups } from '../authz.ts';
import type { RequestContext } from '../context.ts';
import { entityLinks } from '../links.ts';
import { listReply } from '../paging.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Cluster, Group } from '../store.ts';

function clusterSummary(cluster: Cluster) {
  const nodeCount = cluster.replicationSpecs.reduce(
    (n, spec) => n + spec.numShards * spec.regionConfigs.reduce((m, rc) => m + (rc.electableSpecs.nodeCount ?? 3), 0),
    0,
  );
  return {
    alertCount: 0,
    authEnabled: true,
    availability: cluster.paused ? 'unavailable' : 'available',
    backupEnabled: cluster.backupEnabled,
    clusterId: cluster.id,
    dataSizeBytes: 0,
    name: cluster.name,
    nodeCount,
    sslEnabled: true,
    type: cluster.clusterType === 'REPLICASET' ? 'replica set' : 'sharded cluster',
    versions: [cluster.dbVersion],
  };
}

function projectClusters(ctx: RequestContext, group: Group, inList: boolean) {
  return {
    clusters: ctx.store.clusters.filter((c) => c.groupId === group.id).map(clusterSummary),
    groupId: group.id,
    groupName: group.name,
    // Its own URL (spec 2.2: self is the entity's own URL), not the project's cluster list, which is another entity.
    links: entityLinks(ctx, `/clusters/${group.id}`, [], inList),
    orgId: group.orgId,
    orgName: ctx.store.org.name,
    planType: 'Dedicated',
    tags: group.tags,
  };
}

export const allClustersRoutes: Route[] = [
  {
    path: '/clusters',
    list: true,
    methods: { GET: (ctx) => listReply(ctx, visibleGroups(ctx), (g, inList) => projectClusters(ctx, g, inList)) },
  },
  {
    path: '/clusters/{groupId}',
    methods: { GET: (ctx) => entity(projectClusters(ctx, requireGroup(ctx, 'read'), false)) },
  },
];
