// Response shapes as JSON Schemas (schemas/*.schema.json, draft 2020-12), judged with ajv: one schema per
// resource version, so that a shape the spec fixes is data the reader can check against the spec.
import { readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';

// Under NodeNext the default import of these CJS modules is the module object.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ??
  Ajv2020Module) as typeof import('ajv').Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: object,
) => void;

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

function validator(name: string): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    const file = new URL(`../../schemas/${name}.schema.json`, import.meta.url);
    validate = ajv.compile(JSON.parse(readFileSync(file, 'utf8')) as object);
    compiled.set(name, validate);
  }
  return validate;
}

const describe = (e: ErrorObject) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`;

/** What in `value` breaks the schema `schemas/<name>.schema.json`, one line per fault; empty when it fits. */
export function schemaFaults(name: string, value: unknown): string[] {
  const validate = validator(name);
  return validate(value) ? [] : (validate.errors ?? []).map(describe);
}
