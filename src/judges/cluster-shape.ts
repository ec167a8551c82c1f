// Spec 9.5: the clusters resource in version 2023-02-01 and in the legacy generation. Each shape is a JSON
// Schema (schemas/cluster-2023-02-01.schema.json, schemas/cluster-legacy.schema.json); the eleven removed
// properties are checked by name, each one in every cluster a response carries.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { schemaFaults } from './json-schema.ts';
import { isObject } from './json-walk.ts';

/** Spec 9.5, in its order: removed from request and response bodies in 2023-02-01. */
export const removedClusterProperties = [
  'dbURIWithOptions',
  'providerBackupEnabled',
  'dbURIUpdated',
  'srvAddress',
  'replicationSpec',
  'dbURI',
  'numShards',
  'autoScaling',
  'providerSettings',
  'replicationFactor',
  'replicationSpecs.regionsConfig',
] as const;

export type ClusterSchema = 'cluster-2023-02-01' | 'cluster-legacy';

/** The shape of the clusters in a resource version: 2023-01-01 is the legacy API moved only in base address and
 * header (spec 9.4), 2023-02-01 the shape of 9.5; the spec states no shape for later versions. */
export function clusterSchemaOf(version: string): ClusterSchema | undefined {
  if (version < '2023-02-01') return 'cluster-legacy';
  return version === '2023-02-01' ? 'cluster-2023-02-01' : undefined;
}

/** Whether a cluster carries a property named as spec 9.5 names it (`replicationSpecs.regionsConfig`: in any spec). */
export function carriesProperty(cluster: Record<string, unknown>, name: string): boolean {
  const [outer, inner] = name.split('.') as [string, string | undefined];
  if (inner === undefined) return Object.hasOwn(cluster, outer);
  const items = cluster[outer];
  return Array.isArray(items) && items.some((item) => isObject(item) && Object.hasOwn(item, inner));
}

/** VER-CLUSTERS-REMOVED-ABSENT: none of the eleven removed properties, each checked by name. */
export function checkNoRemovedProperties(cluster: unknown, where: string, res: HttpResponse): void {
  const present = isObject(cluster) ? removedClusterProperties.filter((name) => carriesProperty(cluster, name)) : [];
  if (present.length) {
    throw new RuleFailure(`${where} carries ${present.join(', ')}, removed in 2023-02-01`, {
      expected: `none of ${removedClusterProperties.join(', ')}`,
      actual: present,
      exchange: res.exchange,
    });
  }
}

/** The cluster fits the JSON Schema of its generation's shape. */
export function checkClusterShape(schema: ClusterSchema, cluster: unknown, where: string, res: HttpResponse): void {
  const faults = schemaFaults(schema, cluster);
  if (faults.length) {
    throw new RuleFailure(`${where} is not in the ${schema} shape: ${faults.join('; ')}`, {
      expected: `schemas/${schema}.schema.json`,
      actual: faults,
      exchange: res.exchange,
    });
  }
}
