// A request the spec says is served: any 2xx answer (spec 7.2: 200, 201 or 202 by the kind of request).
// An unexpected 5xx or 429 leaves the rule unjudged; any other status breaks it.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { expectJudgeable } from './status.ts';

export function expectServed(res: HttpResponse, what: string): void {
  expectJudgeable(res, what);
  if (res.status >= 200 && res.status < 300) return;
  throw new RuleFailure(`${what}: expected 2xx, got ${res.status}`, {
    expected: '2xx',
    actual: res.status,
    exchange: res.exchange,
  });
}
