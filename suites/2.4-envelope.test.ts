// Spec 2.4 Envelope: "Default: no envelope. With query parameter envelope=true, a single-entity response is wrapped
// in an object with two fields: the HTTP status code and the requested entity. For a list response, which already
// has an envelope, envelope=true only adds a status field to it." Names of the two fields: from the profile.
import { carried, parsedBody } from '../src/checks/entities.ts';
import { checkListEnvelope, checkSingleEnvelope, wrappedUnasked } from '../src/checks/envelope.ts';
import { isObject } from '../src/checks/json-walk.ts';
import { describeExchange } from '../src/checks/status.ts';
import type { HttpResponse } from '../src/http/client.ts';
import { RuleFailure, TargetError } from '../src/outcome.ts';
import { deleteCreated, noteCreated, runName } from '../src/suite/created.ts';
import { coverageFirst, judgeEach, resourceKind } from '../src/suite/coverage-first.ts';
import { crawl, crawledPath, entityGaps, rereadable } from '../src/suite/crawl.ts';
import { judgeAll, requireSome, throwCut } from '../src/suite/judge-all.ts';
import { findMarkedAlertConfig } from '../src/suite/marked-alert-config.ts';
import { alertConfigBody, alertConfigsPath } from '../src/suite/new-entities.ts';
import { judged } from '../src/suite/coverage.ts';
import { check } from '../src/suite/rule.ts';
import type { Target } from '../src/suite/target.ts';
import { judgeVariant } from '../src/suite/variant-reading.ts';
import { workProject } from '../src/suite/work-project.ts';

/** The crawl's 2xx responses of one kind that may be read again (not of entities the run made). */
async function reached(t: Target, kind: 'entity' | 'list'): Promise<readonly HttpResponse[]> {
  const { responses } = await crawl();
  return requireSome(rereadable(responses).map((c) => c.res).filter((res) => carried(res, t.profile.paging.resultsField)?.kind === kind), kind === 'list' ? 'list' : 'entity');
}

/** The responses to read again with envelope=true: each URL once, every resource kind first, as many as the run's cases per property. */
function distinct(t: Target, responses: readonly HttpResponse[]): HttpResponse[] {
  const url = (res: HttpResponse) => res.exchange.request.url;
  return coverageFirst(responses, { key: url, kind: (res) => resourceKind(new URL(url(res)).pathname) }, t.setup.numRuns, t.setup.seed);
}

check('ENV-DEFAULT-NONE', 'no JSON object response reached without envelope=true is wrapped in an envelope', async ({ target }) => {
  const c = await crawl();
  const names = target.profile.envelope;
  judgeAll('response', c.responses.filter((r) => isObject(parsedBody(r.res))), ({ res }) => {
    const body = parsedBody(res) as Record<string, unknown>;
    const isList = carried(res, target.profile.paging.resultsField)?.kind === 'list';
    if (wrappedUnasked(res, body, isList, names)) {
      throw new RuleFailure(`${describeExchange(res)}: the ${isList ? 'list' : 'response'} carries the envelope's status though envelope=true was not sent`, {
        expected: 'no envelope', actual: body, exchange: res.exchange,
      });
    }
  }, { place: crawledPath, cut: entityGaps(c) });
});

check('ENV-SINGLE-WRAP', 'envelope=true on distinct entities reached, every resource kind first, wraps the same entity with the status of the plain call', async ({ target }) => {
  const entities = await reached(target, 'entity');
  await judgeEach(distinct(target, entities), (res) => judgeVariant(target, res, { envelope: 'true' }, (enveloped, plain) => checkSingleEnvelope(enveloped, plain.status, parsedBody(plain), target.profile.envelope)));
  throwCut(entityGaps(await crawl()));
});

/** The id of an alert configuration in a create's answer, whether wrapped or not. */
function createdId(res: HttpResponse, contentField: string): string | undefined {
  const body = parsedBody(res);
  const entity = isObject(body) && isObject(body[contentField]) ? body[contentField] : body;
  return isObject(entity) && typeof entity.id === 'string' ? entity.id : undefined;
}

// The status field is the status the unwrapped call returns: 201 for a create (spec 7.2), not only 200.
check('ENV-SINGLE-WRAP', 'envelope=true on a create wraps the created entity with the status a plain create returns (201)', async ({ target }) => {
  const collection = alertConfigsPath(target, await workProject(target));
  const { contentField } = target.profile.envelope;
  const made: string[] = [];
  const create = async (what: string, query?: Record<string, string>) => {
    const mark = runName(target, what);
    const res = await target.send({ method: 'POST', path: collection, query, json: alertConfigBody(mark) });
    const id = res.status < 300 ? createdId(res, contentField) ?? await findMarkedAlertConfig(target, collection, mark) : undefined;
    if (id) made.push(noteCreated(target, `${collection}/${id}`).path);
    return res;
  };
  try {
    const plain = await create('envelope-plain');
    if (plain.status < 200 || plain.status >= 300) throw new TargetError('unexpected-status', `${describeExchange(plain)}: an alert configuration could not be created`, plain.exchange);
    const enveloped = await create('envelope-wrapped', { envelope: 'true' });
    judged('create', 1, collection);
    checkSingleEnvelope(enveloped, plain.status, undefined, target.profile.envelope);
    const content = (enveloped.json() as Record<string, unknown>)[contentField];
    const fields = (v: unknown) => (isObject(v) ? Object.keys(v).sort() : v);
    if (JSON.stringify(fields(content)) !== JSON.stringify(fields(plain.json()))) {
      throw new RuleFailure(`${describeExchange(enveloped)}: the envelope's ${contentField} is not the created entity`, {
        expected: { fields: fields(plain.json()) }, actual: content, exchange: enveloped.exchange,
      });
    }
  } finally {
    for (const path of made) await deleteCreated(target, { path, as: 'owner' });
  }
});

check('ENV-LIST-STATUS', 'envelope=true on distinct lists reached, every resource kind first, only adds status, equal to the status of the plain call', async ({ target }) => {
  const lists = await reached(target, 'list');
  await judgeEach(distinct(target, lists), (res) => judgeVariant(target, res, { envelope: 'true' }, (enveloped, plain) => checkListEnvelope(enveloped, plain.status, parsedBody(plain) as Record<string, unknown>)));
  throwCut(entityGaps(await crawl()));
});
