// A body that changes nothing: an entity's own representation sent back to it, less its links and the fields the
// target's surface marks unmodifiable (a body that sets them is refused, spec 2.1). A caller who may not write, or a
// path that names nothing, is then refused for that alone, and a target that wrongly applies it changes nothing.
import { isObject, type JsonObject } from '../judges/json-walk.ts';
import type { FieldPath } from '../surface/model.ts';

/** `v` without the field at `path`; an array's items each without it (an array's items stand at its name). */
function without(v: unknown, path: FieldPath): unknown {
  if (Array.isArray(v)) return v.map((x) => without(x, path));
  const [head, ...rest] = path;
  if (!isObject(v) || head === undefined || !Object.hasOwn(v, head)) return v;
  const { [head]: inner, ...others } = v;
  return rest.length === 0 ? others : { ...others, [head]: without(inner, rest) };
}

export function unchangingBody(entity: JsonObject, unmodifiable: readonly FieldPath[]): JsonObject {
  return [['links'], ...unmodifiable].reduce<JsonObject>((body, path) => without(body, path) as JsonObject, entity);
}
