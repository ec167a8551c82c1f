// Alerts of a project (spec 2.6, 4.4): list (filter `status`) and get one, in the
// ClusterAlertViewForNdsGroup variant; also the alerts raised by one alert configuration. An alert is acknowledged
// (or its acknowledgement withdrawn) with a PATCH, as on the real service: only its acknowledgement fields change.
import { listInGroup, requireGroup } from '../authz.ts';
import { extensionRel, type RequestContext } from '../context.ts';
import { ApiError, invalidQueryParameter, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Alert } from '../store.ts';
import { dateAsRead, formatIsoDate, legacyLenient, parseIsoDate } from '../dates.ts';
import { isPlainObject, validateBody, type ObjectField } from '../validate.ts';

const STATUSES = ['OPEN', 'TRACKING', 'CLOSED', 'CANCELLED'];

export function alertView(ctx: RequestContext, alert: Alert, inList: boolean) {
  const group = `/groups/${alert.groupId}`;
  return {
    ...alert,
    ...defectsOf(ctx, alert, inList),
    links: entityLinks(
      ctx,
      `${group}/alerts/${alert.id}`,
      [[extensionRel(ctx, 'alertConfig'), `${group}/alertConfigs/${alert.alertConfigId}`]],
      inList,
    ),
    orgId: ctx.store.org.id,
  };
}

/** Fields of an alert as a defective target shows them (mutants of spec 2.1); none for an intact one. */
function defectsOf(ctx: RequestContext, alert: Alert, inList: boolean): Partial<Alert> {
  const defects: Partial<Alert> = {};
  // Mutant: alerts give their organization's id as groupId, not their project's.
  if (ctx.mutants.has('PROJ-ID-AS-GROUP-ID:alerts')) defects.groupId = ctx.store.org.id;
  // Mutant: `updated` is shown at +02:00, the same instant but not in UTC.
  if (ctx.mutants.has('ENT-DATES-UTC'))
    defects.updated = `${new Date(Date.parse(alert.updated) + 7_200_000).toISOString().slice(0, 19)}+02:00`;
  // Mutant: under /v1.0 only, `updated` is shown at +02:00.
  if (ctx.generation === 'v1.0' && ctx.mutants.has('ENT-DATES-UTC:legacy'))
    defects.updated = `${new Date(Date.parse(alert.updated) + 7_200_000).toISOString().slice(0, 19)}+02:00`;
  // Mutant: a closed alert says when it was resolved in epoch milliseconds.
  if (alert.status === 'CLOSED' && ctx.mutants.has('ENT-DATES-UTC:epoch')) defects.resolved = Date.parse(alert.updated);
  // Mutant: a single alert's current value shows a threshold it does not have as null, instead of leaving it out.
  const current = alert.currentValue;
  if (!inList && typeof current === 'object' && current !== null && ctx.mutants.has('ENT-NO-NULL-FIELDS'))
    defects.currentValue = { ...current, threshold: null };
  return defects;
}

/** Alerts matching the `status` query parameter, newest first. */
export function matchingAlerts(ctx: RequestContext, belongs: (alert: Alert) => boolean): Alert[] {
  const status = ctx.query.get('status');
  if (status !== null && !STATUSES.includes(status)) throw invalidQueryParameter('status');
  return ctx.store.alerts
    .filter((a) => belongs(a) && (status === null || a.status === status))
    .sort((a, b) => b.created.localeCompare(a.created));
}

const acknowledgementShape: ObjectField = {
  type: 'object',
  fields: {
    acknowledgedUntil: { type: 'date' },
    acknowledgementComment: { type: 'string', maxLength: 200 },
    unacknowledgeAlert: { type: 'boolean' },
  },
};

interface Acknowledgement {
  acknowledgedUntil?: string;
  acknowledgementComment?: string;
  unacknowledgeAlert?: boolean;
}

/** An acknowledgement as sent, its acknowledgedUntil as a defective target reads it (a mutant of spec 2.1). */
function sentAcknowledgement(ctx: RequestContext, body: unknown): unknown {
  if (!isPlainObject(body) || typeof body.acknowledgedUntil !== 'string') return body;
  const until = body.acknowledgedUntil;
  // Mutant: acknowledgedUntil, a date in a PATCH body, takes whatever JavaScript's Date.parse reads (or under /v1.0
  // only).
  const lenient = ctx.mutants.has('ENT-DATES-INPUT-ISO:patch') || legacyLenient(ctx);
  return { ...body, acknowledgedUntil: dateAsRead(until, { lenient, serverZone: false }) };
}

/** Acknowledges the alert until a date, with a comment, or withdraws its acknowledgement. */
function acknowledge(ctx: RequestContext) {
  // Mutant: acknowledging an alert needs only read access, so a read-only key acknowledges one.
  const group = requireGroup(ctx, ctx.mutants.has('SVC-READ-ONLY-NO-MODIFY:alert-ack') ? 'read' : 'write');
  const alert = orNotFound(
    ctx.store.alerts.find((a) => a.groupId === group.id && a.id === ctx.params.alertId),
    ctx.path,
  );
  const body = validateBody<Acknowledgement>(sentAcknowledgement(ctx, ctx.body), acknowledgementShape);
  if (body.unacknowledgeAlert) {
    for (const field of ['acknowledgedUntil', 'acknowledgementComment', 'acknowledgingUsername']) delete alert[field];
  } else {
    if (body.acknowledgedUntil !== undefined)
      alert.acknowledgedUntil = formatIsoDate(parseIsoDate(body.acknowledgedUntil)!);
    if (body.acknowledgementComment !== undefined) alert.acknowledgementComment = body.acknowledgementComment;
    alert.acknowledgingUsername = ctx.caller.record.name;
  }
  return entity(alertView(ctx, alert, false));
}

export const alertRoutes: Route[] = [
  {
    path: '/groups/{groupId}/alerts',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => matchingAlerts(ctx, (a) => a.groupId === group.id),
          (a, inList) => alertView(ctx, a, inList),
        ),
    },
  },
  {
    path: '/groups/{groupId}/alerts/{alertId}',
    methods: {
      GET: (ctx) => {
        const group = requireGroup(ctx, 'read');
        const alert = ctx.store.alerts.find((a) => a.groupId === group.id && a.id === ctx.params.alertId);
        // Mutant: a missing alert's not-found error carries no parameters.
        if (!alert && ctx.mutants.has('ERR-RESOURCE-NOT-FOUND:alert'))
          throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Cannot find resource ${ctx.path}.`);
        return entity(alertView(ctx, orNotFound(alert, ctx.path), false));
      },
      PATCH: acknowledge,
    },
  },
];
