// A request the spec says is served: any 2xx answer (spec 7.2: 200, 201 or 202 by the kind of request).
// An unexpected 5xx or 429 leaves the rule unjudged; any other status breaks it.
import type { HttpResponse } from '../http/client.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { describeExchange } from './status.ts';

export function expectServed(res: HttpResponse, what: string): void {
  if (res.status >= 200 && res.status < 300) return;
  if (res.status >= 500 || res.status === 429) {
    throw new TargetError('unexpected-status', `${describeExchange(res)} while checking that ${what}`, res.exchange);
  }
  throw new RuleFailure(`${what}: expected 2xx, got ${res.status}`, { expected: '2xx', actual: res.status, exchange: res.exchange });
}
