// Mutants: deliberate defects, each breaking exactly the rule it names. Every defect is one
// `mutants.has(id)` test at the place that breaks; the ids are listed in mutants.json.
import { readFileSync } from 'node:fs';

interface MutantInfo { id: string; rule: string; description: string }
export interface Mutants { has(id: string): boolean }

const mutantCatalogue: readonly MutantInfo[] = JSON.parse(
  readFileSync(new URL('./mutants.json', import.meta.url), 'utf8'),
);

/** The set of active mutants; an id that is not in mutants.json is refused. */
export function createMutants(ids: readonly string[] = []): Mutants {
  const known = new Set(mutantCatalogue.map((m) => m.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`Unknown mutant id(s): ${unknown.join(', ')}`);
  const active = new Set(ids);
  return {
    has(id) {
      if (!known.has(id)) throw new Error(`Mutant id used in code but missing from mutants.json: ${id}`);
      return active.has(id);
    },
  };
}
