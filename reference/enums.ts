// Enumerations of the real service (fixtures/enums.json, fixtures/event-types.json), spec 2.6 and 6 applied.
import { readFileSync } from 'node:fs';

const readFixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));

const enums = readFixture('enums.json') as {
  regions: Record<string, string[]>;
  removedAzureRegions: string[];
  hostMetricNames: string[];
  dbActions: string[];
};

/** Spec 2.6: GCP is accepted as a cloud provider. */
const CLOUD_PROVIDERS = ['AWS', 'AZURE', 'GCP'] as const;

/** Region names by provider; spec 2.6: Azure no longer has GERMANY_CENTRAL and GERMANY_NORTH_EAST. */
export const REGIONS: Record<string, readonly string[]> = Object.fromEntries(
  CLOUD_PROVIDERS.map((p) => [
    p,
    (enums.regions[p] ?? []).filter((r) => p !== 'AZURE' || !enums.removedAzureRegions.includes(r)),
  ]),
);

/** Custom database role actions (spec 2.6: with the five of 18 April 2025). */
export const DB_ACTIONS: readonly string[] = enums.dbActions;

/** Spec 2.6: azureKeyVault.azureEnvironment no longer has AZURE_GERMANY. */
export const AZURE_ENVIRONMENTS = ['AZURE', 'AZURE_CHINA', 'AZURE_USGOVERNMENT'] as const;

/** Metric names of host metric alert configurations (spec 2.6: no dataFederation.bytesProcessed.* keys). */
export const HOST_METRIC_NAMES: readonly string[] = enums.hostMetricNames.filter(
  (n) => !n.startsWith('dataFederation.'),
);

/** Metric names of the other metric alert configurations: App Services, Serverless, Flex and Stream Processor (the
 * real service's discriminator mappings of their metric thresholds). */
export const OTHER_METRIC_NAMES: readonly string[] = [
  // App Services
  'REALM_AUTH_LOGIN_FAIL',
  'REALM_ENDPOINTS_COMPUTE_MS',
  'REALM_ENDPOINTS_EGRESS_BYTES',
  'REALM_ENDPOINTS_FAILED_REQUESTS',
  'REALM_ENDPOINTS_RESPONSE_MS',
  'REALM_GQL_COMPUTE_MS',
  'REALM_GQL_EGRESS_BYTES',
  'REALM_GQL_FAILED_REQUESTS',
  'REALM_GQL_RESPONSE_MS',
  'REALM_OVERALL_COMPUTE_MS',
  'REALM_OVERALL_EGRESS_BYTES',
  'REALM_OVERALL_FAILED_REQUESTS',
  'REALM_SDK_FNS_RESPONSE_MS',
  'REALM_SDK_FUNCTIONS_COMPUTE_MS',
  'REALM_SDK_FUNCTIONS_EGRESS_BYTES',
  'REALM_SDK_MQL_COMPUTE_MS',
  'REALM_SDK_MQL_EGRESS_BYTES',
  'REALM_SDK_MQL_RESPONSE_MS',
  'REALM_SDKFNS_FAILED_REQUESTS',
  'REALM_SYNC_CLIENT_BOOTSTRAP_MS',
  'REALM_SYNC_CLIENT_CHANGESETS_INVALID',
  'REALM_SYNC_CLIENT_READS_FAILED',
  'REALM_SYNC_CLIENT_UPLOADS_FAILED',
  'REALM_SYNC_CURRENT_OPLOG_LAG_MS_SUM',
  'REALM_SYNC_EGRESS_BYTES',
  'REALM_SYNC_FAILED_REQUESTS',
  'REALM_SYNC_NUM_UNSYNCABLE_DOCS_PERCENT',
  'REALM_SYNC_SESSIONS_ENDED',
  'REALM_TRIGGERS_COMPUTE_MS',
  'REALM_TRIGGERS_CURRENT_OPLOG_LAG_MS_SUM',
  'REALM_TRIGGERS_EGRESS_BYTES',
  'REALM_TRIGGERS_FAILED_REQUESTS',
  'REALM_TRIGGERS_RESPONSE_MS',
  // Serverless
  'SERVERLESS_AVG_COMMAND_EXECUTION_TIME',
  'SERVERLESS_AVG_READ_EXECUTION_TIME',
  'SERVERLESS_AVG_WRITE_EXECUTION_TIME',
  'SERVERLESS_CONNECTIONS',
  'SERVERLESS_CONNECTIONS_PERCENT',
  'SERVERLESS_DATA_SIZE_TOTAL',
  'SERVERLESS_NETWORK_BYTES_IN',
  'SERVERLESS_NETWORK_BYTES_OUT',
  'SERVERLESS_NETWORK_NUM_REQUESTS',
  'SERVERLESS_OPCOUNTER_CMD',
  'SERVERLESS_OPCOUNTER_DELETE',
  'SERVERLESS_OPCOUNTER_GETMORE',
  'SERVERLESS_OPCOUNTER_INSERT',
  'SERVERLESS_OPCOUNTER_QUERY',
  'SERVERLESS_OPCOUNTER_UPDATE',
  'SERVERLESS_TOTAL_READ_UNITS',
  'SERVERLESS_TOTAL_WRITE_UNITS',
  // Flex
  'FLEX_AVG_COMMAND_EXECUTION_TIME',
  'FLEX_AVG_READ_EXECUTION_TIME',
  'FLEX_AVG_WRITE_EXECUTION_TIME',
  'FLEX_CONNECTIONS',
  'FLEX_CONNECTIONS_PERCENT',
  'FLEX_DATA_SIZE_TOTAL',
  'FLEX_NETWORK_BYTES_IN',
  'FLEX_NETWORK_BYTES_OUT',
  'FLEX_NETWORK_NUM_REQUESTS',
  'FLEX_OPCOUNTER_CMD',
  'FLEX_OPCOUNTER_DELETE',
  'FLEX_OPCOUNTER_GETMORE',
  'FLEX_OPCOUNTER_INSERT',
  'FLEX_OPCOUNTER_QUERY',
  'FLEX_OPCOUNTER_UPDATE',
  // Stream Processor
  'STREAM_PROCESSOR_CHANGE_STREAM_LAG',
  'STREAM_PROCESSOR_DLQ_MESSAGE_COUNT',
  'STREAM_PROCESSOR_KAFKA_LAG',
  'STREAM_PROCESSOR_OUTPUT_MESSAGE_COUNT',
];

export interface EventType {
  eventType: string;
  alertable: boolean;
}
export const EVENT_TYPES: readonly EventType[] = (readFixture('event-types.json') as { eventTypes: EventType[] })
  .eventTypes;
export const EVENT_TYPE_NAMES: ReadonlySet<string> = new Set(EVENT_TYPES.map((e) => e.eventType));
