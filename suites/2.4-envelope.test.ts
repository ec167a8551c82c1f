// Spec 2.4 Envelope: "Default: no envelope. With query parameter envelope=true, a single-entity response is wrapped
// in an object with two fields: the HTTP status code and the requested entity. For a list response, which already
// has an envelope, envelope=true only adds a status field to it." Names of the two fields: from the profile.
import { carried, parsedBody } from '../src/judges/entities.ts';
import { checkListEnvelope, checkSingleEnvelope, checkWriteEnvelope, wrappedUnasked } from '../src/judges/envelope.ts';
import { isObject } from '../src/judges/json-walk.ts';
import { describeExchange } from '../src/judges/status.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { RuleFailure } from '../src/outcome.ts';
import { coveringItems, judgeEach, resourceKind } from '../src/harness/coverage-first.ts';
import { crawl, entityGaps, rereadable } from '../src/probes/crawl.ts';
import { judgeAll, requireSome, throwCut } from '../src/harness/judge-all.ts';
import { check } from '../src/harness/check.ts';
import type { Target } from '../src/target/target.ts';
import { legacyReads } from '../src/probes/surface/kinds.ts';
import { firstPage, pagedLists } from '../src/probes/surface/paged-lists.ts';
import { judgeWriteVariant, writeAnswers } from '../src/probes/surface/write-answers.ts';
import { judgeVariant } from '../src/probes/variant-reading.ts';

/** The crawl's 2xx responses of one kind that may be read again (not of entities the run made). */
async function reached(t: Target, kind: 'entity' | 'list'): Promise<readonly HttpResponse[]> {
  const { responses } = await crawl();
  return requireSome(
    rereadable(t, responses)
      .map((c) => c.res)
      .filter((res) => carried(res, t.profile.paging.resultsField)?.kind === kind),
    kind === 'list' ? 'list' : 'entity',
  );
}

/** The responses to read again with envelope=true: each URL once, every resource kind first, as many as the run's cases per property. */
function distinct(t: Target, responses: readonly HttpResponse[]): HttpResponse[] {
  const url = (res: HttpResponse) => res.exchange.request.url;
  return coveringItems(responses, { key: url, kind: (res) => resourceKind(new URL(url(res)).pathname) }, t.setup);
}

const pathOf = (res: HttpResponse): string => new URL(res.exchange.request.url).pathname;

check(
  'ENV-DEFAULT-NONE',
  'no JSON object answer without envelope=true is wrapped: every response reached, each kind of resource under /v1.0, and the answers to each write method and to an error',
  async ({ target, tally }) => {
    const c = await crawl();
    const names = target.profile.envelope;
    const resultsField = target.profile.paging.resultsField;
    const answers = [
      ...c.responses.map((r) => r.res),
      ...(await legacyReads(target)),
      ...(await writeAnswers(target)).map((a) => a.res),
    ];
    judgeAll(
      tally,
      'response',
      answers.filter((res) => isObject(parsedBody(res))),
      (res) => {
        const body = parsedBody(res) as Record<string, unknown>;
        const isList = carried(res, resultsField)?.kind === 'list';
        if (wrappedUnasked(res, body, isList, names)) {
          throw new RuleFailure(
            `${describeExchange(res)}: the ${isList ? 'list' : 'response'} carries the envelope's status though envelope=true was not sent`,
            {
              expected: 'no envelope',
              actual: body,
              exchange: res.exchange,
            },
          );
        }
      },
      { place: pathOf, cut: entityGaps(c) },
    );
  },
);

check(
  'ENV-SINGLE-WRAP',
  'envelope=true on distinct entities reached, every resource kind first, wraps the same entity with the status of the plain call',
  async ({ target, tally }) => {
    const entities = await reached(target, 'entity');
    await judgeEach(distinct(target, entities), (res) =>
      judgeVariant(tally, target, res, { envelope: 'true' }, (enveloped, plain) =>
        checkSingleEnvelope(enveloped, plain.status, parsedBody(plain), target.profile.envelope),
      ),
    );
    throwCut(entityGaps(await crawl()));
  },
);

// The status field is the status of the plain answer: 201 for a create, 204 for a delete (spec 7.2), not only 200.
// An error answer holds no "requested entity": the spec does not say it is wrapped, so it is not judged here.
check(
  'ENV-SINGLE-WRAP',
  'envelope=true on the answer to each write method (POST, PUT, PATCH, DELETE) of each resource kind written wraps the plain answer with its status',
  async ({ target, tally }) => {
    await judgeWriteVariant(
      tally,
      target,
      { envelope: 'true' },
      (res, plain) => checkWriteEnvelope(res, plain, target.profile.envelope),
      { errors: false },
    );
  },
);

check(
  'ENV-LIST-STATUS',
  'envelope=true on distinct lists reached, every resource kind first, only adds status, equal to the status of the plain call',
  async ({ target, tally }) => {
    const lists = await reached(target, 'list');
    await judgeEach(distinct(target, lists), (res) =>
      judgeVariant(tally, target, res, { envelope: 'true' }, (enveloped, plain) =>
        checkListEnvelope(enveloped, plain.status, parsedBody(plain) as Record<string, unknown>),
      ),
    );
    throwCut(entityGaps(await crawl()));
  },
);

check(
  'ENV-LIST-STATUS',
  'envelope=true on every paged list of both generations only adds status, equal to the status of the plain call',
  async ({ target, tally }) => {
    await judgeEach(await pagedLists(target), async (l) =>
      judgeVariant(tally, target, await firstPage(target, l), { envelope: 'true' }, (enveloped, plain) =>
        checkListEnvelope(enveloped, plain.status, parsedBody(plain) as Record<string, unknown>),
      ),
    );
  },
);
