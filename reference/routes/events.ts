// Events of a project (spec 6): `GET /groups/{groupId}/events` with minDate/maxDate (ISO-8601, UTC when
// no zone is given, spec 2.1) and eventType filters, and `GET .../events/{eventId}`.
import { listInGroup, requireGroup } from '../authz.ts';
import { extensionRel, type RequestContext } from '../context.ts';
import { parseIsoDate } from '../dates.ts';
import { EVENT_TYPE_NAMES } from '../enums.ts';
import { invalidQueryParameter, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Event } from '../store.ts';

function eventView(ctx: RequestContext, event: Event, inList: boolean) {
  const group = `/groups/${event.groupId}`;
  const related: [string, string][] = [[extensionRel(ctx, 'group'), group]];
  if (event.clusterName) related.push([extensionRel(ctx, 'cluster'), `${group}/clusters/${encodeURIComponent(event.clusterName)}`]);
  return { ...event, links: entityLinks(ctx, `${group}/events/${event.id}`, related, inList), orgId: ctx.store.org.id };
}

function dateParameter(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  const date = parseIsoDate(text);
  if (!date) throw invalidQueryParameter(name);
  return date.getTime();
}

/** The events matching the query, newest first. */
function matchingEvents(ctx: RequestContext, groupId: string): Event[] {
  const min = dateParameter(ctx.query, 'minDate');
  const max = dateParameter(ctx.query, 'maxDate');
  const types = ctx.query.getAll('eventType');
  if (types.some((t) => !EVENT_TYPE_NAMES.has(t))) throw invalidQueryParameter('eventType');
  return ctx.store.events
    .filter((e) => e.groupId === groupId)
    .filter((e) => {
      const created = Date.parse(e.created);
      return (min === undefined || created >= min) && (max === undefined || created <= max) && (types.length === 0 || types.includes(e.eventTypeName));
    })
    .sort((a, b) => b.created.localeCompare(a.created));
}

export const eventRoutes: Route[] = [
  {
    path: '/groups/{groupId}/events',
    methods: { GET: (ctx) => listInGroup(ctx, (group) => matchingEvents(ctx, group.id), (e, inList) => eventView(ctx, e, inList)) },
  },
  {
    path: '/groups/{groupId}/events/{eventId}',
    methods: {
      GET: (ctx) => {
        const group = requireGroup(ctx, 'read');
        const event = ctx.store.events.find((e) => e.groupId === group.id && e.id === ctx.params.eventId);
        return entity(eventView(ctx, orNotFound(event, ctx.path), false));
      },
    },
  },
];
