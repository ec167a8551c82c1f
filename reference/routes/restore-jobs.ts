// Restore jobs of a cluster (spec 2.1 BSON timestamps, 4.3): list, create, get, cancel (DELETE).
import { listInGroup, requireGroup } from '../authz.ts';
import { requireCluster } from '../clusters/common.ts';
import { extensionRel, href, type RequestContext } from '../context.ts';
import { formatIsoDate } from '../dates.ts';
import { ApiError, missingAttribute, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type Group, type RestoreJob } from '../store.ts';
import { linksField, validateBody, type Field, type ObjectField } from '../validate.ts';

const readOnly: Field = { type: 'string', readOnly: true };
const DELIVERY_TYPES = ['automated', 'download', 'pointInTime'];

const createShape: ObjectField = {
  type: 'object',
  fields: {
    id: readOnly,
    clusterName: readOnly,
    timestamp: readOnly,
    cancelled: readOnly,
    expired: readOnly,
    failed: readOnly,
    finishedAt: readOnly,
    expiresAt: readOnly,
    deliveryUrl: readOnly,
    links: linksField,
    deliveryType: { type: 'string', enum: DELIVERY_TYPES },
    snapshotId: { type: 'string', pattern: /^[0-9a-f]{24}$/ },
    targetGroupId: { type: 'string', pattern: /^[0-9a-f]{24}$/ },
    targetClusterName: { type: 'string' },
    pointInTimeUTCSeconds: { type: 'integer', min: 0 },
    oplogTs: { type: 'integer', min: 0 },
    oplogInc: { type: 'integer', min: 1 },
  },
  required: ['deliveryType'],
  // Automated and point-in-time restores go to a target cluster.
  check: (body) => {
    if (body.deliveryType === 'download') return;
    for (const name of ['targetGroupId', 'targetClusterName'])
      if (body[name] === undefined) throw missingAttribute(name);
  },
};

type RestoreRequest = Pick<RestoreJob, 'deliveryType'> & Record<string, unknown>;

function restoreJobView(ctx: RequestContext, job: RestoreJob, inList: boolean) {
  const cluster = `/groups/${job.groupId}/clusters/${encodeURIComponent(job.clusterName)}`;
  const { groupId: _group, ...all } = job;
  // Mutant: the legacy generation leaves out a restore job's deliveryType, which 2023-02-01 carries.
  const { deliveryType: _type, ...untyped } = all;
  const fields = ctx.generation === 'v1.0' && ctx.mutants.has('VER-LEGACY-SAME-BODIES:restore-jobs') ? untyped : all;
  // Mutant: the BSON timestamp's date carries milliseconds, below its one-second granularity; or, in a /v1.0 list
  // read with a page size, its increment is a string.
  const paged =
    inList && ctx.generation === 'v1.0' && ctx.query.has('itemsPerPage') && ctx.mutants.has('ENT-BSON-TIMESTAMP:paged');
  const timestamp = ctx.mutants.has('ENT-BSON-TIMESTAMP')
    ? { ...job.timestamp, date: job.timestamp.date.replace(/Z$/, '.250Z') }
    : paged
      ? { ...job.timestamp, increment: String(job.timestamp.increment) }
      : job.timestamp;
  return {
    ...fields,
    timestamp,
    links: entityLinks(
      ctx,
      `${cluster}/backup/restoreJobs/${job.id}`,
      [[extensionRel(ctx, 'cluster'), cluster]],
      inList,
    ),
  };
}

const requireJob = (ctx: RequestContext, group: Group) => {
  const cluster = requireCluster(ctx, group);
  const job = ctx.store.restoreJobs.find(
    (j) => j.groupId === group.id && j.clusterName === cluster.name && j.id === ctx.params.restoreJobId,
  );
  // Mutant: a missing restore job's error names the cluster in its detail, not the requested path.
  if (!job && ctx.mutants.has('ERR-RESOURCE-NOT-FOUND:restore-job'))
    throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Cannot find restore job in cluster ${cluster.name}.`, [ctx.path]);
  return orNotFound(job, ctx.path);
};

function createRestoreJob(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const cluster = requireCluster(ctx, group);
  const body = validateBody<RestoreRequest>(ctx.body, createShape);
  const now = new Date();
  const job: RestoreJob = {
    ...body,
    id: newId(),
    groupId: group.id,
    clusterName: cluster.name,
    // The BSON timestamp of the restored point: date at one-second granularity plus an increment.
    timestamp: { date: formatIsoDate(now), increment: 1 },
    cancelled: false,
    expired: false,
    failed: false,
  };
  ctx.store.restoreJobs.push(job);
  const location = href(
    ctx,
    `/groups/${group.id}/clusters/${encodeURIComponent(cluster.name)}/backup/restoreJobs/${job.id}`,
  );
  return entity(restoreJobView(ctx, job, false), 201, { Location: location });
}

function cancelRestoreJob(ctx: RequestContext) {
  const job = requireJob(ctx, requireGroup(ctx, 'write'));
  removeWhere(ctx.store.restoreJobs, (j) => j === job);
  return noContent();
}

export const restoreJobRoutes: Route[] = [
  {
    path: '/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => {
            // Mutant: the restore jobs of a cluster that does not exist are an empty list.
            const exists = ctx.store.clusters.some((c) => c.groupId === group.id && c.name === ctx.params.clusterName);
            if (!exists && ctx.mutants.has('LIST-MISSING-CONTEXT-404:restore-jobs')) return [];
            const cluster = requireCluster(ctx, group);
            return ctx.store.restoreJobs.filter((j) => j.groupId === group.id && j.clusterName === cluster.name);
          },
          (j, inList) => restoreJobView(ctx, j, inList),
        ),
      POST: createRestoreJob,
    },
  },
  {
    path: '/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs/{restoreJobId}',
    methods: {
      GET: (ctx) => entity(restoreJobView(ctx, requireJob(ctx, requireGroup(ctx, 'read')), false)),
      DELETE: cancelRestoreJob,
    },
  },
];
