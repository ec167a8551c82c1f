// In-memory state of the reference target, loaded from fixtures/seed.json at each start.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface Tag {
  key: string;
  value: string;
}
export interface Org {
  id: string;
  name: string;
}
export interface Group {
  id: string;
  name: string;
  orgId: string;
  created: string;
  tags: Tag[];
  withDefaultAlertsSettings: boolean;
}
export interface GroupRole {
  groupId: string;
  roleName: string;
}
export interface PrincipalRecord {
  name: string;
  kind: 'apiKey' | 'serviceAccount';
  id: string;
  publicKey: string;
  description: string;
  orgRoles: string[];
  groupRoles: GroupRole[];
  accessList: string[];
}

export interface HardwareSpec {
  instanceSize: string;
  nodeCount?: number;
  diskIOPS?: number;
  ebsVolumeType?: string;
}
export interface AutoScaling {
  compute?: { enabled?: boolean; scaleDownEnabled?: boolean; minInstanceSize?: string; maxInstanceSize?: string };
  diskGB?: { enabled?: boolean };
}
export interface RegionConfig {
  providerName: string;
  regionName: string;
  priority: number;
  backingProviderName?: string;
  electableSpecs: HardwareSpec;
  readOnlySpecs?: HardwareSpec;
  analyticsSpecs?: HardwareSpec;
  autoScaling?: AutoScaling;
  analyticsAutoScaling?: AutoScaling;
}
export interface ReplicationSpec {
  id: string;
  zoneId: string;
  zoneName: string;
  numShards: number;
  regionConfigs: RegionConfig[];
}
/** A cluster as stored: the 2023-02-01 shape (spec 9.5); the legacy shape is a view of it. */
export interface Cluster {
  id: string;
  groupId: string;
  name: string;
  createDate: string;
  stateName: string;
  clusterType: string;
  dbMajorVersion: string;
  dbVersion: string;
  versionReleaseSystem: string;
  backupEnabled: boolean;
  pitEnabled: boolean;
  paused: boolean;
  terminationProtectionEnabled: boolean;
  encryptionAtRestProvider: string;
  rootCertType: string;
  biConnector: { enabled: boolean; readPreference: string };
  diskSizeGB: number;
  labels: Tag[];
  tags: Tag[];
  replicationSpecs: ReplicationSpec[];
}

export interface Event {
  id: string;
  groupId: string;
  created: string;
  eventTypeName: string;
  isGlobalAdmin: boolean;
  clusterName?: string;
  replicaSetName?: string;
}
export interface Notification {
  typeName: string;
  [field: string]: unknown;
}
export interface AlertConfig {
  id: string;
  groupId: string;
  created: string;
  updated: string;
  eventTypeName: string;
  enabled: boolean;
  severityOverride?: string;
  matchers: { fieldName: string; operator: string; value: string }[];
  notifications: Notification[];
  metricThreshold?: { metricName: string; operator?: string; threshold?: number; units?: string; mode?: string };
  threshold?: { operator?: string; threshold?: number; units?: string };
}
export interface Alert {
  id: string;
  groupId: string;
  alertConfigId: string;
  created: string;
  updated: string;
  status: string;
  eventTypeName: string;
  [field: string]: unknown;
}
export interface BsonTimestamp {
  date: string;
  increment: number;
}
export interface RestoreJob {
  id: string;
  groupId: string;
  clusterName: string;
  deliveryType: string;
  timestamp: BsonTimestamp;
  cancelled: boolean;
  expired: boolean;
  failed: boolean;
  [field: string]: unknown;
}
export interface TenantSnapshot {
  id: string;
  groupId: string;
  clusterName: string;
  [field: string]: unknown;
}
export interface Measurement {
  name: string;
  units: string;
  base: number;
}
export interface SlowQuery {
  namespace: string;
  line: string;
  opType: string;
  replicaState: string;
  metrics: Record<string, unknown>;
}
export interface Process {
  id: string;
  groupId: string;
  clusterName: string;
  hostname: string;
  port: number;
  typeName: string;
  replicaSetName: string;
  version: string;
  created: string;
  userAlias: string;
  databases: string[];
  measurements: Measurement[];
  slowQueries: SlowQuery[];
}
export interface PerformanceAdvice {
  groupId: string;
  clusterName: string;
  suggestedIndexes: unknown[];
  shapes: unknown[];
  dropIndexSuggestions: { hiddenIndexes: unknown[]; redundantIndexes: unknown[]; unusedIndexes: unknown[] };
}

export interface CustomDbRole {
  groupId: string;
  roleName: string;
  actions: { action: string; resources: Record<string, unknown>[] }[];
  inheritedRoles: { db: string; role: string }[];
  /** Deleted roles stay in the store, marked, as in services that delete softly; every reading leaves them out. */
  deleted?: boolean;
}
/** A project's encryption-at-rest settings, by provider (spec 2.6: azureKeyVault). */
export interface EncryptionAtRest {
  groupId: string;
  [provider: string]: unknown;
}
export interface EarPrivateEndpoint {
  id: string;
  groupId: string;
  cloudProvider: string;
  regionName: string;
  status: string;
}
export interface ServerlessInstance {
  groupId: string;
  name: string;
}
export interface ServerlessEndpoint {
  id: string;
  groupId: string;
  instanceName: string;
  comment?: string;
  status: string;
}
export interface IdentityProvider {
  id: string;
  displayName: string;
  protocol: string;
  issuerUri: string;
  status: string;
}
export interface RoleMapping {
  id: string;
  orgId: string;
  externalGroupName: string;
  roleAssignments: { orgId?: string; groupId?: string; role: string }[];
}
export interface FederationSettings {
  id: string;
  orgId: string;
  identityProviders: IdentityProvider[];
  roleMappings: RoleMapping[];
}
export interface Invoice {
  id: string;
  orgId: string;
  statusName: string;
  startDate: string;
  endDate: string;
  lineItems: Record<string, unknown>[];
}

export interface DatabaseUserRole {
  databaseName: string;
  roleName: string;
  collectionName?: string;
}
export interface DatabaseUser {
  groupId: string;
  databaseName: string;
  username: string;
  roles: DatabaseUserRole[];
  scopes: { name: string; type: string }[];
  labels: Tag[];
  description?: string;
  ldapAuthType: string;
  x509Type: string;
  awsIAMType: string;
  oidcAuthType: string;
}
/** An entry of a project's access list: `cidrBlock` always, `ipAddress` when it names one address. */
export interface AccessListEntry {
  groupId: string;
  cidrBlock: string;
  ipAddress?: string;
  comment?: string;
  deleteAfterDate?: string;
}
export interface StreamWorkspace {
  id: string;
  groupId: string;
  name: string;
  dataProcessRegion: { cloudProvider: string; region: string };
  streamConfig: { tier: string };
}
export interface SampleDatasetLoad {
  id: string;
  groupId: string;
  clusterName: string;
  createDate: string;
}
export interface FlexCluster {
  id: string;
  groupId: string;
  name: string;
  [field: string]: unknown;
}

export interface Store {
  org: Org;
  groups: Group[];
  principals: PrincipalRecord[];
  clusters: Cluster[];
  events: Event[];
  alertConfigs: AlertConfig[];
  alerts: Alert[];
  restoreJobs: RestoreJob[];
  tenantSnapshots: TenantSnapshot[];
  processes: Process[];
  performanceAdvisor: PerformanceAdvice[];
  customDbRoles: CustomDbRole[];
  encryptionAtRest: EncryptionAtRest[];
  earPrivateEndpoints: EarPrivateEndpoint[];
  serverlessInstances: ServerlessInstance[];
  serverlessEndpoints: ServerlessEndpoint[];
  federationSettings: FederationSettings[];
  invoices: Invoice[];
  databaseUsers: DatabaseUser[];
  accessList: AccessListEntry[];
  flexClusters: FlexCluster[];
  streamWorkspaces: StreamWorkspace[];
  sampleDatasetLoads: SampleDatasetLoad[];
}

const COLLECTIONS = [
  'groups',
  'principals',
  'clusters',
  'events',
  'alertConfigs',
  'alerts',
  'restoreJobs',
  'tenantSnapshots',
  'processes',
  'performanceAdvisor',
  'customDbRoles',
  'encryptionAtRest',
  'earPrivateEndpoints',
  'serverlessInstances',
  'serverlessEndpoints',
  'federationSettings',
  'invoices',
  'databaseUsers',
  'accessList',
  'flexClusters',
  'streamWorkspaces',
  'sampleDatasetLoads',
] as const;

export function defaultSeed(): unknown {
  return JSON.parse(readFileSync(new URL('../fixtures/seed.json', import.meta.url), 'utf8'));
}

/** A private copy of the seed, so that each started target has its own state. */
export function createStore(seed: unknown): Store {
  const data = structuredClone(seed) as Partial<Store> | null;
  if (!data || typeof data !== 'object' || !data.org) throw new Error('seed: an object with "org" is required');
  for (const name of COLLECTIONS) {
    if (!Array.isArray(data[name])) throw new Error(`seed: "${name}" must be an array`);
  }
  return data as Store;
}

/** A fresh 24-hex identifier, like the real service's ids. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function removeWhere<T>(items: T[], predicate: (item: T) => boolean): void {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i]!)) items.splice(i, 1);
}
