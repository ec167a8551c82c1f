// The rerun lines of a run: commands that start the suite as this run was started, with every option that decided
// its result (target, filter, baseline, --strict, seed and cases per property), so a rerun judges the same inputs.
import { commandLine } from '../invocation.ts';
import type { RunArgs } from './args.ts';

/** The words that point a rerun at the same target. */
function targetWords(args: RunArgs, embedded: boolean): string[] {
  if (embedded) return ['--target', 'reference', ...args.mutants.flatMap((m) => ['--mutant', m])];
  return [...(args.profile ? ['--profile', args.profile] : []), ...(args.target ? ['--target', args.target] : [])];
}

/** The words that give the same inputs: seed and cases per property. */
const inputWords = (args: RunArgs, seed: number): string[] => [
  '--seed',
  String(seed),
  '--num-runs',
  String(args.numRuns),
  '--cases',
  args.cases,
];

export interface Rerun {
  /** The whole run: its command (run or certify), filter, baseline and --strict, so the same exit code. */
  run: string;
  /** One rule of it, under the same baseline, so the same status and mark (--strict would count the rules left out). */
  rule: (ruleId: string) => string;
}

export function rerunLines(args: RunArgs, embedded: boolean, seed: number): Rerun {
  const baseline = args.baseline !== undefined ? ['--baseline', args.baseline] : [];
  return {
    run: commandLine(args.command, [
      ...targetWords(args, embedded),
      ...args.rules.flatMap((r) => ['--rule', r]),
      ...args.tags.flatMap((t) => ['--tag', t]),
      ...baseline,
      // certify is strict of itself.
      ...(args.strict && args.command === 'run' ? ['--strict'] : []),
      ...inputWords(args, seed),
    ]),
    rule: (id) =>
      commandLine('run', [...targetWords(args, embedded), '--rule', id, ...baseline, ...inputWords(args, seed)]),
  };
}
