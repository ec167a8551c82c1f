// Spec 2.1 Dates: "Dates in responses are ISO-8601 strings in UTC. Dates sent (query parameters, or fields in POST
// or PATCH bodies) must be ISO-8601. When no time zone is given, UTC is assumed." BSON timestamps: "a JSON object
// with two fields: date (ISO-8601 string, UTC, granularity one second) and increment (32-bit integer)".
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { bsonProblem, bsonTimestamps, datesIn, isUtcDate } from '../src/judges/dates.ts';
import { parsedBody } from '../src/judges/entities.ts';
import { describeExchange, expectStatus } from '../src/judges/status.ts';
import { RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import { judged } from '../src/harness/coverage.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { crawl, entityGaps, noneReached } from '../src/probes/crawl.ts';
import { coverageFirst, judgeEach } from '../src/harness/coverage-first.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { profileProjects } from '../src/target/projects.ts';
import { check } from '../src/harness/check.ts';
import { legacyReads } from '../src/probes/surface/kinds.ts';
import { writeAnswers } from '../src/probes/surface/write-answers.ts';
import { spreadProjects } from '../src/target/work-project.ts';
import type { Target } from '../src/target/target.ts';

const pathOf = (res: HttpResponse): string => new URL(res.exchange.request.url).pathname;

/** Every answer with dates to judge: the crawl's, each kind of resource under /v1.0, and the answers to writes (a
 * created or changed entity's dates). */
const answers = async (t: Target, c: Awaited<ReturnType<typeof crawl>>) =>
  [...c.responses.map(({ res }) => res), ...await legacyReads(t), ...(await writeAnswers(t)).map((a) => a.res)];

check('ENT-DATES-UTC', 'every date, at any depth and of any JSON type, in every response reached, each kind of resource under /v1.0 and the answers to writes is ISO-8601 in UTC (with the T, and Z or +00:00)', async ({ target }) => {
  const c = await crawl();
  const dates = (await answers(target, c)).flatMap((res) => datesIn(parsedBody(res)).map((d) => ({ res, ...d })));
  if (dates.length === 0) noneReached(c, target, 'date');
  judgeAll('date', dates, ({ res, path, value }) => {
    if (!isUtcDate(value)) {
      throw new RuleFailure(`${describeExchange(res)}: a date not in ISO-8601 UTC: ${path} = ${JSON.stringify(value)}`, {
        expected: 'yyyy-mm-ddThh:mm[:ss[.f]]Z (or +00:00)', actual: { path, value }, exchange: res.exchange,
      });
    }
  }, { place: ({ res }) => pathOf(res), cut: entityGaps(c) });
});

check('ENT-BSON-TIMESTAMP', 'every BSON timestamp in every response reached and each kind of resource under /v1.0 is {date, increment}: a UTC date to the second and a 32-bit integer', async ({ target }) => {
  const c = await crawl();
  const found = [...c.responses.map(({ res }) => res), ...await legacyReads(target)].flatMap((res) => bsonTimestamps(parsedBody(res)).map((ts) => ({ res, ...ts })));
  if (found.length === 0) noneReached(c, target, 'BSON timestamp (restore jobs carry them)');
  judgeAll('BSON timestamp', found, ({ res, path, value }) => {
    const problem = bsonProblem(value);
    if (problem) {
      throw new RuleFailure(`${describeExchange(res)}: the BSON timestamp at ${path}: ${problem}`, {
        expected: '{date: "yyyy-mm-ddThh:mm:ssZ", increment: 32-bit integer}', actual: value, exchange: res.exchange,
      });
    }
  }, { place: ({ res }) => pathOf(res), cut: entityGaps(c) });
});

const eventsPath = (t: Target, groupId: string) => t.v2(`/groups/${groupId}/events`);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Renderings of an instant that are not ISO-8601, as clients get them wrong. */
const notIso: Record<string, (d: Date) => string> = {
  'month/day/year': (d) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`,
  'year/month/day': (d) => `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`,
  'day.month.year': (d) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`,
  'HTTP date': (d) => d.toUTCString(),
  'month name': (d) => d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  'month 13': (d) => `${d.getUTCFullYear()}-13-${pad(d.getUTCDate())}T00:00:00Z`,
  'day 32': (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-32T00:00:00Z`,
  'hour 25': (d) => `${d.toISOString().slice(0, 10)}T25:00:00Z`,
  'zone as a word': (d) => `${d.toISOString().slice(0, 19)} UTC`,
  'trailing text': (d) => `${d.toISOString()}later`,
};

// "Dates sent (query parameters ...) must be ISO-8601": a date that is not is a malformed request (7.2: 400). Each
// parameter gets each wrong form twice, once on a day that could also be a month (1-12) and once on one that could
// not, every form before a second date of any; the instants are drawn from the run's seed.
check('ENT-DATES-INPUT-ISO', 'events minDate or maxDate that is not ISO-8601 is 400', async ({ target }) => {
  const projects = await spreadProjects(target);
  const forms = ['minDate', 'maxDate'].flatMap((param) => Object.keys(notIso).flatMap((form) => [{ param, form, monthLike: true }, { param, form, monthLike: false }]));
  const chosen = coverageFirst(forms, { key: (c) => `${c.param} ${c.form} ${c.monthLike}`, kind: (c) => `${c.param} ${c.form}` }, target.setup.numRuns, target.setup.seed);
  const instants = fc.sample(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), { seed: target.setup.seed, numRuns: chosen.length });
  const cases = chosen.map((c, i) => {
    const d = new Date(instants[i]!);
    d.setUTCDate(c.monthLike ? 1 + (d.getUTCDate() % 12) : 13 + (d.getUTCDate() % 16));
    return { ...c, project: projects[i % projects.length]!, value: notIso[c.form]!(d) };
  });
  await judgeEach(cases, async ({ project, param, form, value }) => {
    const res = await target.get(eventsPath(target, project), { query: { [param]: value } });
    judged('date sent', 1, form);
    expectStatus(res, 400, `${param}=${value} (${form}) is refused`);
  });
});

/** yyyy-mm-ddThh:mm:ss of an instant, in UTC, without a zone. */
const zoneless = (ms: number) => new Date(ms).toISOString().slice(0, 19);

// "When no time zone is given, UTC is assumed": a window without zones selects what its Z twin selects. Each window
// lies tight around one event of the profile's projects (from a minute before it to a minute after), so that a zone
// other than UTC, shifting the window by its offset, moves that event out; the events are taken distinct, every
// project first, as many as the run's cases per property, and end in the past (so that events other checks cause
// meanwhile fall outside both windows).
check('ENT-DATES-DEFAULT-UTC', 'events between minDate and maxDate without a zone, tight around distinct events, are those of the same dates with Z', async ({ target }) => {
  const p = target.profile.paging;
  const pageQuery = { [p.itemsPerPageParam]: p.maxItemsPerPage };
  const events: { path: string; created: number }[] = [];
  for (const groupId of profileProjects(target)) {
    const path = eventsPath(target, groupId);
    const listed = await target.get(path, { query: pageQuery });
    if (listed.status !== 200) throw new TargetError('unexpected-status', `${describeExchange(listed)}: the events to place date windows around could not be listed`, listed.exchange);
    const created = ((listed.json() as Record<string, unknown>)[p.resultsField] as Record<string, unknown>[] | undefined ?? [])
      .map((e) => Date.parse(String(e.created)))
      .filter((ms) => Number.isFinite(ms) && ms < Date.now() - 86_400_000);
    events.push(...created.map((ms) => ({ path, created: ms })));
  }
  if (events.length === 0) skipFor('projects.ids', 'no profile project lists an event older than a day to place date windows around');
  const around = coverageFirst(events, { key: (e) => `${e.path} ${Math.floor(e.created / 1000)}`, kind: (e) => e.path }, target.setup.numRuns, target.setup.seed);
  await judgeEach(around, async ({ path, created }) => {
    const start = Math.floor(created / 1000) * 1000 - 60_000;
    const end = start + 121_000;
    const read = async (zone: string) => {
      const res = await target.get(path, { query: { ...pageQuery, minDate: zoneless(start) + zone, maxDate: zoneless(end) + zone } });
      expectStatus(res, 200, 'events between two dates are listed');
      return res;
    };
    const withZ = await read('Z');
    const without = await read('');
    const results = (res: typeof withZ) => (res.json() as Record<string, unknown>)[p.resultsField];
    judged('date window', 1, path);
    if (!isDeepStrictEqual(results(without), results(withZ))) {
      throw new RuleFailure(`dates without a zone (${zoneless(start)} to ${zoneless(end)}) select other events than the same dates with Z (UTC assumed)`, {
        expected: results(withZ), actual: results(without), exchange: without.exchange,
      });
    }
  });
});
