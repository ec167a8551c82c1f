// The per-rule report (reports/conformance.json). Its format is documented in docs/reports.md and kept stable:
// CI systems and certifiers parse it. Changing a field's meaning needs a new `format` value.
import type { Exchange } from '../exchange.ts';
import type { CaseMode } from '../target/run-setup.ts';
import type { RateLimitUsage } from '../http/rate-usage.ts';
import type { Level } from '../catalogue/catalogue.ts';
import type { Status } from '../outcome.ts';
import type { Covered } from '../check-outcome.ts';
import type { CheckOutcome } from '../check-outcome.ts';

export const reportFormat = 'conformance-report/1';

/** One run of one check (a vitest test) of a rule: its outcome, with the deciding exchange moved into the evidence. */
export interface CheckResult extends Omit<CheckOutcome, 'exchange'> {
  rule: string;
  name: string;
  evidence: Exchange[];
  requests: number;
  /** When the check began (ISO 8601): checks run concurrently, so a rule's wall time is the union of its checks'. */
  startedAt: string;
  durationMs: number;
  /** What the check judged, per kind. */
  covered?: Covered[];
}

export interface RuleResult {
  id: string;
  section: string;
  level: Level;
  statement: string;
  tags: string[];
  status: Status;
  /** One line: why it failed, errored or was skipped. */
  reason?: string;
  /** A rule that passed while some of its checks were skipped (for the profile facts they name). */
  partial?: true;
  /** What its checks judged, in one line ("42 entities on 17 paths, 3 answers"). */
  coverage?: string;
  checks: Omit<CheckResult, 'rule' | 'evidence'>[];
  /** The redacted exchanges that decided the result (for a failure, those of the failing checks first), each with
   * the name of the check it belongs to. */
  evidence: (Exchange & { check: string })[];
  /** The command that reruns just this rule against the same target with the same seed and cases per property. */
  rerun?: string;
  /** With a baseline (--baseline): a listed rule that failed or erred, or that passes although listed. */
  baseline?: 'expected-fail' | 'unexpected-pass';
}

export type Totals = Record<Status, number>;

/** Every status, in the order reports list them. */
export const statuses: readonly Status[] = [
  'pass',
  'fail',
  'error',
  'skipped',
  'untested',
  'not-applicable',
  'left-out',
  'interrupted',
];
/** The statuses a line of totals always names; the others only when some rule has them. */
const alwaysNamed = 5;

/** The statuses a line of totals names: the first five always, the others where counted. */
export function namedStatuses(t: Totals): Status[] {
  return statuses.filter((s, i) => i < alwaysNamed || t[s] > 0);
}

/** A status as words: "not applicable". */
export const statusText = (s: Status): string => s.replace(/-/g, ' ');

/** What a run is planned to cost (reports/conformance.json, field plan). */
export interface Plan {
  numRuns: number;
  cases: CaseMode;
  /** Requests projected to the busiest project: at most, since the model puts every project request on one project. */
  projectRequests: number;
  /** Windows of the profile's rate limit those requests need, and their length. */
  windows: number;
  durationMs: number;
  /** With --budget: the budget the cases per property were chosen for, and whether even one case fits in it. */
  budgetMs?: number;
  fits?: boolean;
}

export interface Report {
  format: typeof reportFormat;
  suite: { name: string; version: string };
  spec: { file: string; sha256: string };
  catalogue: { sha256: string; rules: number };
  target: { name: string; baseUrl: string; mutants?: string[] };
  seed: number;
  /** Generated cases per property check (--num-runs): a tenth of it drawn beyond the places, or up to it in all. */
  numRuns: number;
  /** covering: a property stopped after its places and a tenth of numRuns; all: it drew up to numRuns (--cases). */
  cases: CaseMode;
  /** Marks what the run created (names carry `<namePrefix><runId>`). */
  runId: string;
  filter?: { rules: string[]; tags: string[] };
  /** The command that reruns the whole run: same target, filter, seed and cases per property. */
  rerun: string;
  startedAt: string;
  durationMs: number;
  requests: number;
  totals: Totals;
  /** MUST rules by status: the exit code is decided on these. */
  mustTotals: Totals;
  /** Problems of the run itself (a suite file that failed to load); each makes the run fail. */
  runErrors: string[];
  /** Set when the run was interrupted (SIGINT, SIGTERM): its results are incomplete. */
  interrupted?: string;
  /** What the run created and deleted at its end; leftovers are entities it could not delete; waited429: requests of
   * the cleanup the target answered with 429 that it waited out and sent again. */
  cleanup: { deleted: string[]; leftovers: { path: string; reason: string }[]; waited429: number };
  /** Spec 8 pacing: requests, 429s, target windows and waiting, per project and for the run (checks and cleanup). */
  rateLimit?: RateLimitUsage;
  /** The plan under the profile's rate limit (src/runner/plan.ts): cases per property, projected project requests
   * and duration, and with --budget the budget they were chosen for. */
  plan?: Plan;
  /** The baseline of the run (--baseline): its file and listed rules, and which of them were marked. */
  baseline?: {
    file: string;
    rules: { id: string; reason: string }[];
    expectedFail: string[];
    unexpectedPass: string[];
  };
  rules: RuleResult[];
}
