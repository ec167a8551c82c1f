// Spec 2.1: the format of every response. Each rule judges every response the crawl reached (spec 1: the API is
// browsable), not a hand-picked few; pretty=true is a property over those responses.
import { carried, parsedBody } from '../src/judges/entities.ts';
import { checkJsonResponse } from '../src/judges/media-type.ts';
import { checkNoNullFields } from '../src/judges/nulls.ts';
import { isObject } from '../src/judges/json-walk.ts';
import { checkUnitsNamed, unitReading } from '../src/judges/units.ts';
import { checkCompact, checkPretty, checkPrettyFields } from '../src/judges/whitespace.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { TargetError } from '../src/outcome.ts';
import { crawl, crawledPath, entityGaps, rereadable, type Crawled } from '../src/probes/crawl.ts';
import { judgeAll, requireSome, throwCut } from '../src/harness/judge-all.ts';
import { coveringItems, judgeEach, resourceKind } from '../src/harness/coverage-first.ts';
import { readLegacy } from '../src/probes/resource-versions.ts';
import { check } from '../src/harness/check.ts';
import { sharedResponse } from '../src/probes/shared-response.ts';
import { legacyReads, resourceKinds, unversionedRead } from '../src/probes/surface/kinds.ts';
import { judgeWriteVariant } from '../src/probes/surface/write-answers.ts';
import { unlinkedReads } from '../src/probes/surface/unlinked-reads.ts';
import type { Target } from '../src/target/target.ts';
import { judgeVariant } from '../src/probes/variant-reading.ts';

/** An error response beside the crawl's (which may hold none): a resource that does not exist. */
function notFoundProbe(t: Target, legacy = false): Promise<HttpResponse> {
  const path = legacy ? t.legacy('/conformanceNoSuchResource') : t.v2('/conformanceNoSuchResource');
  return sharedResponse(`not-found:${path}`, () => (legacy ? readLegacy(t, path) : t.get(path)));
}

/** Beside the crawl (v2, successes mostly): each kind of resource under /v1.0 (the reading the date rules judge too),
 * and refused under v2 for an Accept that names no version; and a missing resource under both generations. */
async function answersBesideCrawl(t: Target): Promise<HttpResponse[]> {
  const kinds = await resourceKinds(t);
  const [legacy, others] = await Promise.all([
    legacyReads(t),
    Promise.all([
      ...kinds.map((k) => unversionedRead(t, k.path, 'application/json')),
      notFoundProbe(t),
      notFoundProbe(t, true),
    ]),
  ]);
  return [...legacy, ...others];
}

const pathOf = (res: HttpResponse): string => new URL(res.exchange.request.url).pathname;

/** Responses reached whose body is a JSON object (an entity, a list, an error): the ones with fields to judge. */
const withObjectBody = <T extends Pick<Crawled, 'res'>>(responses: readonly T[]) =>
  responses.filter((c) => isObject(parsedBody(c.res)));

// "All entities are JSON."
check(
  'ENT-JSON-RESPONSE',
  'every response reached, each kind of resource under /v1.0, and errors of both generations are JSON under a JSON media type',
  async ({ target, tally }) => {
    const { responses, cut } = await crawl();
    judgeAll(
      tally,
      'response',
      [...responses.map((c) => c.res), ...(await answersBesideCrawl(target))],
      (res) => checkJsonResponse(res),
      { place: pathOf, cut },
    );
  },
);

// "Responses have extraneous whitespace stripped."
check(
  'ENT-COMPACT-WHITESPACE',
  'every JSON object response reached has no whitespace between its JSON tokens',
  async ({ tally }) => {
    const c = await crawl();
    judgeAll(tally, 'response', withObjectBody(c.responses), (r) => checkCompact(r.res), {
      place: crawledPath,
      cut: entityGaps(c),
    });
  },
);

// "A field with no current value is returned with an appropriate default. A field with no sensible default is omitted
// from the entity."
check(
  'ENT-NO-NULL-FIELDS',
  'no field of any JSON object response reached is null: by the crawl, and the lists and entities nothing links to (performance advice, measurements, slow queries)',
  async ({ target, tally }) => {
    const c = await crawl();
    const unlinked = await unlinkedReads(target);
    judgeAll(
      tally,
      'response',
      withObjectBody([...c.responses, ...unlinked.reached]),
      ({ res }) => checkNoNullFields(res, parsedBody(res)),
      { place: crawledPath, cut: [...entityGaps(c), ...unlinked.cut] },
    );
  },
);

// "A field holding a number in a particular unit has a name that makes the unit unambiguous."
check(
  'ENT-UNIT-IN-NAME',
  'numeric fields of entities and lists reached that measure a size or a time name their unit',
  async ({ target, tally }) => {
    const c = await crawl();
    const readings = new Map(
      c.responses.map((r) => [r, unitReading(carried(r.res, target.profile.paging.resultsField)?.body)] as const),
    );
    // Only a body with a number has a name to judge: where none has one, nothing reached holds a quantity.
    const carriers = c.responses.filter((r) => readings.get(r)!.numeric > 0);
    const cut = entityGaps(c);
    if (carriers.length === 0 && cut.length === 0)
      throw new TargetError('nothing-judged', 'no entity or list reached holds a number, so no name of one to judge');
    judgeAll(
      tally,
      'entity or list',
      carriers,
      (item) => {
        const reading = readings.get(item)!;
        tally.judged('numeric field', reading.numeric, crawledPath(item));
        checkUnitsNamed(item.res, reading);
      },
      { place: crawledPath, cut },
    );
  },
);

// "With query parameter pretty=true on any request, the JSON is pretty-printed." Errors and lists included.
check(
  'ENT-PRETTY',
  'pretty=true on entities, lists and errors reached gives an indented rendering of the same JSON',
  async ({ target, tally }) => {
    const c = await crawl();
    const resultsField = target.profile.paging.resultsField;
    const json = [...rereadable(target, c.responses).map((c) => c.res), await notFoundProbe(target)].filter((res) =>
      isObject(parsedBody(res)),
    );
    const pools = {
      entity: json.filter((res) => carried(res, resultsField)?.kind === 'entity'),
      list: json.filter((res) => carried(res, resultsField)?.kind === 'list'),
      error: json.filter((res) => res.status >= 400),
    };
    const url = (res: HttpResponse) => res.exchange.request.url;
    // Each kind of resource read, as an entity and as a list, and an error: the places where a rendering differs.
    const answers = requireSome(
      (Object.keys(pools) as (keyof typeof pools)[]).flatMap((kind) => pools[kind].map((res) => ({ kind, res }))),
      'JSON object response',
    );
    const chosen = coveringItems(
      answers,
      {
        key: ({ res }) => url(res),
        kind: ({ kind, res }) => (kind === 'error' ? kind : `${kind} ${resourceKind(new URL(url(res)).pathname)}`),
      },
      target.setup,
    );
    await judgeEach(chosen, ({ res }) =>
      judgeVariant(tally, target, res, { pretty: 'true' }, (pretty, plain) => checkPretty(pretty, parsedBody(plain))),
    );
    // Responses that could not be fetched or read were never among the cases.
    throwCut(entityGaps(c));
  },
);

// "on any request": the answers to writes (each method, each resource kind written) and to an error too.
check(
  'ENT-PRETTY',
  "pretty=true on the answer to each write method (POST, PUT, PATCH, DELETE) of each resource kind written, and to an error, gives an indented rendering of the plain answer's fields",
  async ({ target, tally }) => {
    await judgeWriteVariant(tally, target, { pretty: 'true' }, (res, plain) => {
      if (plain.text === '' && res.text === '') return;
      checkPrettyFields(res, plain.text === '' ? undefined : plain.json());
    });
  },
);
