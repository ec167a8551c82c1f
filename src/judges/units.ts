// Spec 2.1 "A field holding a number in a particular unit has a name that makes the unit unambiguous."
// Judged by name: a numeric field whose name speaks of a measured quantity must also name a unit.
import { walk } from './json-walk.ts';

/** Words of quantities that have a unit: sizes and spans of time. */
const QUANTITY = new Set([
  'size',
  'disk',
  'memory',
  'storage',
  'ram',
  'delay',
  'interval',
  'duration',
  'timeout',
  'period',
  'latency',
  'age',
  'ttl',
  'time',
  'wait',
  'elapsed',
  'bandwidth',
  'throughput',
  'retention',
]);
const UNIT = new Set([
  'gb',
  'mb',
  'kb',
  'tb',
  'pb',
  'byte',
  'bytes',
  'bit',
  'bits',
  'ms',
  'millis',
  'milliseconds',
  'sec',
  'secs',
  'second',
  'seconds',
  'min',
  'mins',
  'minute',
  'minutes',
  'hour',
  'hours',
  'hr',
  'hrs',
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'percent',
  'pct',
  'iops',
  'mbps',
  'gbps',
]);

/** The words of a camelCase name: `pointInTimeUTCSeconds` → point, in, time, utc, seconds. */
const words = (name: string) => (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((w) => w.toLowerCase());

/** Numeric fields whose name speaks of a quantity without naming its unit. */
export function unitlessQuantities(value: unknown): string[] {
  return [...walk(value)]
    .filter((n) => {
      if (typeof n.value !== 'number' || n.field === undefined) return false;
      const w = words(n.field);
      return w.some((x) => QUANTITY.has(x)) && !w.some((x) => UNIT.has(x));
    })
    .map((n) => n.path);
}
