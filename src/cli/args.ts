// Command-line arguments of the conformance CLI.
import { parseArgs } from 'node:util';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const usage = `conformance: checks a target against the Administration API specification, rule by rule.

Usage:
  conformance run [options]     run the suites and write reports/ (default: against the embedded reference target)
  conformance certify [options] run every rule and write reports/certificate.json; exit 0 only if conformant
                                (every MUST rule passed); --rule, --tag and --baseline do not apply
  conformance verify FILE [--public-key PEM]
                                check a certificate against itself and this suite, and with --public-key its
                                signature (exit 0 valid, 1 invalid, 2 no such file)
  conformance baseline [--report FILE] [--out FILE]
                                a baseline of every MUST rule a report shows failing or erring (default
                                --report reports/conformance.json; default --out: standard output)
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
  --baseline FILE   rules the target is known to fail (schemas/baseline.schema.json): they do not fail the run
  --strict          exit 1 unless every MUST rule passes (skipped and untested rules count against it)
  --sign-key PEM    certify only: sign the certificate with this Ed25519 private key (PKCS#8 PEM); without
                    it the certificate is unsigned, for local use
  --mutant ID       embedded target only: break the rule ID on purpose (repeatable; see reference/mutants/)
  --quiet           print only the totals
  --json            print the JSON report on stdout instead of the table

Exit codes: 0 every MUST rule judged passed (or failed as the baseline expects); 1 a MUST rule failed or erred;
2 bad usage, bad profile or baseline, an unreachable target, or a target that is not the API the profile
describes (nothing was run).`;

export interface RunArgs {
  /** certify: a run of every rule, without baseline, whose exit code is the verdict. */
  command: 'run' | 'certify';
  profile?: string;
  target?: string;
  rules: string[];
  tags: string[];
  seed?: number;
  numRuns: number;
  reportsDir: string;
  strict: boolean;
  mutants: string[];
  baseline?: string;
  /** certify: the Ed25519 private key (PEM file) that signs the certificate. */
  signKey?: string;
  quiet: boolean;
  json: boolean;
}

export type Args =
  | RunArgs
  | { command: 'rules'; tags: string[]; json: boolean }
  | { command: 'baseline'; report: string; out?: string }
  | { command: 'verify'; file: string; publicKey?: string }
  | { command: 'help' };

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
        baseline: { type: 'string' },
        report: { type: 'string' },
        out: { type: 'string' },
        'sign-key': { type: 'string' },
        'public-key': { type: 'string' },
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
  if (command === 'verify') {
    if (positionals.length !== 2) throw new UsageError('verify takes one certificate file: conformance verify reports/certificate.json');
    return { command: 'verify', file: positionals[1]!, publicKey: v['public-key'] };
  }
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  if (command === 'rules') return { command: 'rules', tags: v.tag ?? [], json: v.json ?? false };
  if (command === 'baseline') return { command: 'baseline', report: v.report ?? 'reports/conformance.json', out: v.out };
  const commands = 'run, certify, verify, baseline or rules';
  if (command !== 'run' && command !== 'certify') throw new UsageError(command === undefined ? `missing command: ${commands}` : `unknown command '${command}': ${commands}`);
  if (command === 'certify' && (v.rule?.length || v.tag?.length)) throw new UsageError('certify judges every rule: --rule and --tag do not apply');
  if (command === 'certify' && v.baseline !== undefined) throw new UsageError('certify judges every rule as it is: --baseline does not apply');
  if (command !== 'certify' && v['sign-key'] !== undefined) throw new UsageError('--sign-key applies only to certify');
  if (v.target !== undefined && v.target !== 'reference' && !/^https?:\/\/[^/\s]+\/?$/.test(v.target)) {
    throw new UsageError(`--target takes a base URL such as https://host:port, or 'reference', not '${v.target}'`);
  }
  const embedded = v.target === 'reference' || (v.target === undefined && v.profile === undefined);
  if (v.mutant?.length && !embedded) throw new UsageError('--mutant applies only to the embedded reference target');
  if (v.quiet && v.json) throw new UsageError('--quiet and --json exclude each other');
  return {
    command,
    profile: v.profile,
    target: v.target,
    rules: v.rule ?? [],
    tags: v.tag ?? [],
    seed: integer('seed', v.seed, 0),
    numRuns: integer('num-runs', v['num-runs'], 1) ?? 100,
    reportsDir: v.reports ?? 'reports',
    strict: v.strict ?? false,
    mutants: v.mutant ?? [],
    baseline: v.baseline,
    signKey: v['sign-key'],
    quiet: v.quiet ?? false,
    json: v.json ?? false,
  };
}
