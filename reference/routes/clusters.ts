// Clusters of a project (spec 4.5, 9.5): create, get all, get one, modify, delete, in the shape of the
// requested generation and version.
import { listInGroup, requireGroup } from '../authz.ts';
import { connectionStrings, newClusterDefaults, requireCluster } from '../clusters/common.ts';
import { legacyCluster } from '../clusters/legacy.ts';
import { modernCluster } from '../clusters/modern.ts';
import { mutatedClusterBody } from '../clusters/mutants.ts';
import { href, type RequestContext } from '../context.ts';
import { nowIso } from '../dates.ts';
import { ApiError, conflict, methodNotAllowed } from '../errors.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type Cluster } from '../store.ts';
import { nearMiss, validateBody, withoutFields } from '../validate.ts';
import { isLegacyClusterVersion } from '../versioning.ts';

/** The cluster shape of this request: legacy on v1.0 and on 2023-01-01, else 2023-02-01. */
const shapeOf = (ctx: RequestContext) => (isLegacyClusterVersion(ctx.version) ? legacyCluster : modernCluster);

/** Whether a list is read past its first page. */
const laterPage = (ctx: RequestContext, inList: boolean) => inList && Number(ctx.query.get('pageNum') ?? '1') > 1;

function clusterView(ctx: RequestContext, cluster: Cluster, inList: boolean) {
  // Mutant: the legacy API answers reads in the 2023-02-01 shape; or only the pages of its list after the first.
  const legacyAsModern =
    ctx.generation === 'v1.0' &&
    (ctx.mutants.has('VER-LEGACY-CLUSTER-SHAPE') ||
      (laterPage(ctx, inList) && ctx.mutants.has('VER-LEGACY-CLUSTER-SHAPE:later-page')));
  // Mutant: the list in the deprecated 2023-01-01 is served in the 2023-02-01 shape.
  const earlyAsModern = inList && ctx.version === '2023-01-01' && ctx.mutants.has('VER-ACCEPT-SERVED:shape');
  const shape = legacyAsModern || earlyAsModern ? modernCluster : shapeOf(ctx);
  const view = shape.view(ctx, cluster, inList);
  // Mutant: a removed property leaks into the items of the 2023-02-01 list.
  const leaks = inList && shape === modernCluster && ctx.mutants.has('VER-CLUSTERS-REMOVED-ABSENT');
  if (leaks) return { ...view, providerBackupEnabled: cluster.backupEnabled };
  // Mutant: the items of the 2023-02-01 list's later pages carry the removed srvAddress.
  const laterLeaks =
    laterPage(ctx, inList) && shape === modernCluster && ctx.mutants.has('VER-CLUSTERS-REMOVED-ABSENT:later-page');
  return laterLeaks ? { ...view, srvAddress: connectionStrings(ctx, cluster).standardSrv } : view;
}

function createCluster(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const shape = shapeOf(ctx);
  // Mutant: a create drops the unknown fields of its body instead of refusing them; changes still refuse them.
  const sent =
    ctx.mutants.has('ENT-UNKNOWN-FIELD-400:cluster-create') && !isLegacyClusterVersion(ctx.version)
      ? withoutFields(ctx.body, shape.create, (name, field, known) => !field && !nearMiss(name, known))
      : ctx.body;
  const body = validateBody<{ name: string }>(mutatedClusterBody(ctx, sent), shape.create, { groupId: group.id });
  // Spec 7.2: a duplicate of a unique value is 409 (the real service answers 400 here). Mutant: duplicates are created.
  if (
    !ctx.mutants.has('ERR-UNIQUE-409') &&
    ctx.store.clusters.some((c) => c.groupId === group.id && c.name.toLowerCase() === body.name.toLowerCase())
  ) {
    throw conflict(
      'DUPLICATE_CLUSTER_NAME',
      `A cluster or serverless instance named ${body.name} is already present in group ${group.id}.`,
      [body.name, group.id],
    );
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
  // Mutant: a field a typing slip away from a real one is dropped instead of refused.
  const sent = ctx.mutants.has('ENT-MISSPELLED-FIELD-400')
    ? withoutFields(ctx.body, shape.update, (name, field, known) => !field && nearMiss(name, known))
    : ctx.body;
  const current = shape.view(ctx, cluster, false) as Record<string, unknown>;
  shape.apply(changed, validateBody<object>(mutatedClusterBody(ctx, sent), shape.update, current));
  Object.assign(cluster, changed);
  const view = shape.view(ctx, cluster, false) as { replicationSpecs: object[] };
  // Mutant: the 2023-02-01 modify response's replication specs leave out regionConfigs.
  if (shape === modernCluster && ctx.mutants.has('VER-CLUSTERS-REGION-CONFIGS')) {
    return entity({
      ...view,
      replicationSpecs: view.replicationSpecs.map((spec) => ({ ...spec, regionConfigs: undefined })),
    });
  }
  return entity(view);
}

function deleteCluster(ctx: RequestContext) {
  const cluster = requireCluster(ctx, requireGroup(ctx, 'write'));
  if (cluster.terminationProtectionEnabled) {
    throw new ApiError(
      400,
      'CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED',
      `Cannot terminate cluster ${cluster.name} while termination protection is enabled.`,
      [cluster.name],
    );
  }
  const { store } = ctx;
  const inCluster = (item: { groupId: string; clusterName: string }) =>
    item.groupId === cluster.groupId && item.clusterName === cluster.name;
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
    list: true,
    bodies: { POST: modernCluster.create },
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => ctx.store.clusters.filter((c) => c.groupId === group.id),
          (c, inList) => clusterView(ctx, c, inList),
        ),
      POST: createCluster,
    },
  },
  {
    path: '/groups/{groupId}/clusters/{clusterName}',
    bodies: { PATCH: modernCluster.update },
    methods: {
      GET: (ctx) => entity(clusterView(ctx, requireCluster(ctx, requireGroup(ctx, 'read')), false)),
      PATCH: updateCluster,
      DELETE: (ctx) => {
        // Mutant: delete one is not offered.
        if (ctx.mutants.has('CLU-OPERATIONS')) throw methodNotAllowed('DELETE', ctx.path, ['GET', 'PATCH', 'HEAD']);
        return deleteCluster(ctx);
      },
    },
  },
];
