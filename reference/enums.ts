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

export interface EventType {
  eventType: string;
  alertable: boolean;
}
export const EVENT_TYPES: readonly EventType[] = (readFixture('event-types.json') as { eventTypes: EventType[] })
  .eventTypes;
export const EVENT_TYPE_NAMES: ReadonlySet<string> = new Set(EVENT_TYPES.map((e) => e.eventType));
