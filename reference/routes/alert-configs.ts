// Alert configurations of a project (spec 2.6, 4.4): list, create, get, replace (PUT), enable or
// disable (PATCH `{enabled}` only), delete; optional `severityOverride`; host metric names without
// the removed `dataFederation.bytesProcessed.*` keys.
import { listInGroup, requireGroup } from '../authz.ts';
import { extensionRel, href, type RequestContext } from '../context.ts';
import { nowIso } from '../dates.ts';
import { EVENT_TYPE_NAMES, HOST_METRIC_NAMES, OTHER_METRIC_NAMES } from '../enums.ts';
import { orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type AlertConfig, type Group } from '../store.ts';
import { linksField, nearMiss, validateBody, withoutFields, type Field, type ObjectField } from '../validate.ts';
import { alertView, matchingAlerts } from './alerts.ts';

const UNITS = [
  'RAW',
  'BITS',
  'BYTES',
  'KILOBITS',
  'KILOBYTES',
  'MEGABITS',
  'MEGABYTES',
  'GIGABITS',
  'GIGABYTES',
  'TERABYTES',
  'PETABYTES',
  'MILLISECONDS',
  'SECONDS',
  'MINUTES',
  'HOURS',
  'DAYS',
];
const OPERATORS = ['GREATER_THAN', 'LESS_THAN'];
const text: Field = { type: 'string' };
const readOnly: Field = { type: 'string', readOnly: true };

const notification: ObjectField = {
  type: 'object',
  fields: {
    typeName: {
      type: 'string',
      enum: [
        'GROUP',
        'ORG',
        'USER',
        'TEAM',
        'EMAIL',
        'SMS',
        'SLACK',
        'PAGER_DUTY',
        'WEBHOOK',
        'DATADOG',
        'OPS_GENIE',
        'VICTOR_OPS',
        'MICROSOFT_TEAMS',
      ],
    },
    delayMin: { type: 'integer', min: 0 },
    intervalMin: { type: 'integer', min: 5 },
    emailEnabled: { type: 'boolean' },
    smsEnabled: { type: 'boolean' },
    roles: { type: 'array', items: text },
    emailAddress: text,
    mobileNumber: text,
    username: text,
    teamId: text,
    notifierId: text,
    integrationId: text,
    channelName: text,
    apiToken: text,
    serviceKey: text,
    webhookUrl: text,
    webhookSecret: text,
    microsoftTeamsWebhookUrl: text,
    datadogApiKey: text,
    datadogRegion: text,
    opsGenieApiKey: text,
    opsGenieRegion: text,
    victorOpsApiKey: text,
    victorOpsRoutingKey: text,
  },
  required: ['typeName'],
};

/** The whole alert configuration, as POST and PUT take it. */
const configShape: ObjectField = {
  type: 'object',
  fields: {
    id: readOnly,
    groupId: readOnly,
    created: readOnly,
    updated: readOnly,
    links: linksField,
    eventTypeName: { type: 'string', enum: [...EVENT_TYPE_NAMES] },
    enabled: { type: 'boolean' },
    severityOverride: { type: 'string', enum: ['INFO', 'WARNING', 'ERROR', 'CRITICAL'] },
    matchers: {
      type: 'array',
      items: {
        type: 'object',
        fields: {
          fieldName: text,
          operator: {
            type: 'string',
            enum: ['EQUALS', 'CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'NOT_EQUALS', 'NOT_CONTAINS', 'REGEX'],
          },
          value: text,
        },
        required: ['fieldName', 'operator', 'value'],
      },
    },
    notifications: { type: 'array', items: notification },
    metricThreshold: {
      type: 'object',
      fields: {
        metricName: { type: 'string', enum: [...HOST_METRIC_NAMES, ...OTHER_METRIC_NAMES] },
        operator: { type: 'string', enum: OPERATORS },
        threshold: { type: 'number' },
        units: { type: 'string', enum: UNITS },
        mode: { type: 'string', enum: ['AVERAGE'] },
      },
      required: ['metricName'],
    },
    threshold: {
      type: 'object',
      fields: {
        operator: { type: 'string', enum: OPERATORS },
        threshold: { type: 'number' },
        units: { type: 'string', enum: UNITS },
      },
    },
  },
  required: ['eventTypeName', 'notifications'],
};
/** The real service's PATCH toggles `enabled` only. */
const toggleShape: ObjectField = {
  type: 'object',
  fields: {
    id: readOnly,
    groupId: readOnly,
    created: readOnly,
    updated: readOnly,
    links: linksField,
    enabled: { type: 'boolean' },
  },
  required: ['enabled'],
};

type ConfigBody = Omit<AlertConfig, 'id' | 'groupId' | 'created' | 'updated' | 'enabled' | 'matchers'> &
  Partial<Pick<AlertConfig, 'enabled' | 'matchers'>>;

function alertConfigView(ctx: RequestContext, config: AlertConfig, inList: boolean) {
  const self = `/groups/${config.groupId}/alertConfigs/${config.id}`;
  // Mutant: severityOverride is not returned for metric alert configurations; in the ':unlisted-variant' one, for
  // Flex alert configurations only (a variant the reference profile does not list).
  const { severityOverride: _dropped, ...withoutOverride } = config;
  const drops =
    (config.metricThreshold && ctx.mutants.has('ALERTCFG-SEVERITY-OVERRIDE')) ||
    (config.eventTypeName === 'OUTSIDE_FLEX_METRIC_THRESHOLD' &&
      ctx.mutants.has('ALERTCFG-SEVERITY-OVERRIDE:unlisted-variant'));
  const shown = drops ? withoutOverride : config;
  return { ...shown, links: entityLinks(ctx, self, [[extensionRel(ctx, 'alerts'), `${self}/alerts`]], inList) };
}

/** A configuration built from a validated POST or PUT body; PUT keeps the identity and creation date. */
function configFrom(body: ConfigBody, group: Group, previous?: AlertConfig): AlertConfig {
  const now = nowIso();
  return {
    ...body,
    id: previous?.id ?? newId(),
    groupId: group.id,
    created: previous?.created ?? now,
    updated: now,
    enabled: body.enabled ?? false,
    matchers: body.matchers ?? [],
  };
}

const requireConfig = (ctx: RequestContext, group: Group) =>
  orNotFound(
    ctx.store.alertConfigs.find((c) => c.groupId === group.id && c.id === ctx.params.alertConfigId),
    ctx.path,
  );

/** Mutant: the removed dataFederation.bytesProcessed.* metric names (spec 2.6) are still accepted; or, in the
 * ':replace' one, still accepted by a replacement (PUT) alone. */
function configShapeOf(ctx: RequestContext): ObjectField {
  const metricName = (ctx.body as { metricThreshold?: { metricName?: unknown } } | null)?.metricThreshold?.metricName;
  const accepted =
    ctx.mutants.has('METRIC-DATAFED-REMOVED') ||
    (ctx.method === 'PUT' && ctx.mutants.has('METRIC-DATAFED-REMOVED:replace'));
  if (typeof metricName !== 'string' || !metricName.startsWith('dataFederation.bytesProcessed.') || !accepted)
    return configShape;
  const threshold = configShape.fields.metricThreshold as ObjectField;
  return {
    ...configShape,
    fields: {
      ...configShape.fields,
      metricThreshold: { ...threshold, fields: { ...threshold.fields, metricName: { type: 'string' } } },
    },
  };
}

/** The body of a create or replacement as read. */
function sentConfig(ctx: RequestContext): unknown {
  const legacy = ctx.generation === 'v1.0';
  // Mutant: under /v1.0, an unknown top-level field that resembles no real field is ignored.
  if (legacy && ctx.mutants.has('ENT-UNKNOWN-FIELD-400:legacy'))
    return withoutFields(
      ctx.body,
      configShape,
      (name, field, known, depth) => !field && depth === 0 && !nearMiss(name, known),
    );
  // Mutant: under /v1.0, a replacement drops the read-only fields it sets instead of refusing them.
  if (legacy && ctx.method === 'PUT' && ctx.mutants.has('ENT-READ-ONLY-FIELD-400:legacy'))
    return withoutFields(ctx.body, configShape, (_name, field) => field?.readOnly === true);
  // Mutant: an unknown field inside a nested object (a notification, a matcher) that resembles no real field is ignored.
  if (!ctx.mutants.has('ENT-UNKNOWN-FIELD-400')) return ctx.body;
  return withoutFields(
    ctx.body,
    configShape,
    (name, field, known, depth) => !field && depth > 0 && !nearMiss(name, known),
  );
}

function createConfig(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const config = configFrom(validateBody<ConfigBody>(sentConfig(ctx), configShapeOf(ctx)), group);
  // Mutant: the matchers sent are lost on create.
  if (ctx.mutants.has('METH-POST-CREATES')) config.matchers = [];
  ctx.store.alertConfigs.push(config);
  const view = alertConfigView(ctx, config, false);
  // Mutant: the answer to a create gives `created` as a local time without a zone.
  if (ctx.mutants.has('ENT-DATES-UTC:write')) view.created = config.created.slice(0, 19);
  // Mutant: the answer to a create gives a configuration without a metric threshold 'metricThreshold' as null.
  if (ctx.mutants.has('ENT-NO-NULL-FIELDS:write') && !('metricThreshold' in view))
    Object.assign(view, { metricThreshold: null });
  return entity(view, 201, { Location: href(ctx, `/groups/${group.id}/alertConfigs/${config.id}`) });
}

function replaceConfig(ctx: RequestContext) {
  // Mutant: a PUT under /v1.0 needs only read access.
  const group = requireGroup(
    ctx,
    ctx.generation === 'v1.0' && ctx.mutants.has('SVC-READ-ONLY-NO-MODIFY:legacy-put') ? 'read' : 'write',
  );
  // Mutant: a PUT to a configuration that does not exist (one deleted) stores it under that id, as an upsert.
  const missing = !ctx.store.alertConfigs.some((c) => c.groupId === group.id && c.id === ctx.params.alertConfigId);
  if (missing && ctx.mutants.has('SEQ-GONE-AFTER-DELETE')) {
    const upserted = {
      ...configFrom(validateBody<ConfigBody>(sentConfig(ctx), configShapeOf(ctx)), group),
      id: ctx.params.alertConfigId!,
    };
    ctx.store.alertConfigs.push(upserted);
    return entity(alertConfigView(ctx, upserted, false));
  }
  const previous = requireConfig(ctx, group);
  const config = configFrom(validateBody<ConfigBody>(sentConfig(ctx), configShapeOf(ctx)), group, previous);
  // Mutant: a representation without severityOverride keeps the previous one (a merge, not a replacement); under
  // /v1.0 only, in the ':legacy' one.
  const merges =
    ctx.mutants.has('METH-PUT-REPLACES') || (ctx.generation === 'v1.0' && ctx.mutants.has('METH-PUT-REPLACES:legacy'));
  if (config.severityOverride === undefined && merges) config.severityOverride = previous.severityOverride;
  ctx.store.alertConfigs[ctx.store.alertConfigs.indexOf(previous)] = config;
  return entity(alertConfigView(ctx, config, false));
}

function toggleConfig(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const config = requireConfig(ctx, group);
  // Mutant: `enabled` is applied before the body is validated, so a refused body still toggles it.
  const sent = ctx.body as { enabled?: unknown } | null;
  if (typeof sent?.enabled === 'boolean' && ctx.mutants.has('ENT-INVALID-FIELD-NO-EFFECT'))
    config.enabled = sent.enabled;
  const { enabled } = validateBody<{ enabled: boolean }>(ctx.body, toggleShape);
  Object.assign(config, { enabled, updated: nowIso() });
  // Mutant: the notifications' delays are reset as well.
  if (ctx.mutants.has('METH-PATCH-PARTIAL'))
    config.notifications = config.notifications.map((n) => ({ ...n, delayMin: 0 }));
  // Mutant: a configuration without a severity override (one replaced by a PUT that sent none) gets its notifications'
  // intervals reset to the 5-minute default.
  if (config.severityOverride === undefined && ctx.mutants.has('SEQ-WRITES-HELD'))
    config.notifications = config.notifications.map((n) => ({ ...n, intervalMin: 5 }));
  // Mutant: the answer to a toggle is the toggle's view of the configuration, without its severityOverride.
  if (ctx.mutants.has('ALERTCFG-SEVERITY-OVERRIDE:patch')) {
    const { severityOverride: _toggled, ...toggled } = config;
    return entity(alertConfigView(ctx, toggled, false));
  }
  return entity(alertConfigView(ctx, config, false));
}

function deleteConfig(ctx: RequestContext) {
  const config = requireConfig(ctx, requireGroup(ctx, 'write'));
  // Mutant: the deletion is answered as done but never happens.
  if (ctx.mutants.has('METH-DELETE-REMOVES')) return noContent();
  removeWhere(ctx.store.alertConfigs, (c) => c === config);
  return noContent();
}

export const alertConfigRoutes: Route[] = [
  {
    path: '/groups/{groupId}/alertConfigs',
    list: true,
    bodies: { POST: configShape },
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => ctx.store.alertConfigs.filter((c) => c.groupId === group.id),
          (c, inList) => alertConfigView(ctx, c, inList),
        ),
      POST: createConfig,
    },
  },
  {
    path: '/groups/{groupId}/alertConfigs/{alertConfigId}',
    bodies: { PUT: configShape, PATCH: toggleShape },
    methods: {
      GET: (ctx) => entity(alertConfigView(ctx, requireConfig(ctx, requireGroup(ctx, 'read')), false)),
      PUT: replaceConfig,
      PATCH: toggleConfig,
      DELETE: deleteConfig,
    },
  },
  {
    path: '/groups/{groupId}/alertConfigs/{alertConfigId}/alerts',
    list: true,
    methods: {
      GET: (ctx) => {
        // Mutant: the alerts of an alert configuration come as a bare JSON array instead of a list entity.
        if (ctx.mutants.has('LIST-SHAPE:array-body')) {
          requireConfig(ctx, requireGroup(ctx, 'read'));
          return entity([]);
        }
        return listInGroup(
          ctx,
          (group) => {
            // Mutant: the alerts of an alert configuration that does not exist are an empty list.
            const exists = ctx.store.alertConfigs.some(
              (c) => c.groupId === group.id && c.id === ctx.params.alertConfigId,
            );
            if (!exists && ctx.mutants.has('LIST-MISSING-CONTEXT-404:config-alerts')) return [];
            const config = requireConfig(ctx, group);
            return matchingAlerts(ctx, (a) => a.alertConfigId === config.id);
          },
          (a, inList) => alertView(ctx, a, inList),
        );
      },
    },
  },
];
