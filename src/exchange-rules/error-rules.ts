// Spec 7.1, judged on every 4xx answer of the run but a 429 (whose body the rate-limit rules judge): "An error
// response has a JSON body with five fields", its `error` the status, its `reason` the status text.
import { checkErrorBodyFields, checkErrorReason, checkErrorStatusMatches } from '../judges/error-body.ts';
import { describeExchange } from '../judges/status.ts';
import { errorView } from './answer.ts';
import { broken, byJudge, type AppliesTo, type ExchangeRule } from './rule.ts';

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
];
