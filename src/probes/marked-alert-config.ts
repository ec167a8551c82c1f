// Finding an alert configuration by the mark (a run name in a matcher value) it was created with, for the checks that
// must know whether a create took effect when its answer does not say (a refused create, an enveloped answer).
import { isObject } from '../judges/json-walk.ts';
import { describeExchange } from '../judges/status.ts';
import { TargetError } from '../outcome.ts';
import type { Target } from '../target/target.ts';

/** The id of the configuration of `collection` whose matchers carry `mark`, or undefined. */
export async function findMarkedAlertConfig(t: Target, collection: string, mark: string): Promise<string | undefined> {
  const p = t.profile.paging;
  const res = await t.get(collection, { query: { [p.itemsPerPageParam]: p.maxItemsPerPage } });
  if (res.status !== 200)
    throw new TargetError(
      'unexpected-status',
      `${describeExchange(res)}: the alert configurations of a project could not be listed`,
      res.exchange,
    );
  const body = res.json();
  const items = isObject(body) && Array.isArray(body[p.resultsField]) ? (body[p.resultsField] as unknown[]) : [];
  const marked = items.find(
    (i) => isObject(i) && Array.isArray(i.matchers) && i.matchers.some((m) => isObject(m) && m.value === mark),
  );
  return isObject(marked) && typeof marked.id === 'string' ? marked.id : undefined;
}
