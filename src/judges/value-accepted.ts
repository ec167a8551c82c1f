// Spec 2.6: a property "accepts an enum value". A success takes it; a refusal whose error names the property or the
// value refuses it; a refusal for anything else (the entity not ready, a limit) says nothing of the value.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { isObject } from './json-walk.ts';
import { judgeNaming, spellPath, type JsonPath } from './names-field.ts';
import { describeExchange, expectJudgeable } from './status.ts';

/** The value at `path` of `body` was accepted: 2xx; a refusal naming it fails, any other leaves the rule unjudged. */
export function expectValueAccepted(res: HttpResponse, body: unknown, path: JsonPath, what: string): void {
  expectJudgeable(res, what);
  if (res.status >= 200 && res.status < 300) return;
  const error = res.json();
  const naming = isObject(error) ? judgeNaming({ error, body, path, value: true }) : undefined;
  if (naming?.named)
    throw new RuleFailure(`${describeExchange(res)}: ${what}, but it was refused naming ${naming.as}`, {
      expected: `a 2xx taking ${spellPath(path)}`,
      actual: { status: res.status, detail: isObject(error) ? error.detail : error },
      exchange: res.exchange,
    });
  throw new TargetError(
    'nothing-judged',
    `${describeExchange(res)}: ${what}: refused for something other than ${spellPath(path)}, so its value is not judged`,
    res.exchange,
  );
}
