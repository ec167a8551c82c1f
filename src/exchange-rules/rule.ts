// An exchange rule: a rule, or the part of one, that one exchange can judge, with what it applies to and its
// judgement, a pure function of the context and the answer.
import { RuleFailure, TargetError } from '../outcome.ts';
import type { Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';

export type Verdict =
  | { verdict: 'held' }
  | { verdict: 'broken'; message: string; expected: unknown; actual: unknown }
  | { verdict: 'not-judged'; why: string; cut?: true };

export const held: Verdict = { verdict: 'held' };

export const broken = (message: string, expected: unknown, actual: unknown): Verdict => ({
  verdict: 'broken',
  message,
  expected,
  actual,
});

export const notJudged = (why: string): Verdict => ({ verdict: 'not-judged', why });

/** An answer the rule is about that it could not judge (`why`): it leaves the rule unjudged, never not applicable. */
export const leftUnjudged = (why: string): Verdict => ({ verdict: 'not-judged', why, cut: true });

/** The verdict of a judge of src/judges/ that throws: a RuleFailure breaks the rule; a TargetError (a body that is
 * not JSON, which is ENT-JSON-RESPONSE's to judge, or JSON of another type) leaves this answer, one the rule is
 * about, unjudged. */
export function byJudge(judge: () => void): Verdict {
  try {
    judge();
    return held;
  } catch (e) {
    if (e instanceof RuleFailure) return broken(e.message, e.details.expected, e.details.actual);
    if (e instanceof TargetError) return leftUnjudged(e.cause === 'invalid-json' ? 'the body is not JSON' : e.cause);
    throw e;
  }
}

/** Refusals a target may make before it reads a body: of the caller (401, 403), the path (404), the method (405), the
 * version asked for (406). The spec does not say which a target decides first. */
export const beforeTheBody: ReadonlySet<number> = new Set([401, 403, 404, 405, 406]);

export type StatusClass = '2xx' | '4xx';

export interface AppliesTo {
  /** Status classes judged; a 5xx never is (spec 7.2: an unexpected failure, retry later). */
  statuses: readonly StatusClass[];
  /** Whether a 429 is judged: its body is the rate limiter's, which the rules of spec 8 judge. */
  tooManyRequests: boolean;
  /** 'present': only answers with a body (not HEAD, not empty); 'expected': every answer but HEAD's, an empty one
   * included; 'any': HEAD answers too. */
  body: 'present' | 'expected' | 'any';
  /** Judged only when the request asked for pretty=true (true) or did not (false); either when absent. */
  pretty?: boolean;
  /** The same for envelope=true. */
  envelope?: boolean;
}

/** What most rules of entities judge: every 2xx answer with a body, a 429 aside. */
export const bodiedSuccess: AppliesTo = { statuses: ['2xx'], tooManyRequests: false, body: 'present' };

export interface ExchangeRule {
  rule: string;
  /** What it judges, said as a check's title says it. */
  title: string;
  appliesTo: AppliesTo;
  judge(ctx: ExchangeContext, answer: Answer): Verdict;
}

/** Why a rule does not apply to an answer, or undefined when it does. */
export function notApplying(to: AppliesTo, a: Answer): string | undefined {
  const status = a.res.status;
  if (a.generation === undefined) return 'not an answer of the API';
  if (status >= 500) return 'a 5xx (spec 7.2: retry later)';
  if (status === 429 && !to.tooManyRequests) return 'a 429 (the rate limit rules judge it)';
  if (!to.statuses.includes(`${Math.floor(status / 100)}xx` as StatusClass)) return `a ${status}`;
  if (to.body !== 'any' && a.method === 'HEAD') return 'a HEAD answer has no body';
  if (to.body === 'present' && !a.hasBody) return 'no body';
  if (to.pretty !== undefined && a.pretty !== to.pretty) return to.pretty ? 'pretty=true not asked' : 'pretty=true';
  if (to.envelope !== undefined && a.envelope !== to.envelope)
    return to.envelope ? 'envelope=true not asked' : 'envelope=true';
  return undefined;
}
