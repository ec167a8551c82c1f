// The request-body schemas of a published OpenAPI 3.0 document, made fit for ajv, so that a body can be validated
// against the document itself. The document's schemas are written for code generators, and four things in them keep
// a JSON Schema validator from taking them as they are:
// - a subtype's allOf holds its parent, whose discriminator mapping points back at the subtype: validation would
//   loop. Inside its subtypes the parent stands without its dispatch, and where the parent is used whole its mapping
//   becomes a choice by the discriminator's value, a mapped value validated by its subtype alone;
// - oneOf variants overlap (a body fits several), so they are read as anyOf;
// - a union of string enums is typed `object` beside its variants, which no string meets: the variants' type holds;
// - readOnly properties are listed as required, though a request need not (should not) send them;
// - some patterns are Java regular expressions, which JavaScript takes only without the `u` flag, or not at all.
// And the document leaves its objects open, where spec 2.1 rejects an unknown field: a property that no schema of the
// body names is made a misfit (JSON Schema 2019-09's unevaluatedProperties, which sees what allOf's parts name).
import type { ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';
import { matchTemplate } from '../../src/probes/path-template.ts';

// Under NodeNext the default import of this CJS module is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: object,
) => void;

type Schema = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const componentRef = '#/components/schemas/';

/** Every object of `v`, outside examples, depth first (children before their parent). */
function eachObject(v: unknown, visit: (o: Schema) => void): void {
  if (Array.isArray(v)) for (const x of v) eachObject(x, visit);
  if (!isSchema(v)) return;
  for (const [k, x] of Object.entries(v)) if (k !== 'example' && k !== 'examples') eachObject(x, visit);
  visit(v);
}

/** The parents' dispatch moved out of their subtypes' allOf and into if/then (see the header). */
function breakDispatchCycles(schemas: Record<string, Schema>): void {
  for (const [name, parent] of Object.entries(schemas)) {
    const discriminator = parent.discriminator as
      | { propertyName: string; mapping?: Record<string, string> }
      | undefined;
    if (!discriminator) continue;
    const { discriminator: _d, oneOf, ...base } = parent;
    const baseName = `${name}__base`;
    schemas[baseName] = base;
    const subtypes = new Set([
      ...Object.values(discriminator.mapping ?? {}),
      ...((oneOf as Schema[] | undefined) ?? []).map((s) => s.$ref as string),
    ]);
    for (const ref of subtypes) {
      const allOf = schemas[ref.slice(componentRef.length)]?.allOf;
      if (Array.isArray(allOf))
        for (const s of allOf) if (s.$ref === `${componentRef}${name}`) s.$ref = `${componentRef}${baseName}`;
    }
    // A value the mapping names is the subtype's alone: some parents give a property (metric thresholds' `units`)
    // an enum of another vocabulary than their subtypes', which no body could meet with both.
    const key = discriminator.propertyName;
    const mapping = Object.entries(discriminator.mapping ?? {});
    const alone = { $ref: `${componentRef}${baseName}`, ...(oneOf ? { anyOf: oneOf } : {}) };
    const named = { properties: { [key]: { enum: mapping.map(([value]) => value) } }, required: [key] };
    schemas[name] =
      mapping.length === 0
        ? alone
        : {
            anyOf: [
              ...mapping.map(([value, $ref]) => ({
                allOf: [{ properties: { [key]: { const: value } }, required: [key] }, { $ref }],
              })),
              { allOf: [{ not: named }, alone] },
            ],
          };
  }
}

/** Overlapping variants read as anyOf, typed by their own types; readOnly properties left out of `required`. */
function relax(doc: Document): void {
  const readOnly = (s: unknown) =>
    isSchema(s) &&
    (s.readOnly === true ||
      (typeof s.$ref === 'string' && doc.components.schemas[s.$ref.slice(componentRef.length)]?.readOnly === true));
  eachObject(doc, (o) => {
    if (Array.isArray(o.oneOf) && !o.anyOf) {
      o.anyOf = o.oneOf;
      delete o.oneOf;
    }
    if (o.type === 'object' && Array.isArray(o.anyOf) && o.anyOf.every((v: Schema) => v.type === 'string'))
      delete o.type;
    if (Array.isArray(o.required) && isSchema(o.properties)) {
      const properties = o.properties;
      o.required = o.required.filter((n: string) => !readOnly(properties[n]));
    }
  });
}

/** Every schema that stands whole closed to properties it does not name; not a part that allOf combines (a
 * subtype's parent), whose siblings name the rest. */
function closeObjects(doc: Document): void {
  const parts = new Set<Schema>();
  const partNames = new Set(Object.keys(doc.components.schemas).filter((n) => n.endsWith('__base')));
  eachObject(doc, (o) => {
    if (Array.isArray(o.allOf))
      for (const s of o.allOf as Schema[]) {
        parts.add(s);
        if (typeof s.$ref === 'string') partNames.add(s.$ref.slice(componentRef.length));
      }
  });
  for (const n of partNames) if (doc.components.schemas[n]) parts.add(doc.components.schemas[n]);
  eachObject(doc, (o) => {
    if (parts.has(o) || 'additionalProperties' in o) return;
    if (isSchema(o.properties) || Array.isArray(o.allOf)) o.unevaluatedProperties = false;
  });
}

/** A pattern as JavaScript takes it: with the `u` flag, else without; one it cannot read at all checks nothing. */
const patterns = Object.assign(
  (pattern: string, flags: string): RegExp => {
    for (const f of [flags, flags.replace('u', '')]) {
      try {
        return new RegExp(pattern, f);
      } catch {}
    }
    return /(?:)/;
  },
  { code: 'RegExp' },
);

export interface RequestSchemas {
  /** The validator of the body of `method path` (a template of the document, or a path that fills one: the most
   * literal template it fills) sent in `version`: the schema of its media type of the newest date not after it;
   * undefined where the operation takes no body in any date. */
  validator(path: string, method: string, version: string): ValidateFunction | undefined;
}

export function requestSchemas(document: object, vendor: string): RequestSchemas {
  const doc = structuredClone(document) as Document;
  breakDispatchCycles(doc.components.schemas);
  relax(doc);
  closeObjects(doc);
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false, code: { regExp: patterns } });
  addFormats(ajv);
  for (const f of ['int32', 'int64', 'float', 'double']) ajv.addFormat(f, { type: 'number', validate: () => true });
  ajv.addSchema({ ...doc, $id: 'document' });
  const dated = new RegExp(`^application/vnd\\.${vendor}\\.(\\d{4}-\\d{2}-\\d{2})\\+json$`);
  const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
  const compiled = new Map<string, ValidateFunction>();
  const parameters = (template: string) => template.match(/\{/g)?.length ?? 0;
  const templateOf = (path: string) =>
    Object.keys(doc.paths)
      .filter((template) => matchTemplate(template, path))
      .sort((a, b) => parameters(a) - parameters(b))[0];
  return {
    validator(filled, method, version) {
      const path = filled in doc.paths ? filled : (templateOf(filled) ?? filled);
      const content = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content ?? {};
      const types = Object.keys(content)
        .filter((t) => (dated.exec(t)?.[1] ?? '') <= version && dated.test(t))
        .sort();
      const type = types.at(-1);
      if (!type) return undefined;
      const ref = `document#/${pointer('paths', path, method.toLowerCase(), 'requestBody', 'content', type, 'schema')}`;
      if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: ref }));
      return compiled.get(ref);
    },
  };
}
