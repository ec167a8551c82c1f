// Status judgement shared by all checks: an unexpected 5xx or 429 means the target could not be judged
// (spec 7.2: 5xx is an unexpected failure, retry later), anything else unexpected breaks the rule. Judges count
// nothing: the harness counts the answers a check judged (src/harness/judged-answers.ts).
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure, TargetError } from '../outcome.ts';

export function describeExchange(res: HttpResponse): string {
  const r = res.exchange.request;
  return `${r.method} ${r.url} → ${res.status}`;
}

/** A 5xx (spec 7.2: retry later) or a 429 not among the `allowed` statuses: an answer that leaves the rule unjudged. */
export const unjudgeable = (res: HttpResponse, allowed: readonly number[] = []): boolean =>
  (res.status >= 500 || res.status === 429) && !allowed.includes(res.status);

/** An answer that can be judged: a 5xx (spec 7.2: retry later) or a 429 not among the `allowed` statuses leaves the
 * rule unjudged (a target error); any other answer is judged. */
export function expectJudgeable(res: HttpResponse, what: string, allowed: readonly number[] = []): void {
  if (unjudgeable(res, allowed)) {
    throw new TargetError('unexpected-status', `${describeExchange(res)} while checking that ${what}`, res.exchange);
  }
}

/** The status(es) a failure expected, as the numbers they are, to compare with the status the target gave. */
export const expectedStatus = (allowed: readonly number[]): number | number[] =>
  allowed.length === 1 ? allowed[0]! : [...allowed];

export function expectStatus(res: HttpResponse, expected: number | number[], what: string): void {
  const allowed = Array.isArray(expected) ? expected : [expected];
  expectJudgeable(res, what, allowed);
  if (allowed.includes(res.status)) return;
  throw new RuleFailure(`${what}: expected ${allowed.join(' or ')}, got ${res.status}`, {
    expected: expectedStatus(allowed),
    actual: res.status,
    exchange: res.exchange,
  });
}
