// Spec 2.1 Dates: "Dates in responses are ISO-8601 strings in UTC. Dates sent (query parameters, or fields in POST
// or PATCH bodies) must be ISO-8601. When no time zone is given, UTC is assumed." BSON timestamps: "a JSON object
// with two fields: date (ISO-8601 string, UTC, granularity one second) and increment (32-bit integer)".
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { bsonProblem, bsonTimestamps, datesIn, isUtcDate } from '../src/judges/dates.ts';
import { parsedBody } from '../src/judges/entities.ts';
import { expectServed, expectStatus } from '../src/harness/judged-answers.ts';
import { describeExchange } from '../src/judges/status.ts';
import { notApplicableFor, RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { crawl, entityGaps, noneReached } from '../src/probes/crawl.ts';
import { coveringItems, judgeEach } from '../src/harness/coverage-first.ts';
import { deleteCreated, noteCreated } from '../src/target/created.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { check } from '../src/harness/check.ts';
import { legacyReads } from '../src/probes/surface/kinds.ts';
import { dateFields, type DateField } from '../src/probes/surface/date-fields.ts';
import {
  boundQuery,
  dateFilters,
  eventLists,
  seriesLists,
  type DateFilter,
} from '../src/probes/surface/date-filters.ts';
import { writeAnswers } from '../src/probes/surface/write-answers.ts';
import type { Target } from '../src/target/target.ts';
import type { Tally } from '../src/harness/coverage.ts';
import type { Generation } from '../src/generation.ts';
import type { RequestSpec } from '../src/http/messages.ts';
import { caseGeneration, inGeneration, sendServed } from '../src/probes/resource-versions.ts';

const pathOf = (res: HttpResponse): string => new URL(res.exchange.request.url).pathname;

/** Every answer with dates to judge: the crawl's, each kind of resource under /v1.0, and the answers to writes (a
 * created or changed entity's dates). */
const answers = async (t: Target, c: Awaited<ReturnType<typeof crawl>>) => [
  ...c.responses.map(({ res }) => res),
  ...(await legacyReads(t)),
  ...(await writeAnswers(t)).map((a) => a.res),
];

check(
  'ENT-DATES-UTC',
  'every date, at any depth and of any JSON type, in every response reached, each kind of resource under /v1.0 and the answers to writes is ISO-8601 in UTC (with the T, and Z or +00:00)',
  async ({ target, tally }) => {
    const c = await crawl();
    const dates = (await answers(target, c)).flatMap((res) => datesIn(parsedBody(res)).map((d) => ({ res, ...d })));
    if (dates.length === 0) noneReached(c, target, 'date');
    judgeAll(
      tally,
      'date',
      dates,
      ({ res, path, value }) => {
        if (!isUtcDate(value)) {
          throw new RuleFailure(
            `${describeExchange(res)}: a date not in ISO-8601 UTC: ${path} = ${JSON.stringify(value)}`,
            {
              expected: 'yyyy-mm-ddThh:mm[:ss[.f]]Z (or +00:00)',
              actual: { path, value },
              exchange: res.exchange,
            },
          );
        }
      },
      { place: ({ res }) => pathOf(res), cut: entityGaps(c) },
    );
  },
);

check(
  'ENT-BSON-TIMESTAMP',
  'every BSON timestamp in every response reached and each kind of resource under /v1.0 is {date, increment}: a UTC date to the second and a 32-bit integer',
  async ({ target, tally }) => {
    const c = await crawl();
    const found = [...c.responses.map(({ res }) => res), ...(await legacyReads(target))].flatMap((res) =>
      bsonTimestamps(parsedBody(res)).map((ts) => ({ res, ...ts })),
    );
    if (found.length === 0) noneReached(c, target, 'BSON timestamp (restore jobs carry them)');
    judgeAll(
      tally,
      'BSON timestamp',
      found,
      ({ res, path, value }) => {
        const problem = bsonProblem(value);
        if (problem) {
          throw new RuleFailure(`${describeExchange(res)}: the BSON timestamp at ${path}: ${problem}`, {
            expected: '{date: "yyyy-mm-ddThh:mm:ssZ", increment: 32-bit integer}',
            actual: value,
            exchange: res.exchange,
          });
        }
      },
      { place: ({ res }) => pathOf(res), cut: entityGaps(c) },
    );
  },
);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** The day after the last day of a month (UTC), given by its year and its index from 0. */
const pastEnd = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate() + 1;
/** A day past the end of a month: of February where the instant's day could be a month (29, or 30 in a leap year),
 * else of the instant's own month (31 or 32): a calendar's edge and the day's range's. */
function pastMonthEnd(d: Date): string {
  const [year, month] = [d.getUTCFullYear(), d.getUTCDate() <= 12 ? 1 : d.getUTCMonth()];
  return `${year}-${pad(month + 1)}-${pad(pastEnd(year, month))}T00:00:00Z`;
}
/** Renderings of an instant that are not ISO-8601, as clients get them wrong. */
const notIso: Record<string, (d: Date) => string> = {
  'month/day/year': (d) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`,
  'year/month/day': (d) => `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`,
  'day.month.year': (d) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`,
  'HTTP date': (d) => d.toUTCString(),
  'month name': (d) =>
    d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  'month 13': (d) => `${d.getUTCFullYear()}-13-${pad(d.getUTCDate())}T00:00:00Z`,
  "day past the month's end": pastMonthEnd,
  'hour 25': (d) => `${d.toISOString().slice(0, 10)}T25:00:00Z`,
  'zone as a word': (d) => `${d.toISOString().slice(0, 19)} UTC`,
  'trailing text': (d) => `${d.toISOString()}later`,
};

const day = 86_400_000;

// "Dates sent (query parameters ...) must be ISO-8601": a date that is not is a malformed request (7.2: 400). Every
// list that filters by date (src/suite/surface/date-filters.ts) gets each wrong form in each bound twice, once on a
// day that could also be a month (1-12) and once on one that could not, every form before a second date of any,
// spread over the places each list is reached at; the instants are drawn from the run's seed.
check(
  'ENT-DATES-INPUT-ISO',
  'a date bound not in ISO-8601 sent to every list that filters by date (events, measurements, every GET the document dates, in the profile projects and organization) is 400',
  async ({ target, tally }) => {
    const filters = await dateFilters(target);
    const titles = [...new Set(filters.map((f) => f.title))];
    const forms = titles.flatMap((title) =>
      filters
        .find((f) => f.title === title)!
        .bounds.flatMap((param) =>
          Object.keys(notIso).flatMap((form) => [
            { title, param, form, monthLike: true },
            { title, param, form, monthLike: false },
          ]),
        ),
    );
    // Every wrong form reaches every bound of every list (the places: the rule quantifies over them); the cases beyond
    // those vary the day.
    const chosen = coveringItems(
      forms,
      { key: (c) => `${c.title} ${c.param} ${c.form} ${c.monthLike}`, kind: (c) => `${c.title} ${c.param} ${c.form}` },
      target.setup,
    );
    const instants = fc.sample(
      fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
      { seed: target.setup.seed, numRuns: chosen.length },
    );
    const cases = chosen.map((c, i) => {
      const d = new Date(instants[i]!);
      d.setUTCDate(c.monthLike ? 1 + (d.getUTCDate() % 12) : 13 + (d.getUTCDate() % 16));
      const places = filters.filter((f) => f.title === c.title);
      const f = places[i % places.length]!;
      // Each place's cases in turns of generation, where /v1.0 serves it too.
      const generation = f.legacy ? caseGeneration(target.setup.seed, Math.floor(i / places.length)) : 'v2';
      return { ...c, f, generation, query: boundQuery(f, c.param, notIso[c.form]!(d), d) };
    });
    await judgeEach(cases, async ({ f, param, form, query, ...c }) => {
      const { res, generation } = await sendServed(target, c.generation, f.path, { method: 'GET', query });
      tally.judged('date sent', 1, `${generation} ${f.title} ${param} ${form}`);
      expectStatus(tally, res, 400, `${f.title} (/${generation}): ${param}=${query[param]} (${form}) is refused`);
    });
  },
);

// "Dates sent (query parameters, or fields in POST or PATCH bodies) must be ISO-8601", and refused they change
// nothing: every body that takes a date (src/probes/surface/date-fields.ts: a POST that adds an entry, a PATCH that
// changes an open alert) gets each wrong form once, of an instant one to six days ahead (drawn from the run's seed),
// and the entry it would have added must not be there, the alert it would have changed must be as it was. A live
// alert closes when its condition ends, and a target may then refuse or clear its acknowledgement whatever the date:
// from an alert read back no longer open, its sends stop, listed in the coverage as not judged.
check(
  'ENT-DATES-INPUT-ISO',
  "a date not in ISO-8601 in a POST or PATCH body (an access-list entry's deleteAfterDate, an open alert's acknowledgedUntil) is 400 and changes nothing",
  async ({ target, tally }) => {
    const fields = await dateFields(target);
    if (fields.length === 0)
      notApplicableFor(
        'endpoints.accessList',
        'the profile says the target offers no access list, and no alert of the project is open: no body takes a date',
      );
    const forms = Object.keys(notIso);
    const days = fc.sample(fc.integer({ min: 1, max: 6 }), { seed: target.setup.seed, numRuns: forms.length });
    // The generations in turns, the fields' turns apart: each form reaches both in a run of two fields.
    const cases = fields.flatMap((f, i) =>
      forms.map((form, n) => ({
        f,
        form,
        n,
        generation: caseGeneration(target.setup.seed, n + i),
        value: notIso[form]!(new Date(Date.now() + days[n]! * day)),
      })),
    );
    // Why a field's entity can no longer be judged (an alert that closed): its sends stop there.
    const gone = new Map<DateField, string>();
    await judgeEach(cases, async ({ f, form, n, value, ...c }) => {
      const before = gone.get(f);
      if (before !== undefined) return tally.left('date sent', `${f.title}: ${before}`);
      const { res, path, generation } = await f.send(value, n, c.generation);
      const sent = `${f.title} (/${generation}): ${f.field}=${value} (${form})`;
      let taken = res.status < 300;
      try {
        const after = await target.get(path);
        const why = f.gone(after);
        if (why !== undefined) {
          gone.set(f, why);
          return tally.left('date sent', `${f.title}: ${why}`);
        }
        const shown = f.taken(after, path);
        taken ||= shown !== undefined;
        tally.judged('date sent', 1, `${generation} ${f.title} ${form}`);
        expectStatus(tally, res, 400, `${sent} is refused`);
        if (shown) {
          const { what, ...details } = shown;
          throw new RuleFailure(`${sent} was refused with 400, yet ${what}`, { ...details, exchange: after.exchange });
        }
        expectStatus(tally, after, f.untouched, `the refused ${f.title} left ${path} as it was`);
      } finally {
        if (taken) await f.undo(path);
      }
    });
  },
);

/** yyyy-mm-ddThh:mm:ss of an instant, in UTC, without a zone. */
const zoneless = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** One window of a list read twice, its bounds (`query`) with Z and without a zone, in `generation` where that serves
 * the list (else under /v2: `sendServed`), each answer 200 (`served` says what). */
async function zoneTwins(
  tally: Tally,
  target: Target,
  generation: Generation,
  path: string,
  query: (zone: string) => RequestSpec['query'],
  served: string,
) {
  const twin = await sendServed(target, generation, path, { method: 'GET', query: query('Z') });
  expectStatus(tally, twin.res, 200, served);
  const at = inGeneration(target, twin.generation, path);
  const without = await target.send({ method: 'GET', query: query(''), ...at });
  expectStatus(tally, without, 200, served);
  return { withZ: twin.res, without, generation: twin.generation, path: at.path };
}

// "When no time zone is given, UTC is assumed": a window without zones selects what its Z twin selects. Each window
// lies tight around one event of the profile's projects or organization (from a minute before it to a minute after),
// so that a zone other than UTC, shifting the window by its offset, moves that event out; the events are taken
// distinct, every list first, as many as the run's cases per property, and end in the past (so that events other
// checks cause meanwhile fall outside both windows).
check(
  'ENT-DATES-DEFAULT-UTC',
  'events between two dates without a zone, tight around distinct events (of each profile project and the organization), are those of the same dates with Z',
  async ({ target, tally }) => {
    const p = target.profile.paging;
    const pageQuery = { [p.itemsPerPageParam]: p.maxItemsPerPage };
    const events: { f: DateFilter; created: number }[] = [];
    for (const f of await eventLists(target)) {
      const listed = await target.get(target.v2(f.path), { query: pageQuery });
      if (listed.status !== 200)
        throw new TargetError(
          'unexpected-status',
          `${describeExchange(listed)}: the events to place date windows around could not be listed`,
          listed.exchange,
        );
      const created = ((listed.jsonObject()[p.resultsField] as Record<string, unknown>[] | undefined) ?? [])
        .map((e) => Date.parse(String(e.created)))
        .filter((ms) => Number.isFinite(ms) && ms < Date.now() - 86_400_000);
      events.push(...created.map((ms) => ({ f, created: ms })));
    }
    if (events.length === 0)
      skipFor(
        'projects.ids',
        'neither a profile project nor the organization lists an event older than a day to place date windows around',
      );
    const around = coveringItems(
      events,
      { key: (e) => `${e.f.path} ${Math.floor(e.created / 1000)}`, kind: (e) => e.f.path },
      target.setup,
    );
    // The windows in turns of generation (spec 9.4: /v1.0 serves the events too).
    const windows = around.map((e, k) => ({ ...e, generation: caseGeneration(target.setup.seed, k) }));
    await judgeEach(windows, async ({ f, created, ...c }) => {
      const start = Math.floor(created / 1000) * 1000 - 60_000;
      const end = start + 121_000;
      const [from, to] = f.bounds;
      const { withZ, without, generation, path } = await zoneTwins(
        tally,
        target,
        c.generation,
        f.path,
        (zone) => ({ ...pageQuery, [from]: zoneless(start) + zone, [to]: zoneless(end) + zone }),
        'events between two dates are listed',
      );
      const results = (res: typeof withZ) => res.jsonObject()[p.resultsField];
      tally.judged('date window', 1, path);
      if (!isDeepStrictEqual(results(without), results(withZ))) {
        throw new RuleFailure(
          `${f.title} (/${generation}): dates without a zone (${zoneless(start)} to ${zoneless(end)}) select other events than the same dates with Z (UTC assumed)`,
          {
            expected: results(withZ),
            actual: results(without),
            exchange: without.exchange,
          },
        );
      }
    });
  },
);

/** The answer without its links, which may echo the query as sent. */
const withoutLinks = (res: HttpResponse) =>
  Object.fromEntries(Object.entries(res.jsonObject()).filter(([k]) => k !== 'links'));

// "When no time zone is given, UTC is assumed", on every list that answers a series for any window (measurements):
// a window of six hours on each of the two days before today, sent without zones, is answered as its Z twin.
check(
  'ENT-DATES-DEFAULT-UTC',
  'a series between two dates without a zone (measurements) is the series of the same dates with Z',
  async ({ target, tally }) => {
    const series = await seriesLists(target);
    if (series.length === 0)
      noneReached(await crawl(), target, 'database of a process, whose measurements are a series between two dates');
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    // The two days in turns of generation (spec 9.4: /v1.0 serves the measurements too).
    const windows = series.flatMap((f) =>
      [1, 2].map((days) => ({ f, start: hour - days * day, generation: caseGeneration(target.setup.seed, days) })),
    );
    await judgeEach(windows, async ({ f, start, ...c }) => {
      const { withZ, without, generation, path } = await zoneTwins(
        tally,
        target,
        c.generation,
        f.path,
        (zone) => ({
          ...f.query,
          [f.bounds[0]]: zoneless(start) + zone,
          [f.bounds[1]]: zoneless(start + 6 * 3_600_000) + zone,
        }),
        `the ${f.title} between two dates are served`,
      );
      tally.judged('date window', 1, path);
      if (!isDeepStrictEqual(withoutLinks(without), withoutLinks(withZ))) {
        throw new RuleFailure(
          `${f.title} (/${generation}): dates without a zone (${zoneless(start)} for six hours) are answered otherwise than the same dates with Z (UTC assumed)`,
          {
            expected: withoutLinks(withZ),
            actual: withoutLinks(without),
            exchange: without.exchange,
          },
        );
      }
    });
  },
);

/** The instant of a date read back; one without a zone is taken as UTC (whether it names its zone is ENT-DATES-UTC's). */
const instantOf = (text: string) => Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);

// "When no time zone is given, UTC is assumed", in a POST body: a date sent without a zone, two days ahead, is read
// back as that instant in UTC, in every body that takes a date.
check(
  'ENT-DATES-DEFAULT-UTC',
  "a date without a zone in a POST body (an access-list entry's deleteAfterDate) is read back as that date in UTC",
  async ({ target, tally }) => {
    // A POST only: a PATCH a conforming target takes changes an entity that exists (an alert acknowledged), which an
    // interrupted run could not put back.
    const fields = await dateFields(target, ['POST']);
    if (fields.length === 0)
      notApplicableFor(
        'endpoints.accessList',
        'the profile says the target offers no access list, the POST body that takes a date',
      );
    // Apart from the entries ENT-DATES-INPUT-ISO adds (one per wrong form).
    const n = Object.keys(notIso).length;
    const sends = fields.map((f, i) => ({ f, generation: caseGeneration(target.setup.seed, i) }));
    await judgeEach(sends, async ({ f, ...c }) => {
      const instant = Math.floor(Date.now() / 1000) * 1000 + 2 * day;
      const { res, path, generation } = await f.send(zoneless(instant), n, c.generation);
      // Noted before the answer is judged, so that whatever it was the entry is deleted.
      const entity = noteCreated(target, path);
      try {
        expectServed(tally, res, `${f.title} with ${f.field}=${zoneless(instant)} is added`);
        const read = await target.get(path);
        expectStatus(tally, read, 200, `the added ${f.title} is read back`);
        const back = read.jsonObject()[f.field];
        tally.judged('date sent', 1, `${generation} ${f.title}`);
        if (typeof back !== 'string' || instantOf(back) !== instant) {
          throw new RuleFailure(
            `${f.title} (/${generation}): ${f.field} sent as ${zoneless(instant)} (no zone) is read back as ${JSON.stringify(back)}, not ${zoneless(instant)}Z (UTC assumed)`,
            {
              expected: `${zoneless(instant)}Z`,
              actual: back,
              exchange: read.exchange,
            },
          );
        }
      } finally {
        await deleteCreated(target, entity);
      }
    });
  },
);
