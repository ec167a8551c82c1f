// The real service's published OpenAPI document, renamed to the neutral vendor word, read into the surface model:
// every operation below the v2 base with its methods, version dates and request bodies' read-only fields.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dateBoundsAt, methodsAt, readOnlyAt, type Surface } from '../../src/surface/model.ts';
import { surfaceFromDocument } from '../../src/surface/openapi.ts';

const text = gunzipSync(readFileSync('test/fixtures/real-service-openapi.yaml.gz'))
  .toString()
  .replaceAll('/api/atlas/', '/api/platform/')
  .replaceAll('vnd.atlas.', 'vnd.platform.');
let surface: Surface;
beforeAll(async () => {
  surface = await surfaceFromDocument(parse(text), 'platform', 'real service');
}, 60_000);

const dotted = (fields: string[][]) => fields.map((f) => f.join('.'));

it('reads every path of the document below the v2 base, whatever its parameters are named', () => {
  expect(new Set(surface.operations.map((o) => o.template)).size).toBe(335);
  expect(methodsAt(surface, '/')).toEqual(['GET', 'HEAD']);
  expect(methodsAt(surface, '/groups/{id}').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
  expect(methodsAt(surface, '/groups/{groupId}/alertConfigs/{alertConfigId}').sort()).toEqual([
    'DELETE',
    'GET',
    'HEAD',
    'PATCH',
    'PUT',
  ]);
  expect(methodsAt(surface, '/groups/{groupId}/events/{eventId}')).toEqual(['GET', 'HEAD']);
  expect(methodsAt(surface, '/groups/{groupId}/noSuchThing')).toEqual([]);
});

it('gives each operation the version dates of its media types, oldest first', () => {
  const get = surface.operations.find((o) => o.template === '/groups/{groupId}/clusters' && o.method === 'GET');
  expect(get?.generations).toEqual(['2023-01-01', '2023-02-01', '2024-08-05']);
});

it("reads the read-only fields of each operation's request body, nested ones too", () => {
  expect(dotted(readOnlyAt(surface, '/groups', 'POST')).sort()).toEqual(['clusterCount', 'created', 'id', 'links']);
  expect(dotted(readOnlyAt(surface, '/groups/{groupId}/alertConfigs/{alertConfigId}', 'PUT'))).toContain('updated');
  expect(dotted(readOnlyAt(surface, '/groups/{groupId}/clusters/{clusterName}', 'PATCH'))).toEqual(
    expect.arrayContaining(['id', 'createDate', 'stateName', 'replicationSpecs.id']),
  );
  expect(readOnlyAt(surface, '/groups/{groupId}', 'DELETE')).toEqual([]);
  const post = surface.operations.find((o) => o.template === '/groups' && o.method === 'POST');
  expect(post?.requestSchema).toMatchObject({ properties: { name: { type: 'string' } } });
});

it("names the query parameters that bound each list's window of dates, the earlier first", () => {
  const fallback = ['a', 'b'] as const;
  expect(dateBoundsAt(surface, '/groups/{groupId}/events', fallback)).toEqual(['minDate', 'maxDate']);
  expect(
    dateBoundsAt(surface, '/groups/{groupId}/processes/{processId}/databases/{databaseName}/measurements', fallback),
  ).toEqual(['start', 'end']);
  expect(dateBoundsAt(surface, '/orgs/{orgId}/invoices', fallback)).toEqual(['fromDate', 'toDate']);
  // A list that takes no date keeps the names it is given.
  expect(dateBoundsAt(surface, '/groups/{groupId}/clusters', fallback)).toEqual(fallback);
});

it('gives a value for each query parameter an operation requires that takes no date, as the document gives one', () => {
  const at = (template: string) =>
    surface.operations.find((o) => o.template === template && o.method === 'GET')?.requiredQuery;
  expect(at('/groups/{groupId}/processes/{processId}/measurements')).toEqual({ granularity: 'PT1M' });
  expect(at('/groups/{groupId}/events')).toBeUndefined();
});

it('says which GETs answer a paged list, as the schemas of their answers show', () => {
  const paged = (template: string) =>
    surface.operations.find((o) => o.template === template && o.method === 'GET')?.paged;
  expect(paged('/groups/{groupId}/clusters')).toBe(true);
  expect(paged('/orgs/{orgId}/events')).toBe(true);
  expect(paged('/groups/{groupId}/clusters/{clusterName}')).toBe(false);
  expect(surface.operations.filter((o) => o.method !== 'GET').every((o) => o.paged === undefined)).toBe(true);
});

it('gives the form of each path parameter the document constrains: a pattern, or a closed set', () => {
  const get = (template: string) => surface.operations.find((o) => o.template === template && o.method === 'GET');
  expect(get('/orgs/{orgId}/serviceAccounts/{clientId}')?.pathParams?.clientId).toEqual({
    pattern: '^mdb_sa_id_[a-fA-F\\d]{24}$',
  });
  expect(get('/groups/{groupId}/integrations/{integrationType}')?.pathParams?.integrationType?.enum).toContain('SLACK');
  expect(get('/groups/{groupId}/alertConfigs/{alertConfigId}')?.pathParams?.alertConfigId).toEqual({
    pattern: '^([a-f0-9]{24})$',
  });
});

it('says which operations the document serves without credentials, and no other', async () => {
  expect(surface.operations.filter((o) => o.unauthenticated).map((o) => `${o.method} ${o.template}`)).toEqual([
    'GET /unauth/controlPlaneIPAddresses',
  ]);
  const op = (security?: unknown) => ({ ...(security === undefined ? {} : { security }), responses: {} });
  const read = await surfaceFromDocument(
    {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      security: [{ digest: [] }],
      paths: {
        '/api/platform/v2/a': { get: op([]) },
        '/api/platform/v2/b': { get: op([{}, { digest: [] }]) },
        '/api/platform/v2/c': { get: op() },
        '/api/platform/v2/d': { get: op([{ digest: [] }]) },
      },
    },
    'platform',
    'made up',
  );
  expect(read.operations.filter((o) => o.unauthenticated).map((o) => o.template)).toEqual(['/a', '/b']);
  const unstated = await surfaceFromDocument(
    { openapi: '3.0.0', info: { title: 't', version: '1' }, paths: { '/api/platform/v2/c': { get: op() } } },
    'platform',
    'made up',
  );
  expect(unstated.operations[0]?.unauthenticated).toBeUndefined();
});
