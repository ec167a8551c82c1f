// Status judgement shared by all checks: an unexpected 5xx or 429 means the target could not be judged
// (spec 7.2: 5xx is an unexpected failure, retry later), anything else unexpected breaks the rule.
import type { HttpResponse } from '../http/client.ts';
import { RuleFailure, TargetError } from '../outcome.ts';

export function describeExchange(res: HttpResponse): string {
  const r = res.exchange.request;
  return `${r.method} ${r.url} → ${res.status}`;
}

export function expectStatus(res: HttpResponse, expected: number | number[], what: string): void {
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (allowed.includes(res.status)) return;
  if (res.status >= 500 || (res.status === 429 && !allowed.includes(429))) {
    throw new TargetError('unexpected-status', `${describeExchange(res)} while checking that ${what}`, res.exchange);
  }
  throw new RuleFailure(`${what}: expected ${allowed.join(' or ')}, got ${res.status}`, {
    expected: allowed.join(' or '), actual: res.status, exchange: res.exchange,
  });
}
