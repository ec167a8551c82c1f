// Spec 8: judgement of rate-limit bursts. A burst is the answers to requests that reached one project within one
// window of the target, in the order they were sent; "proceeds" means it was not refused with 429.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { checkErrorBodyFields } from './error-body.ts';
import { describeExchange } from './status.ts';

/** A 5xx in a burst leaves the rule unjudged (spec 7.2: an unexpected failure). */
export function expectNoServerError(burst: readonly HttpResponse[], what: string): void {
  const failed = burst.find((r) => r.status >= 500);
  if (failed) throw new TargetError('unexpected-status', `${describeExchange(failed)} during ${what}`, failed.exchange);
}

/** How many requests proceeded before the first 429; undefined when none was refused. */
export function allowance(burst: readonly HttpResponse[]): number | undefined {
  const refused = burst.findIndex((r) => r.status === 429);
  return refused < 0 ? undefined : refused;
}

/** The answers of a burst that were not refused with 429. */
export const proceeded = (burst: readonly HttpResponse[]): HttpResponse[] => burst.filter((r) => r.status !== 429);

/** LIMITS-100-PROCEED: none of the first `limit` requests of the window is refused. */
export function checkWithinLimitProceed(burst: readonly HttpResponse[], limit: number): void {
  const refused = burst.slice(0, limit).findIndex((r) => r.status === 429);
  if (refused < 0) return;
  throw new RuleFailure(`request ${refused + 1} of the first ${limit} to the project in one window got 429`, {
    expected: `the first ${limit} requests proceed`,
    actual: `${refused} proceeded, then 429`,
    exchange: burst[refused]!.exchange,
  });
}

/** LIMITS-429-AFTER-100: the request after the first `limit` of the window is refused with 429. */
export function checkOverLimitRefused(burst: readonly HttpResponse[], limit: number): void {
  const next = burst[limit]!;
  if (next.status === 429) return;
  throw new RuleFailure(`request ${limit + 1} to the project in one window was not refused`, {
    expected: 429,
    actual: next.status,
    exchange: next.exchange,
  });
}

/** LIMITS-429-ERROR-BODY: a 429 carries the error body; no body, or one that is not JSON, breaks the rule. */
export function checkRateLimitErrorBody(res: HttpResponse): void {
  try {
    JSON.parse(res.text);
  } catch {
    throw new RuleFailure(`${describeExchange(res)}: the 429 carries no JSON error body`, {
      expected: 'the error body (detail, error, errorCode, parameters, reason)',
      actual: res.text === '' ? 'no body' : res.text.slice(0, 200),
      exchange: res.exchange,
    });
  }
  checkErrorBodyFields(res);
}

/** A burst is refused at the same point as the single-credential burst of the same window length. */
export function checkSameAllowance(burst: readonly HttpResponse[], allowed: number, what: string): void {
  const seen = allowance(burst);
  if (seen === allowed) return;
  const at = burst[seen ?? burst.length - 1]!;
  throw new RuleFailure(
    `${what}: ${seen === undefined ? `all ${burst.length} requests proceeded` : `${seen} proceeded, then 429`}, where one credential alone was refused after ${allowed}`,
    {
      expected: `${allowed} proceed, then 429`,
      actual: seen === undefined ? `${burst.length} proceed` : `${seen} proceed, then 429`,
      exchange: at.exchange,
    },
  );
}

/** LIMITS-CONCURRENT: of a concurrent burst exactly `allowed` proceed, and every other one gets 429. */
export function checkConcurrentAllowance(burst: readonly HttpResponse[], allowed: number): void {
  const through = proceeded(burst);
  if (through.length === allowed) return;
  const example = through.length > allowed ? through[through.length - 1]! : burst.find((r) => r.status === 429)!;
  throw new RuleFailure(
    `of ${burst.length} concurrent requests to the project in one window, ${through.length} proceeded`,
    {
      expected: `${allowed} proceed, ${burst.length - allowed} get 429`,
      actual: `${through.length} proceed, ${burst.length - through.length} get 429`,
      exchange: example.exchange,
    },
  );
}

/** LIMITS-RESET-AT-TURN: in the window after a turn, the project is admitted its whole budget again, `allowed` as the
 * single-credential burst measured; `admitted` counts the first request after the turn and those of `burst`, sent in
 * that window after it, that proceeded. More is left to the rules of the limit. */
export function checkWholeBudgetAfterTurn(burst: readonly HttpResponse[], admitted: number, allowed: number): void {
  if (admitted >= allowed) return;
  throw new RuleFailure(
    `in the window after the turn the project was admitted ${admitted} requests, then refused, where a window admits ${allowed}`,
    {
      expected: `${allowed} proceed after the turn`,
      actual: `${admitted} proceed, then 429`,
      exchange: burst.find((r) => r.status === 429)!.exchange,
    },
  );
}
