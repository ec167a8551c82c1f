// Spec 7.1, judged on every 4xx answer of the run but a 429: "An error response has a JSON body with five fields",
// its `error` the status, its `reason` the status text. Spec 8, judged on every 429 of the run: it carries the error
// body.
import { checkErrorBodyFields, checkErrorReason, checkErrorStatusMatches } from '../judges/error-body.ts';
import { checkRateLimitErrorBody } from '../judges/rate-limit.ts';
import { describeExchange } from '../judges/status.ts';
import { errorView } from './answer.ts';
import { broken, byJudge, notJudged, type AppliesTo, type ExchangeRule } from './rule.ts';

const errors: AppliesTo = { statuses: ['4xx'], tooManyRequests: false, body: 'present' };

export const errorRules: ExchangeRule[] = [
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
    rule: 'LIMITS-429-ERROR-BODY',
    title: 'every 429 of the run, whatever its method and generation, carries the error body',
    appliesTo: { statuses: ['4xx'], tooManyRequests: true, body: 'expected' },
    judge: (ctx, a) => {
      if (a.res.status !== 429) return notJudged('not a 429');
      return byJudge(() => checkRateLimitErrorBody(errorView(ctx, a)));
    },
  },
];
