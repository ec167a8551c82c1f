// Spec 2.3: "An empty result set returns status 200 with an empty results array, not 404." A list read under contexts
// that exist is judged by what it answered: a 404 breaks the rule (an empty list not found), a 200 with an empty
// results array holds it, and a list with items, or one refused for another reason, leaves it unjudged.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { parsedBody } from './entities.ts';
import { isObject } from './json-walk.ts';
import { describeExchange, unjudgeable } from './status.ts';

/** What a list's answer shows: an empty list, items, a 200 without a results array, not found, or another status. */
export type ListAnswer = 'empty' | 'items' | 'no results' | 'not found' | 'other';

export function listAnswer(res: HttpResponse, resultsField: string): ListAnswer {
  if (res.status === 404) return 'not found';
  if (res.status !== 200) return 'other';
  const body = parsedBody(res);
  if (!isObject(body) || !Array.isArray(body[resultsField])) return 'no results';
  return body[resultsField].length === 0 ? 'empty' : 'items';
}

/** Judges the answer to a list whose contexts exist (`what`: the list, for the failure): throws a RuleFailure for a
 * 404, a TargetError for a 5xx or a 429; returns what the answer showed otherwise, 'empty' when it held the rule. */
export function checkEmptyList(res: HttpResponse, resultsField: string, what: string): ListAnswer {
  const answer = listAnswer(res, resultsField);
  if (unjudgeable(res))
    throw new TargetError('unexpected-status', `${describeExchange(res)} while reading ${what}`, res.exchange);
  if (answer !== 'not found') return answer;
  throw new RuleFailure(`${describeExchange(res)}: ${what}, under contexts that exist, are not found`, {
    expected: '200 with an empty results array',
    actual: res.status,
    exchange: res.exchange,
  });
}
