// Spec 4.1: what a write did to an entity, seen by comparing the entity read before and after it.
// Values compare with isDeepStrictEqual: field order does not matter (spec 2.1), array order does.
import { isDeepStrictEqual } from 'node:util';
import { isObject } from './json-walk.ts';

/** Top-level fields whose value differs between two readings of an entity (a field present in only one counts), except `ignore`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[],
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (k) =>
      !ignore.includes(k) &&
      !(Object.hasOwn(before, k) && Object.hasOwn(after, k) && isDeepStrictEqual(before[k], after[k])),
  );
}

/**
 * Paths of the values sent that the entity read back does not hold. Objects read back may carry more fields than
 * were sent (defaults, read-only fields); arrays must have the same length, item by item.
 */
export function notHeld(sent: unknown, read: unknown, path = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(read) || read.length !== sent.length) return [path];
    return sent.flatMap((item, i) => notHeld(item, read[i], `${path}[${i}]`));
  }
  if (isObject(sent)) {
    if (!isObject(read)) return [path];
    return Object.entries(sent).flatMap(([k, v]) => notHeld(v, read[k], path ? `${path}.${k}` : k));
  }
  return sent === read ? [] : [path];
}
