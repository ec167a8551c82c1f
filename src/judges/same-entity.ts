// Spec 2.2: "the relation self, whose target is the entity's own URL": fetching it returns the same entity, compared
// without the links, which differ between an entity and the same entity as a list item (2.2: a list item carries
// only self). Field order never matters (2.1), nor the order of an array's items: the spec fixes none.
import { isObject } from './json-walk.ts';

const withoutLinks = (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'links'));

/** One text per JSON value up to field order and array order: arrays as sorted multisets, fields by name. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).sort().join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

/** Whether two readings of an entity hold the same fields and values, links aside. */
export function sameEntity(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return canonical(withoutLinks(a)) === canonical(withoutLinks(b));
}

/** Whether each item of `part` is shown by its own item of `whole`, in any order (a matching of the two arrays). */
function arrayShownBy(part: unknown[], whole: unknown[]): boolean {
  if (part.length !== whole.length) return false;
  const holder: (number | undefined)[] = whole.map(() => undefined);
  const place = (i: number, tried: Set<number>): boolean =>
    whole.some((w, j) => {
      if (tried.has(j) || !shownBy(part[i], w)) return false;
      tried.add(j);
      const held = holder[j];
      if (held !== undefined && !place(held, tried)) return false;
      holder[j] = i;
      return true;
    });
  return part.every((_, i) => place(i, new Set()));
}

/** Whether everything `part` shows is in `whole` with the same value: a list item may show fewer fields. */
export function shownBy(part: unknown, whole: unknown): boolean {
  if (Array.isArray(part)) return Array.isArray(whole) && arrayShownBy(part, whole);
  if (isObject(part))
    return (
      isObject(whole) &&
      Object.entries(part).every(([k, v]) => k === 'links' || (Object.hasOwn(whole, k) && shownBy(v, whole[k])))
    );
  return part === whole;
}
