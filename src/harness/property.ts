// Property checks (fast-check) for rules that quantify over inputs: "any unknown field", "any page size".
// The run's seed makes them replayable; a failure names the shrunk counterexample, the seed and path that
// replay it, and carries the exchange of that counterexample (so its curl line reproduces it).
import fc from 'fast-check';
import { RuleFailure, RuleSkipped, TargetError } from '../outcome.ts';
import type { Target } from '../target/target.ts';
import { caseCount } from './cases.ts';

export interface ForAllOptions<T> {
  /** Cases to generate; by default the run's numRuns, or with `covering` cases as many as `caseCount` allows. */
  numRuns?: number;
  /** How the shrunk counterexample is shown: a line for the message, and what the report carries (JSON by default). */
  show?: (value: T) => Promise<{ text: string; counterexample: unknown }>;
  /** Cases tried first, one per place the rule's statement quantifies over (a part of the surface, a shape of input):
   * every run tries them all, and under --cases covering the property then draws a tenth of num-runs and stops
   * (src/harness/cases.ts). */
  covering?: T[];
}

const asJson = async (value: unknown) => ({ text: JSON.stringify(value), counterexample: value });

/** Checks `predicate` for generated inputs; the predicate throws RuleFailure when the target breaks the rule. */
export async function forAll<T>(
  t: Target,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: ForAllOptions<T> = {},
): Promise<void> {
  const { show = asJson, covering = [] } = options;
  const { seed } = t.setup;
  const numRuns = options.numRuns ?? (covering.length > 0 ? caseCount(t.setup, covering.length) : t.setup.numRuns);
  // A target error or skip ends the property at once: shrinking would only repeat it.
  let stop: TargetError | RuleSkipped | undefined;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (stop) throw stop;
      try {
        await predicate(value);
      } catch (e) {
        if (e instanceof TargetError || e instanceof RuleSkipped) stop = e;
        throw e;
      }
    }),
    { seed, numRuns, examples: covering.map((e) => [e] as [T]) },
  );
  if (stop) throw stop;
  if (!details.failed) return;
  const failure = details.errorInstance;
  // Cases discarded by their precondition (fc.pre), too many to judge: what the target showed held too little they
  // apply to.
  if (failure === null && details.numSkips > 0)
    throw new TargetError(
      'nothing-judged',
      details.numRuns === 0
        ? `every one of ${details.numSkips} generated cases was set aside: the target showed nothing they apply to`
        : `${details.numSkips} generated cases were set aside and only ${details.numRuns} applied, fewer than the run asks: the target showed too little they apply to`,
    );
  const replay = `seed ${details.seed}, path ${JSON.stringify(details.counterexamplePath)}`;
  if (failure instanceof RuleFailure) {
    const shown = await show(details.counterexample![0]);
    throw new RuleFailure(
      `${failure.message} (counterexample ${shown.text}, after ${details.numRuns} cases and ${details.numShrinks} shrinks; ${replay})`,
      {
        ...failure.details,
        counterexample: shown.counterexample,
      },
    );
  }
  throw failure instanceof Error ? failure : new Error(String(failure));
}
