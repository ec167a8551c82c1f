// Dates (spec 2.1): ISO-8601 in UTC with second precision in responses; ISO-8601 accepted in requests,
// UTC when no zone is given.
import type { RequestContext } from './context.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The instant an ISO-8601 date or date-time names, or undefined when the text is not one. */
export function parseIsoDate(text: string): Date | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = m;
  const fields = [+y!, +mo! - 1, +d!, +h, +mi, +s] as const; // the date's three groups always match
  const utc = new Date(Date.UTC(...fields, Number(`0.${fraction || '0'}`) * 1000));
  const checks = [
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  ];
  const offset = zoneOffsetMs(zone);
  if (checks.some((v, i) => v !== fields[i]) || offset === undefined) return undefined;
  return new Date(utc.getTime() - offset);
}

function zoneOffsetMs(zone: string): number | undefined {
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = +digits.slice(0, 2);
  const minutes = +digits.slice(2);
  if (hours > 23 || minutes > 59) return undefined;
  return (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/** A date of a request body as a defective target reads it (mutants of spec 2.1): `lenient`, whatever JavaScript's
 * Date.parse reads, not only ISO-8601; `serverZone`, a date without a zone in the server's zone, UTC+02:00, not UTC.
 * As sent otherwise. */
export function dateAsRead(date: string, defects: { lenient: boolean; serverZone: boolean }): string {
  if (defects.lenient && !parseIsoDate(date) && !Number.isNaN(Date.parse(date)))
    return formatIsoDate(new Date(Date.parse(date)));
  const zoneless = /^\d{4}-\d{2}-\d{2}(T[\d:.]*)?$/.test(date) && parseIsoDate(date);
  if (defects.serverZone && zoneless) return formatIsoDate(new Date(zoneless.getTime() - 2 * 3_600_000));
  return date;
}

/** A mutant of spec 2.1: under /v1.0, the dates of request bodies take whatever JavaScript's Date.parse reads (the
 * legacy handlers' own reading); /v2 stays strict. */
export const legacyLenient = (ctx: Pick<RequestContext, 'generation' | 'mutants'>) =>
  ctx.generation === 'v1.0' && ctx.mutants.has('ENT-DATES-INPUT-ISO:legacy-body');

/** `2025-05-01T12:00:00Z`: UTC, second precision. */
export const formatIsoDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const nowIso = () => formatIsoDate(new Date());

const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** Milliseconds of an ISO-8601 duration such as `PT1M`, `PT5M`, `P1D` (days and smaller units). */
export function parseIsoDuration(text: string): number | undefined {
  const m = ISO_DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return undefined;
  const [, d = '0', h = '0', mi = '0', s = '0'] = m;
  const ms = (((+d * 24 + +h) * 60 + +mi) * 60 + +s) * 1000;
  return ms > 0 ? ms : undefined;
}
