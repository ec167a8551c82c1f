// How many cases a property runs. Its first cases cover the places its statement quantifies over (each resource,
// method, generation and depth written; each kind of resource read; each wrong form of a parameter): those are where
// a target's branches differ. `--cases covering` (the default) then draws a tenth of --num-runs at random and stops;
// `--cases all` draws up to --num-runs in all, as a certification run may ask. --num-runs caps both.
export type CaseMode = 'covering' | 'all';

export const caseModes: readonly CaseMode[] = ['covering', 'all'];

/** The mode of a run that names none, and of a plan. */
export const defaultCaseMode: CaseMode = 'covering';

export function caseCount(setup: { numRuns: number; cases: CaseMode }, places: number): number {
  if (setup.cases === 'all') return setup.numRuns;
  return Math.min(setup.numRuns, places + Math.ceil(setup.numRuns / 10));
}
