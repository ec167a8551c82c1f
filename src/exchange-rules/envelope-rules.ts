// Spec 2.4, judged on every answer of the run: "Default: no envelope." on every JSON object answer to a request
// without envelope=true, errors included; and the shape of every 2xx answer to a request with envelope=true: "a
// single-entity response is wrapped in an object with two fields: the HTTP status code and the requested entity",
// "for a list response, which already has an envelope, envelope=true only adds a status field to it". Whether the
// wrapped entity is the one the plain call returns, with its status, needs that call: the planned checks judge it.
// The status line of an enveloped answer is not stated (a target may send 200 for a wrapped 201): only that the
// status field holds an HTTP status code is judged here.
import { checkEnvelopeShape, isStatusCode, listStatusField, wrappedUnasked } from '../judges/envelope.ts';
import { isObject } from '../judges/json-walk.ts';
import { describeExchange } from '../judges/status.ts';
import type { Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { broken, byJudge, held, notJudged, type AppliesTo, type ExchangeRule, type Verdict } from './rule.ts';

/** Every 2xx answer with a body to a request with envelope=true. */
const envelopedSuccess: AppliesTo = { statuses: ['2xx'], tooManyRequests: false, body: 'present', envelope: true };

const isList = (ctx: ExchangeContext, body: Record<string, unknown>) => Array.isArray(body[ctx.paging.resultsField]);

function singleEnvelope(ctx: ExchangeContext, a: Answer): Verdict {
  if (!isObject(a.body)) return notJudged('no JSON object body');
  if (isList(ctx, a.body)) return notJudged('a list (ENV-LIST-STATUS)');
  return byJudge(() => checkEnvelopeShape(a.res, ctx.envelope));
}

function listEnvelope(ctx: ExchangeContext, a: Answer): Verdict {
  if (!isObject(a.body)) return notJudged('no JSON object body');
  const content = a.body[ctx.envelope.contentField];
  // A list wrapped as an entity is: the list was to keep its own envelope.
  if (!isList(ctx, a.body) && isObject(content) && isList(ctx, content))
    return broken(
      `${describeExchange(a.res)}: the list is wrapped as an entity instead of gaining a ${listStatusField} field`,
      { ...content, [listStatusField]: '<the HTTP status code>' },
      a.body,
    );
  if (!isList(ctx, a.body)) return notJudged('not a list');
  if (!isStatusCode(a.body[listStatusField]))
    return broken(
      `${describeExchange(a.res)}: the list's ${listStatusField} is ${JSON.stringify(a.body[listStatusField] ?? null)}, not an HTTP status code`,
      `a ${listStatusField} field holding the HTTP status code`,
      a.body,
    );
  return held;
}

export const envelopeRules: ExchangeRule[] = [
  {
    rule: 'ENV-DEFAULT-NONE',
    title: 'no JSON object answer of the run (2xx, 4xx but 429) to a request without envelope=true is wrapped',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'present', envelope: false },
    judge: (ctx, a) => {
      if (!isObject(a.body)) return notJudged('no JSON object body');
      const isList = a.res.status < 300 && Array.isArray(a.body[ctx.paging.resultsField]);
      if (!wrappedUnasked(a.res, a.body, isList, ctx.envelope)) return held;
      return broken(
        `${describeExchange(a.res)}: the ${isList ? 'list' : 'response'} carries the envelope's status though envelope=true was not sent`,
        'no envelope',
        a.body,
      );
    },
  },
  {
    rule: 'ENV-SINGLE-WRAP',
    title:
      'every 2xx answer of the run to a request with envelope=true that is not a list: exactly the status field, an HTTP status code, and the content field',
    appliesTo: envelopedSuccess,
    judge: singleEnvelope,
  },
  {
    rule: 'ENV-LIST-STATUS',
    title:
      'every list of the run answering a request with envelope=true keeps its own envelope and carries status, an HTTP status code',
    appliesTo: envelopedSuccess,
    judge: listEnvelope,
  },
];
