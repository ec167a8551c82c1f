// `GET V2/eventTypes` (spec 6): the event types the platform records, with the six of 18 April 2025.
import { extensionRel, type RequestContext } from '../context.ts';
import { EVENT_TYPES, type EventType } from '../enums.ts';
import { orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { listReply } from '../paging.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';

/** `AUTO_HEALING_REQUESTED_NODE_RESYNC` -> `Auto healing requested node resync.` */
const describe = (name: string) => `${name.charAt(0)}${name.slice(1).toLowerCase().replace(/_/g, ' ')}.`;

/** Each event type is an entity with its own URL (spec 2.2: self is the entity's own URL), linked to its list. */
const eventTypeView = (ctx: RequestContext, type: EventType, inList: boolean) => ({
  alertable: type.alertable,
  description: describe(type.eventType),
  // Mutant: the type's name is carried as `name`, not in the field that names event types.
  [ctx.mutants.has('EVT-TYPES-LIST') ? 'name' : 'eventType']: type.eventType,
  links: entityLinks(
    ctx,
    `/eventTypes/${encodeURIComponent(type.eventType)}`,
    [[extensionRel(ctx, 'eventTypes'), '/eventTypes']],
    inList,
  ),
});

/** Mutant: the list leaves out FTDC_SETTINGS_UPDATED, one of the six of 18 April 2025. */
const listedEventTypes = (ctx: RequestContext) =>
  ctx.mutants.has('EVT-TYPES-2025-04-18')
    ? EVENT_TYPES.filter((t) => t.eventType !== 'FTDC_SETTINGS_UPDATED')
    : [...EVENT_TYPES];

export const eventTypeRoutes: Route[] = [
  {
    path: '/eventTypes',
    list: true,
    methods: { GET: (ctx) => listReply(ctx, listedEventTypes(ctx), (t, inList) => eventTypeView(ctx, t, inList)) },
  },
  {
    path: '/eventTypes/{eventType}',
    methods: {
      GET: (ctx) =>
        entity(
          eventTypeView(
            ctx,
            orNotFound(
              EVENT_TYPES.find((t) => t.eventType === ctx.params.eventType),
              ctx.path,
            ),
            false,
          ),
        ),
    },
  },
];
