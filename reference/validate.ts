// Request bodies (spec 2.1 "Invalid fields"): unknown, misspelled or read-only fields are refused
// with 400 and the field's dotted path (e.g. `replicationSpecs[0].regionConfigs[0].foo`), never ignored.
import { parseIsoDate } from './dates.ts';
import { attributeReadOnly, invalidAttribute, invalidJson, invalidJsonAttribute, missingAttribute } from './errors.ts';

interface Common {
  readOnly?: boolean;
}
export type Field = Common &
  (
    | { type: 'string'; enum?: readonly string[]; pattern?: RegExp; maxLength?: number }
    | { type: 'integer'; min?: number; max?: number }
    | { type: 'number'; min?: number }
    | { type: 'boolean' }
    | { type: 'date' }
    | { type: 'array'; items: Field }
    | ObjectField
    | { type: 'map'; values: Field }
  );
export interface ObjectField extends Common {
  type: 'object';
  fields: Record<string, Field>;
  required?: readonly string[];
  /** A rule across fields of one object; throws an ApiError naming the field. */
  check?: (value: Record<string, unknown>, path: string) => void;
}

/** A JSON object: not null, not an array. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Checks a request body against its shape; the first fault, in document order, is thrown. A top-level read-only
 * field sent with its value in `current` changes nothing and is dropped (real clients send e.g. `groupId`). */
export function validateBody<T>(body: unknown, shape: ObjectField, current: Record<string, unknown> = {}): T {
  if (!isPlainObject(body)) throw invalidJson();
  const unchanged = Object.keys(body).filter(
    (key) => shape.fields[key]?.readOnly && Object.hasOwn(current, key) && sameJson(body[key], current[key]),
  );
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => !unchanged.includes(key)));
  validateObject(rest, shape, '');
  return rest as T;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function validateObject(value: Record<string, unknown>, shape: ObjectField, path: string): void {
  for (const [key, child] of Object.entries(value)) {
    const field = Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
    const childPath = join(path, key);
    if (!field) throw invalidAttribute(childPath);
    if (field.readOnly) throw attributeReadOnly(childPath);
    validateValue(child, field, childPath);
  }
  for (const key of shape.required ?? []) {
    if (value[key] === undefined) throw missingAttribute(join(path, key));
  }
  shape.check?.(value, path);
}

function validateValue(value: unknown, field: Field, path: string): void {
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') throw invalidJsonAttribute(path);
      if (field.enum && !field.enum.includes(value)) throw invalidAttribute(path);
      if (field.pattern && !field.pattern.test(value)) throw invalidAttribute(path);
      if (field.maxLength !== undefined && value.length > field.maxLength) throw invalidAttribute(path);
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidJsonAttribute(path);
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max))
        throw invalidAttribute(path);
      return;
    case 'number':
      if (typeof value !== 'number') throw invalidJsonAttribute(path);
      if (field.min !== undefined && value < field.min) throw invalidAttribute(path);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalidJsonAttribute(path);
      return;
    case 'date':
      if (typeof value !== 'string') throw invalidJsonAttribute(path);
      if (!parseIsoDate(value)) throw invalidAttribute(path);
      return;
    case 'array':
      if (!Array.isArray(value)) throw invalidJsonAttribute(path);
      for (const [i, item] of value.entries()) validateValue(item, field.items, `${path}[${i}]`);
      return;
    case 'object':
      if (!isPlainObject(value)) throw invalidJsonAttribute(path);
      validateObject(value, field, path);
      return;
    case 'map':
      if (!isPlainObject(value)) throw invalidJsonAttribute(path);
      for (const [key, child] of Object.entries(value)) validateValue(child, field.values, join(path, key));
      return;
  }
}

// --- defects: fields a defective target ignores instead of refusing (the invalid-field mutants) ---

/** Whether a field name picked for dropping: its name, its shape (undefined: not a field of the object), the
 * object's field names, and how deep the object is (0: the body itself). */
export type DropPick = (name: string, field: Field | undefined, known: readonly string[], depth: number) => boolean;

/** A copy of `body` without the fields `pick` names, at any depth. */
export function withoutFields(body: unknown, shape: Field, pick: DropPick, depth = 0): unknown {
  if (shape.type === 'array' && Array.isArray(body))
    return body.map((item) => withoutFields(item, shape.items, pick, depth));
  if (shape.type !== 'object' || !isPlainObject(body)) return body;
  const known = Object.keys(shape.fields);
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => !pick(key, Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined, known, depth))
      .map(([key, value]) => [
        key,
        Object.hasOwn(shape.fields, key) ? withoutFields(value, shape.fields[key]!, pick, depth + 1) : value,
      ]),
  );
}

function distance(a: string, b: string): number {
  // The edit-distance table row by row; every row has b.length + 1 entries.
  let above = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    above = row;
  }
  return above[b.length]!;
}

/** A name a typing slip away from one of `known`: two edits at most, or the same letters in another case. */
export const nearMiss = (name: string, known: readonly string[]) =>
  known.some((k) => k.toLowerCase() === name.toLowerCase() || distance(k, name) <= 2);

// --- shapes shared by several resources ---

export const tagsField: Field = {
  type: 'array',
  items: {
    type: 'object',
    fields: { key: { type: 'string', maxLength: 255 }, value: { type: 'string', maxLength: 255 } },
    required: ['key', 'value'],
  },
};

export const linksField: Field = { type: 'array', items: { type: 'object', fields: {} }, readOnly: true };
