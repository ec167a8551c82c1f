// The fields an OpenAPI schema marks `readOnly` (a property a response may carry but a request should not send), at
// any depth: inside objects, arrays' items and each alternative of allOf, oneOf and anyOf. A schema met again inside
// itself (a recursive one) is not entered twice.
import type { FieldPath } from './model.ts';

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  readOnly?: boolean;
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every read-only field of a dereferenced schema, once each, outermost first. */
export function readOnlyFields(schema: unknown): FieldPath[] {
  const found = new Map<string, FieldPath>();
  const visit = (s: unknown, at: FieldPath, entered: Set<Schema>) => {
    if (!isSchema(s) || entered.has(s)) return;
    const inside = new Set(entered).add(s);
    for (const alternative of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])])
      visit(alternative, at, inside);
    if (s.items) visit(s.items, at, inside);
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      const path = [...at, name];
      if (isSchema(property) && property.readOnly === true) found.set(path.join('.'), path);
      else visit(property, path, inside);
    }
  };
  visit(schema, [], new Set());
  return [...found.values()];
}
