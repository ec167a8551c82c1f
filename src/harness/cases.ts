// How many cases a property runs. Its first cases cover the places its statement quantifies over (each resource,
// method, generation and depth written; each kind of resource read; each wrong form of a parameter): those are where
// a target's branches differ, and every run reaches them all, whatever --num-runs says. `--cases covering` (the
// default) then draws a tenth of --num-runs at random and stops; `--cases all` draws up to --num-runs in all, as a
// certification run may ask.
import type { CaseMode } from '../target/run-setup.ts';

export function caseCount(setup: { numRuns: number; cases: CaseMode }, places: number): number {
  if (setup.cases === 'all') return Math.max(setup.numRuns, places);
  return places + Math.ceil(setup.numRuns / 10);
}
