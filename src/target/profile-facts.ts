// The profile fields a skip may name (src/outcome.ts skipFor): the top-level properties of the profile's schema.
import { readFileSync } from 'node:fs';

const schema = JSON.parse(readFileSync(new URL('../../schemas/profile.schema.json', import.meta.url), 'utf8')) as {
  properties: Record<string, unknown>;
};
const fields = new Set(Object.keys(schema.properties).filter((k) => k !== '$schema'));

/** Whether `fact` names a profile field (`allowBillable`, `credentials.readOnly`, `projects.ids`). */
export function isProfileFact(fact: string): boolean {
  return fields.has(fact.split('.')[0] ?? '');
}
