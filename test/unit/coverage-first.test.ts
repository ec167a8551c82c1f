// Cases over things the run can enumerate: distinct ones first, every kind in turn, in an order drawn from the seed.
import { describe, expect, it } from 'vitest';
import { coverageFirst, resourceKind } from '../../src/harness/coverage-first.ts';

describe('coverage-first cases', () => {
  const urls = [
    '/api/p/v2/groups/1/clusters/a',
    '/api/p/v2/groups/1/clusters/b',
    '/api/p/v2/groups/1/clusters/a',
    '/api/p/v2/groups/1',
    '/api/p/v2/groups/2',
    '/api/p/v2/orgs/9',
  ];
  const places = { key: (u: string) => u, kind: resourceKind };

  it('blanks the ids of a path', () => {
    expect(resourceKind('/api/p/v2/groups/1/clusters/a')).toBe('/api/p/v2/groups/{}/clusters/{}');
  });

  it('takes each item once, one of every kind before a second of any, up to the limit', () => {
    const all = coverageFirst(urls, places, 100, 7);
    expect([...all].sort()).toEqual([...new Set(urls)].sort());
    expect(new Set(all.slice(0, 3).map(resourceKind)).size).toBe(3);
    const three = coverageFirst(urls, places, 3, 7);
    expect(three.map(resourceKind).sort()).toEqual([
      '/api/p/v2/groups/{}',
      '/api/p/v2/groups/{}/clusters/{}',
      '/api/p/v2/orgs/{}',
    ]);
  });

  it('draws the order within a kind from the seed, the same for the same seed', () => {
    expect(coverageFirst(urls, places, 100, 7)).toEqual(coverageFirst(urls, places, 100, 7));
    const seeds = Array.from({ length: 20 }, (_, s) => coverageFirst(urls, places, 100, s).join(' '));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
