// Spec 2.1 "Dates in responses are ISO-8601 strings in UTC.", judged on every 2xx JSON answer of the run: pages past
// the first, answers to filtered queries, to writes and to reads no link reaches included. An error's body is not
// judged: its `parameters` may echo a date as the client sent it.
import { datesIn, isUtcDate } from '../judges/dates.ts';
import { describeExchange } from '../judges/status.ts';
import { broken, held, notJudged, type ExchangeRule } from './rule.ts';

export const dateRules: ExchangeRule[] = [
  {
    rule: 'ENT-DATES-UTC',
    title: 'every date, at any depth, of every 2xx JSON answer of the run is ISO-8601 in UTC',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (_ctx, a) => {
      if (a.body === undefined) return notJudged('the body is not JSON');
      const dates = datesIn(a.body);
      if (dates.length === 0) return notJudged('no date');
      const wrong = dates.find((d) => !isUtcDate(d.value));
      if (!wrong) return held;
      return broken(
        `${describeExchange(a.res)}: a date not in ISO-8601 UTC: ${wrong.path} = ${JSON.stringify(wrong.value)}`,
        'yyyy-mm-ddThh:mm[:ss[.f]]Z (or +00:00)',
        wrong,
      );
    },
  },
];
