// Spec 2.4 "Default: no envelope.", judged on every JSON object answer of the run to a request without
// envelope=true, errors included.
import { wrappedUnasked } from '../judges/envelope.ts';
import { isObject } from '../judges/json-walk.ts';
import { describeExchange } from '../judges/status.ts';
import { broken, held, notJudged, type ExchangeRule } from './rule.ts';

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
];
