// The lists that filter by date (src/probes/surface/date-filters.ts): every GET the target's document dates with two
// bounds, at a path the run reached; and the query sent to one: the date under test as given, and where a bound
// cannot go alone its partner a valid ISO-8601 date around it, so that only the date sent is wrong.
import { describe, expect, it } from 'vitest';
import { boundQuery, documentedPlaces, type DateFilter } from '../../src/probes/surface/date-filters.ts';
import type { Surface, SurfaceOperation } from '../../src/surface/model.ts';
import { contextChains } from '../../src/probes/surface/lists.ts';

const events: DateFilter = {
  title: 'events',
  path: '/groups/a/events',
  bounds: ['minDate', 'maxDate'],
  query: {},
  alone: true,
  legacy: true,
};
const measurements: DateFilter = {
  title: 'measurements',
  path: '/groups/a/processes/p/databases/d/measurements',
  bounds: ['start', 'end'],
  query: { granularity: 'PT1H' },
  alone: false,
  legacy: false,
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

describe('the places a document dates', () => {
  const get = (template: string, dateQuery?: string[], requiredQuery?: Record<string, string>): SurfaceOperation => ({
    template,
    method: 'GET',
    generations: [],
    readOnly: [],
    ...(dateQuery ? { dateQuery } : {}),
    ...(requiredQuery ? { requiredQuery } : {}),
  });
  const surface: Surface = {
    source: 'document',
    operations: [
      get('/groups/{groupId}/activityFeed', ['maxDate', 'minDate']),
      get('/groups/{groupId}/processes/{processId}/measurements', ['start', 'end'], { granularity: 'PT1M' }),
      get('/groups/{id}/events', ['minDate', 'maxDate']),
      get('/orgs/{orgId}/invoices', ['fromDate', 'toDate']),
      get('/groups/{groupId}/clusters/{clusterName}/backup/snapshots', ['after']),
      get('/groups/{groupId}/clusters'),
    ],
  };
  /** The crawl reached four projects, one process in the first, no organization. */
  const instances = (template: string): Record<string, string>[] => {
    if (template.startsWith('/orgs/')) return [];
    if (template.includes('{processId}')) return [{ groupId: 'g1', processId: 'h1:27017' }];
    return ['g1', 'g2', 'g3', 'g4'].map((groupId) => ({ groupId }));
  };
  const activityFeed = (groupId: string) => ({
    title: '/groups/{groupId}/activityFeed',
    path: `/groups/${groupId}/activityFeed`,
    bounds: ['minDate', 'maxDate'],
    query: {},
    alone: false,
    // Only the document names it: /v1.0 may not serve it.
    legacy: false,
  });

  it('are every GET with a window of two dates but the known lists, at the first few places the run reached it, both bounds sent', () => {
    expect(documentedPlaces(surface, instances, ['/groups/{groupId}/events'])).toEqual([
      ...['g1', 'g2', 'g3'].map(activityFeed),
      {
        title: '/groups/{groupId}/processes/{processId}/measurements',
        path: '/groups/g1/processes/h1:27017/measurements',
        bounds: ['start', 'end'],
        query: { granularity: 'PT1M' },
        alone: false,
        legacy: false,
      },
    ]);
  });
});

describe('the contexts of the places a document dates', () => {
  const profile = { projects: { ids: ['p1', 'p2'], allowCreate: false, namePrefix: 'c-' }, orgId: 'o1' };
  const reached = ['/groups/p2/clusters/c', '/groups/p1/clusters/d', '/groups/x/clusters/e', '/orgs/o2/teams/t2'];
  const chains = contextChains([...reached, '/orgs/o1/teams/t1'], profile);

  it("reaches the profile's organization, whether or not a link led the crawl to it", () => {
    expect(contextChains([], profile)('/orgs/{orgId}/events', 1)).toEqual([{ orgId: 'o1' }]);
    expect(contextChains([], { ...profile, orgId: undefined })('/orgs/{orgId}/events', 1)).toEqual([]);
  });

  it("keeps to the profile's projects and organization, its first project first", () => {
    expect(chains('/groups/{groupId}/clusters/{clusterName}/restoreJobs', 2)).toEqual([
      { groupId: 'p1', clusterName: 'd' },
      { groupId: 'p2', clusterName: 'c' },
    ]);
    expect(chains('/orgs/{orgId}/teams/{teamId}/users', 2)).toEqual([{ orgId: 'o1', teamId: 't1' }]);
  });

  it('reads a name of a path the target linked to that is not valid percent-encoding as it is', () => {
    const odd = contextChains(['/groups/p1/clusters/c%zz', '/groups/p1/clusters/c%3A1'], profile);
    expect(odd('/groups/{groupId}/clusters/{clusterName}/restoreJobs', 2)).toEqual([
      { groupId: 'p1', clusterName: 'c%zz' },
      { groupId: 'p1', clusterName: 'c:1' },
    ]);
  });
});
