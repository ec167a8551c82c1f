// Spec 1 and 5: what a caller may not do is refused, and a refused change leaves the entity as it was.
import { isDeepStrictEqual } from 'node:util';
import type { HttpResponse } from '../http/client.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { describeExchange, expectJudgeable } from './status.ts';

/** A refusal is a client error; a success breaks the rule, and a 5xx or 429 leaves it unjudged. */
export function expectRefused(res: HttpResponse, what: string): void {
  expectJudgeable(res, what);
  if (res.status >= 400) return;
  throw new RuleFailure(`${what}: expected a refusal (4xx), got ${res.status}`, {
    expected: '4xx', actual: res.status, exchange: res.exchange,
  });
}

/** Read back after a refused change: the entity is still there and `field` (if any) kept the value it had before. */
export function expectKept(after: HttpResponse, field: string | undefined, before: unknown, what: string): void {
  if (after.status >= 500 || after.status === 429) {
    throw new TargetError('unexpected-status', `${describeExchange(after)} while reading back after ${what}`, after.exchange);
  }
  if (after.status !== 200) {
    throw new RuleFailure(`${what}: the entity is gone although the change was refused (read back: ${after.status})`, {
      expected: 200, actual: after.status, exchange: after.exchange,
    });
  }
  if (field === undefined) return;
  const is = (after.json() as Record<string, unknown>)[field];
  if (!isDeepStrictEqual(is, before)) {
    throw new RuleFailure(`${what}: ${field} changed although the change was refused`, { expected: before, actual: is, exchange: after.exchange });
  }
}
