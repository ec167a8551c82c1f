// Spec 2.2: "the relation self, whose target is the entity's own URL": fetching it returns the same entity, compared
// without the links, which differ between an entity and the same entity as a list item (2.2: a list item carries
// only self). Field order never matters (2.1).
import { isDeepStrictEqual } from 'node:util';
import { isObject } from './json-walk.ts';

const withoutLinks = (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'links'));

/** Whether two readings of an entity hold the same fields and values, links aside. */
export function sameEntity(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return isDeepStrictEqual(withoutLinks(a), withoutLinks(b));
}

/** Whether everything `part` shows is in `whole` with the same value: a list item may show fewer fields. */
export function shownBy(part: unknown, whole: unknown): boolean {
  if (Array.isArray(part))
    return Array.isArray(whole) && part.length === whole.length && part.every((p, i) => shownBy(p, whole[i]));
  if (isObject(part))
    return (
      isObject(whole) &&
      Object.entries(part).every(([k, v]) => k === 'links' || (Object.hasOwn(whole, k) && shownBy(v, whole[k])))
    );
  return part === whole;
}
