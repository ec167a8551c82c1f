// The regional outage simulation of a cluster (real service: `/groups/{groupId}/clusters/{clusterName}/outageSimulation`;
// the spec does not name it), where a cluster's requests carry `cloudProvider` (spec 2.6: it accepts GCP since
// 18 April 2025). A simulation starts when requested and ends when deleted; it is kept in memory only.
import { requireGroup } from '../authz.ts';
import { requireCluster } from '../clusters/common.ts';
import type { RequestContext } from '../context.ts';
import { nowIso } from '../dates.ts';
import { conflict, invalidAttribute, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, type Cluster, type Store } from '../store.ts';
import { validateBody, type ObjectField } from '../validate.ts';

interface OutageFilter {
  cloudProvider?: string;
  regionName?: string;
  type?: string;
}
interface Simulation {
  id: string;
  outageFilters: OutageFilter[];
  startRequestDate: string;
  state: string;
}

const simulationShape: ObjectField = {
  type: 'object',
  fields: {
    outageFilters: {
      type: 'array',
      items: {
        type: 'object',
        fields: {
          cloudProvider: { type: 'string', enum: ['AWS', 'GCP', 'AZURE'] },
          regionName: { type: 'string' },
          type: { type: 'string', enum: ['REGION'] },
        },
      },
    },
  },
  required: ['outageFilters'],
};

const running = new WeakMap<Store, Map<Cluster, Simulation>>();
const simulationsOf = (store: Store) => running.get(store) ?? running.set(store, new Map()).get(store)!;

function view(ctx: RequestContext, cluster: Cluster, simulation: Simulation) {
  return {
    id: simulation.id,
    groupId: cluster.groupId,
    clusterName: cluster.name,
    outageFilters: simulation.outageFilters,
    startRequestDate: simulation.startRequestDate,
    state: simulation.state,
    links: entityLinks(ctx, `/groups/${cluster.groupId}/clusters/${cluster.name}/outageSimulation`, [], false),
  };
}

function start(ctx: RequestContext) {
  const cluster = requireCluster(ctx, requireGroup(ctx, 'write'));
  const { outageFilters } = validateBody<{ outageFilters: OutageFilter[] }>(ctx.body, simulationShape);
  // Mutant: GCP is not a cloud provider of an outage filter.
  const gcp = outageFilters.findIndex((f) => f.cloudProvider === 'GCP');
  if (gcp >= 0 && ctx.mutants.has('CLU-GCP-PROVIDER')) throw invalidAttribute(`outageFilters[${gcp}].cloudProvider`);
  const simulations = simulationsOf(ctx.store);
  if (simulations.has(cluster))
    throw conflict('DUPLICATE_CLUSTER_OUTAGE_SIMULATION', `An outage simulation of ${cluster.name} is running.`, [
      cluster.name,
    ]);
  const simulation = { id: newId(), outageFilters, startRequestDate: nowIso(), state: 'START_REQUESTED' };
  simulations.set(cluster, simulation);
  return entity(view(ctx, cluster, simulation));
}

const current = (ctx: RequestContext, cluster: Cluster) => orNotFound(simulationsOf(ctx.store).get(cluster), ctx.path);

export const outageSimulationRoutes: Route[] = [
  {
    path: '/groups/{groupId}/clusters/{clusterName}/outageSimulation',
    methods: {
      POST: start,
      GET: (ctx) => {
        const cluster = requireCluster(ctx, requireGroup(ctx, 'read'));
        return entity(view(ctx, cluster, current(ctx, cluster)));
      },
      DELETE: (ctx) => {
        const cluster = requireCluster(ctx, requireGroup(ctx, 'write'));
        const simulation = current(ctx, cluster);
        simulationsOf(ctx.store).delete(cluster);
        return entity(view(ctx, cluster, { ...simulation, state: 'RECOVERY_REQUESTED' }));
      },
    },
  },
];
