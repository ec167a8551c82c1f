// Federation settings of the organization (spec 4.3): the settings, their identity providers (list, get,
// PATCH) and the role mappings of a connected organization; reached by the organization's owners only.
import type { RequestContext } from '../context.ts';
import { notFound, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { listReply } from '../paging.ts';
import { requireOrgOwner } from '../orgs.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { FederationSettings, IdentityProvider, RoleMapping } from '../store.ts';
import { linksField, validateBody, type ObjectField } from '../validate.ts';

const readOnly = { type: 'string', readOnly: true } as const;
const identityProviderUpdate: ObjectField = {
  type: 'object',
  fields: {
    id: readOnly,
    protocol: readOnly,
    links: linksField,
    displayName: { type: 'string', maxLength: 50 },
    issuerUri: { type: 'string' },
    status: { type: 'string', enum: ['ACTIVE', 'INACTIVE'] },
  },
};

const settingsPath = (fs: FederationSettings) => `/federationSettings/${fs.id}`;

/** The `{federationSettingsId}` settings (404), whose organization the caller must own (403). */
function requireSettings(ctx: RequestContext): FederationSettings {
  const fs = orNotFound(
    ctx.store.federationSettings.find((f) => f.id === ctx.params.federationSettingsId),
    ctx.path,
  );
  requireOrgOwner(ctx, fs.orgId);
  return fs;
}

const requireProvider = (ctx: RequestContext, fs: FederationSettings) =>
  orNotFound(
    fs.identityProviders.find((p) => p.id === ctx.params.identityProviderId),
    ctx.path,
  );

const providerView = (ctx: RequestContext, fs: FederationSettings, p: IdentityProvider, inList: boolean) => ({
  ...p,
  links: entityLinks(ctx, `${settingsPath(fs)}/identityProviders/${p.id}`, [], inList),
});

function roleMappingView(ctx: RequestContext, fs: FederationSettings, m: RoleMapping, inList: boolean) {
  const { orgId, ...fields } = m;
  return {
    ...fields,
    links: entityLinks(ctx, `${settingsPath(fs)}/connectedOrgConfigs/${orgId}/roleMappings/${m.id}`, [], inList),
  };
}

function settingsOfOrg(ctx: RequestContext) {
  requireOrgOwner(ctx, ctx.params.orgId);
  const fs = orNotFound(
    ctx.store.federationSettings.find((f) => f.orgId === ctx.params.orgId),
    ctx.path,
  );
  return entity({
    id: fs.id,
    identityProviderIds: fs.identityProviders.map((p) => p.id),
    links: entityLinks(ctx, `/orgs/${fs.orgId}/federationSettings`, [], false),
  });
}

function updateProvider(ctx: RequestContext) {
  const fs = requireSettings(ctx);
  const provider = requireProvider(ctx, fs);
  Object.assign(provider, validateBody<Partial<IdentityProvider>>(ctx.body, identityProviderUpdate));
  return entity(providerView(ctx, fs, provider, false));
}

/** The role mappings of the `{orgId}` organization, which must be the one the settings are connected to. */
function mappingsOf(ctx: RequestContext): { fs: FederationSettings; mappings: RoleMapping[] } {
  const fs = requireSettings(ctx);
  if (ctx.params.orgId !== fs.orgId) throw notFound(ctx.path);
  return { fs, mappings: fs.roleMappings.filter((m) => m.orgId === ctx.params.orgId) };
}

export const federationSettingsRoutes: Route[] = [
  { path: '/orgs/{orgId}/federationSettings', methods: { GET: settingsOfOrg } },
  {
    path: '/federationSettings/{federationSettingsId}/identityProviders',
    list: true,
    methods: {
      GET: (ctx) => {
        const fs = requireSettings(ctx);
        return listReply(ctx, fs.identityProviders, (p, inList) => providerView(ctx, fs, p, inList));
      },
    },
  },
  {
    path: '/federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}',
    methods: {
      GET: (ctx) => {
        const fs = requireSettings(ctx);
        return entity(providerView(ctx, fs, requireProvider(ctx, fs), false));
      },
      PATCH: updateProvider,
    },
  },
  {
    path: '/federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings',
    list: true,
    methods: {
      GET: (ctx) => {
        const { fs, mappings } = mappingsOf(ctx);
        return listReply(ctx, mappings, (m, inList) => roleMappingView(ctx, fs, m, inList));
      },
    },
  },
  {
    path: '/federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings/{roleMappingId}',
    methods: {
      GET: (ctx) => {
        const { fs, mappings } = mappingsOf(ctx);
        return entity(
          roleMappingView(
            ctx,
            fs,
            orNotFound(
              mappings.find((m) => m.id === ctx.params.roleMappingId),
              ctx.path,
            ),
            false,
          ),
        );
      },
    },
  },
];
