// Clusters in version 2023-02-01 (spec 9.5): `replicationSpecs[].regionConfigs[]`, none of the eleven
// removed properties (an unknown field to this shape, so refused by name).
import type { RequestContext } from '../context.ts';
import { invalidAttribute, missingAttribute } from '../errors.ts';
import { newId, type Cluster, type RegionConfig, type ReplicationSpec } from '../store.ts';
import type { Field, ObjectField } from '../validate.ts';
import {
  INSTANCE_SIZES,
  PROVIDER_NAMES,
  applyCommonFields,
  checkRegion,
  clusterLinks,
  commonFields,
  connectionStrings,
  type ClusterShape,
  type CommonFields,
} from './common.ts';

const hardwareSpec: Field = {
  type: 'object',
  fields: {
    instanceSize: { type: 'string', enum: INSTANCE_SIZES },
    nodeCount: { type: 'integer', min: 0, max: 50 },
    diskIOPS: { type: 'integer', min: 0 },
    ebsVolumeType: { type: 'string', enum: ['STANDARD', 'PROVISIONED'] },
    diskThroughput: { type: 'integer', readOnly: true },
  },
  required: ['instanceSize'],
};
const autoScaling: Field = {
  type: 'object',
  fields: {
    compute: {
      type: 'object',
      fields: {
        enabled: { type: 'boolean' },
        scaleDownEnabled: { type: 'boolean' },
        minInstanceSize: { type: 'string', enum: INSTANCE_SIZES },
        maxInstanceSize: { type: 'string', enum: INSTANCE_SIZES },
      },
    },
    diskGB: { type: 'object', fields: { enabled: { type: 'boolean' } } },
  },
};
const regionConfig: ObjectField = {
  type: 'object',
  fields: {
    providerName: { type: 'string', enum: PROVIDER_NAMES },
    backingProviderName: { type: 'string', enum: ['AWS', 'AZURE', 'GCP'] },
    regionName: { type: 'string' },
    priority: { type: 'integer', min: 0, max: 7 },
    electableSpecs: hardwareSpec,
    readOnlySpecs: hardwareSpec,
    analyticsSpecs: hardwareSpec,
    autoScaling,
    analyticsAutoScaling: autoScaling,
  },
  required: ['providerName', 'regionName', 'electableSpecs'],
  check: (value, path) =>
    checkRegion(
      value.providerName as string,
      value.backingProviderName as string | undefined,
      value.regionName,
      `${path}.regionName`,
    ),
};
const replicationSpec: ObjectField = {
  type: 'object',
  fields: {
    id: { type: 'string', readOnly: true },
    zoneId: { type: 'string', readOnly: true },
    zoneName: { type: 'string' },
    numShards: { type: 'integer', min: 1, max: 50 },
    regionConfigs: { type: 'array', items: regionConfig },
  },
  required: ['regionConfigs'],
  check: (value, path) => {
    if ((value.regionConfigs as unknown[]).length === 0) throw invalidAttribute(`${path}.regionConfigs`);
  },
};

const fields: Record<string, Field> = { ...commonFields, replicationSpecs: { type: 'array', items: replicationSpec } };
const createShape: ObjectField = { type: 'object', fields, required: ['name', 'replicationSpecs'] };
const updateShape: ObjectField = { type: 'object', fields: { ...fields, name: { type: 'string', readOnly: true } } };

type SpecInput = { zoneName?: string; numShards?: number; regionConfigs: RegionConfig[] };
type ModernClusterBody = CommonFields & { replicationSpecs?: SpecInput[] };

/** Replication specs from a request; existing ids are kept position by position. */
function replicationSpecsOf(inputs: SpecInput[], previous: ReplicationSpec[]): ReplicationSpec[] {
  if (inputs.length === 0) throw missingAttribute('replicationSpecs[0]');
  return inputs.map((input, i) => ({
    id: previous[i]?.id ?? newId(),
    zoneId: previous[i]?.zoneId ?? newId(),
    zoneName: input.zoneName ?? previous[i]?.zoneName ?? `Zone ${i + 1}`,
    numShards: input.numShards ?? 1,
    regionConfigs: input.regionConfigs.map((rc) => ({ ...rc, priority: rc.priority ?? 7 })),
  }));
}

/** Applies a validated 2023-02-01 body (POST or PATCH) to a cluster. */
function applyModernBody(cluster: Cluster, body: ModernClusterBody): void {
  applyCommonFields(cluster, body);
  if (body.replicationSpecs)
    cluster.replicationSpecs = replicationSpecsOf(body.replicationSpecs, cluster.replicationSpecs);
}

function modernClusterView(ctx: RequestContext, cluster: Cluster, inList: boolean) {
  const { replicationSpecs, diskSizeGB, ...rest } = cluster;
  return {
    ...rest,
    // Mutant: the disk size's name does not say its unit.
    ...(ctx.mutants.has('ENT-UNIT-IN-NAME') ? { diskSize: diskSizeGB } : { diskSizeGB }),
    connectionStrings: connectionStrings(ctx, cluster),
    links: clusterLinks(ctx, cluster, inList),
    replicationSpecs: replicationSpecs.map(({ id, numShards, regionConfigs, zoneId, zoneName }) => ({
      id,
      numShards,
      regionConfigs,
      zoneId,
      zoneName,
    })),
  };
}

export const modernCluster: ClusterShape = {
  create: createShape,
  update: updateShape,
  apply: (cluster, body) => applyModernBody(cluster, body as ModernClusterBody),
  view: modernClusterView,
};
