// Spec 9.4: a resource's body under two generations, compared as JSON (field order is undefined, spec 2.1).
import { isObject } from './json-walk.ts';

/** Paths where two JSON values differ ('' for the whole value); a field present in only one of them counts. */
export function differences(a: unknown, b: unknown, path = ''): string[] {
  const here = path || '(the whole body)';
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [`${here} (${a.length} against ${b.length} items)`];
    return a.flatMap((item, i) => differences(item, b[i], `${path}[${i}]`));
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => {
      const at = path ? `${path}.${k}` : k;
      if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) return [at];
      return differences(a[k], b[k], at);
    });
  }
  return a === b ? [] : [here];
}

/** Every string with `from` replaced by `to`: links of one generation read as links of the other. */
export function replacedInStrings(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((v) => replacedInStrings(v, from, to));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replacedInStrings(v, from, to)]));
  return value;
}
