// The alert-configuration variants of spec 2.6 that accept severityOverride, each with a create body in the real
// service's shape (without severityOverride): the profile's where it lists the variant (alertConfigs.variants), else
// the suite's own below. The profile's variants the spec does not name are tried as well.
import type { JsonObject } from '../../src/judges/json-walk.ts';

/** The variants spec 2.6 names, in its order. */
export const specVariants: readonly string[] = [
  'Any Other Alert Configurations',
  'App Services Alert Configuration',
  'App Services Metric Alert Configuration',
  'Billing Threshold Alert Configuration',
  'Cluster Alert Configuration',
  'Cps Backup Threshold Alert Configuration',
  'Encryption Key Alert Configuration',
  'Host Alert Configuration',
  'Host Metric Alert Configuration',
  'NDS X509 User Authentication Alert Configuration',
  'Replica Set Alert Configuration',
  'Replica Set Threshold Alert Configuration',
  'Serverless Alert Configuration',
  'Flex Alert Configuration',
  'Stream Processor Alert Configuration',
  'Stream Processor Metric Alert Configuration',
];

const notifications = [
  { typeName: 'GROUP', delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] },
];

/** A create body of a variant: its event type and, where the variant has one, its threshold. */
const body = (eventTypeName: string, extra: JsonObject = {}): JsonObject => ({
  eventTypeName,
  enabled: false,
  ...extra,
  notifications,
});

const metric = (metricName: string, threshold: number, units: string): JsonObject => ({
  metricThreshold: { metricName, operator: 'GREATER_THAN', threshold, units, mode: 'AVERAGE' },
});

const threshold = (operator: string, value: number, units: string): JsonObject => ({
  threshold: { operator, threshold: value, units },
});

/** The suite's body of each variant of the spec, by the real service's event types and metric names. */
const suiteBodies: Readonly<Record<string, JsonObject>> = {
  'Any Other Alert Configurations': body('USERS_WITHOUT_MULTI_FACTOR_AUTH'),
  'App Services Alert Configuration': body('URL_CONFIRMATION'),
  'App Services Metric Alert Configuration': body(
    'OUTSIDE_REALM_METRIC_THRESHOLD',
    metric('REALM_AUTH_LOGIN_FAIL', 10, 'RAW'),
  ),
  'Billing Threshold Alert Configuration': body(
    'PENDING_INVOICE_OVER_THRESHOLD',
    threshold('GREATER_THAN', 1000, 'RAW'),
  ),
  'Cluster Alert Configuration': body('CLUSTER_ROUTER_IS_MISSING'),
  'Cps Backup Threshold Alert Configuration': body('CPS_SNAPSHOT_BEHIND', threshold('GREATER_THAN', 24, 'HOURS')),
  'Encryption Key Alert Configuration': body('AWS_ENCRYPTION_KEY_NEEDS_ROTATION'),
  'Host Alert Configuration': body('HOST_DOWN'),
  'Host Metric Alert Configuration': body('OUTSIDE_METRIC_THRESHOLD', metric('CONNECTIONS_PERCENT', 95, 'RAW')),
  'NDS X509 User Authentication Alert Configuration': body(
    'NDS_X509_USER_AUTHENTICATION_CUSTOMER_CA_EXPIRATION_CHECK',
    threshold('LESS_THAN', 30, 'DAYS'),
  ),
  'Replica Set Alert Configuration': body('NO_PRIMARY'),
  'Replica Set Threshold Alert Configuration': body('TOO_MANY_ELECTIONS', threshold('GREATER_THAN', 3, 'RAW')),
  'Serverless Alert Configuration': body(
    'OUTSIDE_SERVERLESS_METRIC_THRESHOLD',
    metric('SERVERLESS_AVG_READ_EXECUTION_TIME', 100, 'MILLISECONDS'),
  ),
  'Flex Alert Configuration': body(
    'OUTSIDE_FLEX_METRIC_THRESHOLD',
    metric('FLEX_AVG_READ_EXECUTION_TIME', 100, 'MILLISECONDS'),
  ),
  'Stream Processor Alert Configuration': body('STREAM_PROCESSOR_STATE_IS_FAILED'),
  'Stream Processor Metric Alert Configuration': body(
    'OUTSIDE_STREAM_PROCESSOR_METRIC_THRESHOLD',
    metric('STREAM_PROCESSOR_CHANGE_STREAM_LAG', 60, 'SECONDS'),
  ),
};

export interface AlertConfigVariant {
  name: string;
  body: JsonObject;
  /** Whether the body is the profile's (alertConfigs.variants), not the suite's. */
  listed: boolean;
}

/** Every variant the spec names, with the profile's body where it lists one (`profiled`, alertConfigs.variants), then
 * the profile's other variants. */
export function alertConfigVariants(
  profiled: readonly { name: string; body: Record<string, unknown> }[],
): AlertConfigVariant[] {
  const listed = new Map(profiled.map((v) => [v.name, v.body as JsonObject]));
  const named = specVariants.map((name) => {
    const own = listed.get(name);
    return own ? { name, body: own, listed: true } : { name, body: suiteBodies[name]!, listed: false };
  });
  const others = [...listed].filter(([name]) => !specVariants.includes(name));
  return [...named, ...others.map(([name, b]) => ({ name, body: b, listed: true }))];
}

/** `items` cut into runs of at most `size`, in order. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
