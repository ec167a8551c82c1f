// Events of a project (spec 6): `GET /groups/{groupId}/events` with minDate/maxDate (ISO-8601, UTC when
// no zone is given, spec 2.1) and eventType filters, and `GET .../events/{eventId}`; and those of an organization
// (real service: `GET /orgs/{orgId}/events`, the same filters), here the events of its projects the caller sees.
import { listInGroup, requireGroup, visibleGroups } from '../authz.ts';
import { extensionRel, type RequestContext } from '../context.ts';
import { parseIsoDate } from '../dates.ts';
import { EVENT_TYPE_NAMES } from '../enums.ts';
import { invalidQueryParameter, notFound, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import { listReply } from '../paging.ts';
import { requireOrg } from './orgs.ts';
import type { Event } from '../store.ts';

function eventView(ctx: RequestContext, event: Event, inList: boolean) {
  const group = `/groups/${event.groupId}`;
  const related: [string, string][] = [[extensionRel(ctx, 'group'), group]];
  if (event.clusterName)
    related.push([extensionRel(ctx, 'cluster'), `${group}/clusters/${encodeURIComponent(event.clusterName)}`]);
  const links = entityLinks(ctx, `${group}/events/${event.id}`, related, inList);
  // Mutant: a single event's relations other than self have no target URL.
  const shown =
    !inList && ctx.mutants.has('LINK-ARRAY') ? links.map((l) => (l.rel === 'self' ? l : { rel: l.rel })) : links;
  // Mutant: events carry their type as eventType, not eventTypeName; or only those listed in a window of dates.
  const { eventTypeName, ...rest } = event;
  const windowed = inList && (ctx.query.has('minDate') || ctx.query.has('maxDate'));
  const renamed =
    ctx.mutants.has('EVT-EVENT-TYPE-NAME') || (windowed && ctx.mutants.has('EVT-EVENT-TYPE-NAME:date-window'));
  const typed = renamed ? { ...rest, eventType: eventTypeName } : event;
  // Mutant: events name their organization in groupId, not their project.
  const grouped = ctx.mutants.has('PROJ-ID-AS-GROUP-ID') ? { groupId: ctx.store.org.id } : {};
  return { ...typed, ...grouped, links: shown, orgId: ctx.store.org.id };
}

/** A date-time that names its zone (Z or an offset). */
const ZONED = /T.*(?:Z|[+-]\d{2}:?\d{2})$/;

/** Mutant: a date whose day is checked against 31 only, not its month's length, rolled over into the next month
 * (the 30th of February read as the 2nd of March). */
function rolledOver(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(text);
  if (!m || +m[2]! < 1 || +m[2]! > 12 || +m[3]! < 1 || +m[3]! > 31 || +m[4]! > 23 || +m[5]! > 59 || +m[6]! > 59)
    return undefined;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

function dateParameter(ctx: RequestContext, name: string, orgWide: boolean): number | undefined {
  const text = ctx.query.get(name);
  if (text === null) return undefined;
  // Mutant: maxDate takes whatever JavaScript's Date.parse reads, not only ISO-8601; or an organization's minDate.
  const loose =
    (name === 'maxDate' && ctx.mutants.has('ENT-DATES-INPUT-ISO')) ||
    (name === 'minDate' && orgWide && ctx.mutants.has('ENT-DATES-INPUT-ISO:org-events'));
  const lenient = loose && !Number.isNaN(Date.parse(text));
  const rolled = ctx.mutants.has('ENT-DATES-INPUT-ISO:month-end') ? rolledOver(text) : undefined;
  const date = parseIsoDate(text) ?? rolled ?? (lenient ? new Date(Date.parse(text)) : undefined);
  if (!date) throw invalidQueryParameter(name);
  // Mutant: a date without a zone is read as UTC-05:00, not UTC; or only in an organization's events, or under /v1.0.
  const shifted =
    ctx.mutants.has('ENT-DATES-DEFAULT-UTC') ||
    (orgWide && ctx.mutants.has('ENT-DATES-DEFAULT-UTC:org-events')) ||
    (ctx.generation === 'v1.0' && ctx.mutants.has('ENT-DATES-DEFAULT-UTC:legacy-events'));
  const offset = !ZONED.test(text) && shifted ? 5 * 3_600_000 : 0;
  return date.getTime() + offset;
}

/** The events of the projects `groupIds` matching the query, newest first; `orgWide` for an organization's. */
function matchingEvents(ctx: RequestContext, groupIds: string[], orgWide = false): Event[] {
  const min = dateParameter(ctx, 'minDate', orgWide);
  const max = dateParameter(ctx, 'maxDate', orgWide);
  const types = ctx.query.getAll('eventType');
  if (types.some((t) => !EVENT_TYPE_NAMES.has(t))) throw invalidQueryParameter('eventType');
  return ctx.store.events
    .filter((e) => groupIds.includes(e.groupId))
    .filter((e) => {
      const created = Date.parse(e.created);
      return (
        (min === undefined || created >= min) &&
        (max === undefined || created <= max) &&
        (types.length === 0 || types.includes(e.eventTypeName))
      );
    })
    .sort((a, b) => b.created.localeCompare(a.created));
}

/** Mutant: with a page size below the default, an explicit page number counts from 0 (page 1 answers the second page). */
function pagedFromZero(ctx: RequestContext): RequestContext {
  const pageNum = ctx.query.get('pageNum');
  const small = Number(ctx.query.get('itemsPerPage') ?? 100) < 100;
  if (pageNum === null || !/^\d+$/.test(pageNum) || !small || !ctx.mutants.has('LIST-PAGE-1-BASED')) return ctx;
  const query = new URLSearchParams(ctx.query);
  query.set('pageNum', String(Number(pageNum) + 1));
  return { ...ctx, query };
}

export const eventRoutes: Route[] = [
  {
    path: '/groups/{groupId}/events',
    list: true,
    dateQuery: ['minDate', 'maxDate'],
    methods: {
      GET: (ctx) =>
        listInGroup(
          pagedFromZero(ctx),
          (group) => {
            // Mutant: the unfiltered events of a project that never logged one are 404 (filtered, they are 200 and empty).
            const filtered = ['minDate', 'maxDate', 'eventType'].some((name) => ctx.query.has(name));
            const none = !ctx.store.events.some((e) => e.groupId === group.id);
            if (none && !filtered && ctx.mutants.has('LIST-EMPTY-200:events')) throw notFound(ctx.path);
            return matchingEvents(ctx, [group.id]);
          },
          (e, inList) => eventView(ctx, e, inList),
        ),
    },
  },
  {
    path: '/orgs/{orgId}/events',
    list: true,
    dateQuery: ['minDate', 'maxDate'],
    methods: {
      GET: (ctx) => {
        // Mutant: the events of an organization are those of the projects its id names, whether it exists or not.
        const unchecked =
          ctx.mutants.has('LIST-MISSING-CONTEXT-404:org-events') && ctx.params.orgId !== ctx.store.org.id;
        const orgId = unchecked ? ctx.params.orgId : requireOrg(ctx).id;
        const groups = visibleGroups(ctx).filter((g) => g.orgId === orgId);
        return listReply(
          ctx,
          matchingEvents(
            ctx,
            groups.map((g) => g.id),
            true,
          ),
          (e, inList) => eventView(ctx, e, inList),
        );
      },
    },
  },
  {
    path: '/groups/{groupId}/events/{eventId}',
    methods: {
      GET: (ctx) => {
        // Mutant: one event is read without any grant on its project.
        const group = ctx.mutants.has('AUTH-NO-GRANT:event')
          ? orNotFound(
              ctx.store.groups.find((g) => g.id === ctx.params.groupId),
              ctx.path,
            )
          : requireGroup(ctx, 'read');
        const event = ctx.store.events.find((e) => e.groupId === group.id && e.id === ctx.params.eventId);
        return entity(eventView(ctx, orNotFound(event, ctx.path), false));
      },
    },
  },
];
