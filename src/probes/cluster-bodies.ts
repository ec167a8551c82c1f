// Clusters in version 2023-02-01 (spec 4.5, 9.5) as the checks create them: request bodies in the real
// service's shape (the spec does not show payloads) and a create that notes what it made at once.
// Creating clusters is billable (spec 1): only where the profile allows it.
import type { HttpResponse } from '../http/messages.ts';
import { skipFor } from '../outcome.ts';
import { noteCreated, type Created } from '../target/created.ts';
import type { Target } from '../target/target.ts';
import type { JsonObject } from '../judges/json-walk.ts';

/** The version whose cluster shape spec 9.5 describes. */
export const clusterVersion = '2023-02-01';

export function requireBillable(t: Target): void {
  if (!t.profile.allowBillable)
    skipFor('allowBillable', 'the profile does not allow creating billable resources such as clusters');
}

/** The smallest replica set the 2023-02-01 shape describes: one shared-tier region. */
export function clusterBody(t: Target, name: string): JsonObject {
  requireBillable(t);
  return {
    name,
    clusterType: 'REPLICASET',
    replicationSpecs: [
      {
        regionConfigs: [
          {
            providerName: 'TENANT',
            backingProviderName: 'AWS',
            regionName: 'US_EAST_1',
            priority: 7,
            electableSpecs: { instanceSize: 'M0' },
          },
        ],
      },
    ],
  };
}

/** A three-node replica set of the smallest dedicated size, in one region of one provider. */
export function dedicatedClusterBody(name: string, providerName: string, regionName: string): JsonObject {
  return {
    name,
    clusterType: 'REPLICASET',
    replicationSpecs: [
      {
        regionConfigs: [
          { providerName, regionName, priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } },
        ],
      },
    ],
  };
}

/** A five-node replica set of the smallest dedicated size across regions of one provider, two, two and one node by
 * priority: a cluster that keeps its majority when one region goes down (a regional outage simulation needs one). */
export function regionalClusterBody(name: string, providerName: string, regionNames: string[]): JsonObject {
  const regionConfigs = regionNames.map((regionName, i) => ({
    providerName,
    regionName,
    priority: 7 - i,
    electableSpecs: { instanceSize: 'M10', nodeCount: i < 2 ? 2 : 1 },
  }));
  return { name, clusterType: 'REPLICASET', replicationSpecs: [{ regionConfigs }] };
}

/** A regional outage simulation of a cluster: the region `regionName` of `cloudProvider` goes down. */
export const outageBody = (cloudProvider: string, regionName: string): JsonObject => ({
  outageFilters: [{ cloudProvider, regionName, type: 'REGION' }],
});

export const clustersPath = (t: Target, groupId: string) => t.v2(`/groups/${groupId}/clusters`);

/** POSTs a cluster in 2023-02-01; one that was made is noted for deletion before anything else happens. */
export async function postCluster(
  t: Target,
  groupId: string,
  body: JsonObject,
): Promise<{ res: HttpResponse; created?: Created }> {
  requireBillable(t);
  const path = clustersPath(t, groupId);
  const res = await t.send({ method: 'POST', path, json: body, version: clusterVersion });
  if (res.status < 200 || res.status >= 300) return { res };
  return { res, created: noteCreated(t, `${path}/${encodeURIComponent(String(body.name))}`) };
}
