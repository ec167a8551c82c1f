// `GET V2/eventTypes` (spec 6): the event types the platform records, with the six of 18 April 2025.
import type { RequestContext } from '../context.ts';
import { EVENT_TYPES, type EventType } from '../enums.ts';
import { entityLinks } from '../links.ts';
import { listReply } from '../paging.ts';
import type { Route } from '../router.ts';

/** `AUTO_HEALING_REQUESTED_NODE_RESYNC` -> `Auto healing requested node resync.` */
const describe = (name: string) => `${name.charAt(0)}${name.slice(1).toLowerCase().replace(/_/g, ' ')}.`;

const eventTypeView = (ctx: RequestContext, type: EventType, inList: boolean) => ({
  alertable: type.alertable,
  description: describe(type.eventType),
  eventType: type.eventType,
  links: entityLinks(ctx, '/eventTypes', [], inList),
});

export const eventTypeRoutes: Route[] = [
  { path: '/eventTypes', methods: { GET: (ctx) => listReply(ctx, [...EVENT_TYPES], (t, inList) => eventTypeView(ctx, t, inList)) } },
];
