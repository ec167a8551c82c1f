// The published schema of conformance.json (schemas/conformance-report.schema.json), as a check every report the
// end-to-end tests make goes through: runCli refuses a report that does not match it.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: object,
) => void;
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync('schemas/conformance-report.schema.json', 'utf8')) as object);

/** Where a report departs from the schema: "path: message" per problem, none when it matches. */
export function reportSchemaProblems(report: unknown): string[] {
  if (validate(report)) return [];
  return validate.errors!.map(
    (e) =>
      `${e.instancePath || '(root)'}: ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
  );
}
