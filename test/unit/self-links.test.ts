// Where a self relation may point (spec 2.2, LINK-SELF): under the versioned API, at whatever address the target
// writes for itself, but never in the clear where the target is reached over HTTPS (spec 1).
import { describe, expect, it } from 'vitest';
import { selfAtTarget, selfOutside } from '../../src/judges/links.ts';

describe('a self relation outside the target', () => {
  const at = (href: string, base = 'https://api.example.com') => selfOutside(new URL(href), base, '/api/platform/v2');

  it('is none under the versioned API of the target', () => {
    expect(at('https://api.example.com/api/platform/v2/groups/1')).toBeUndefined();
    expect(at('https://api.example.com:443/api/platform/v2')).toBeUndefined();
  });

  it('is none at the public address a proxy in front of the target answers at', () => {
    // The real service names itself https://cloud.mongodb.com whatever address the caller reached it by.
    const self = 'https://cloud.example.test/api/platform/v2/groups/32b6e34b3d91647abb20e7b8/clusters/cluster-833';
    expect(at(self)).toBeUndefined();
    expect(at(self, 'http://127.0.0.1:8080')).toBeUndefined();
    expect(at('https://api.example.com:8443/api/platform/v2/groups/1')).toBeUndefined();
  });

  it('names plain HTTP where the target is reached over HTTPS, and another base path', () => {
    expect(at('http://api.example.com/api/platform/v2/groups/1')).toBe('a http URL, not https');
    expect(at('ftp://api.example.com/api/platform/v2/groups/1')).toBe('a ftp URL, not https');
    expect(at('https://api.example.com/api/platform/v1.0/groups/1')).toBe('a path outside /api/platform/v2');
    expect(at('https://api.example.com/api/platform/v2x/groups/1')).toBe('a path outside /api/platform/v2');
  });
});

describe('where the suite reads a self target', () => {
  it('is its path and query at the profile address', () => {
    const self = new URL('https://cloud.example.test/api/platform/v2/groups/1/events?pageNum=2&itemsPerPage=5#x');
    expect(selfAtTarget(self, 'https://127.0.0.1:8443')).toBe(
      'https://127.0.0.1:8443/api/platform/v2/groups/1/events?pageNum=2&itemsPerPage=5',
    );
  });
});
