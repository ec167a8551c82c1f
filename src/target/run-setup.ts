// What the runner hands to every suite: the profile (secrets stay in the environment), the CA, the seed.
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RateState } from '../http/rate-scheduler.ts';
import type { Profile } from '../profile/profile.ts';

/** How many cases a property runs (src/harness/cases.ts): those that cover its places and a tenth of --num-runs, or
 * up to --num-runs in all (never fewer than its places), as a certification run may ask. */
export type CaseMode = 'covering' | 'all';

export const caseModes: readonly CaseMode[] = ['covering', 'all'];

/** The mode of a run that names none, and of a plan. */
export const defaultCaseMode: CaseMode = 'covering';

/** The cases per property of a run that names none: every place, then four drawn under the default mode, which
 * holds a one-project run near 2,000 requests to its project (README, "a live run"). */
export const defaultNumRuns = 40;

export interface RunSetup {
  profile: Profile;
  /** PEM of the target's CA, when the runner knows it (the embedded reference target). */
  caPem?: string;
  seed: number;
  /** Generated cases per property check: a tenth of it drawn beyond the places (covering), or up to it (all). */
  numRuns: number;
  /** Whether a property stops after covering its places and a tenth of numRuns (src/harness/cases.ts). */
  cases: CaseMode;
  /** Unique per run: names of created entities carry it, so that cleanup finds them. */
  runId: string;
  /** File where checks note each entity they create, so that the runner deletes what remains, even after an interrupt. */
  journalFile: string;
  /** What the runner's requests before the checks (its preflight) spent of each project's windows, and what they
   * taught of the target's clock: the checks' scheduler continues from it, so that a burst does not take a window
   * those requests spent part of for a fresh one. */
  rateState?: RateState;
}

/** Bytes drawn from the run's seed for one purpose (`what`): the same in every run of that seed, others for another
 * purpose, so that what a run draws beyond its properties (an id that names nothing, a path of a sample) is drawn
 * again by its rerun line. */
export const seededBytes = (setup: Pick<RunSetup, 'seed'>, what: string): Buffer =>
  createHash('sha256').update(`${setup.seed}:${what}`).digest();

/** What the name of everything the run creates starts with: the profile's prefix and the run id. */
export const runMark = (setup: RunSetup): string => `${setup.profile.projects.namePrefix}${setup.runId}-`;

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunSetup;
  }
}

export function newRunSetup(
  profile: Profile,
  caPem: string | undefined,
  seed: number,
  numRuns: number,
  cases: CaseMode,
): RunSetup {
  const runId = randomBytes(4).toString('hex');
  const journalFile = join(tmpdir(), `conformance-created-${runId}.jsonl`);
  return { profile, caPem, seed, numRuns, cases, runId, journalFile };
}
