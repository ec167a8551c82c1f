// Spec 7.1, judged on every 4xx answer of the run but a 429: "An error response has a JSON body with five fields",
// its `error` the status, its `reason` the status text, and a RESOURCE_NOT_FOUND error's `parameters` hold the
// requested path, its `detail` names it (other not-found codes are not shown: the planned checks, which know the
// missing identifier, judge them). Spec 7.2, "400 | Bad Request | Malformed request", judged on every answer of the
// run to a request whose body, sent as JSON, is not JSON. Spec 8, judged on every 429 of the run: it carries the error
// body.
import {
  checkErrorBodyFields,
  checkErrorReason,
  checkErrorStatusMatches,
  checkResourceNotFound,
} from '../judges/error-body.ts';
import { isObject } from '../judges/json-walk.ts';
import { essenceOf } from '../judges/media-type.ts';
import { namedVersion } from '../judges/versioned-media.ts';
import { decodeSegment } from '../target/scope.ts';
import { checkRateLimitErrorBody } from '../judges/rate-limit.ts';
import { describeExchange } from '../judges/status.ts';
import { errorView, sentHeader, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import {
  beforeTheBody,
  broken,
  byJudge,
  held,
  notJudged,
  type AppliesTo,
  type ExchangeRule,
  type Verdict,
} from './rule.ts';

const errors: AppliesTo = { statuses: ['4xx'], tooManyRequests: false, body: 'present' };

/** A RESOURCE_NOT_FOUND error names the path requested, as sent or decoded (`%3A` or `:` in a process id). */
function notFoundNamesPath(ctx: ExchangeContext, a: Answer): Verdict {
  if (a.res.status !== 404) return notJudged('not a 404');
  const view = errorView(ctx, a);
  const body = a.body === undefined ? undefined : view.json();
  if (!isObject(body) || body.errorCode !== 'RESOURCE_NOT_FOUND') return notJudged('not a RESOURCE_NOT_FOUND error');
  // A body without the fields is ERR-BODY-FIELDS' to judge; here what the fields hold is.
  if (!Array.isArray(body.parameters) || typeof body.detail !== 'string')
    return notJudged('no parameters or detail (ERR-BODY-FIELDS)');
  const sent = a.url.pathname;
  const verdicts = [...new Set([sent, sent.split('/').map(decodeSegment).join('/')])].map((path) =>
    byJudge(() => checkResourceNotFound(view, path)),
  );
  return verdicts.find((v) => v.verdict === 'held') ?? verdicts[0]!;
}

/** Why a request's body says nothing of a malformed request, or undefined when it is JSON that does not parse, sent
 * under a JSON media type the target takes: application/json, or under /v2 a version the profile says is served. */
function notMalformed(ctx: ExchangeContext, a: Answer): string | undefined {
  const body = a.res.exchange.request.body;
  if (body === undefined || body === '') return 'no body sent';
  const type = sentHeader(a.res, 'content-type');
  const named = a.generation === 'v2' ? namedVersion(type, ctx.vendor) : undefined;
  if (essenceOf(type) !== 'application/json' && named === undefined) return 'not sent as JSON';
  if (named !== undefined && !ctx.servedVersions.includes(named))
    return 'sent under a version the profile does not say is served';
  try {
    JSON.parse(body);
    return 'the body is JSON';
  } catch {
    return undefined;
  }
}

function malformedRefused(ctx: ExchangeContext, a: Answer): Verdict {
  const why = notMalformed(ctx, a);
  if (why) return notJudged(why);
  const status = a.res.status;
  if (beforeTheBody.has(status)) return notJudged(`a ${status}, which may come before the body is read`);
  if (status === 400) return held;
  return broken(`${describeExchange(a.res)}: a body that is not JSON is answered ${status}`, 400, status);
}

export const errorRules: ExchangeRule[] = [
  {
    rule: 'ERR-MALFORMED-400',
    title: 'every answer of the run to a request whose body, sent as JSON, is not JSON is a 400',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
    judge: malformedRefused,
  },
  {
    rule: 'ERR-BODY-FIELDS',
    title:
      'every error answer of the run (4xx but 429, envelope=true included) has detail, error, errorCode, parameters and reason',
    // An error answer without a body breaks the rule: the body must be there.
    appliesTo: { ...errors, body: 'expected' },
    judge: (ctx, a) =>
      a.hasBody
        ? byJudge(() => checkErrorBodyFields(errorView(ctx, a)))
        : broken(`${describeExchange(a.res)}: the error answer has no body`, 'an error body (spec 7.1)', 'no body'),
  },
  {
    rule: 'ERR-STATUS-MATCH',
    title: 'every error answer of the run (4xx but 429, envelope=true included): the error field equals the status',
    appliesTo: errors,
    judge: (ctx, a) => byJudge(() => checkErrorStatusMatches(errorView(ctx, a))),
  },
  {
    rule: 'ERR-REASON-TEXT',
    title: 'every error answer of the run (4xx but 429, envelope=true included): the reason field is the status text',
    appliesTo: errors,
    judge: (ctx, a) => byJudge(() => checkErrorReason(errorView(ctx, a))),
  },
  {
    rule: 'ERR-RESOURCE-NOT-FOUND',
    title:
      'every 404 RESOURCE_NOT_FOUND of the run, whatever its method and generation: parameters hold the requested path and detail names it',
    appliesTo: errors,
    judge: notFoundNamesPath,
  },
  {
    rule: 'LIMITS-429-ERROR-BODY',
    title: 'every 429 of the run, whatever its method and generation, carries the error body',
    appliesTo: { statuses: ['4xx'], tooManyRequests: true, body: 'expected' },
    judge: (ctx, a) => {
      if (a.res.status !== 429) return notJudged('not a 429');
      return byJudge(() => checkRateLimitErrorBody(errorView(ctx, a)));
    },
  },
];
