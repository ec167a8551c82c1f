// Spec 2.1 "Dates in responses are ISO-8601 strings in UTC." and "Some fields ... are BSON timestamps, shown as a
// JSON object with two fields: date ... and increment", judged on every 2xx JSON answer of the run: pages past the
// first, answers to filtered queries, to writes and to reads no link reaches included. An error's body is not
// judged: its `parameters` may echo a date as the client sent it.
import { bsonProblem, bsonTimestamps, datesIn, isUtcDate } from '../judges/dates.ts';
import { describeExchange } from '../judges/status.ts';
import { bodiedSuccess, broken, held, notJudged, type ExchangeRule } from './rule.ts';

export const dateRules: ExchangeRule[] = [
  {
    rule: 'ENT-DATES-UTC',
    title: 'every date, at any depth, of every 2xx JSON answer of the run is ISO-8601 in UTC',
    appliesTo: bodiedSuccess,
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
  {
    rule: 'ENT-BSON-TIMESTAMP',
    title: 'every BSON timestamp, at any depth, of every 2xx JSON answer of the run is {date, increment}',
    appliesTo: bodiedSuccess,
    judge: (_ctx, a) => {
      if (a.body === undefined) return notJudged('the body is not JSON');
      const found = bsonTimestamps(a.body);
      if (found.length === 0) return notJudged('no BSON timestamp');
      for (const ts of found) {
        const problem = bsonProblem(ts.value);
        if (problem)
          return broken(
            `${describeExchange(a.res)}: the BSON timestamp at ${ts.path}: ${problem}`,
            '{date: "yyyy-mm-ddThh:mm:ssZ", increment: 32-bit integer}',
            ts.value,
          );
      }
      return held;
    },
  },
];
