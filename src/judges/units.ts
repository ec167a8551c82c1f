// Spec 2.1 "A field holding a number in a particular unit has a name that makes the unit unambiguous."
// Judged by name: a numeric field whose name speaks of a measured quantity must also name a unit, unless a field
// beside it says which (a number that counts days of the week or of the month holds no unit of its own).
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { isObject, walk } from './json-walk.ts';
import { describeExchange } from './status.ts';

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

/** Words of a sibling field that gives the unit of a number: `retentionUnit` beside `retentionValue`, or the kind
 * that says what it counts, `frequencyType` (hourly, weekly...) beside `frequencyInterval`. */
const UNIT_GIVER = new Set(['unit', 'units', 'type']);

/** Whether a string field beside the number, named by the number's stem and a unit word (or a unit word alone), gives
 * its unit: then the entity leaves the unit unambiguous. */
function unitBeside(name: string, siblings: Record<string, unknown>): boolean {
  const stem = words(name).slice(0, -1).join(' ');
  return Object.entries(siblings).some(([k, v]) => {
    if (typeof v !== 'string' || k === name) return false;
    const w = words(k);
    if (w.length === 1) return w[0] === 'unit' || w[0] === 'units'; // a bare type says nothing of a unit
    return UNIT_GIVER.has(w.at(-1)!) && w.slice(0, -1).join(' ') === stem;
  });
}

/** What a body holds for the unit rule, in one walk: how many of its fields hold a number, and the paths of those
 * whose name speaks of a quantity without naming its unit, with no field beside it that does. */
export interface UnitReading {
  numeric: number;
  unitless: string[];
}

export function unitReading(body: unknown): UnitReading {
  const reading: UnitReading = { numeric: 0, unitless: [] };
  for (const n of walk(body)) {
    if (n.field !== undefined && typeof n.value === 'number') reading.numeric++;
    if (!isObject(n.value)) continue;
    const fields = n.value;
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v !== 'number') continue;
      const w = words(k);
      if (w.some((x) => QUANTITY.has(x)) && !w.some((x) => UNIT.has(x)) && !unitBeside(k, fields))
        reading.unitless.push(n.path ? `${n.path}.${k}` : k);
    }
  }
  return reading;
}

/** ENT-UNIT-IN-NAME on the entity or list an answer carries, as `unitReading` read it: no numeric field names a
 * quantity without its unit. */
export function checkUnitsNamed(res: HttpResponse, { unitless }: UnitReading): void {
  if (unitless.length === 0) return;
  throw new RuleFailure(
    `${describeExchange(res)}: numeric field(s) without a unit in the name: ${unitless.slice(0, 5).join(', ')}`,
    {
      expected: 'names such as diskSizeGB, delayMin',
      actual: unitless,
      exchange: res.exchange,
    },
  );
}
