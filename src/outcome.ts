// How a check ends when it does not pass: the target broke the rule (fail), the target misbehaved so the
// rule could not be judged (error), the rule cannot be judged on this target (skipped), or the target, per its
// profile, has nothing the rule is about (not-applicable). A rule a --rule/--tag filter did not select is left-out:
// the run says nothing of it. A rule an interrupt (SIGINT, SIGTERM) stopped, or kept from starting, is interrupted.
import type { Exchange } from './exchange.ts';

export type Status = 'pass' | 'fail' | 'error' | 'skipped' | 'untested' | 'not-applicable' | 'left-out' | 'interrupted';

/** The target broke the rule: expected versus actual, with the exchange that shows it. */
export class RuleFailure extends Error {
  override readonly name = 'RuleFailure';
  constructor(
    message: string,
    readonly details: { expected?: unknown; actual?: unknown; exchange?: Exchange; counterexample?: unknown } = {},
  ) {
    super(message);
  }
}

/** Causes of a target error, named in the report. */
export type TargetErrorCause =
  | 'timeout'
  | 'reset'
  | 'refused'
  | 'dns'
  | 'tls'
  | 'invalid-json'
  | 'body-too-large'
  | 'unexpected-status'
  | 'transport'
  /** JSON of another type where an entity, a list or an error body belongs (an array for an entity). */
  | 'wrong-type'
  /** A check that failed, then passed (or could not be judged) when run again (src/harness/confirm.ts). */
  | 'flaky'
  /** A check that ended without judging anything, and no profile fact explains why. */
  | 'nothing-judged';

/** The target misbehaved in a way that leaves the rule unjudged. */
export class TargetError extends Error {
  override readonly name = 'TargetError';
  constructor(
    readonly cause: TargetErrorCause,
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(`${cause}: ${message}`);
  }
}

/** A fact of the profile that the target contradicted mid-run (a path the profile gives answered 404): the rule is
 * unjudged by the profile's mistake, never failed. `fact` names the profile field. */
export class ProfileFactError extends Error {
  override readonly name = 'ProfileFactError';
  constructor(
    readonly fact: string,
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}

/** The suite's own mistake, such as a body of its own the target refuses as invalid: the rule is unjudged, and the
 * target not blamed. */
export class SuiteError extends Error {
  override readonly name = 'SuiteError';
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}

/** The run received no answer of the kind a check judges (no RESOURCE_NOT_FOUND error, no event of the NDS Audits
 * variant): that part of the rule has no subject on this target, and the rule's other checks judge the rest. Shown as
 * not applicable, saying what the run's answers were instead; never a pass, never the target's error. */
export class NoneInRun extends Error {
  override readonly name = 'NoneInRun';
}

/** The rule cannot be judged on this target because of a fact of the profile (a missing credential, project or
 * endpoint, a write the run may not make): `fact` names the profile field, `message` says why. Only the profile may
 * skip a check; an answer of the target that leaves a check unable to judge is a failure or a target error. */
export class RuleSkipped extends Error {
  override readonly name: string = 'RuleSkipped';
  constructor(
    readonly fact: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** Skips the check for a fact of the profile: `fact` is the profile field (`allowBillable`, `credentials.readOnly`). */
export function skipFor(fact: string, reason: string): never {
  throw new RuleSkipped(fact, reason);
}

/** The rule has no subject on this target, per a fact of its profile (no deleted version, one current version for
 * every resource, an endpoint or method the target does not offer): nothing is left unjudged, unlike a skip. */
export class RuleNotApplicable extends RuleSkipped {
  override readonly name = 'RuleNotApplicable';
}

/** Ends the check as not applicable: `fact` is the profile field that says the target has no such thing. */
export function notApplicableFor(fact: string, reason: string): never {
  throw new RuleNotApplicable(fact, reason);
}
