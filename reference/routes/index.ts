// Every resource the reference target serves, under both `/api/{vendor}/v2` and `/api/{vendor}/v1.0`.
import type { Route } from '../router.ts';
import { accessListRoutes } from './access-list.ts';
import { alertConfigRoutes } from './alert-configs.ts';
import { alertRoutes } from './alerts.ts';
import { allClustersRoutes } from './all-clusters.ts';
import { clusterRoutes } from './clusters.ts';
import { customDbRoleRoutes } from './custom-db-roles.ts';
import { databaseUserRoutes } from './database-users.ts';
import { encryptionAtRestRoutes } from './encryption-at-rest.ts';
import { eventRoutes } from './events.ts';
import { eventTypeRoutes } from './event-types.ts';
import { federationSettingsRoutes } from './federation-settings.ts';
import { flexClusterRoutes } from './flex-clusters.ts';
import { groupRoutes } from './groups.ts';
import { invoiceRoutes } from './invoices.ts';
import { measurementRoutes } from './measurements.ts';
import { orgRoutes } from './orgs.ts';
import { outageSimulationRoutes } from './outage-simulation.ts';
import { performanceAdvisorRoutes } from './performance-advisor.ts';
import { processRoutes } from './processes.ts';
import { restoreJobRoutes } from './restore-jobs.ts';
import { serverlessEndpointRoutes } from './serverless-endpoints.ts';
import { rootRoutes } from './root.ts';
import { sampleDatasetRoutes } from './sample-datasets.ts';
import { slowQueryRoutes } from './slow-queries.ts';
import { streamRoutes } from './streams.ts';
import { tenantSnapshotRoutes } from './tenant-snapshots.ts';

export const allRoutes: Route[] = [
  ...rootRoutes,
  ...groupRoutes,
  ...clusterRoutes,
  ...allClustersRoutes,
  ...eventTypeRoutes,
  ...eventRoutes,
  ...alertRoutes,
  ...alertConfigRoutes,
  ...restoreJobRoutes,
  ...tenantSnapshotRoutes,
  ...performanceAdvisorRoutes,
  ...processRoutes,
  ...measurementRoutes,
  ...slowQueryRoutes,
  ...customDbRoleRoutes,
  ...encryptionAtRestRoutes,
  ...serverlessEndpointRoutes,
  ...federationSettingsRoutes,
  ...invoiceRoutes,
  // Beyond the spec, for clients of the real service.
  ...orgRoutes,
  ...databaseUserRoutes,
  ...accessListRoutes,
  ...flexClusterRoutes,
  ...streamRoutes,
  ...sampleDatasetRoutes,
  ...outageSimulationRoutes,
];
