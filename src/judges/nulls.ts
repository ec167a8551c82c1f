// Spec 2.1 "A field with no current value is returned with an appropriate default. A field with no sensible default
// is omitted from the entity": no field is null.
import { walk } from './json-walk.ts';

/** Paths of the fields of a response value that are null. */
export function nullFields(value: unknown): string[] {
  return [...walk(value)].filter((n) => n.field !== undefined && n.value === null).map((n) => n.path);
}
