// Encryption at rest of a project (spec 2.6, 4.3): the settings per key service (awsKms, azureKeyVault,
// googleCloudKms), read and changed with PATCH, and the private endpoints of a provider's key service.
// Spec 2.6: azureKeyVault.azureEnvironment has no AZURE_GERMANY; Azure regions have no GERMANY_CENTRAL, GERMANY_NORTH_EAST.
import { listInGroup, requireGroup } from '../authz.ts';
import { href, type RequestContext } from '../context.ts';
import { AZURE_ENVIRONMENTS, REGIONS } from '../enums.ts';
import { invalidAttribute, notFound, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent } from '../respond.ts';
import type { Route } from '../router.ts';
import { newId, removeWhere, type EarPrivateEndpoint, type Group } from '../store.ts';
import { linksField, validateBody, type Field, type ObjectField } from '../validate.ts';

const text: Field = { type: 'string' };
const flag: Field = { type: 'boolean' };
const KEY_SERVICES: Record<string, ObjectField> = {
  awsKms: {
    type: 'object',
    fields: {
      enabled: flag,
      accessKeyID: text,
      secretAccessKey: text,
      customerMasterKeyID: text,
      region: text,
      roleId: text,
    },
  },
  azureKeyVault: {
    type: 'object',
    fields: {
      enabled: flag,
      azureEnvironment: { type: 'string', enum: AZURE_ENVIRONMENTS },
      clientID: text,
      keyVaultName: text,
      keyIdentifier: text,
      resourceGroupName: text,
      secret: text,
      subscriptionID: text,
      tenantID: text,
      requirePrivateNetworking: flag,
    },
  },
  googleCloudKms: { type: 'object', fields: { enabled: flag, serviceAccountKey: text, keyVersionResourceID: text } },
};
/** Write-only credentials, never returned. */
const SECRETS = ['secretAccessKey', 'secret', 'serviceAccountKey'];
/** Key services whose private endpoints the target offers, as the `{cloudProvider}` path segment. */
const ENDPOINT_PROVIDERS = ['AWS', 'AZURE'];

const settingsShape: ObjectField = { type: 'object', fields: { ...KEY_SERVICES, links: linksField } };
const endpointShape: ObjectField = {
  type: 'object',
  fields: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', readOnly: true },
    links: linksField,
    regionName: text,
  },
  required: ['regionName'],
};

const settingsPath = (groupId: string) => `/groups/${groupId}/encryptionAtRest`;

function settingsOf(ctx: RequestContext, group: Group): Record<string, Record<string, unknown>> {
  const stored: Record<string, unknown> = ctx.store.encryptionAtRest.find((s) => s.groupId === group.id) ?? {};
  return Object.fromEntries(
    Object.keys(KEY_SERVICES).map((k) => [k, { enabled: false, ...(stored[k] as object | undefined) }]),
  );
}

function settingsView(ctx: RequestContext, group: Group) {
  const visible = Object.entries(settingsOf(ctx, group)).map(([k, v]) => [
    k,
    Object.fromEntries(Object.entries(v).filter(([f]) => !SECRETS.includes(f))),
  ]);
  return { ...Object.fromEntries(visible), links: entityLinks(ctx, settingsPath(group.id), [], false) };
}

function updateSettings(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const body = ctx.body as { azureKeyVault?: { azureEnvironment?: unknown } } | null;
  // Mutant: AZURE_GERMANY passes as an Azure environment.
  const germany =
    body?.azureKeyVault?.azureEnvironment === 'AZURE_GERMANY' && ctx.mutants.has('EAR-AZURE-GERMANY-REMOVED');
  validateBody(
    germany ? { ...body, azureKeyVault: { ...body!.azureKeyVault, azureEnvironment: 'AZURE' } } : ctx.body,
    settingsShape,
  );
  const changes = body as Record<string, Record<string, unknown>>;
  const merged = settingsOf(ctx, group);
  for (const k of Object.keys(KEY_SERVICES)) if (changes[k]) merged[k] = { ...merged[k], ...changes[k] };
  removeWhere(ctx.store.encryptionAtRest, (s) => s.groupId === group.id);
  ctx.store.encryptionAtRest.push({ groupId: group.id, ...merged });
  return entity(settingsView(ctx, group));
}

// --- private endpoints of a key service ---

function requireProvider(ctx: RequestContext): string {
  const provider = ctx.params.cloudProvider;
  if (provider === undefined || !ENDPOINT_PROVIDERS.includes(provider)) throw notFound(ctx.path);
  return provider;
}

const endpointsPath = (groupId: string, provider: string) => `${settingsPath(groupId)}/${provider}/privateEndpoints`;

function endpointView(ctx: RequestContext, endpoint: EarPrivateEndpoint, inList: boolean) {
  const { groupId, ...fields } = endpoint;
  return {
    ...fields,
    links: entityLinks(ctx, `${endpointsPath(groupId, endpoint.cloudProvider)}/${endpoint.id}`, [], inList),
  };
}

const requireEndpoint = (ctx: RequestContext, group: Group, provider: string) =>
  orNotFound(
    ctx.store.earPrivateEndpoints.find(
      (e) => e.groupId === group.id && e.cloudProvider === provider && e.id === ctx.params.endpointId,
    ),
    ctx.path,
  );

function createEndpoint(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const provider = requireProvider(ctx);
  const { regionName } = validateBody<{ regionName: string }>(ctx.body, endpointShape);
  // Mutant: the removed Azure regions are accepted here.
  const removedAccepted =
    /^GERMANY_(CENTRAL|NORTH_EAST)$/.test(regionName) &&
    provider === 'AZURE' &&
    ctx.mutants.has('EAR-AZURE-GERMANY-REMOVED:private-endpoint-region');
  if (!(REGIONS[provider] ?? []).includes(regionName) && !removedAccepted) throw invalidAttribute('regionName');
  const endpoint: EarPrivateEndpoint = {
    id: newId(),
    groupId: group.id,
    cloudProvider: provider,
    regionName,
    status: 'INITIATING',
  };
  ctx.store.earPrivateEndpoints.push(endpoint);
  return entity(endpointView(ctx, endpoint, false), 201, {
    Location: href(ctx, `${endpointsPath(group.id, provider)}/${endpoint.id}`),
  });
}

function deleteEndpoint(ctx: RequestContext) {
  const group = requireGroup(ctx, 'write');
  const endpoint = requireEndpoint(ctx, group, requireProvider(ctx));
  removeWhere(ctx.store.earPrivateEndpoints, (e) => e === endpoint);
  return noContent();
}

export const encryptionAtRestRoutes: Route[] = [
  {
    path: '/groups/{groupId}/encryptionAtRest',
    methods: { GET: (ctx) => entity(settingsView(ctx, requireGroup(ctx, 'read'))), PATCH: updateSettings },
  },
  {
    path: '/groups/{groupId}/encryptionAtRest/{cloudProvider}/privateEndpoints',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => {
            const provider = requireProvider(ctx);
            return ctx.store.earPrivateEndpoints.filter((e) => e.groupId === group.id && e.cloudProvider === provider);
          },
          (e, inList) => endpointView(ctx, e, inList),
        ),
      POST: createEndpoint,
    },
  },
  {
    path: '/groups/{groupId}/encryptionAtRest/{cloudProvider}/privateEndpoints/{endpointId}',
    methods: {
      GET: (ctx) => {
        const group = requireGroup(ctx, 'read');
        return entity(endpointView(ctx, requireEndpoint(ctx, group, requireProvider(ctx)), false));
      },
      DELETE: deleteEndpoint,
    },
  },
];
