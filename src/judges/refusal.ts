// Spec 1 and 5: what a caller may not do is refused, and a refused change leaves the entity as it was.
import { isDeepStrictEqual } from 'node:util';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { expectJudgeable } from './status.ts';

/** A refusal is a client error; a success breaks the rule, and a 5xx or 429 leaves it unjudged. */
export function expectRefused(res: HttpResponse, what: string): void {
  expectJudgeable(res, what);
  if (res.status >= 400) return;
  throw new RuleFailure(`${what}: expected a refusal (4xx), got ${res.status}`, {
    expected: '4xx', actual: res.status, exchange: res.exchange,
  });
}

/** Read back after a refused change: the entity is still there and the fields the change named kept their values. */
export function expectUnchanged(before: HttpResponse, after: HttpResponse, fields: string[], what: string): void {
  expectJudgeable(after, `the entity read back after ${what} is unchanged`);
  if (after.status !== 200) {
    throw new RuleFailure(`${what}: the entity is gone although the change was refused (read back: ${after.status})`, {
      expected: 200, actual: after.status, exchange: after.exchange,
    });
  }
  const was = before.jsonObject();
  const is = after.jsonObject();
  const changed = fields.filter((f) => !isDeepStrictEqual(was[f], is[f]));
  if (changed.length) {
    const pick = (o: Record<string, unknown>) => Object.fromEntries(changed.map((f) => [f, o[f]]));
    throw new RuleFailure(`${what}: ${changed.join(', ')} changed although the change was refused`, {
      expected: pick(was), actual: pick(is), exchange: after.exchange,
    });
  }
}
