// The query sent to a list that filters by date (src/suite/surface/date-filters.ts): the date under test as given,
// and where a bound cannot go alone its partner a valid ISO-8601 date around it, so that only the date sent is wrong.
import { describe, expect, it } from 'vitest';
import { boundQuery, type DateFilter } from '../../src/probes/surface/date-filters.ts';

const events: DateFilter = {
  title: 'events',
  path: '/groups/a/events',
  bounds: ['minDate', 'maxDate'],
  query: {},
  alone: true,
  series: false,
};
const measurements: DateFilter = {
  title: 'measurements',
  path: '/groups/a/processes/p/databases/d/measurements',
  bounds: ['start', 'end'],
  query: { granularity: 'PT1H' },
  alone: false,
  series: true,
};
const instant = new Date('2031-03-05T17:45:00Z');

describe('boundQuery', () => {
  it('sends a bound that may go alone by itself', () => {
    expect(boundQuery(events, 'maxDate', '03/05/2031', instant)).toEqual({ maxDate: '03/05/2031' });
  });

  it("gives a bound that cannot go alone a valid partner on the right side of the instant, keeping the list's parameters", () => {
    expect(boundQuery(measurements, 'end', '03/05/2031', instant)).toEqual({
      granularity: 'PT1H',
      start: '2031-03-04T00:00:00Z',
      end: '03/05/2031',
    });
    expect(boundQuery(measurements, 'start', 'Wed, 05 Mar 2031 17:45:00 GMT', instant)).toEqual({
      granularity: 'PT1H',
      start: 'Wed, 05 Mar 2031 17:45:00 GMT',
      end: '2031-03-07T00:00:00Z',
    });
  });
});
