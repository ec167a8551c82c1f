// Clusters in the legacy shape (v1.0, and v2 version 2023-01-01; spec 9.5): providerSettings,
// replicationSpec, numShards, replicationFactor, autoScaling, providerBackupEnabled, db* URIs.
// It is a view of the stored 2023-02-01 cluster; legacy requests are converted to that shape.
import type { RequestContext } from '../context.ts';
import { invalidAttribute, missingAttribute } from '../errors.ts';
import { newId, type Cluster, type HardwareSpec, type RegionConfig } from '../store.ts';
import type { Field, ObjectField } from '../validate.ts';
import {
  INSTANCE_SIZES,
  PROVIDER_NAMES,
  applyCommonFields,
  checkRegion,
  clusterLinks,
  commonFields,
  connectionStrings,
  legacyConnectionFields,
  type ClusterShape,
  type CommonFields,
} from './common.ts';

interface RegionLayout {
  electableNodes?: number;
  priority?: number;
  readOnlyNodes?: number;
  analyticsNodes?: number;
}
interface ProviderSettings {
  providerName: string;
  instanceSizeName: string;
  regionName?: string;
  backingProviderName?: string;
  diskIOPS?: number;
  volumeType?: string;
  autoScaling?: { compute?: { minInstanceSize?: string; maxInstanceSize?: string } };
}
interface LegacyAutoScaling {
  compute?: { enabled?: boolean; scaleDownEnabled?: boolean };
  diskGBEnabled?: boolean;
}
interface LegacyZone {
  zoneName?: string;
  numShards?: number;
  regionsConfig: Record<string, RegionLayout>;
}
type LegacyClusterBody = CommonFields & {
  providerSettings?: ProviderSettings;
  replicationSpec?: Record<string, RegionLayout>;
  replicationSpecs?: LegacyZone[];
  numShards?: number;
  replicationFactor?: number;
  providerBackupEnabled?: boolean;
  autoScaling?: LegacyAutoScaling;
};

const regionLayout: Field = {
  type: 'object',
  fields: {
    electableNodes: { type: 'integer', min: 0, max: 7 },
    priority: { type: 'integer', min: 0, max: 7 },
    readOnlyNodes: { type: 'integer', min: 0, max: 50 },
    analyticsNodes: { type: 'integer', min: 0, max: 50 },
  },
};
const providerSettings: ObjectField = {
  type: 'object',
  fields: {
    providerName: { type: 'string', enum: PROVIDER_NAMES },
    backingProviderName: { type: 'string', enum: ['AWS', 'AZURE', 'GCP'] },
    instanceSizeName: { type: 'string', enum: INSTANCE_SIZES },
    effectiveInstanceSizeName: { type: 'string', readOnly: true },
    regionName: { type: 'string' },
    diskIOPS: { type: 'integer', min: 0 },
    volumeType: { type: 'string', enum: ['STANDARD', 'PROVISIONED'] },
    encryptEBSVolume: { type: 'boolean' },
    autoScaling: {
      type: 'object',
      fields: {
        compute: {
          type: 'object',
          fields: {
            minInstanceSize: { type: 'string', enum: INSTANCE_SIZES },
            maxInstanceSize: { type: 'string', enum: INSTANCE_SIZES },
          },
        },
      },
    },
  },
};
const fields: Record<string, Field> = {
  ...commonFields,
  dbURI: { type: 'string', readOnly: true },
  dbURIUpdated: { type: 'string', readOnly: true },
  dbURIWithOptions: { type: 'string', readOnly: true },
  srvAddress: { type: 'string', readOnly: true },
  providerSettings,
  replicationSpec: { type: 'map', values: regionLayout },
  replicationSpecs: {
    type: 'array',
    items: {
      type: 'object',
      fields: {
        id: { type: 'string', readOnly: true },
        zoneName: { type: 'string' },
        numShards: { type: 'integer', min: 1, max: 50 },
        regionsConfig: { type: 'map', values: regionLayout },
      },
      required: ['regionsConfig'],
    },
  },
  numShards: { type: 'integer', min: 1, max: 50 },
  replicationFactor: { type: 'integer', min: 3, max: 7 },
  providerBackupEnabled: { type: 'boolean' },
  autoScaling: {
    type: 'object',
    fields: {
      compute: { type: 'object', fields: { enabled: { type: 'boolean' }, scaleDownEnabled: { type: 'boolean' } } },
      diskGBEnabled: { type: 'boolean' },
    },
  },
};

/** A legacy body's zones each name a region (as the versioned shape requires), and every region it names is one of
 * spec 2.6's for the provider after the change. */
function checkLegacyRegions(body: LegacyClusterBody, provider: ProviderSettings): void {
  const check = (region: string, path: string) =>
    checkRegion(provider.providerName, provider.backingProviderName, region, path);
  if (body.providerSettings?.regionName !== undefined)
    check(body.providerSettings.regionName, 'providerSettings.regionName');
  if (body.replicationSpec && Object.keys(body.replicationSpec).length === 0) throw invalidAttribute('replicationSpec');
  for (const region of Object.keys(body.replicationSpec ?? {})) check(region, `replicationSpec.${region}`);
  if (body.replicationSpecs?.length === 0) throw invalidAttribute('replicationSpecs');
  body.replicationSpecs?.forEach((zone, i) => {
    if (Object.keys(zone.regionsConfig).length === 0) throw invalidAttribute(`replicationSpecs[${i}].regionsConfig`);
    for (const region of Object.keys(zone.regionsConfig))
      check(region, `replicationSpecs[${i}].regionsConfig.${region}`);
  });
}

const createShape: ObjectField = {
  type: 'object',
  fields: { ...fields, providerSettings: { ...providerSettings, required: ['providerName', 'instanceSizeName'] } },
  required: ['name', 'providerSettings'],
};
const updateShape: ObjectField = { type: 'object', fields: { ...fields, name: { type: 'string', readOnly: true } } };

// --- the legacy view of a stored cluster ---

const primaryRegion = (cluster: Cluster): RegionConfig =>
  [...cluster.replicationSpecs[0]!.regionConfigs].sort((a, b) => b.priority - a.priority)[0]!;

function providerSettingsOf(cluster: Cluster): ProviderSettings {
  const rc = primaryRegion(cluster);
  const { minInstanceSize, maxInstanceSize } = rc.autoScaling?.compute ?? {};
  const settings: ProviderSettings = {
    providerName: rc.providerName,
    instanceSizeName: rc.electableSpecs.instanceSize,
    regionName: rc.regionName,
  };
  if (rc.backingProviderName) settings.backingProviderName = rc.backingProviderName;
  if (rc.electableSpecs.diskIOPS !== undefined) settings.diskIOPS = rc.electableSpecs.diskIOPS;
  if (rc.electableSpecs.ebsVolumeType !== undefined) settings.volumeType = rc.electableSpecs.ebsVolumeType;
  if (rc.providerName !== 'TENANT')
    settings.autoScaling = {
      compute: { ...(minInstanceSize && { minInstanceSize }), ...(maxInstanceSize && { maxInstanceSize }) },
    };
  return settings;
}

function regionsConfigOf(regionConfigs: RegionConfig[]): Record<string, RegionLayout> {
  return Object.fromEntries(
    regionConfigs.map((rc) => [
      rc.regionName,
      {
        analyticsNodes: rc.analyticsSpecs?.nodeCount ?? 0,
        electableNodes: rc.electableSpecs.nodeCount ?? 3,
        priority: rc.priority,
        readOnlyNodes: rc.readOnlySpecs?.nodeCount ?? 0,
      },
    ]),
  );
}

function legacyZonesOf(cluster: Cluster) {
  return cluster.replicationSpecs.map((s) => ({
    id: s.id,
    numShards: s.numShards,
    regionsConfig: regionsConfigOf(s.regionConfigs),
    zoneName: s.zoneName,
  }));
}

function legacyAutoScalingOf(cluster: Cluster): LegacyAutoScaling {
  const { compute, diskGB } = primaryRegion(cluster).autoScaling ?? {};
  return {
    compute: { enabled: compute?.enabled ?? false, scaleDownEnabled: compute?.scaleDownEnabled ?? false },
    diskGBEnabled: diskGB?.enabled ?? false,
  };
}

function legacyClusterView(ctx: RequestContext, cluster: Cluster, inList: boolean) {
  const { replicationSpecs, ...rest } = cluster;
  const zone = legacyZonesOf(cluster)[0]!;
  return {
    ...rest,
    ...legacyConnectionFields(ctx, cluster),
    autoScaling: legacyAutoScalingOf(cluster),
    connectionStrings: connectionStrings(ctx, cluster),
    links: clusterLinks(ctx, cluster, inList),
    numShards: zone.numShards,
    providerBackupEnabled: cluster.backupEnabled,
    providerSettings: providerSettingsOf(cluster),
    replicationFactor: Object.values(zone.regionsConfig).reduce((n, r) => n + (r.electableNodes ?? 0), 0),
    replicationSpec: zone.regionsConfig,
    replicationSpecs: legacyZonesOf(cluster),
  };
}

// --- a legacy request applied to the stored shape ---

function hardware(settings: ProviderSettings, nodeCount: number): HardwareSpec {
  const spec: HardwareSpec = { instanceSize: settings.instanceSizeName };
  if (settings.providerName !== 'TENANT') spec.nodeCount = nodeCount;
  if (settings.diskIOPS !== undefined) spec.diskIOPS = settings.diskIOPS;
  if (settings.volumeType !== undefined) spec.ebsVolumeType = settings.volumeType;
  return spec;
}

/** The zones a legacy body describes: replicationSpecs, else replicationSpec, else one region (kept on PATCH). */
function zonesOf(body: LegacyClusterBody, settings: ProviderSettings, current: Cluster): LegacyZone[] {
  if (body.replicationSpecs) return body.replicationSpecs;
  const numShards = body.numShards ?? current.replicationSpecs[0]?.numShards;
  if (body.replicationSpec) return [{ numShards, regionsConfig: body.replicationSpec }];
  if (current.replicationSpecs.length > 0 && body.providerSettings?.regionName === undefined) {
    return legacyZonesOf(current).map((z, i) => ({ ...z, numShards: i === 0 ? numShards : z.numShards }));
  }
  if (settings.regionName === undefined) throw missingAttribute('providerSettings.regionName');
  return [
    {
      numShards,
      regionsConfig: { [settings.regionName]: { electableNodes: body.replicationFactor ?? 3, priority: 7 } },
    },
  ];
}

/** Applies a validated legacy body (POST or PATCH) to a cluster. */
function applyLegacyBody(cluster: Cluster, body: LegacyClusterBody): void {
  const current = cluster.replicationSpecs.length > 0 ? providerSettingsOf(cluster) : undefined;
  const settings = { ...current, ...body.providerSettings } as ProviderSettings;
  checkLegacyRegions(body, settings);
  const autoScaling = { ...(current && legacyAutoScalingOf(cluster)), ...body.autoScaling };
  const zones = zonesOf(body, settings, cluster);
  applyCommonFields(cluster, body);
  if (body.providerBackupEnabled !== undefined) cluster.backupEnabled = body.providerBackupEnabled;
  cluster.replicationSpecs = zones.map((zone, i) => ({
    id: cluster.replicationSpecs[i]?.id ?? newId(),
    zoneId: cluster.replicationSpecs[i]?.zoneId ?? newId(),
    zoneName: zone.zoneName ?? cluster.replicationSpecs[i]?.zoneName ?? `Zone ${i + 1}`,
    numShards: zone.numShards ?? 1,
    regionConfigs: Object.entries(zone.regionsConfig).map(([regionName, layout]) =>
      regionConfigOf(regionName, layout, settings, autoScaling),
    ),
  }));
}

function regionConfigOf(
  regionName: string,
  layout: RegionLayout,
  settings: ProviderSettings,
  autoScaling: LegacyAutoScaling,
): RegionConfig {
  const rc: RegionConfig = {
    providerName: settings.providerName,
    regionName,
    priority: layout.priority ?? 7,
    electableSpecs: hardware(settings, layout.electableNodes ?? 3),
  };
  if (settings.backingProviderName) rc.backingProviderName = settings.backingProviderName;
  if (settings.providerName === 'TENANT') return rc;
  if (layout.readOnlyNodes) rc.readOnlySpecs = hardware(settings, layout.readOnlyNodes);
  if (layout.analyticsNodes) rc.analyticsSpecs = hardware(settings, layout.analyticsNodes);
  rc.autoScaling = {
    compute: {
      enabled: autoScaling.compute?.enabled ?? false,
      scaleDownEnabled: autoScaling.compute?.scaleDownEnabled ?? false,
      ...settings.autoScaling?.compute,
    },
    diskGB: { enabled: autoScaling.diskGBEnabled ?? false },
  };
  return rc;
}

export const legacyCluster: ClusterShape = {
  create: createShape,
  update: updateShape,
  apply: (cluster, body) => applyLegacyBody(cluster, body as LegacyClusterBody),
  view: legacyClusterView,
};
