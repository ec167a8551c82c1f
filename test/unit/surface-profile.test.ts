// Without an OpenAPI document the surface is the profile's: the methods of each path template, and each resource's
// unmodifiable fields for a create in its collection and a PUT or PATCH of an entry; a document the profile names
// as a file is found beside the profile.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { checkProfile, loadProfile } from '../../src/profile/load.ts';
import { surfaceFromProfile } from '../../src/surface/from-profile.ts';
import { dateBoundsAt, methodsAt, readOnlyAt } from '../../src/surface/model.ts';
import { readOnlyFields } from '../../src/surface/read-only.ts';

const minimal = {
  name: 't',
  baseUrl: 'https://api.example.test',
  credentials: { owner: { publicKeyEnv: 'T_PUB', privateKeyEnv: 'T_PRIV' } },
};

it("gives the real service's methods and unmodifiable fields by default", () => {
  const s = surfaceFromProfile(checkProfile(structuredClone(minimal), 'p.json'));
  expect(methodsAt(s, '/groups/{id}/alertConfigs/{x}')).toEqual(['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
  expect(methodsAt(s, '/groups/{groupId}/events')).toEqual(['GET', 'HEAD']);
  expect(readOnlyAt(s, '/groups/{groupId}/customDBRoles/roles/{roleName}', 'PATCH')).toEqual([['roleName']]);
  expect(readOnlyAt(s, '/groups/{groupId}/clusters/{clusterName}', 'PATCH')).toContainEqual(['replicationSpecs', 'id']);
  expect(readOnlyAt(s, '/groups', 'POST')).toContainEqual(['clusterCount']);
  expect(readOnlyAt(s, '/groups/{groupId}', 'DELETE')).toEqual([]);
});

it("takes the profile's own methods and fields", () => {
  const p = checkProfile(
    {
      ...structuredClone(minimal),
      surface: {
        methods: { '/things': ['GET', 'POST'], '/things/{id}': ['PUT'] },
        readOnly: { '/things': ['made', 'parts.id'] },
      },
    },
    'p.json',
  );
  const s = surfaceFromProfile(p);
  expect(methodsAt(s, '/groups')).toEqual([]);
  expect(methodsAt(s, '/things/{thingId}')).toEqual(['PUT']);
  expect(readOnlyAt(s, '/things/{thingId}', 'PUT')).toEqual([['made'], ['parts', 'id']]);
  expect(readOnlyAt(s, '/things', 'POST')).toEqual([['made'], ['parts', 'id']]);
  expect(readOnlyAt(s, '/things', 'GET')).toEqual([]);
});

it('reads a document file relative to the profile, and leaves URLs and paths on the target as they are', () => {
  const dir = mkdtempSync(join(tmpdir(), 'surface-profile-'));
  const load = (openapi: string) => {
    writeFileSync(join(dir, 'p.json'), JSON.stringify({ ...minimal, surface: { openapi } }));
    return loadProfile(join(dir, 'p.json')).surface.openapi;
  };
  expect(load('docs/openapi.yaml')).toBe(join(dir, 'docs/openapi.yaml'));
  expect(load('https://example.test/openapi.json')).toBe('https://example.test/openapi.json');
  expect(load('/api/platform/openapi.json')).toBe('/api/platform/openapi.json');
});

it('finds read-only fields at any depth, in alternatives and array items, and stops at a recursive schema', () => {
  const node: Record<string, unknown> = { type: 'object' };
  node.properties = { id: { type: 'string', readOnly: true }, child: node };
  const schema = {
    allOf: [{ properties: { created: { readOnly: true } } }],
    properties: {
      parts: { type: 'array', items: { oneOf: [{ properties: { id: { readOnly: true } } }] } },
      tree: node,
    },
  };
  expect(readOnlyFields(schema)).toEqual([['created'], ['parts', 'id'], ['tree', 'id']]);
});

it("names no date parameter, so that the date filters keep the real service's names", () => {
  const s = surfaceFromProfile(checkProfile(structuredClone(minimal), 'p.json'));
  expect(dateBoundsAt(s, '/groups/{groupId}/events', ['minDate', 'maxDate'])).toEqual(['minDate', 'maxDate']);
});
