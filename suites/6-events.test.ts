// Spec 6: events. "The platform records events, and a resource eventTypes lists the event types." The field of an
// eventTypes item that names the type is not shown: the profile names it (eventTypes.nameField).
import { isObject } from '../src/judges/json-walk.ts';
import { resultsOf } from '../src/judges/list.ts';
import { added20250418, judgeNdsAuditEvents } from '../src/judges/nds-audit-events.ts';
import { describeExchange } from '../src/judges/status.ts';
import { expectServed } from '../src/harness/judged-answers.ts';
import { RuleFailure, skipFor } from '../src/outcome.ts';
import { firstProject } from '../src/target/projects.ts';
import { sharedItems } from '../src/probes/surface/paged-lists.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { check } from '../src/harness/check.ts';
import { sharedResponse } from '../src/probes/shared-response.ts';
import type { Target } from '../src/target/target.ts';

/** Every item of the eventTypes list, from the run's shared pages of it (the list rules read the same pages). */
const allEventTypes = (tally: Tally, t: Target): Promise<unknown[]> =>
  sharedItems(tally, t, { title: 'event types', generation: 'v2', path: t.v2('/eventTypes') });

// 6: "a resource eventTypes lists the event types".
check('EVT-TYPES-LIST', 'GET /eventTypes lists event types: every item names one', async ({ target, tally }) => {
  const items = await allEventTypes(tally, target);
  if (items.length === 0)
    throw new RuleFailure('the eventTypes list is empty', { expected: 'event types', actual: [] });
  const field = target.profile.eventTypes.nameField;
  const unnamed = items
    .map((item, i) => [i, item] as const)
    .filter(([, item]) => !isObject(item) || typeof item[field] !== 'string' || item[field] === '');
  if (unnamed.length > 0) {
    throw new RuleFailure(`${unnamed.length} of ${items.length} event types name no type in ${field}`, {
      expected: `every item with a non-empty string ${field}`,
      actual: unnamed.slice(0, 3).map(([i, item]) => ({ item: i, value: item })),
    });
  }
});

check(
  'EVT-TYPES-2025-04-18',
  'the eventTypes list holds the six event types added on 18 April 2025',
  async ({ target, tally }) => {
    const items = await allEventTypes(tally, target);
    // Whichever field names the type (EVT-TYPES-LIST judges which), the name is one of the item's values.
    const named = new Set(
      items.flatMap((item) => (isObject(item) ? Object.values(item).filter((v) => typeof v === 'string') : [])),
    );
    tally.judged('event type', items.length, '/eventTypes');
    const missing = added20250418.filter((name) => !named.has(name));
    if (missing.length > 0) {
      throw new RuleFailure(`the eventTypes list (${items.length} items) lacks ${missing.join(', ')}`, {
        expected: added20250418,
        actual: { missing },
      });
    }
  },
);

// 6: "Audit events of variant NDS Audits carry the property eventTypeName". An event is of that variant by its type:
// one of the six the spec names, or of the profile's events.ndsAuditTypes (the spec does not show the others).
check(
  'EVT-EVENT-TYPE-NAME',
  "every NDS Audits event of the first project's first page carries eventTypeName",
  async ({ target, tally }) => {
    const path = target.v2(`/groups/${firstProject(target)}/events`);
    const res = await sharedResponse(`events:${path}`, () => target.get(path));
    expectServed(tally, res, `GET ${path} is served`);
    const events = resultsOf(res, target.profile.paging);
    const { judged: audits, without } = judgeNdsAuditEvents(
      events,
      new Set([...added20250418, ...target.profile.events.ndsAuditTypes]),
    );
    if (audits === 0)
      skipFor(
        'projects.ids',
        `the first page of the first project's events (${events.length}) holds no event of the NDS Audits variant`,
      );
    tally.judged('NDS Audits event', audits, path);
    if (without.length > 0) {
      throw new RuleFailure(
        `${describeExchange(res)}: ${without.length} of ${audits} NDS Audits events carry no eventTypeName`,
        {
          expected: 'eventTypeName on every NDS Audits event',
          actual: without.slice(0, 3),
          exchange: res.exchange,
        },
      );
    }
  },
);
