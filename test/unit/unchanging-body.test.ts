// The body that changes nothing: an entity sent back less its links and its unmodifiable fields, at any depth.
import { expect, it } from 'vitest';
import { unchangingBody } from '../../src/probes/unchanging-body.ts';

it('leaves out the links and every unmodifiable field, inside objects and each item of an array', () => {
  const entity = {
    id: 'p1',
    displayName: 'provider',
    protocol: 'OIDC',
    links: [{ rel: 'self', href: 'https://target/p1' }],
    audience: { claim: 'aud', created: '2025-01-01T00:00:00Z' },
    mappings: [
      { id: 'm1', group: 'a' },
      { id: 'm2', group: 'b' },
    ],
  };
  const body = unchangingBody(entity, [['id'], ['protocol'], ['audience', 'created'], ['mappings', 'id'], ['absent']]);
  expect(body).toEqual({
    displayName: 'provider',
    audience: { claim: 'aud' },
    mappings: [{ group: 'a' }, { group: 'b' }],
  });
  expect(entity.links, 'the entity itself is left as it was').toHaveLength(1);
});
