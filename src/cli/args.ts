// Command-line arguments of the conformance CLI.
import { parseArgs } from 'node:util';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const usage = `conformance: checks a target against the Administration API specification, rule by rule.

Usage:
  conformance run [options]     run the suites and write reports/ (default: against the embedded reference target)
  conformance rules [--tag T]   list the rule catalogue (--json for machine output)
  conformance --help            this text

Options of run:
  --profile FILE    target profile (JSON, see schemas/profile.schema.json); credentials come from the
                    environment variables it names. Without it: the embedded reference target.
  --target URL      base URL of the target, overriding the profile's; 'reference' starts the embedded target
  --rule ID         run only this rule (repeatable)
  --tag TAG         run only the rules with this tag (repeatable)
  --seed N          seed of generated inputs (default: random; printed, and in the report)
  --num-runs N      generated cases per property check (default 100)
  --reports DIR     directory for the reports (default: reports)
  --strict          exit 1 unless every MUST rule passes (skipped and untested rules count against it)
  --mutant ID       embedded target only: break the rule ID on purpose (repeatable; see reference/mutants/)
  --quiet           print only the totals
  --json            print the JSON report on stdout instead of the table

Exit codes: 0 every MUST rule judged passed; 1 a MUST rule failed or erred; 2 bad usage, bad profile or an
unreachable target (nothing was run).`;

export interface RunArgs {
  command: 'run';
  profile?: string;
  target?: string;
  rules: string[];
  tags: string[];
  seed?: number;
  numRuns: number;
  reportsDir: string;
  strict: boolean;
  mutants: string[];
  quiet: boolean;
  json: boolean;
}

export type Args = RunArgs | { command: 'rules'; tags: string[]; json: boolean } | { command: 'help' };

function integer(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`--${name} takes a whole number of at least ${min}, not '${v}'`);
  return Number(v);
}

export function parseCommandLine(argv: string[]): Args {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        profile: { type: 'string' },
        target: { type: 'string' },
        rule: { type: 'string', multiple: true },
        tag: { type: 'string', multiple: true },
        seed: { type: 'string' },
        'num-runs': { type: 'string' },
        reports: { type: 'string' },
        strict: { type: 'boolean' },
        mutant: { type: 'string', multiple: true },
        quiet: { type: 'boolean' },
        json: { type: 'boolean' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values: v, positionals } = parsed;
  if (v.help || positionals[0] === 'help') return { command: 'help' };
  const command = positionals[0];
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  if (command === 'rules') return { command: 'rules', tags: v.tag ?? [], json: v.json ?? false };
  if (command !== 'run') throw new UsageError(command === undefined ? 'missing command: run or rules' : `unknown command '${command}': run or rules`);
  if (v.target !== undefined && v.target !== 'reference' && !/^https?:\/\/[^/\s]+\/?$/.test(v.target)) {
    throw new UsageError(`--target takes a base URL such as https://host:port, or 'reference', not '${v.target}'`);
  }
  const embedded = v.target === 'reference' || (v.target === undefined && v.profile === undefined);
  if (v.mutant?.length && !embedded) throw new UsageError('--mutant applies only to the embedded reference target');
  if (v.quiet && v.json) throw new UsageError('--quiet and --json exclude each other');
  return {
    command: 'run',
    profile: v.profile,
    target: v.target,
    rules: v.rule ?? [],
    tags: v.tag ?? [],
    seed: integer('seed', v.seed, 0),
    numRuns: integer('num-runs', v['num-runs'], 1) ?? 100,
    reportsDir: v.reports ?? 'reports',
    strict: v.strict ?? false,
    mutants: v.mutant ?? [],
    quiet: v.quiet ?? false,
    json: v.json ?? false,
  };
}
