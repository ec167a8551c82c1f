// Declares one check of one catalogue rule as a vitest test. The test name starts with the rule id, so that
// runs can be filtered by rule; the outcome (pass, fail, error, skipped, not-applicable) and its evidence travel in task meta.
import { test } from 'vitest';
import { findRule } from '../catalogue/catalogue.ts';
import { curlLine } from '../http/curl-line.ts';
import {
  NoneInRun,
  ProfileFactError,
  RuleFailure,
  RuleNotApplicable,
  RuleSkipped,
  SuiteError,
  TargetError,
} from '../outcome.ts';
import { reportToAllure, thrownFor } from './allure-check.ts';
import { runConfirmed } from './confirm.ts';
import { Coverage, type Tally } from './coverage.ts';
import { describeCoverage } from '../check-outcome.ts';
import type { EvidenceLog } from './check-run.ts';
import { withEvidence } from './evidence.ts';
import { isProfileFact } from '../target/profile-facts.ts';
import { runCheck } from './running-checks.ts';
import type { CheckMeta } from './outcome-meta.ts';
import type { CheckOutcome } from '../check-outcome.ts';
import type { Target } from '../target/target.ts';
import { target } from './run-target.ts';

/** What a check is given: all it reads of the run besides its probes' answers. */
export interface CheckContext {
  target: Target;
  /** The catalogue rule the check judges. */
  rule: string;
  /** Where the check counts what it judged: a check that judged nothing has not passed. */
  tally: Tally;
  /** Ends the check: an interrupt, or its time limit. */
  signal: AbortSignal;
  /** Whether this is the check's second run, confirming a failure of its first (src/harness/confirm.ts). */
  confirming: boolean;
}

export function classify(e: unknown): CheckOutcome {
  if (e instanceof RuleFailure) {
    const { expected, actual, counterexample, exchange } = e.details;
    return { status: 'fail', reason: e.message, expected, actual, counterexample, exchange };
  }
  if (e instanceof TargetError) return { status: 'error', reason: e.message, cause: e.cause, exchange: e.exchange };
  if (e instanceof SuiteError)
    return { status: 'error', reason: `suite error: ${e.message}`, cause: 'suite', exchange: e.exchange };
  if (e instanceof ProfileFactError)
    return {
      status: 'error',
      reason: `profile error: ${e.message} [profile: ${e.fact}]`,
      cause: 'profile',
      fact: e.fact,
      exchange: e.exchange,
    };
  if (e instanceof NoneInRun) return { status: 'not-applicable', reason: e.message };
  if (e instanceof RuleSkipped) {
    // Only the profile may skip a check: a skip that names no profile field is a defect of the check.
    if (!isProfileFact(e.fact))
      return {
        status: 'error',
        reason: `suite error: a skip names '${e.fact}', which is not a profile field (${e.message})`,
        cause: 'suite',
      };
    const status = e instanceof RuleNotApplicable ? 'not-applicable' : 'skipped';
    return { status, reason: `${e.message} [profile: ${e.fact}]`, fact: e.fact };
  }
  const err = e as Error;
  return { status: 'error', reason: `suite error: ${err?.message ?? String(e)}`, cause: 'suite' };
}

const interruptedReason = 'the run was interrupted while this check ran';

/** vitest's limit for a check: a backstop behind the check's own, which leaves out the time paced by the rate limit. */
const backstopMs = 24 * 3600 * 1000;

/** One check of rule `id`; `title` says what it sends and what it expects. */
export function check(id: string, title: string, fn: (ctx: CheckContext) => Promise<void>, timeoutMs?: number): void {
  if (!findRule(id)) throw new Error(`check '${title}' names rule ${id}, which is not in the catalogue`);
  // Time for the check and, when it fails, for running it again; time waiting under the rate limit is not counted
  // (src/harness/running-checks.ts), so vitest's own limit is only a backstop.
  const limitMs = 2 * (timeoutMs ?? target().profile.timeouts.ruleMs);
  test(
    `${id}: ${title}`,
    async (ctx) => {
      const log: EvidenceLog = { exchanges: [], count: 0 };
      const meta: CheckMeta = { rule: id };
      ctx.task.meta.conformance = meta;
      let coverage = new Coverage();
      // A failure is run once more before it is reported (src/harness/confirm.ts); each run has a tally of its own.
      const { error, confirmed } = await runCheck(ctx.signal, limitMs, (signal) =>
        runConfirmed((confirming) => {
          coverage = new Coverage();
          return withEvidence(log, () => fn({ target: target(), rule: id, tally: coverage, signal, confirming }));
        }),
      ).catch((e: unknown) => {
        // vitest's signal ends a check only when the run is stopped (an interrupt): that is no outcome of the check.
        if (ctx.signal.aborted) return { error: e, confirmed: undefined };
        throw e;
      });
      // A check that ended without judging anything has not passed; a skip would have named the profile fact.
      const failure =
        error ??
        (coverage.total === 0
          ? new TargetError('nothing-judged', 'the check ended without judging anything')
          : undefined);
      meta.outcome =
        failure === undefined
          ? { status: 'pass' }
          : { ...classify(failure), ...(confirmed !== undefined ? { confirmed } : {}) };
      // Stopped by an interrupt, a check judged nothing to the end, unless it had already failed twice.
      if (ctx.signal.aborted && !(meta.outcome.status === 'fail' && meta.outcome.confirmed))
        meta.outcome = { status: 'interrupted', reason: interruptedReason };
      meta.coverage = coverage.list();
      if (meta.coverage.length > 0) meta.outcome.coverage = describeCoverage(meta.coverage);
      if (failure && meta.outcome.status !== 'interrupted') {
        const ex = meta.outcome.exchange;
        if (ex)
          meta.outcome.curl = curlLine(ex.request, {
            caFile: target().profile.tls.caFile,
            insecure: target().profile.tls.insecure || target().setup.caPem !== undefined,
          });
      }
      meta.evidence = log.exchanges;
      meta.requests = log.count;
      await reportToAllure(meta);
      if (meta.outcome.status === 'skipped' || meta.outcome.status === 'not-applicable') ctx.skip(meta.outcome.reason);
      if (failure && meta.outcome.status !== 'interrupted') throw thrownFor(meta.outcome, failure);
    },
    backstopMs,
  );
}
