// Spec 2.1 "Dates in responses are ISO-8601 strings in UTC" and "BSON timestamps ... a JSON object with two fields:
// date (ISO-8601 string, UTC, granularity one second) and increment (32-bit integer)".
import { walk, isObject } from './json-walk.ts';

/** ISO-8601 extended date-time: a fraction after a point or a comma, a zone as Z, ±hh:mm or ±hh. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?(Z|[+-]\d{2}(?::\d{2})?)$/;
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

/** An ISO-8601 date-time in UTC (`Z`, `+00:00` or `+00`), with the T; or undefined when it is not one. */
export function utcDateTime(text: string): { seconds?: string; fraction?: string } | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  if (!realDay(y!, mo!, d!) || +h! > 23 || +mi! > 59 || (s !== undefined && +s > 60)) return undefined;
  if (zone !== 'Z' && zone !== '+00:00' && zone !== '+00') return undefined;
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
