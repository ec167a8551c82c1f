// Spec 2.3: list responses. The field names the spec does not show come from the profile (paging, links).
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import type { Profile } from '../profile/profile.ts';
import { describeExchange } from './status.ts';
import { isObject } from './json-walk.ts';

/** The results of a list response. A list without a results array cannot be paged, so every list rule fails on it;
 * JSON that is not an object at all leaves every rule but LIST-SHAPE unjudged (wrong-type). */
export function resultsOf(res: HttpResponse, paging: Profile['paging']): unknown[] {
  const results = res.jsonObject()[paging.resultsField];
  if (!Array.isArray(results)) {
    throw new RuleFailure(`${describeExchange(res)}: the list response has no ${paging.resultsField} array`, {
      expected: `${paging.resultsField}: an array`,
      actual: results,
      exchange: res.exchange,
    });
  }
  return results;
}

/** The total-count field as sent, or undefined when the response leaves it out. */
export function totalCountOf(res: HttpResponse, paging: Profile['paging']): unknown {
  const body = res.jsonObject();
  return Object.hasOwn(body, paging.totalCountField) ? body[paging.totalCountField] : undefined;
}

/** LIST-SHAPE: the total count (an integer, at least 0; judged where `count`, the count switched on), results (an
 * array of entities), links (one to three relations). */
export function checkListShape(res: HttpResponse, profile: Pick<Profile, 'paging' | 'links'>, count = true): void {
  const body = res.json();
  if (!isObject(body)) {
    throw new RuleFailure(`${describeExchange(res)}: a list response is not a JSON object`, {
      expected: 'an object',
      actual: body,
      exchange: res.exchange,
    });
  }
  const { totalCountField, resultsField } = profile.paging;
  const { relField, hrefField } = profile.links;
  const problems: string[] = [];
  const total = body[totalCountField];
  if (count && (!Number.isInteger(total) || (total as number) < 0))
    problems.push(`${totalCountField} is ${JSON.stringify(total) ?? 'missing'}, not an integer of at least 0`);
  const results = body[resultsField];
  if (!Array.isArray(results)) problems.push(`${resultsField} is not an array`);
  else if (!results.every(isObject))
    problems.push(`${resultsField} holds something other than entities (JSON objects)`);
  const links = body.links;
  if (!Array.isArray(links)) problems.push('links is not an array');
  else {
    if (links.length < 1 || links.length > 3) problems.push(`links holds ${links.length} relations, not one to three`);
    if (!links.every((l) => isObject(l) && typeof l[relField] === 'string' && typeof l[hrefField] === 'string')) {
      problems.push(`a link is not an object with string ${relField} and ${hrefField}`);
    }
  }
  if (problems.length) {
    throw new RuleFailure(`${describeExchange(res)}: ${problems.join('; ')}`, {
      expected: `{${totalCountField}: integer >= 0, ${resultsField}: [entities], links: 1 to 3 relations}`,
      actual: {
        [totalCountField]: total,
        [resultsField]: Array.isArray(results) ? `${results.length} items` : results,
        links,
      },
      exchange: res.exchange,
    });
  }
}

/** LIST-INCLUDE-COUNT with the count switched on: the total-count field is the size of the whole result set. */
export function checkCountOn(res: HttpResponse, paging: Profile['paging'], total: number): void {
  const count = totalCountOf(res, paging);
  if (count !== total) {
    throw new RuleFailure(
      `${describeExchange(res)}: with ${paging.includeCountParam}=true, ${paging.totalCountField} is ${JSON.stringify(count) ?? 'missing'}, not the ${total} items of the result set`,
      {
        expected: total,
        actual: count ?? 'missing',
        exchange: res.exchange,
      },
    );
  }
}

/** LIST-INCLUDE-COUNT with the count switched off: the field is absent, 0, or either, as the profile's countOffValue says. */
export function checkCountOff(res: HttpResponse, paging: Profile['paging']): void {
  const count = totalCountOf(res, paging);
  const allowed: unknown[] = { absent: [undefined], zero: [0], 'absent-or-zero': [undefined, 0] }[paging.countOffValue];
  if (!allowed.includes(count)) {
    throw new RuleFailure(
      `${describeExchange(res)}: with ${paging.includeCountParam}=false, ${paging.totalCountField} is ${JSON.stringify(count)}, not ${paging.countOffValue}`,
      {
        expected: paging.countOffValue,
        actual: count ?? 'absent',
        exchange: res.exchange,
      },
    );
  }
}

/** The identity of a list item: its id, or the whole item where items have none (event types). */
export function itemKey(item: unknown): string {
  if (isObject(item) && typeof item.id === 'string') return item.id;
  return JSON.stringify(item, (_k, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
