// Versioning (spec 9): the Accept header of the versioned API and the request Content-Type.
import { invalidVersionDate, unsupportedMediaType, versionGone } from './errors.ts';

export type Generation = 'v2' | 'v1.0';

interface VersionInfo { deprecation?: string; sunset?: string }

/** Spec 9.4; the Deprecation date is the release of the next version, the Sunset date the real service's. */
const SUPPORTED_VERSIONS: Record<string, VersionInfo> = {
  '2023-01-01': { deprecation: '2023-02-01', sunset: '2027-07-01' },
  '2023-02-01': {},
};
/** Versions that were deleted (spec 3: deprecated, then deleted): 410 VERSION_GONE. */
const DELETED_VERSIONS: readonly string[] = ['2022-01-01'];

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
function versionedDates(header: string, vendor: string): string[] {
  const prefix = `application/vnd.${vendor}.`;
  return header
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter((type) => type.startsWith(prefix) && type.endsWith('+json'))
    .map((type) => type.slice(prefix.length, -'+json'.length));
}

/** Spec 9.2: the version named by the Accept header of a v2 request (406 or 410 otherwise). */
export function resolveVersion(accept: string | undefined, vendor: string, resource: string): string {
  const dates = versionedDates(accept ?? '', vendor);
  const supported = dates.find((date) => date in SUPPORTED_VERSIONS);
  if (supported) return supported;
  const gone = dates.find((date) => DELETED_VERSIONS.includes(date));
  if (gone) throw versionGone(gone, resource);
  throw invalidVersionDate();
}

/** Deprecation and Sunset headers (HTTP-dates) for a deprecated version. */
export function versionHeaders(version: string): Record<string, string> {
  const info = SUPPORTED_VERSIONS[version];
  const headers: Record<string, string> = {};
  if (info?.deprecation) headers.Deprecation = httpDate(info.deprecation);
  if (info?.sunset) headers.Sunset = httpDate(info.sunset);
  return headers;
}

const httpDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toUTCString();

export const successContentType = (generation: Generation, vendor: string, version: string | undefined) =>
  generation === 'v2' ? `application/vnd.${vendor}.${version}+json;charset=utf-8` : 'application/json';

/** Spec 2.1 and 9.2: a request body must be `application/json` or, on v2, the versioned type. */
export function checkRequestContentType(contentType: string | undefined, generation: Generation, vendor: string): void {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json') return;
  if (generation === 'v2' && versionedDates(type, vendor).some(isCalendarDate)) return;
  throw unsupportedMediaType(contentType ?? '');
}
