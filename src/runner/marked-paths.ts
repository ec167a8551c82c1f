// The entities of a collection that a run made, told by its mark: the start of the names it gives (a project's or
// cluster's name, a custom role's roleName) or of the matcher value it puts on an alert configuration. Only what the
// run's own creates carry counts: a field the mark merely appears in elsewhere does not make an entity the run's.
import { isObject } from '../judges/json-walk.ts';

/** The field of an item that names it in the collection's paths: the name for custom roles and clusters, else its id. */
function keyField(collection: string): 'roleName' | 'name' | 'id' {
  if (/\/customDBRoles\/roles$/.test(collection)) return 'roleName';
  return /\/clusters$/.test(collection) ? 'name' : 'id';
}

function carriesMark(item: Record<string, unknown>, mark: string): boolean {
  const startsWithMark = (v: unknown) => typeof v === 'string' && v.startsWith(mark);
  if (startsWithMark(item.name) || startsWithMark(item.roleName)) return true;
  return Array.isArray(item.matchers) && item.matchers.some((m) => isObject(m) && startsWithMark(m.value));
}

/** Paths of the items of `collection` that carry `mark` (an empty mark marks nothing). */
export function markedPaths(collection: string, items: readonly unknown[], mark: string): string[] {
  if (mark === '') return [];
  const key = keyField(collection);
  return items.flatMap((i) =>
    isObject(i) && carriesMark(i, mark) && typeof i[key] === 'string'
      ? [`${collection}/${encodeURIComponent(i[key] as string)}`]
      : [],
  );
}
