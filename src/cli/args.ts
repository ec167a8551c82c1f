// Command-line arguments of the conformance CLI: node's parseArgs, with the options each command accepts, its help
// text, and errors that name the nearest option, command or value when a word is mistyped.
import { parseArgs } from 'node:util';
import { didYouMean, nearest } from '../did-you-mean.ts';
import { caseModes, defaultCaseMode, defaultNumRuns, type CaseMode } from '../target/run-setup.ts';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const runOptions = `  --profile FILE    target profile (JSON, see schemas/profile.schema.json); credentials come from the
                    environment variables it names. Without it: the embedded reference target.
  --target URL      base URL of the target, overriding the profile's; 'reference' starts the embedded target
  --seed N          seed of generated inputs (default: random; printed, and in the report)
  --num-runs N      generated cases per property check (default ${defaultNumRuns}); every place is covered whatever N
  --cases MODE      covering (default): a property covers each place it quantifies over, then draws a tenth
                    of num-runs at random and stops; all: it draws up to num-runs cases, places first
  --budget TIME     plan the cases per property so the projected requests fit the profile's rate limit in
                    TIME (e.g. 10m, 90s, 1h); the plan is printed before the run and kept in the report
  --reports DIR     directory for the reports (default: reports)
  --strict          exit 1 unless every MUST rule passes (skipped and untested rules count against it)
  --mutant ID       embedded target only: break the rule ID on purpose (repeatable; conformance reference
                    --list-mutants lists them)
  --summary FILE    append a Markdown summary of the run to FILE (in GitHub Actions: "$GITHUB_STEP_SUMMARY")
  --allure          also write Allure results to DIR/allure-results (one file per check and attachment, some
                    1,500 files and 14 MB for every rule; read them with npx allure generate)
  --quiet           print only the totals
  --json            print the JSON report on stdout instead of the table`;

const exitCodes = `Exit codes: 0 every MUST rule judged passed (or failed as the baseline expects); 1 a MUST rule failed or erred;
2 bad usage, bad profile or baseline, an unreachable target, or a target that is not the API the profile
describes (nothing was run).`;

/** Each command: its one-line summary, its help, and the options it accepts. */
const commands = {
  run: {
    summary: 'run the suites and write reports/ (default: against the embedded reference target)',
    help: `conformance run [options]: runs the suites against a target and writes reports/ (JSON, JUnit, HTML, the
certificate of a run of every rule, and with --allure Allure's results).

Options:
${runOptions}
  --rule ID         run only this rule (repeatable)
  --tag TAG         run only the rules with this tag (repeatable)
  --baseline FILE   rules the target is known to fail (schemas/baseline.schema.json): they do not fail the run

${exitCodes}`,
    options: [
      'profile',
      'target',
      'rule',
      'tag',
      'seed',
      'num-runs',
      'cases',
      'budget',
      'reports',
      'baseline',
      'strict',
      'mutant',
      'summary',
      'allure',
      'quiet',
      'json',
    ],
  },
  certify: {
    summary: 'run every rule and write reports/certificate.json; exit 0 only if conformant',
    help: `conformance certify [options]: runs every rule (no --rule, --tag or --baseline) and writes
reports/certificate.json; exit code 0 only when the target is conformant (every MUST rule passed).

Options:
${runOptions}
  --sign-key PEM    sign the certificate with this Ed25519 private key (PKCS#8 PEM, e.g. from
                    openssl genpkey -algorithm ed25519); without it the certificate is unsigned, for local use`,
    options: [
      'profile',
      'target',
      'seed',
      'num-runs',
      'cases',
      'budget',
      'reports',
      'strict',
      'mutant',
      'summary',
      'allure',
      'quiet',
      'json',
      'sign-key',
    ],
  },
  judge: {
    summary: 'judge recorded traffic (a HAR file) by every rule one exchange can judge, sending no request',
    help: `conformance judge FILE.har [options]: reads an HTTP Archive (HAR 1.2, as browsers, proxies and the reference
target's --record write it) and judges every answer in it by every rule that one exchange can judge (format,
links, envelope, error body), without sending a request; writes the same reports as run (JSON, JUnit, HTML).
Every other rule is untested: it needs a live target.

Options:
  --profile FILE    target profile: its baseUrl, vendor, envelope, link and paging names (default: the reference
                    target's, under the first API address the archive holds)
  --reports DIR     directory for the reports (default: reports)
  --quiet           print only the totals
  --json            print the JSON report on stdout instead of the table

${exitCodes}`,
    options: ['profile', 'reports', 'quiet', 'json'],
  },
  plan: {
    summary: 'what a run would do under a profile, without sending a request: rules, skips, requests, time',
    help: `conformance plan [options]: reads the profile and prints, without sending any request, each selected rule and
whether it will run or be skipped (naming the profile fact), the checks that will skip or may skip on what the
target holds, and the requests projected to each project with the time they take at the profile's rate limit.

Options:
  --profile FILE    target profile (default: the embedded reference target's)
  --rule ID         plan only this rule (repeatable)
  --tag TAG         plan only the rules with this tag (repeatable)
  --num-runs N      generated cases per property check (default ${defaultNumRuns}); every place is covered whatever N
  --cases MODE      covering (default) or all: see conformance run --help
  --budget TIME     the most cases per property whose requests fit the rate limit in TIME (e.g. 10m, 90s, 1h)
  --json            print the plan as JSON`,
    options: ['profile', 'rule', 'tag', 'num-runs', 'cases', 'budget', 'json'],
  },
  verify: {
    summary: 'check a certificate: intact, signed (with --public-key), made by this suite',
    help: `conformance verify FILE [--public-key PEM]: checks a certificate against itself (hash, profile digest) and
this suite (version, spec and catalogue checksums, rules, verdict); with --public-key also that the holder of that
Ed25519 key signed it. Exit code 0 valid and conformant, 1 valid and not conformant, 2 invalid (each failed
check is named), no such file or bad key.`,
    options: ['public-key'],
  },
  baseline: {
    summary: 'a baseline of every MUST rule a report shows failing or erring',
    help: `conformance baseline [--report FILE] [--out FILE]: a baseline (schemas/baseline.schema.json) of every MUST
rule the report shows failing or erring (default --report reports/conformance.json; default --out: standard output).`,
    options: ['report', 'out'],
  },
  rules: {
    summary: 'list the rule catalogue with levels and tags',
    help: `conformance rules [--tag TAG] [--json]: the rule catalogue: section, id, level, tags and statement
(--tag: only rules with that tag, repeatable; --json: machine output).`,
    options: ['tag', 'json'],
  },
  reference: {
    summary: 'about the embedded reference target: --list-mutants',
    help: `conformance reference --list-mutants: every mutant of the embedded reference target (a deliberate defect
that breaks one rule, for --mutant): id, rule and what it breaks. The target itself runs with npm run reference.`,
    options: ['list-mutants'],
  },
} as const;

type Command = keyof typeof commands;

export const usage = `conformance: checks a target against the Administration API specification, rule by rule.

Usage:
${Object.entries(commands)
  .map(([name, c]) => `  conformance ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}
  conformance --version  the suite's name and version
  conformance COMMAND --help (or conformance help COMMAND): the options of that command

${exitCodes}`;

export interface RunArgs {
  /** certify: a run of every rule, without baseline, whose exit code is the verdict. */
  command: 'run' | 'certify';
  profile?: string;
  target?: string;
  rules: string[];
  tags: string[];
  seed?: number;
  numRuns: number;
  cases: CaseMode;
  /** --budget: the time the run's cases per property are planned to fit in (the plan replaces numRuns). */
  budgetMs?: number;
  reportsDir: string;
  strict: boolean;
  mutants: string[];
  baseline?: string;
  /** certify: the Ed25519 private key (PEM file) that signs the certificate. */
  signKey?: string;
  /** A file to append the run's Markdown summary to. */
  summary?: string;
  /** Whether Allure results are written too (reports/allure-results). */
  allure: boolean;
  quiet: boolean;
  json: boolean;
}

/** The run is against the embedded reference target: named with --target reference, or no target and no profile. */
export const embeddedTarget = (a: { target?: string; profile?: string }): boolean =>
  a.target === 'reference' || (a.target === undefined && a.profile === undefined);

export interface JudgeArgs {
  command: 'judge';
  /** The HAR file. */
  file: string;
  profile?: string;
  reportsDir: string;
  quiet: boolean;
  json: boolean;
}

export interface PlanArgs {
  command: 'plan';
  profile?: string;
  rules: string[];
  tags: string[];
  numRuns: number;
  cases: CaseMode;
  budgetMs?: number;
  json: boolean;
}

export type Args =
  | RunArgs
  | { command: 'rules'; tags: string[]; json: boolean }
  | PlanArgs
  | JudgeArgs
  | { command: 'baseline'; report: string; out?: string }
  | { command: 'verify'; file: string; publicKey?: string }
  | { command: 'reference'; listMutants: boolean }
  | { command: 'help'; text: string }
  | { command: 'version' };

const options = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  profile: { type: 'string' },
  target: { type: 'string' },
  rule: { type: 'string', multiple: true },
  tag: { type: 'string', multiple: true },
  seed: { type: 'string' },
  'num-runs': { type: 'string' },
  cases: { type: 'string' },
  budget: { type: 'string' },
  reports: { type: 'string' },
  strict: { type: 'boolean' },
  mutant: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  report: { type: 'string' },
  out: { type: 'string' },
  quiet: { type: 'boolean' },
  json: { type: 'boolean' },
  'sign-key': { type: 'string' },
  'public-key': { type: 'string' },
  'list-mutants': { type: 'boolean' },
  summary: { type: 'string' },
  allure: { type: 'boolean' },
} as const;

function integer(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min)
    throw new UsageError(`--${name} takes a whole number of at least ${min}, not '${v}'`);
  return Number(v);
}

function caseMode(v: string | undefined): CaseMode {
  if (v === undefined) return defaultCaseMode;
  const mode = caseModes.find((m) => m === v);
  if (!mode) throw new UsageError(`--cases takes ${caseModes.join(' or ')}, not '${v}'${didYouMean(v, caseModes)}`);
  return mode;
}

/** A duration such as 10m, 90s or 1h, in milliseconds. */
function duration(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const m = /^(\d+)(s|m|h)$/.exec(v);
  if (!m || Number(m[1]) === 0) throw new UsageError(`--${name} takes a duration such as 10m, 90s or 1h, not '${v}'`);
  return Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 's' | 'm' | 'h'];
}

const isCommand = (word: string | undefined): word is Command => word !== undefined && Object.hasOwn(commands, word);
const commandList = Object.keys(commands).join(', ');

/** parseArgs' own error, on one line, naming the nearest option when the one given is unknown. */
function parseError(e: Error, argv: string[]): UsageError {
  const unknown = /Unknown option '(-{1,2})([^']+)'/.exec(e.message);
  if (unknown) {
    const near = nearest(unknown[2]!, Object.keys(options));
    const command = argv.find((a) => !a.startsWith('-'));
    const list = isCommand(command)
      ? `conformance ${command} --help lists its options`
      : 'conformance --help lists the commands';
    return new UsageError(
      `unknown option '${unknown[1]}${unknown[2]}'${near ? ` (did you mean --${near}?)` : ''}; ${list}`,
    );
  }
  const missing = /Option '(--[\w-]+)[^']*' argument missing/.exec(e.message);
  if (missing) return new UsageError(`${missing[1]} takes a value`);
  const ambiguous = /Option '(--[\w-]+)[^']*' argument is ambiguous/.exec(e.message);
  if (ambiguous)
    return new UsageError(
      `${ambiguous[1]} takes a value, not an option; to give one that starts with a dash write ${ambiguous[1]}=-VALUE`,
    );
  return new UsageError(e.message.split('\n')[0]!);
}

export function parseCommandLine(argv: string[]): Args {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: typeof options }>
  >;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (e) {
    throw parseError(e as Error, argv);
  }
  const { values: v, positionals } = parsed;
  if (v.version) return { command: 'version' };
  const first = positionals[0];
  if (first === 'help') {
    const topic = positionals[1];
    if (topic !== undefined && !isCommand(topic))
      throw new UsageError(`help: unknown command '${topic}'${didYouMean(topic, Object.keys(commands))}`);
    return { command: 'help', text: topic ? commands[topic].help : usage };
  }
  if (v.help) return { command: 'help', text: isCommand(first) ? commands[first].help : usage };
  if (!isCommand(first)) {
    throw new UsageError(
      first === undefined
        ? `missing command: ${commandList}`
        : `unknown command '${first}'${didYouMean(first, Object.keys(commands))}: ${commandList}; conformance --help says more`,
    );
  }
  const command: Command = first;
  const accepted: readonly string[] = commands[command].options;
  const given = Object.keys(v).filter((o) => !accepted.includes(o));
  if (given.length) {
    if (command === 'certify' && ['rule', 'tag'].includes(given[0]!))
      throw new UsageError('certify judges every rule: --rule and --tag do not apply');
    if (command === 'certify' && given[0] === 'baseline')
      throw new UsageError('certify judges every rule as it is: --baseline does not apply');
    if (given[0] === 'sign-key') throw new UsageError('--sign-key applies only to certify');
    throw new UsageError(
      `--${given[0]} does not apply to ${command} (conformance ${command} --help lists its options)`,
    );
  }
  if (command === 'verify') {
    if (positionals.length !== 2)
      throw new UsageError('verify takes one certificate file: conformance verify reports/certificate.json');
    return { command: 'verify', file: positionals[1]!, publicKey: v['public-key'] };
  }
  if (command === 'judge') {
    if (positionals.length !== 2) throw new UsageError('judge takes one HAR file: conformance judge traffic.har');
    if (v.quiet && v.json) throw new UsageError('--quiet and --json exclude each other');
    return {
      command,
      file: positionals[1]!,
      profile: v.profile,
      reportsDir: v.reports ?? 'reports',
      quiet: v.quiet ?? false,
      json: v.json ?? false,
    };
  }
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  if (command === 'plan') {
    if (v.budget !== undefined && v['num-runs'] !== undefined)
      throw new UsageError('--budget and --num-runs exclude each other: the budget plans the cases per property');
    return {
      command,
      profile: v.profile,
      rules: v.rule ?? [],
      tags: v.tag ?? [],
      numRuns: integer('num-runs', v['num-runs'], 1) ?? defaultNumRuns,
      cases: caseMode(v.cases),
      budgetMs: duration('budget', v.budget),
      json: v.json ?? false,
    };
  }
  if (command === 'rules') return { command: 'rules', tags: v.tag ?? [], json: v.json ?? false };
  if (command === 'baseline')
    return { command: 'baseline', report: v.report ?? 'reports/conformance.json', out: v.out };
  if (command === 'reference') {
    if (!v['list-mutants'])
      throw new UsageError(
        'reference: say what about it: --list-mutants (the target itself runs with npm run reference)',
      );
    return { command: 'reference', listMutants: true };
  }
  if (v.target !== undefined && v.target !== 'reference' && !/^https?:\/\/[^/\s]+\/?$/.test(v.target)) {
    throw new UsageError(`--target takes a base URL such as https://host:port, or 'reference', not '${v.target}'`);
  }
  if (v.mutant?.length && !embeddedTarget(v))
    throw new UsageError('--mutant applies only to the embedded reference target');
  if (v.quiet && v.json) throw new UsageError('--quiet and --json exclude each other');
  if (v.budget !== undefined && v['num-runs'] !== undefined)
    throw new UsageError('--budget and --num-runs exclude each other: the budget plans the cases per property');
  return {
    command,
    profile: v.profile,
    target: v.target,
    rules: v.rule ?? [],
    tags: v.tag ?? [],
    seed: integer('seed', v.seed, 0),
    numRuns: integer('num-runs', v['num-runs'], 1) ?? defaultNumRuns,
    cases: caseMode(v.cases),
    budgetMs: duration('budget', v.budget),
    reportsDir: v.reports ?? 'reports',
    strict: v.strict ?? false,
    mutants: v.mutant ?? [],
    baseline: v.baseline,
    signKey: v['sign-key'],
    summary: v.summary,
    allure: v.allure ?? false,
    quiet: v.quiet ?? false,
    json: v.json ?? false,
  };
}
