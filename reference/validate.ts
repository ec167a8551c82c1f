// Request bodies (spec 2.1 "Invalid fields"): unknown, misspelled or read-only fields are refused
// with 400 and the field's dotted path (e.g. `replicationSpecs[0].regionConfigs[0].foo`), never ignored.
import { parseIsoDate } from './dates.ts';
import { attributeReadOnly, invalidAttribute, invalidJson, invalidJsonAttribute, missingAttribute } from './errors.ts';

interface Common { readOnly?: boolean }
export type Field = Common & (
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

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Checks a request body against its shape; the first fault, in document order, is thrown. */
export function validateBody<T>(body: unknown, shape: ObjectField): T {
  if (!isPlainObject(body)) throw invalidJson();
  validateObject(body, shape, '');
  return body as T;
}

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
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) throw invalidAttribute(path);
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
      value.forEach((item, i) => validateValue(item, field.items, `${path}[${i}]`));
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

// --- shapes shared by several resources ---

export const tagsField: Field = {
  type: 'array',
  items: { type: 'object', fields: { key: { type: 'string', maxLength: 255 }, value: { type: 'string', maxLength: 255 } }, required: ['key', 'value'] },
};

export const linksField: Field = { type: 'array', items: { type: 'object', fields: {} }, readOnly: true };
