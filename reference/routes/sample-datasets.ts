// Loading the sample data set into a cluster (real service: `/groups/{groupId}/sampleDatasetLoad`; the spec does
// not name it). A load starts WORKING and reads COMPLETED from then on: this target has no data to wait for.
import { requireGroup } from '../authz.ts';
import { requireCluster } from '../clusters/common.ts';
import type { RequestContext } from '../context.ts';
import { nowIso } from '../dates.ts';
import { orNotFound } from '../errors.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, type SampleDatasetLoad } from '../store.ts';

const loadView = (load: SampleDatasetLoad, state: 'WORKING' | 'COMPLETED') => ({
  _id: load.id,
  clusterName: load.clusterName,
  createDate: load.createDate,
  state,
  ...(state === 'COMPLETED' ? { completeDate: load.createDate } : {}),
});

function startLoad(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const cluster = requireCluster({ ...ctx, params: { ...ctx.params, clusterName: ctx.params.name! } }, group);
  const load: SampleDatasetLoad = { id: newId(), groupId: group.id, clusterName: cluster.name, createDate: nowIso() };
  ctx.store.sampleDatasetLoads.push(load);
  return entity(loadView(load, 'WORKING'), 201);
}

export const sampleDatasetRoutes: Route[] = [
  {
    path: '/groups/{groupId}/sampleDatasetLoad/{name}',
    methods: {
      POST: startLoad,
      GET: (ctx) => {
        const group = requireGroup(ctx, 'read');
        const load = orNotFound(
          ctx.store.sampleDatasetLoads.find((l) => l.groupId === group.id && l.id === ctx.params.name),
          ctx.path,
        );
        return entity(loadView(load, 'COMPLETED'));
      },
    },
  },
];
