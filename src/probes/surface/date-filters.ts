// The places the surface takes a date in a query parameter (spec 2.1: dates sent in query parameters must be
// ISO-8601, UTC when no zone is given): each list that filters by a window of dates, at every path the run reaches
// it (the events of each profile project and of its organization; the measurements of a database, where the crawl
// reached one), and every other GET the target's document names with a window of two dates, at the first few paths
// the run reached it at (with the values the document gives for what it requires), in the profile's projects and
// organization, where a valid window is served. The bounds' names are those the document gives, else the real
// service's.
import type { HttpResponse } from '../../http/messages.ts';
import { describeExchange, unjudgeable } from '../../judges/status.ts';
import { TargetError } from '../../outcome.ts';
import { dateBoundsAt, operationsAt, shapeOf, type Surface } from '../../surface/model.ts';
import { targetSurface } from '../../surface/target-surface.ts';
import { profileProjects } from '../../target/projects.ts';
import type { Target } from '../../target/target.ts';
import { contextsOf } from '../path-template.ts';
import { sharedResponse } from '../shared-response.ts';
import { fill, instancesPerList, listSurface, type Surface as ListSurface } from './lists.ts';

export interface DateFilter {
  title: string;
  /** Below the v2 base. */
  path: string;
  /** The parameters of the window's bounds, the earlier first. */
  bounds: readonly [from: string, to: string];
  /** Further parameters the request takes. */
  query: Record<string, string>;
  /** Whether a bound may be sent alone; otherwise both are, the other one valid. */
  alone: boolean;
  /** Whether /v1.0 serves it too: the events and measurements, which the spec names (9.4: /v1.0 serves the same
   * resources); not a place only the target's document names, which may be of a resource added since. */
  legacy: boolean;
}

const eventsTemplate = '/groups/{groupId}/events';
/** The real service's events of an organization, read where the target's surface serves them. */
const orgEventsTemplate = '/orgs/{orgId}/events';

/** The events, each dated by its `created`, so that a window tight around one selects it: those of each profile
 * project, and of the profile's organization where the surface has them and they serve a window of valid dates to
 * the owner (who need not be a member of the organization). The bounds' names are those the surface gives, else the
 * real service's. */
export async function eventLists(t: Target): Promise<DateFilter[]> {
  const surface = await targetSurface(t);
  const eventList = (title: string, template: string, path: string): DateFilter => ({
    title,
    path,
    bounds: dateBoundsAt(surface, template, ['minDate', 'maxDate']),
    query: {},
    alone: true,
    legacy: true,
  });
  const { orgId } = t.profile;
  const orgEvents =
    orgId && operationsAt(surface, orgEventsTemplate).some((o) => o.method === 'GET')
      ? await servedPlaces(t, [eventList('events of the organization', orgEventsTemplate, `/orgs/${orgId}/events`)])
      : [];
  return [...profileProjects(t).map((id) => eventList('events', eventsTemplate, `/groups/${id}/events`)), ...orgEvents];
}

/** The series with a point at every step of any window, so that a window anywhere shows a shift of its zone: the
 * measurements of a database where the crawl reached one. */
export async function seriesLists(t: Target): Promise<DateFilter[]> {
  const [surface, s] = await Promise.all([targetSurface(t), listSurface(t)]);
  return s.lists
    .filter((l) => l.title === 'measurements')
    .flatMap((l): DateFilter[] => {
      const values = s.existing(l.template, contextsOf(l.template).length);
      // The list's own parameters but the period, which the window of dates replaces.
      const query = Object.fromEntries([...new URLSearchParams(l.query)].filter(([name]) => name !== 'period'));
      return values
        ? [
            {
              title: 'measurements',
              path: fill(l.template, values),
              bounds: dateBoundsAt(surface, l.template, ['start', 'end']),
              query,
              alone: false,
              legacy: true,
            },
          ]
        : [];
    });
}

/** The events, the series and every other place the target's document dates that serves a window of valid dates. */
export async function dateFilters(t: Target): Promise<DateFilter[]> {
  const [surface, s, events, series] = await Promise.all([
    targetSurface(t),
    listSurface(t),
    eventLists(t),
    seriesLists(t),
  ]);
  const knownTemplates = [
    eventsTemplate,
    orgEventsTemplate,
    ...s.lists.filter((l) => l.title === 'measurements').map((l) => l.template),
  ];
  const others = documentedPlaces(surface, s.instances, knownTemplates);
  return [...events, ...series, ...(await servedPlaces(t, others))];
}

/** The places that serve a window of valid dates; a place that refuses it (a parameter it requires that the
 * document gives no value for, a resource the profile's credential does not reach) cannot show how it reads a
 * wrong date. A place that fails it (a 5xx or 429 after the client's own sendings again) could not be judged: the
 * rule errs there as at any other place, rather than leave out a place the surface names without a word. */
async function servedPlaces(t: Target, places: DateFilter[]): Promise<DateFilter[]> {
  const served = await Promise.all(places.map((f) => validWindow(t, f)));
  const failed = served.find((res) => unjudgeable(res));
  if (failed)
    throw new TargetError(
      'unexpected-status',
      `${describeExchange(failed)} while reading a window of valid dates, before sending a wrong one there`,
      failed.exchange,
    );
  return places.filter((_, i) => served[i]!.status === 200);
}

/** Every GET of the surface but the `known` lists that names two query parameters taking a date, at up to
 * `instancesPerList` of the paths the run reached it at (the profile's first project first), both bounds sent (the
 * document does not say whether one may go alone). */
export function documentedPlaces(surface: Surface, instances: ListSurface['instances'], known: string[]): DateFilter[] {
  return surface.operations
    .filter((o) => o.method === 'GET' && o.dateQuery?.length === 2)
    .filter((o) => !known.some((k) => shapeOf(k) === shapeOf(o.template)))
    .flatMap((o): DateFilter[] => {
      const bounds = dateBoundsAt(surface, o.template, o.dateQuery as [string, string]);
      const query = o.requiredQuery ?? {};
      return instances(o.template)
        .slice(0, instancesPerList)
        .map((values) => ({
          title: o.template,
          path: fill(o.template, values),
          bounds,
          query,
          alone: false,
          legacy: false,
        }));
    });
}

/** The answer to a window of the day before yesterday at a place. */
function validWindow(t: Target, f: DateFilter): Promise<HttpResponse> {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const query = { ...f.query, [f.bounds[0]]: iso(today - 2 * day), [f.bounds[1]]: iso(today - day) };
  return sharedResponse(`valid window:${f.path}`, () => t.get(t.v2(f.path), { query }));
}

const day = 86_400_000;
/** yyyy-mm-ddThh:mm:ssZ of an instant. */
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** The query of a request that sends `value` (naming `instant`) for the bound `param` of a filter: a bound that
 * cannot go alone has its partner valid, a day or two around the instant, so that only `value` can be wrong. */
export function boundQuery(f: DateFilter, param: string, value: string, instant: Date): Record<string, string> {
  const midnight = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const partner = f.alone
    ? {}
    : param === f.bounds[0]
      ? { [f.bounds[1]]: iso(midnight + 2 * day) }
      : { [f.bounds[0]]: iso(midnight - day) };
  return { ...f.query, ...partner, [param]: value };
}
