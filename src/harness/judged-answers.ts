// The judges of one answer's status, counting the answer in the check's tally when it could be judged. A judge is
// a pure function of the answer; what the check judged is the tally it hands over, which decides that a check
// judging nothing is no pass (check.ts). An answer is judged unless its 5xx or 429 left the rule unjudged: whatever the
// judge found after that (a pass, a failure, a body it could not read) was found on a judged answer.
import type { HttpResponse } from '../http/messages.ts';
import { TargetError } from '../outcome.ts';
import * as errorReply from '../judges/error-reply.ts';
import * as invalidField from '../judges/invalid-field.ts';
import * as listPaging from '../judges/list-paging.ts';
import * as refusal from '../judges/refusal.ts';
import * as served from '../judges/served.ts';
import * as status from '../judges/status.ts';
import * as valueAccepted from '../judges/value-accepted.ts';
import type { Tally } from './coverage.ts';

/** Whether `e` is the target error `expectJudgeable` throws for `res`: an answer that leaves the rule unjudged. */
const leftUnjudged = (e: unknown, res: HttpResponse): boolean =>
  e instanceof TargetError && e.cause === 'unexpected-status' && e.exchange === res.exchange;

/** `judge`, counting its answer in `tally` when it returns or throws for anything but the answer's status. */
export function counted<A extends unknown[], R>(
  judge: (res: HttpResponse, ...rest: A) => R,
): (tally: Tally, res: HttpResponse, ...rest: A) => R {
  return (tally, res, ...rest) => {
    let judgeable = true;
    try {
      return judge(res, ...rest);
    } catch (e) {
      judgeable = !leftUnjudged(e, res);
      throw e;
    } finally {
      if (judgeable) tally.judged('answer', 1, new URL(res.exchange.request.url).pathname);
    }
  };
}

export const expectJudgeable = counted(status.expectJudgeable);
export const expectStatus = counted(status.expectStatus);
export const expectServed = counted(served.expectServed);
export const expectFieldRefused = counted(invalidField.expectFieldRefused);
export const expectValueAccepted = counted(valueAccepted.expectValueAccepted);
export const expectErrorWithBody = counted(errorReply.expectErrorWithBody);
export const checkOversizedPage = counted(listPaging.checkOversizedPage);
export const expectRefused = counted(refusal.expectRefused);
