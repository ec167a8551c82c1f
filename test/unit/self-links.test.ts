// Where a self relation may point (spec 2.2, LINK-SELF): under the versioned API of the target, nowhere else.
import { describe, expect, it } from 'vitest';
import { selfOutside } from '../../src/judges/links.ts';

describe('a self relation outside the target', () => {
  const at = (href: string) => selfOutside(new URL(href), 'https://api.example.com', '/api/platform/v2');

  it('is none under the versioned API of the target', () => {
    expect(at('https://api.example.com/api/platform/v2/groups/1')).toBeUndefined();
    expect(at('https://api.example.com:443/api/platform/v2')).toBeUndefined();
  });

  it('names another scheme, another host and another base path', () => {
    expect(at('http://api.example.com/api/platform/v2/groups/1')).toBe('a http URL, not https');
    expect(at('https://other.example.com/api/platform/v2/groups/1')).toBe('another host (other.example.com)');
    expect(at('https://api.example.com:8443/api/platform/v2/groups/1')).toBe('another host (api.example.com:8443)');
    expect(at('https://api.example.com/api/platform/v1.0/groups/1')).toBe('a path outside /api/platform/v2');
    expect(at('https://api.example.com/api/platform/v2x/groups/1')).toBe('a path outside /api/platform/v2');
  });
});
