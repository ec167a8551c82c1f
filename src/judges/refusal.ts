// Spec 1 and 5: what a caller may not do is refused (that it takes no effect: src/probes/refused-write.ts).
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { expectJudgeable } from './status.ts';

/** A refusal is a client error; a success breaks the rule, and a 5xx or 429 leaves it unjudged. */
export function expectRefused(res: HttpResponse, what: string): void {
  expectJudgeable(res, what);
  if (res.status >= 400) return;
  throw new RuleFailure(`${what}: expected a refusal (4xx), got ${res.status}`, {
    expected: '4xx',
    actual: res.status,
    exchange: res.exchange,
  });
}
