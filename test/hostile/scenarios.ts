// The hostile targets: each a set of faults on some requests (by method and path, optionally only the first few of
// each), the rules a run judges under them, and what each rule must come to. Faults reach some rules and leave
// others alone, so that a run shows both that a rule with corrupted evidence is an error naming its cause (never a
// pass, never a fail) and that the rules the fault does not touch still pass.
import type { TargetErrorCause } from '../../src/outcome.ts';
import { referenceProfile } from '../safety/live-target.ts';
import type { Fault, Scenario } from './fault-proxy.ts';

export interface Hostile {
  title: string;
  scenario: Scenario;
  /** Rules the run judges (each a --rule). */
  rules: string[];
  /** Rules the faults leave unjudged, each with the cause its errors must name. */
  errors: Record<string, TargetErrorCause>;
  /** Rules about the very thing a fault breaks (a list's shape, a media type), which the target then rightly fails. */
  fails?: string[];
  /** Every other rule of `rules` passes. */
}

/** A fault for requests whose "METHOD path" matches, only the first `first` of each method and path (with its query)
 * when given: each check's own request meets its faults whatever other checks sent to the same resource before. */
export function on(request: RegExp, fault: Fault, first = Infinity): Scenario {
  const seen = new Map<string, number>();
  return (req) => {
    const key = `${req.method} ${req.path}`;
    if (!request.test(key)) return undefined;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n < first ? fault : undefined;
  };
}

/** The first fault any of the scenarios gives. */
export function all(...scenarios: Scenario[]): Scenario {
  return (req) => scenarios.map((s) => s(req)).find((f) => f !== undefined);
}

const v2 = '/api/platform/v2';
const group = `${v2}/groups/[^/?]+`;
const eventTypes = new RegExp(`^GET ${v2}/eventTypes`);
// The events of the first project only: the empty project's lists (LIST-EMPTY-200) are left alone.
const firstProject = referenceProfile.projects.ids[0];
const events = new RegExp(`^GET ${v2}/groups/${firstProject}/events`);
const oneAlertConfig = new RegExp(`^GET ${group}/alertConfigs/[^/?]+$`);
const clusterLists = /^GET \/api\/platform\/(v2|v1\.0)\/groups\/[^/?]+\/clusters(\?|$)/;

export const hostiles: Hostile[] = [
  {
    title: 'connections reset mid-response, answers that never finish and answers that never start',
    scenario: all(
      on(oneAlertConfig, { kind: 'reset' }),
      on(events, { kind: 'drip' }),
      on(eventTypes, { kind: 'silence' }),
    ),
    rules: ['METH-PATCH-PARTIAL', 'EVT-EVENT-TYPE-NAME', 'EVT-TYPES-LIST', 'METH-405', 'LIST-EMPTY-200'],
    errors: { 'METH-PATCH-PARTIAL': 'reset', 'EVT-EVENT-TYPE-NAME': 'timeout', 'EVT-TYPES-LIST': 'timeout' },
  },
  {
    title: 'truncated bodies, bodies that are not JSON and a body of 2 MB',
    scenario: all(
      on(eventTypes, { kind: 'truncate' }),
      on(events, { kind: 'invalid-json' }),
      on(oneAlertConfig, { kind: 'huge' }),
    ),
    rules: ['EVT-TYPES-LIST', 'EVT-EVENT-TYPE-NAME', 'METH-PATCH-PARTIAL', 'METH-405', 'LIST-EMPTY-200'],
    errors: {
      'EVT-TYPES-LIST': 'invalid-json',
      'EVT-EVENT-TYPE-NAME': 'invalid-json',
      'METH-PATCH-PARTIAL': 'body-too-large',
    },
  },
  {
    title: 'JSON of the wrong type: an array for a created entity and for lists of clusters',
    scenario: all(
      on(new RegExp(`^POST ${group}/alertConfigs$`), { kind: 'wrong-type' }),
      on(clusterLists, { kind: 'wrong-type' }),
    ),
    rules: [
      'ALERTCFG-SEVERITY-OVERRIDE',
      'CLU-OPERATIONS',
      'PROJ-ID-AS-GROUP-ID',
      'LIST-SHAPE',
      'METH-405',
      'EVT-TYPES-LIST',
    ],
    errors: {
      'ALERTCFG-SEVERITY-OVERRIDE': 'wrong-type',
      'CLU-OPERATIONS': 'wrong-type',
      'PROJ-ID-AS-GROUP-ID': 'wrong-type',
    },
    // LIST-SHAPE is about the shape of lists: an array where a list belongs, read again the same, breaks it.
    fails: ['LIST-SHAPE'],
  },
  {
    title: 'a Content-Type sent twice with different values, and one left out',
    scenario: all(
      on(clusterLists, {
        kind: 'duplicate-header',
        name: 'content-type',
        values: ['application/vnd.platform.2023-02-01+json', 'text/html'],
      }),
      on(eventTypes, { kind: 'drop-header', name: 'content-type' }),
    ),
    rules: ['VER-RESPONSE-NAMES-VERSION', 'EVT-TYPES-LIST', 'CLU-OPERATIONS', 'PROJ-ID-AS-GROUP-ID'],
    errors: {},
    // The one rule here that judges the Content-Type of answers.
    fails: ['VER-RESPONSE-NAMES-VERSION'],
  },
];

/** Spec 7.2, 5xx: retry later. Judged with more than the statuses (test/hostile/hostile.test.ts). */
export const serverErrors: Hostile = {
  title: 'bursts of 503 that pass, 500s that persist, a 500 to a change and a 429',
  scenario: all(
    on(eventTypes, { kind: 'status', status: 503 }, 2),
    on(new RegExp(`^POST ${group}/alertConfigs$`), { kind: 'status', status: 503 }, 1),
    on(events, { kind: 'status', status: 500 }),
    on(new RegExp(`^PATCH ${group}/alertConfigs/[^/?]+$`), { kind: 'status', status: 500 }, 1),
    on(new RegExp(`^DELETE ${v2}/eventTypes$`), { kind: 'status', status: 429 }, 1),
  ),
  rules: [
    'EVT-TYPES-LIST',
    'METH-POST-CREATES',
    'EVT-EVENT-TYPE-NAME',
    'METH-PATCH-PARTIAL',
    'METH-405',
    'LIST-EMPTY-200',
  ],
  // A PATCH may have done its work before the 500, so it is not sent again; a 429 is the rate limit's to pace.
  errors: {
    'EVT-EVENT-TYPE-NAME': 'unexpected-status',
    'METH-PATCH-PARTIAL': 'unexpected-status',
    'METH-405': 'unexpected-status',
  },
};
