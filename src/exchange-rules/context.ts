// What the exchange rules need to know of the target, passed to every judgement: nothing else is read.
import { added20250418 } from '../judges/nds-audit-events.ts';
import { knownVersionsOf, servedVersionsOf } from '../profile/known-versions.ts';
import { versionedResourcesOf, type VersionedResource } from '../probes/resource-versions.ts';
import { locationOf } from '../profile/document-location.ts';
import type { Profile } from '../profile/profile.ts';
import { surfaceFromProfile } from '../surface/from-profile.ts';
import { IndexedSurface } from '../surface/indexed-surface.ts';
import type { DocumentReading } from '../surface/model.ts';

export interface ExchangeContext {
  /** Where the API is served (scheme, host, base path): answers from elsewhere are not the API's. */
  baseUrl: string;
  /** The vendor tag of the API's paths and media types (`/api/{vendor}/v2`). */
  vendor: string;
  envelope: Profile['envelope'];
  links: Profile['links'];
  /** The names of the list's fields and paging parameters (spec 2.3): the field that holds its entities among them. */
  paging: Profile['paging'];
  /** The version dates the profile says are served (its deleted ones aside). */
  servedVersions: string[];
  /** Every version date the profile or the target's document knows of; of the profile's, the deleted ones. */
  knownVersions: ReadonlySet<string>;
  deletedVersions: readonly string[];
  /** The versions the profile says are deprecated for every resource (versions.deprecated). */
  deprecatedVersions: readonly string[];
  /** The resources the profile versions, each with its versions (versions.resources: GET paths). */
  versionedResources: readonly VersionedResource[];
  /** The target's surface: its document's, where the profile names one that was read, else the profile's; asked of
   * each answer which operations its path is. */
  surface: IndexedSurface;
  /** The newest version date any operation serves, as the surface or the profile says. */
  newestVersion: string | undefined;
  /** The response header by which the target marks a deprecated version (versions.deprecationHeader); '' for none. */
  deprecationHeader: string;
  /** How the target answers an Accept not of the spec's versioned form (versions.otherAccept). */
  otherAccept: Profile['versions']['otherAccept'];
  /** The path of the OpenAPI document the profile names, where the target serves it (surface.openapi): read as
   * plain JSON, which a path below /v2 does not make a request of the versioned API. */
  documentPath?: string;
  /** How the target answers a date the profile does not list (versions.unlistedDates). */
  unlistedDates: Profile['versions']['unlistedDates'];
  /** The event types of the NDS Audits variant (spec 6), the profile's and those added on 18 April 2025. */
  ndsAuditTypes: ReadonlySet<string>;
  /** Whether a request's record shows the credentials it was sent with: a run's records do; an archive that holds
   * none at all dropped them (browsers export archives without them), so a request there without any tells
   * nothing. */
  credentialsRecorded: boolean;
  /** Path templates below a generation's base the target serves without authentication: the profile's, and those its
   * document says it serves so. */
  unauthenticated: readonly string[];
  /** Whether the profile names a document that was not read, which may serve more paths without authentication. */
  documentUnread: boolean;
}

/** The context of a profile, with what its document says where it names one (`document`). */
export function exchangeContext(
  profile: Profile,
  credentialsRecorded = true,
  document?: DocumentReading,
): ExchangeContext {
  const surface = IndexedSurface.of(document && 'operations' in document ? document : surfaceFromProfile(profile));
  const open = surface.operations.filter((o) => o.unauthenticated);
  return {
    baseUrl: profile.baseUrl,
    vendor: profile.vendor,
    envelope: profile.envelope,
    links: profile.links,
    paging: profile.paging,
    servedVersions: servedVersionsOf(profile.versions),
    knownVersions: new Set([...knownVersionsOf(profile.versions), ...surface.operations.flatMap((o) => o.generations)]),
    deletedVersions: profile.versions.deleted,
    deprecatedVersions: profile.versions.deprecated,
    versionedResources: versionedResourcesOf(profile.versions),
    surface,
    newestVersion: [
      ...surface.operations.flatMap((o) => o.generations),
      ...Object.values(profile.versions.resources).flat(),
    ]
      .sort()
      .at(-1),
    deprecationHeader: profile.versions.deprecationHeader,
    otherAccept: profile.versions.otherAccept,
    documentPath: documentPathOf(profile),
    unlistedDates: profile.versions.unlistedDates,
    ndsAuditTypes: new Set([...added20250418, ...profile.events.ndsAuditTypes]),
    credentialsRecorded,
    unauthenticated: [...new Set([...profile.surface.unauthenticated, ...open.map((o) => o.template)])],
    documentUnread: document !== undefined && 'unread' in document,
  };
}

/** The path, at the target's origin, of the document the profile names (surface.openapi), if it is there. */
function documentPathOf(profile: Profile): string | undefined {
  const openapi = profile.surface.openapi;
  if (!openapi) return undefined;
  const base = new URL(profile.baseUrl);
  if (locationOf(openapi) === 'target') return `${base.pathname.replace(/\/$/, '')}${openapi}`;
  const url = locationOf(openapi) === 'url' ? new URL(openapi) : undefined;
  return url?.origin === base.origin ? url.pathname : undefined;
}
