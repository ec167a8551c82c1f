// What both cluster shapes (legacy and 2023-02-01, spec 9.5) share: fields, defaults, regions, links.
import { extensionRel, type RequestContext } from '../context.ts';
import { REGIONS } from '../enums.ts';
import { invalidAttribute, missingAttribute, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import type { Cluster, Group } from '../store.ts';
import { linksField, tagsField, type Field, type ObjectField } from '../validate.ts';

export const INSTANCE_SIZES = [
  'M0',
  'M2',
  'M5',
  'M10',
  'M20',
  'M30',
  'M40',
  'M50',
  'M60',
  'M80',
  'M100',
  'M140',
  'M200',
  'M300',
  'M400',
  'M700',
  'R40',
  'R50',
  'R60',
  'R80',
  'R200',
  'R300',
  'R400',
  'R700',
  'M40_NVME',
  'M50_NVME',
  'M60_NVME',
  'M80_NVME',
  'M200_NVME',
  'M400_NVME',
] as const;
export const PROVIDER_NAMES = ['AWS', 'AZURE', 'GCP', 'TENANT'] as const;
const DB_VERSIONS: Record<string, string> = { '6.0': '6.0.20', '7.0': '7.0.16', '8.0': '8.0.4' };

const readOnly = { type: 'string', readOnly: true } as const;

/** Fields with the same name and meaning in both shapes. */
export const commonFields: Record<string, Field> = {
  id: readOnly,
  groupId: readOnly,
  createDate: readOnly,
  stateName: readOnly,
  dbVersion: readOnly,
  connectionStrings: readOnly,
  featureCompatibilityVersion: readOnly,
  links: linksField,
  name: { type: 'string', pattern: /^[a-zA-Z0-9][a-zA-Z0-9-]{0,63}$/ },
  clusterType: { type: 'string', enum: ['REPLICASET', 'SHARDED', 'GEOSHARDED'] },
  backupEnabled: { type: 'boolean' },
  pitEnabled: { type: 'boolean' },
  paused: { type: 'boolean' },
  terminationProtectionEnabled: { type: 'boolean' },
  dbMajorVersion: { type: 'string', enum: Object.keys(DB_VERSIONS) },
  versionReleaseSystem: { type: 'string', enum: ['LTS', 'CONTINUOUS'] },
  encryptionAtRestProvider: { type: 'string', enum: ['NONE', 'AWS', 'AZURE', 'GCP'] },
  rootCertType: { type: 'string', enum: ['ISRGROOTX1'] },
  biConnector: {
    type: 'object',
    fields: {
      enabled: { type: 'boolean' },
      readPreference: { type: 'string', enum: ['PRIMARY', 'SECONDARY', 'ANALYTICS'] },
    },
  },
  diskSizeGB: { type: 'number', min: 0 },
  labels: tagsField,
  tags: tagsField,
};

/** One generation's cluster shape: request shapes, how a validated body applies, the response view. */
export interface ClusterShape {
  create: ObjectField;
  update: ObjectField;
  apply(cluster: Cluster, body: object): void;
  view(ctx: RequestContext, cluster: Cluster, inList: boolean): object;
}

/** The writable fields both shapes copy as they are. */
const COMMON_WRITABLE = [
  'clusterType',
  'backupEnabled',
  'pitEnabled',
  'paused',
  'terminationProtectionEnabled',
  'dbMajorVersion',
  'versionReleaseSystem',
  'encryptionAtRestProvider',
  'rootCertType',
  'diskSizeGB',
  'labels',
  'tags',
] as const;

export type CommonFields = Partial<Pick<Cluster, (typeof COMMON_WRITABLE)[number] | 'name' | 'biConnector'>>;

/** Applies the common fields of a request body to a cluster (PATCH semantics: only the given ones). */
export function applyCommonFields(cluster: Cluster, body: CommonFields): void {
  for (const key of COMMON_WRITABLE)
    if (body[key] !== undefined) (cluster as unknown as Record<string, unknown>)[key] = body[key];
  if (body.biConnector) cluster.biConnector = { ...cluster.biConnector, ...body.biConnector };
  cluster.dbVersion = DB_VERSIONS[cluster.dbMajorVersion] ?? cluster.dbVersion;
}

/** A new cluster with the real service's defaults; the caller sets its replication specs. */
export function newClusterDefaults(group: Group, id: string, name: string, createDate: string): Cluster {
  return {
    id,
    groupId: group.id,
    name,
    createDate,
    stateName: 'IDLE',
    clusterType: 'REPLICASET',
    dbMajorVersion: '8.0',
    dbVersion: DB_VERSIONS['8.0']!,
    versionReleaseSystem: 'LTS',
    backupEnabled: false,
    pitEnabled: false,
    paused: false,
    terminationProtectionEnabled: false,
    encryptionAtRestProvider: 'NONE',
    rootCertType: 'ISRGROOTX1',
    biConnector: { enabled: false, readPreference: 'SECONDARY' },
    diskSizeGB: 10,
    labels: [],
    tags: [],
    replicationSpecs: [],
  };
}

/** Spec 2.6: region names by provider (TENANT regions are those of the backing provider). */
export function checkRegion(
  providerName: string,
  backingProviderName: string | undefined,
  regionName: unknown,
  path: string,
): void {
  const provider = providerName === 'TENANT' ? backingProviderName : providerName;
  if (providerName === 'TENANT' && provider === undefined)
    throw missingAttribute(path.replace(/regionName$/, 'backingProviderName'));
  if (typeof regionName !== 'string' || !(REGIONS[provider ?? ''] ?? []).includes(regionName))
    throw invalidAttribute(path);
}

/** Host names of a cluster's nodes, for connection strings: the ids of its processes where the target serves them,
 * so that per-process calls made from a connection string find them. */
function hosts(ctx: RequestContext, cluster: Cluster): string[] {
  const served = ctx.store.processes
    .filter((p) => p.groupId === cluster.groupId && p.clusterName === cluster.name)
    .map((p) => p.id);
  return served.length > 0
    ? served
    : [0, 1, 2].map((i) => `${cluster.name}-shard-00-0${i}.abcde.${ctx.vendor}.example:27017`);
}

export function connectionStrings(ctx: RequestContext, cluster: Cluster) {
  return {
    standard: `db://${hosts(ctx, cluster).join(',')}/?ssl=true&authSource=admin&replicaSet=${cluster.name}-shard-0`,
    standardSrv: `db+srv://${cluster.name}.abcde.${ctx.vendor}.example`,
  };
}

/** The legacy connection properties (spec naming convention: `db` in place of the vendor's word). */
export function legacyConnectionFields(ctx: RequestContext, cluster: Cluster) {
  const uri = `db://${hosts(ctx, cluster).join(',')}`;
  return {
    dbURI: uri,
    dbURIUpdated: cluster.createDate,
    dbURIWithOptions: `${uri}/?ssl=true&authSource=admin&replicaSet=${cluster.name}-shard-0`,
    srvAddress: connectionStrings(ctx, cluster).standardSrv,
  };
}

export function clusterLinks(ctx: RequestContext, cluster: Cluster, inList: boolean) {
  const group = `/groups/${cluster.groupId}`;
  const self = `${group}/clusters/${encodeURIComponent(cluster.name)}`;
  // Mutant: a single cluster's self names it by id, a URL that is not found.
  const selfHref = !inList && ctx.mutants.has('LINK-SELF') ? `${group}/clusters/${cluster.id}` : self;
  return entityLinks(
    ctx,
    selfHref,
    [
      [extensionRel(ctx, 'group'), group],
      [extensionRel(ctx, 'restoreJobs'), `${self}/backup/restoreJobs`],
      [extensionRel(ctx, 'snapshots'), `${self}/backup/tenant/snapshots`],
    ],
    inList,
  );
}

/** The `{clusterName}` cluster of a project: 404 when there is none. */
export function requireCluster(ctx: RequestContext, group: Group): Cluster {
  return orNotFound(
    ctx.store.clusters.find((c) => c.groupId === group.id && c.name === ctx.params.clusterName),
    ctx.path,
  );
}
