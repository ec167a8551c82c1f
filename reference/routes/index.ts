// Every resource the reference target serves, under both `/api/{vendor}/v2` and `/api/{vendor}/v1.0`.
import type { Route } from '../router.ts';
import { accessListRoutes } from './accessList.ts';
import { alertConfigRoutes } from './alertConfigs.ts';
import { alertRoutes } from './alerts.ts';
import { allClustersRoutes } from './allClusters.ts';
import { clusterRoutes } from './clusters.ts';
import { customDbRoleRoutes } from './customDbRoles.ts';
import { databaseUserRoutes } from './databaseUsers.ts';
import { encryptionAtRestRoutes } from './encryptionAtRest.ts';
import { eventRoutes } from './events.ts';
import { eventTypeRoutes } from './eventTypes.ts';
import { federationSettingsRoutes } from './federationSettings.ts';
import { flexClusterRoutes } from './flexClusters.ts';
import { groupRoutes } from './groups.ts';
import { invoiceRoutes } from './invoices.ts';
import { measurementRoutes } from './measurements.ts';
import { orgRoutes } from './orgs.ts';
import { performanceAdvisorRoutes } from './performanceAdvisor.ts';
import { processRoutes } from './processes.ts';
import { restoreJobRoutes } from './restoreJobs.ts';
import { serverlessEndpointRoutes } from './serverlessEndpoints.ts';
import { rootRoutes } from './root.ts';
import { sampleDatasetRoutes } from './sampleDatasets.ts';
import { slowQueryRoutes } from './slowQueries.ts';
import { streamRoutes } from './streams.ts';
import { tenantSnapshotRoutes } from './tenantSnapshots.ts';

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
];
