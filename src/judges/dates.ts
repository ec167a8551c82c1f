// Spec 2.1 "Dates in responses are ISO-8601 strings in UTC" and "BSON timestamps ... a JSON object with two fields:
// date (ISO-8601 string, UTC, granularity one second) and increment (32-bit integer)".
import { walk, isObject } from './json-walk.ts';

/** ISO-8601 date-times (ISO 8601-1, 5.4), all in the extended format or all in the basic one: a calendar, ordinal or
 * week date; a time of the hour, the minute or the second, its last part with a fraction of any length after a point
 * or a comma; a zone. */
const EXTENDED =
  /^(?:(\d{4})-(\d{2})-(\d{2})|(\d{4})-(\d{3})|(\d{4})-W(\d{2})-(\d))T(\d{2})(?::(\d{2})(?::(\d{2}))?)?([.,]\d+)?(Z|[+-]\d{2}(?::\d{2})?)$/;
const BASIC =
  /^(?:(\d{4})(\d{2})(\d{2})|(\d{4})(\d{3})|(\d{4})W(\d{2})(\d))T(\d{2})(?:(\d{2})(\d{2})?)?([.,]\d+)?(Z|[+-]\d{2}(?:\d{2})?)$/;
/** The zone designators of UTC: Z, or a zero offset written with its plus sign. */
const UTC = new Set(['Z', '+00', '+00:00', '+0000']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Strings that start like a date and time, whatever follows (a space for the T, another zone, none). */
const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
/** Fields that hold a date by their name (`created`, `resolved`, `lastNotified`, `createDate`, `finishedAt`,
 * `acknowledgedUntil`). */
const DATE_FIELD = /^(?:created|updated|resolved|lastNotified|date|timestamp)$|[a-z](?:Date|At|Until)$/;

function realDay(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(+y, +m - 1, +d));
  return date.getUTCFullYear() === +y && date.getUTCMonth() === +m - 1 && date.getUTCDate() === +d;
}

/** Whether an ordinal day (1-366) exists in the year. */
function realOrdinal(y: string, day: string): boolean {
  return +day >= 1 && new Date(Date.UTC(+y, 0, +day)).getUTCFullYear() === +y;
}

/** Whether an ISO week (1-53) and weekday (1-7) exist in the year. */
function realWeek(y: string, week: string, weekday: string): boolean {
  if (+week < 1 || +weekday < 1 || +weekday > 7) return false;
  // A year has 53 ISO weeks when its 28 December falls in week 53, i.e. when 1 January or 31 December is a Thursday.
  const thursday = (d: Date) => d.getUTCDay() === 4;
  const long = thursday(new Date(Date.UTC(+y, 0, 1))) || thursday(new Date(Date.UTC(+y, 11, 31)));
  return +week <= (long ? 53 : 52);
}

/** An ISO-8601 date-time in UTC (designator Z or a zero offset), with the T, in any precision and either format; or
 * undefined when it is not one. `seconds` is undefined when the time stops at the hour or the minute. */
export function utcDateTime(text: string): { seconds?: string; fraction?: string } | undefined {
  const m = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, oy, od, wy, w, wd, h, mi, s, fraction, zone] = m;
  const day = y ? realDay(y, mo!, d!) : oy ? realOrdinal(oy, od!) : realWeek(wy!, w!, wd!);
  if (!day || !UTC.has(zone!)) return undefined;
  // 24:00 ends a day (ISO 8601-1:2019 5.3.2); leap second 60.
  const endOfDay = +h! === 24 && [mi, s, fraction].every((v) => v === undefined || /^[.,]?0*$/.test(v));
  if ((+h! > 23 && !endOfDay) || (mi !== undefined && +mi > 59) || (s !== undefined && +s > 60)) return undefined;
  return { seconds: s, fraction };
}

/** An ISO-8601 calendar date without a time (nothing to be in another zone). */
const isoDay = (text: string) => {
  const m = DATE.exec(text);
  return m !== null && realDay(m[1]!, m[2]!, m[3]!);
};

/** Dates of a response value, with where they are: strings that look like one, and strings or numbers (epoch
 * milliseconds, which a date must not be) in a field named for one. */
export function datesIn(value: unknown): { path: string; value: string | number }[] {
  const out: { path: string; value: string | number }[] = [];
  for (const node of walk(value)) {
    const named = node.field !== undefined && DATE_FIELD.test(node.field);
    if (typeof node.value === 'number' && named) out.push({ path: node.path, value: node.value });
    else if (typeof node.value === 'string' && (named || LOOKS_LIKE_DATE_TIME.test(node.value)))
      out.push({ path: node.path, value: node.value });
  }
  return out;
}

/** Whether a date of a response is ISO-8601 in UTC (or a calendar day, which has no zone); a number never is. */
export const isUtcDate = (date: string | number): boolean =>
  typeof date === 'string' && (utcDateTime(date) !== undefined || isoDay(date));

/** Dates of a response value that are not ISO-8601 in UTC, with where they are. */
export function nonUtcDates(value: unknown): { path: string; value: string | number }[] {
  return datesIn(value).filter((d) => !isUtcDate(d.value));
}

/** BSON timestamps of a response value: objects with an `increment`, and object-valued `timestamp` fields. */
export function bsonTimestamps(value: unknown): { path: string; value: Record<string, unknown> }[] {
  const out: { path: string; value: Record<string, unknown> }[] = [];
  for (const node of walk(value)) {
    if (isObject(node.value) && (Object.hasOwn(node.value, 'increment') || node.field === 'timestamp'))
      out.push({ path: node.path, value: node.value });
  }
  return out;
}

/** What is wrong with a BSON timestamp, or undefined. */
export function bsonProblem(ts: Record<string, unknown>): string | undefined {
  const keys = Object.keys(ts).sort();
  if (keys.join(',') !== 'date,increment') return `it has the fields ${JSON.stringify(keys)}, not date and increment`;
  const date = typeof ts.date === 'string' ? utcDateTime(ts.date) : undefined;
  if (!date) return `date ${JSON.stringify(ts.date)} is not an ISO-8601 date-time in UTC`;
  if (date.seconds === undefined || (date.fraction !== undefined && /[1-9]/.test(date.fraction))) {
    return `date ${JSON.stringify(ts.date)} is not at one-second granularity`;
  }
  const inc = ts.increment;
  if (!Number.isInteger(inc) || (inc as number) < -(2 ** 31) || (inc as number) > 2 ** 32 - 1) {
    return `increment ${JSON.stringify(inc)} is not a 32-bit integer`;
  }
  return undefined;
}
