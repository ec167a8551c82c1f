// Spec 7.2: a 5xx is an unexpected failure of the service, to be retried later. A request answered with a 5xx is
// sent again after a growing pause, a bounded number of times; every attempt is an exchange of its own, so the
// evidence shows each. A 5xx that persists leaves the rule unjudged: the target error is thrown here, so that no
// check can take it for a failure (or a pass). A 429 is not retried here: the client sends a paced request
// refused with 429 once more, when the rate scheduler lets it go (spec 8).
import { setTimeout as sleep } from 'node:timers/promises';
import { TargetError } from '../outcome.ts';
import type { HttpResponse, RequestSpec } from './messages.ts';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  count: number;
  /** Pause before the first retry; each further one waits twice as long. */
  backoffMs: number;
}

/** Methods whose repetition does no more than their first sending (RFC 9110 §9.2.2). */
const idempotent = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether a 5xx to this request may be answered by sending it again. A 503 says the request was not processed, so
 * even a create may be repeated; any other 5xx may have done the work, so only idempotent methods are. */
function retryable(method: string, status: number): boolean {
  return status === 503 || idempotent.has(method.toUpperCase());
}

/** Requests whose every answer a check judges itself: a burst under a rate-limit lease counts each request it sends,
 * a request sent exactly once (answerChallenge false) must stay one request, and an Authorization the check made is
 * good for one use (a Digest answer's nonce count): sent again, it would be refused as a replay. */
export function judgesEveryAnswer(spec: RequestSpec): boolean {
  const handMade = Object.keys(spec.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
  return spec.lease !== undefined || spec.answerChallenge === false || handMade;
}

/** Sends with `attempt` until an answer is not a 5xx, or retries are spent (then a target error). A change that was
 * retried and then refused (a DELETE answered 404, a create 409) may have been made by an attempt whose answer was
 * lost to the 5xx: that refusal tells nothing of the request, so it is a target error, never a rule's failure. */
export async function withRetries(
  policy: RetryPolicy,
  spec: RequestSpec,
  attempt: () => Promise<HttpResponse>,
): Promise<HttpResponse> {
  if (judgesEveryAnswer(spec)) return attempt();
  for (let retry = 0; ; retry++) {
    const res = await attempt();
    if (res.status < 500) {
      if (retry > 0 && res.status >= 400 && !['GET', 'HEAD', 'OPTIONS'].includes(spec.method.toUpperCase())) {
        throw new TargetError(
          'unexpected-status',
          `${spec.method} ${res.exchange.request.url} answered 5xx, and its retry ${res.status}: an earlier attempt may have been applied`,
          res.exchange,
        );
      }
      return res;
    }
    if (retry >= policy.count || !retryable(spec.method, res.status)) {
      const tries = retry === 0 ? '' : ` (after ${retry} ${retry === 1 ? 'retry' : 'retries'})`;
      throw new TargetError(
        'unexpected-status',
        `${spec.method} ${res.exchange.request.url} answered ${res.status}${tries}`,
        res.exchange,
      );
    }
    await sleep(policy.backoffMs * 2 ** retry);
  }
}
