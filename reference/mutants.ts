// Mutants: deliberate defects, each breaking exactly the rule it names. Every defect is one
// `mutants.has(id)` test at the place that breaks; the ids are listed in reference/mutants/*.json
// (one file per spec area, like the suites).
import { readdirSync, readFileSync } from 'node:fs';

export interface MutantInfo {
  id: string;
  rule: string;
  description: string;
  /** For a rule one exchange can judge (src/exchange-rules/): rules whose checks send the requests that reach the
   * defect, run beside it in the mutation self-test, where they must pass. */
  alongside?: string[];
}
export interface Mutants {
  has(id: string): boolean;
}

const dir = new URL('./mutants/', import.meta.url);

/** Every mutant of every area file. */
export const mutantCatalogue: readonly MutantInfo[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as MutantInfo[]);

/** The set of active mutants; an id that is not in the catalogue is refused. */
export function createMutants(ids: readonly string[] = []): Mutants {
  const known = new Set(mutantCatalogue.map((m) => m.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`Unknown mutant id(s): ${unknown.join(', ')}`);
  const active = new Set(ids);
  return {
    has(id) {
      if (!known.has(id)) throw new Error(`Mutant id used in code but missing from reference/mutants/: ${id}`);
      return active.has(id);
    },
  };
}
