// Versioning (spec 9): the Accept header of the versioned API and the request Content-Type.
import { readFileSync } from 'node:fs';
import { invalidAttribute, invalidVersionDate, unsupportedMediaType, versionGone } from './errors.ts';
import type { Generation } from './context.ts';
import type { Mutants } from './mutants.ts';
import { Router } from './router.ts';

interface VersionInfo {
  deprecation?: string;
  sunset?: string;
}

/** What a well-formed date that is not one of the operation's versions gets: the real service serves the newest
 * version not later than it (real-service facts 11); the spec leaves it open. */
export type UnlistedDates = 'newest-not-later' | 'refused';

/** Spec 9.4: the versions every resource has. */
const BASE_VERSIONS = ['2023-01-01', '2023-02-01'];
/** Versions that were deleted (spec 3: deprecated, then deleted): 410 VERSION_GONE. */
const DELETED_VERSIONS: readonly string[] = ['2022-01-01'];
const CURRENT_VERSION = '2023-02-01';
/** The real service's sunset of its first two versions (x-sunset); later versions are deprecated without one. */
const SUNSET = '2027-07-01';

/** Each operation's versions, oldest first, by `METHOD /path/{param}` below the v2 base. */
const OPERATIONS = (
  JSON.parse(readFileSync(new URL('../fixtures/versions.json', import.meta.url), 'utf8')) as {
    operations: Record<string, string[]>;
  }
).operations;
const templates = new Router(
  [...new Set(Object.keys(OPERATIONS).map((op) => op.slice(op.indexOf(' ') + 1)))].map((path) => ({
    path,
    methods: {},
  })),
);
const NEWEST_ANYWHERE = Object.values(OPERATIONS).flat().sort().at(-1)!;

/** Deprecation (the release of the next version) and Sunset of each version in a list, oldest first. */
function lifecycle(versions: string[]): Record<string, VersionInfo> {
  return Object.fromEntries(
    versions.map((v, i) => {
      const next = versions[i + 1];
      return [v, next ? { deprecation: next, ...(v <= CURRENT_VERSION ? { sunset: SUNSET } : {}) } : {}];
    }),
  );
}

/** The versions of the operation `method apiPath` (the path below the generation's base), oldest first. */
function versionList(method: string, apiPath: string, mutants: Mutants): string[] {
  // Mutant: the clusters know only the versions of spec 9.4, so their own newer versions are unknown.
  if (templateOf(apiPath)?.includes('/clusters') && mutants.has('VER-ACCEPT-SERVED')) return BASE_VERSIONS;
  // Mutant: the release of the clusters' 2024-08-05 reached the list's operations alone: one cluster knows only the
  // versions of spec 9.4.
  if (templateOf(apiPath) === '/groups/{groupId}/clusters/{clusterName}' && mutants.has('VER-ACCEPT-SERVED:entry'))
    return BASE_VERSIONS;
  return operationVersions(method === 'HEAD' ? 'GET' : method, apiPath);
}

const templateOf = (path: string) => templates.match(path.split('/').filter(Boolean))?.route.path;

/** Whether an API path lies below a project (/groups/{id}/...), not the project itself. */
const belowProject = (apiPath: string) => /^\/groups\/[^/]+\/./.test(apiPath);

/** The versions of the operation `method path` (a path or a template below the v2 base), oldest first: those of
 * fixtures/versions.json, else spec 9.4's. */
export const operationVersions = (method: string, path: string): string[] =>
  OPERATIONS[`${method} ${templateOf(path)}`] ?? BASE_VERSIONS;

/** Clusters keep the legacy shape on v1.0 and on versions before 2023-02-01 (spec 9.5). */
export const isLegacyClusterVersion = (version: string | undefined) => version === undefined || version < '2023-02-01';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [+m[1]!, +m[2]! - 1, +m[3]!];
  const d = new Date(Date.UTC(year, month, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month && d.getUTCDate() === day;
}

/** Media-type dates named in a header, in order: `application/vnd.{vendor}.<date>+json`. */
function versionedDates(header: string, vendor: string, suffixOptional = false): string[] {
  const prefix = `application/vnd.${vendor}.`;
  return header
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter((type) => type.startsWith(prefix) && (type.endsWith('+json') || suffixOptional))
    .map((type) => type.slice(prefix.length).replace(/\+json$/, ''));
}

export interface VersionRequest {
  accept: string | undefined;
  method: string;
  resource: string;
  apiPath: string;
}

/** Spec 9.2: the version served for the Accept header of a v2 request (406 or 410 otherwise); `apiPath` is
 * the path below the v2 base, whose operation decides which versions exist. */
export function resolveVersion(req: VersionRequest, vendor: string, unlisted: UnlistedDates, mutants: Mutants): string {
  const { accept, method, resource, apiPath } = req;
  // Mutant: a versioned media type without its +json suffix is taken as well formed.
  const dates = versionedDates(accept ?? '', vendor, mutants.has('VER-UNKNOWN-REFUSED:malformed'));
  const versions = versionList(method, apiPath, mutants);
  const supported = dates.find((date) => versions.includes(date));
  // Mutant: the alert configurations fall back to the current version when Accept names none.
  if (dates.length === 0 && /\/alertConfigs(\/|$)/.test(apiPath) && mutants.has('VER-UNKNOWN-REFUSED:unversioned'))
    return CURRENT_VERSION;
  // Mutant: a HEAD whose Accept names no version is served in the current version, the check of the version running
  // only where an answer has a body to shape.
  if (dates.length === 0 && method === 'HEAD' && mutants.has('VER-UNKNOWN-REFUSED:unversioned-head'))
    return CURRENT_VERSION;
  // Mutant: the deprecated 2023-01-01 is treated as deleted.
  if (supported === '2023-01-01' && mutants.has('VER-DEPRECATED-USABLE')) throw versionGone(supported, resource);
  // Mutant: the deprecated 2023-01-01 is treated as deleted for writes only; reads are still served in it.
  const write = method !== 'GET' && method !== 'HEAD';
  if (supported === '2023-01-01' && write && mutants.has('VER-DEPRECATED-USABLE:write'))
    throw versionGone(supported, resource);
  // Mutant: the deprecated 2023-01-01 validates alert configuration writes against a shape that lost their
  // notifications, so every such write is refused as invalid.
  if (
    supported === '2023-01-01' &&
    write &&
    /\/alertConfigs(\/|$)/.test(apiPath) &&
    mutants.has('VER-DEPRECATED-USABLE:invalid')
  )
    throw invalidAttribute('notifications');
  if (supported) return supported;
  const gone = dates.find((date) => DELETED_VERSIONS.includes(date));
  // Mutant: a deleted version is still served, as the current one.
  if (gone && mutants.has('VER-DELETED-REFUSED')) return CURRENT_VERSION;
  // Mutant: the deleted version is refused by the reads' handler alone: every other method is served in it.
  if (gone && method !== 'GET' && mutants.has('VER-DELETED-REFUSED:other-methods')) return CURRENT_VERSION;
  // Mutant: the deleted version is refused by the project routes alone: writes below a project are served in it.
  if (gone && write && belowProject(apiPath) && mutants.has('VER-DELETED-REFUSED:below-project-writes'))
    return CURRENT_VERSION;
  if (gone) throw versionGone(gone, resource);
  // The real service: the newest version not later than the date. Not under the mutants VER-ACCEPT-SERVED and
  // VER-ACCEPT-SERVED:entry, whose refusal of the clusters' own newer dates it would otherwise turn into an older
  // version served.
  const refusesUnlisted = mutants.has('VER-ACCEPT-SERVED') || mutants.has('VER-ACCEPT-SERVED:entry');
  if (unlisted === 'newest-not-later' && !refusesUnlisted) {
    const served = dates
      .filter(isCalendarDate)
      .map((date) => versions.filter((v) => v <= date).at(-1))
      .find(Boolean);
    if (served) return served;
  }
  // Mutant: a well-formed date that names no version is served as the current one.
  if (mutants.has('VER-UNKNOWN-REFUSED') && dates.some(isCalendarDate)) return CURRENT_VERSION;
  // Mutant: such a date is refused by the reads' handler alone: every other method is served in the current version.
  if (mutants.has('VER-UNKNOWN-REFUSED:other-methods') && method !== 'GET' && dates.some(isCalendarDate))
    return CURRENT_VERSION;
  // Mutant: such a date is refused by the project routes and the reads alone: writes below a project are served in
  // the current version.
  if (
    write &&
    belowProject(apiPath) &&
    dates.some(isCalendarDate) &&
    mutants.has('VER-UNKNOWN-REFUSED:below-project-writes')
  )
    return CURRENT_VERSION;
  throw invalidVersionDate();
}

/** Deprecation and Sunset headers (HTTP-dates) for a version the resource at `apiPath` has deprecated. */
export function versionHeaders(
  version: string,
  method: string,
  apiPath: string,
  mutants: Mutants,
): Record<string, string> {
  const info = lifecycle(versionList(method, apiPath, mutants))[version];
  const headers: Record<string, string> = {};
  if (info?.deprecation) headers.Deprecation = httpDate(info.deprecation);
  if (info?.sunset) headers.Sunset = httpDate(info.sunset);
  // Mutants: one resource's newer version deprecates that date for every resource (versioning not per resource), on
  // every request or on the writes alone (the reads' headers kept per resource).
  const write = method !== 'GET' && method !== 'HEAD';
  const global = mutants.has('VER-INDEPENDENT') || (write && mutants.has('VER-INDEPENDENT:writes'));
  if (global && !info?.deprecation && NEWEST_ANYWHERE > version) headers.Deprecation = httpDate(NEWEST_ANYWHERE);
  return headers;
}

const httpDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toUTCString();

export function successContentType(
  generation: Generation,
  vendor: string,
  version: string | undefined,
  mutants: Mutants,
): string {
  if (generation !== 'v2') return 'application/json';
  // Mutant: a response to the deprecated 2023-01-01 names the current version instead.
  const named = version === '2023-01-01' && mutants.has('VER-RESPONSE-NAMES-VERSION') ? CURRENT_VERSION : version;
  return `application/vnd.${vendor}.${named}+json;charset=utf-8`;
}

/** Spec 2.1 and 9.2: a request body must be `application/json` or, on v2, the versioned type. */
/** A Content-Type's media type without its parameters, lower case. */
export const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export function checkRequestContentType(contentType: string | undefined, generation: Generation, vendor: string): void {
  const type = mediaTypeOf(contentType);
  if (type === 'application/json') return;
  if (generation === 'v2' && versionedDates(type, vendor).some(isCalendarDate)) return;
  throw unsupportedMediaType(contentType ?? '');
}
