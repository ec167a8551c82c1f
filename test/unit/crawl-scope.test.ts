// The crawl's scope: the target's origin and API, and no project outside the profile's.
import { describe, expect, it } from 'vitest';
import { CrawlScope } from '../../src/target/crawl-scope.ts';

const base = 'https://api.example.test';
const url = (path: string) => new URL(`${base}/api/atlas/v2${path}`);

describe('crawl scope', () => {
  it('stays on the origin and under the versioned API', () => {
    const scope = new CrawlScope(base, '/api/atlas/v2', ['a1']);
    expect(scope.allows(url(''))).toBe(true);
    expect(scope.allows(url('/groups'))).toBe(true);
    expect(scope.allows(new URL('https://other.example.test/api/atlas/v2/groups'))).toBe(false);
    expect(scope.allows(new URL(`${base}/api/atlas/v1.0/groups`))).toBe(false);
  });

  it('keeps away from projects the profile does not name, wherever their id appears', () => {
    const scope = new CrawlScope(base, '/api/atlas/v2', ['a1']);
    expect(scope.allows(url('/groups/a1/clusters'))).toBe(true);
    expect(scope.allows(url('/groups/b2'))).toBe(false);
    expect(scope.allows(url('/groups/byName/a'))).toBe(false);
    expect(scope.allows(url('/clusters/c3'))).toBe(true);
    scope.learnBody({ results: [{ groupId: 'c3' }] });
    scope.learnLink(url('/groups/d4/events'));
    expect(scope.allows(url('/clusters/c3'))).toBe(false);
    expect(scope.allows(url('/things/d4'))).toBe(false);
  });
});
