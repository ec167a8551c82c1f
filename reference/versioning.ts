// Versioning (spec 9): the Accept header of the versioned API and the request Content-Type.
import { invalidVersionDate, unsupportedMediaType, versionGone } from './errors.ts';
import type { Mutants } from './mutants.ts';

export type Generation = 'v2' | 'v1.0';

interface VersionInfo { deprecation?: string; sunset?: string }

/** Spec 9.4; the Deprecation date is the release of the next version, the Sunset date the real service's. */
const SUPPORTED_VERSIONS: Record<string, VersionInfo> = {
  '2023-01-01': { deprecation: '2023-02-01', sunset: '2027-07-01' },
  '2023-02-01': {},
};
/** Versions that were deleted (spec 3: deprecated, then deleted): 410 VERSION_GONE. */
const DELETED_VERSIONS: readonly string[] = ['2022-01-01'];
const CURRENT_VERSION = '2023-02-01';

/** Spec 9.3 rule 4: a resource versions on its own. The real service's alerts gained 2024-05-30 (a new
 * acknowledgement body), which deprecated their 2023-02-01; what this target serves is the same in both. */
const RESOURCE_VERSIONS: { resource: RegExp; versions: Record<string, VersionInfo> }[] = [
  { resource: /^\/groups\/[^/]+\/alerts(\/|$)/, versions: { '2023-02-01': { deprecation: '2024-05-30', sunset: '2027-07-01' }, '2024-05-30': {} } },
];

/** The versions of the resource at `apiPath` (the path below the generation's base). */
function versionsOf(apiPath: string, mutants: Mutants): Record<string, VersionInfo> {
  const own = RESOURCE_VERSIONS.find((r) => r.resource.test(apiPath))?.versions ?? {};
  // Mutant: one version table for all resources, so a resource's own newer version is unknown.
  if (mutants.has('VER-ACCEPT-SERVED')) return SUPPORTED_VERSIONS;
  return { ...SUPPORTED_VERSIONS, ...own };
}

/** Clusters keep the legacy shape on v1.0 and on versions before 2023-02-01 (spec 9.5). */
export const isLegacyClusterVersion = (version: string | undefined) => version === undefined || version < '2023-02-01';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** Media-type dates named in a header, in order: `application/vnd.{vendor}.<date>+json`. */
function versionedDates(header: string, vendor: string, suffixOptional = false): string[] {
  const prefix = `application/vnd.${vendor}.`;
  return header
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter((type) => type.startsWith(prefix) && (type.endsWith('+json') || suffixOptional))
    .map((type) => type.slice(prefix.length).replace(/\+json$/, ''));
}

/** Spec 9.2: the version named by the Accept header of a v2 request (406 or 410 otherwise); `apiPath`
 * is the path below the v2 base, whose resource decides which versions exist. */
export function resolveVersion(accept: string | undefined, vendor: string, resource: string, apiPath: string, mutants: Mutants): string {
  // Mutant: a versioned media type without its +json suffix is taken as well formed.
  const dates = versionedDates(accept ?? '', vendor, mutants.has('VER-UNKNOWN-REFUSED:malformed'));
  const supported = dates.find((date) => date in versionsOf(apiPath, mutants));
  // Mutant: the deprecated 2023-01-01 is treated as deleted.
  if (supported === '2023-01-01' && mutants.has('VER-DEPRECATED-USABLE')) throw versionGone(supported, resource);
  if (supported) return supported;
  const gone = dates.find((date) => DELETED_VERSIONS.includes(date));
  // Mutant: a deleted version is still served, as the current one.
  if (gone && mutants.has('VER-DELETED-REFUSED')) return CURRENT_VERSION;
  if (gone) throw versionGone(gone, resource);
  // Mutant: a well-formed date that names no version is served as the current one.
  if (mutants.has('VER-UNKNOWN-REFUSED') && dates.some(isCalendarDate)) return CURRENT_VERSION;
  throw invalidVersionDate();
}

/** Deprecation and Sunset headers (HTTP-dates) for a version the resource at `apiPath` has deprecated. */
export function versionHeaders(version: string, apiPath: string, mutants: Mutants): Record<string, string> {
  const versions = versionsOf(apiPath, mutants);
  const info = versions[version];
  const headers: Record<string, string> = {};
  if (info?.deprecation) headers.Deprecation = httpDate(info.deprecation);
  if (info?.sunset) headers.Sunset = httpDate(info.sunset);
  // Mutant: one resource's newer version deprecates that date for every resource (versioning not per resource).
  const newest = RESOURCE_VERSIONS.flatMap((r) => Object.keys(r.versions)).sort().at(-1)!;
  if (mutants.has('VER-INDEPENDENT') && !info?.deprecation && newest > version) headers.Deprecation = httpDate(newest);
  return headers;
}

const httpDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toUTCString();

export function successContentType(generation: Generation, vendor: string, version: string | undefined, mutants: Mutants): string {
  if (generation !== 'v2') return 'application/json';
  // Mutant: a response to the deprecated 2023-01-01 names the current version instead.
  const named = version === '2023-01-01' && mutants.has('VER-RESPONSE-NAMES-VERSION') ? CURRENT_VERSION : version;
  return `application/vnd.${vendor}.${named}+json;charset=utf-8`;
}

/** Spec 2.1 and 9.2: a request body must be `application/json` or, on v2, the versioned type. */
export function checkRequestContentType(contentType: string | undefined, generation: Generation, vendor: string): void {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json') return;
  if (generation === 'v2' && versionedDates(type, vendor).some(isCalendarDate)) return;
  throw unsupportedMediaType(contentType ?? '');
}
