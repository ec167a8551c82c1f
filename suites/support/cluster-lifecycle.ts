// One cluster's life in version 2023-02-01 (spec 4.5, 9.5), lived once per run where the profile allows
// billable resources: create, get one, get all, modify, create and modify bodies that carry a removed
// property, delete. Each cluster rule judges its part of the one record and cites the exchanges it judges.
import type { HttpResponse } from '../../src/http/messages.ts';
import { removedClusterProperties } from '../../src/judges/cluster-shape.ts';
import { clusterVersion, clustersPath, dedicatedClusterBody, postCluster } from '../../src/probes/cluster-bodies.ts';
import { deleteCreated, type Created } from '../../src/target/created.ts';
import { runName } from '../../src/harness/run-name.ts';
import { once } from '../../src/harness/per-run.ts';
import { workProject } from '../../src/probes/work-project.ts';
import type { Target } from '../../src/target/target.ts';
import type { JsonObject } from '../../src/judges/json-walk.ts';

export interface ClusterLife {
  name: string;
  create: HttpResponse;
  getOne?: HttpResponse;
  getAll?: HttpResponse;
  modify?: HttpResponse;
  remove?: HttpResponse;
  /** A create body, then a modify body, carrying one removed property each, by its spec 9.5 name. */
  removedInCreate: [property: string, body: JsonObject, res: HttpResponse][];
  removedInModify: [property: string, body: JsonObject, res: HttpResponse][];
}

const legacyRegion = { US_EAST_1: { electableNodes: 3, priority: 7, readOnlyNodes: 0 } };

/** Values in the legacy shape for the eleven removed properties (spec 9.5). */
const legacyValues: Record<string, unknown> = {
  dbURIWithOptions: 'db://conformance.example:27017/?ssl=true',
  providerBackupEnabled: false,
  dbURIUpdated: '2025-01-01T00:00:00Z',
  srvAddress: 'db+srv://conformance.example',
  replicationSpec: legacyRegion,
  dbURI: 'db://conformance.example:27017',
  numShards: 1,
  autoScaling: { diskGBEnabled: true },
  providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' },
  replicationFactor: 3,
};

/** `body` with the removed property `name` added (`replicationSpecs.regionsConfig` goes into each replication spec). */
export function withRemovedProperty(body: JsonObject, name: string): JsonObject {
  if (name !== 'replicationSpecs.regionsConfig') return { ...body, [name]: legacyValues[name] };
  return {
    ...body,
    replicationSpecs: (body.replicationSpecs as JsonObject[]).map((spec) => ({ ...spec, regionsConfig: legacyRegion })),
  };
}

/** Where withRemovedProperty puts the removed property `name` (for regionsConfig: the first replication spec's). */
export const removedPropertyPath = (name: string) =>
  name === 'replicationSpecs.regionsConfig' ? ['replicationSpecs', 0, 'regionsConfig'] : [name];

async function live(t: Target): Promise<ClusterLife> {
  const groupId = await workProject(t);
  const body = dedicatedClusterBody(runName(t, 'cluster'), 'AWS', 'US_EAST_1');
  const removedInCreate: ClusterLife['removedInCreate'] = [];
  for (const [i, property] of removedClusterProperties.entries()) {
    const sent = withRemovedProperty({ ...body, name: runName(t, `removed-${i}`) }, property);
    const { res, created } = await postCluster(t, groupId, sent);
    removedInCreate.push([property, sent, res]);
    if (created) await deleteCreated(t, created);
  }
  const { res: create, created } = await postCluster(t, groupId, body);
  const life: ClusterLife = { name: String(body.name), create, removedInCreate, removedInModify: [] };
  if (created) await useAndDelete(t, life, created, body, groupId);
  return life;
}

/** Get one, get all, modify, modify with each removed property, delete: each answer kept in `life`. */
async function useAndDelete(
  t: Target,
  life: ClusterLife,
  created: Created,
  body: JsonObject,
  groupId: string,
): Promise<void> {
  const read = { version: clusterVersion };
  life.getOne = await t.get(created.path, read);
  life.getAll = await t.get(clustersPath(t, groupId), read);
  life.modify = await t.send({
    method: 'PATCH',
    path: created.path,
    json: { tags: [{ key: 'conformance', value: t.setup.runId }] },
    ...read,
  });
  for (const property of removedClusterProperties) {
    const patch = withRemovedProperty({ replicationSpecs: body.replicationSpecs }, property);
    const probe = property === 'replicationSpecs.regionsConfig' ? patch : { [property]: patch[property] };
    life.removedInModify.push([
      property,
      probe,
      await t.send({ method: 'PATCH', path: created.path, json: probe, ...read }),
    ]);
  }
  life.remove = await deleteCreated(t, created);
}

/** The run's cluster life, lived on first use (skipped where the profile does not allow billable resources). */
export function clusterLife(t: Target): Promise<ClusterLife> {
  return once('cluster-life', () => live(t), { afresh: false });
}
