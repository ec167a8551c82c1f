// A real client of the real service's versioned API, unchanged, against the reference target under `--vendor
// atlas`: MongoDB's own Admin API client (@mongodb-js/mcp-atlas-api-client, pinned), which signs in with a service
// account and sends `Accept: application/vnd.atlas.2025-03-12+json` on every call. Only the local target is reached.
import { ApiClient, ClientCredentialsAuthProvider } from '@mongodb-js/mcp-atlas-api-client';
import {
  Agent,
  fetch as undiciFetch,
  getGlobalDispatcher,
  Request as UndiciRequest,
  setGlobalDispatcher,
} from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceTarget, type ReferenceTarget } from '../../reference/server.ts';
import { IDS, SECRETS } from './helpers.ts';

const OWNER_CLIENT = { clientId: 'mdb_sa_id_650000000000000000001001', clientSecret: 'mdb_sa_sk_owner-client-secret' };
const logged: string[] = [];
const logger = new Proxy(
  {},
  {
    get: () => (entry: { message?: string }) => {
      logged.push(String(entry?.message ?? entry));
    },
  },
);

let target: ReferenceTarget;
let agent: Agent;
let auth: ClientCredentialsAuthProvider;
let client: ApiClient;

beforeAll(async () => {
  target = await startReferenceTarget({
    vendor: 'atlas',
    secrets: { ...SECRETS, owner: { ...SECRETS.owner, ...OWNER_CLIENT } },
  });
  agent = new Agent({ connect: { ca: target.caPem } });
  // The embedder's fetch, as the client asks for one: here trusting the target's certificate.
  const httpClient = {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      undiciFetch(input as string, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch,
    Request: UndiciRequest as unknown as typeof Request,
  };
  const options = { baseUrl: `${target.url}/`, userAgent: 'conformance-reference-test', httpClient };
  auth = new ClientCredentialsAuthProvider({ ...options, ...OWNER_CLIENT }, logger as never);
  client = new ApiClient({ options, logger: logger as never, authProvider: auth });
});
afterAll(async () => {
  await agent?.close();
  await target?.close();
});

const groupId = IDS.groupA;
/** One field of each item of a list answer. */
const valuesOf = (list: { results?: unknown[] }, field: string) =>
  (list.results ?? []).map((item) => (item as Record<string, unknown>)[field]);

describe('@mongodb-js/mcp-atlas-api-client against --vendor atlas', () => {
  it('signs in with the service account', async () => {
    expect(await auth.validate()).toBe(true);
    expect(logged).toEqual([]);
  });

  it('lists organizations, their projects and projects, and reads one', async () => {
    const orgs = await client.listOrgs();
    expect(valuesOf(orgs, 'id')).toEqual([IDS.org]);
    const orgGroups = await client.getOrgGroups({ params: { path: { orgId: IDS.org } } });
    expect(valuesOf(orgGroups, 'id')).toContain(groupId);
    const groups = await client.listGroups();
    expect(valuesOf(groups, 'id')).toContain(groupId);
    expect((await client.getGroup({ params: { path: { groupId } } })).name).toEqual(expect.any(String));
  });

  it('lists and inspects clusters, whose connection strings a MongoDB URL parser reads', async () => {
    const clusters = await client.listClusters({ params: { path: { groupId } } });
    expect(valuesOf(clusters, 'name')).toContain('cluster-a0');
    const cluster = await client.getCluster({ params: { path: { groupId, clusterName: 'cluster-a0' } } });
    expect(cluster.mongoDBVersion).toEqual(expect.any(String));
    expect(new URL(cluster.connectionStrings!.standardSrv!).protocol).toBe('mongodb+srv:');
  });

  it('creates a cluster as the client sends it, with groupId in the body', async () => {
    const created = await client.createCluster({
      params: { path: { groupId } },
      body: {
        name: 'client-made',
        groupId,
        clusterType: 'REPLICASET',
        replicationSpecs: [
          {
            regionConfigs: [
              {
                providerName: 'AWS',
                regionName: 'US_EAST_1',
                priority: 7,
                electableSpecs: { instanceSize: 'M10', nodeCount: 3 },
              },
            ],
          },
        ],
      } as never,
    });
    expect(created.name).toBe('client-made');
    const names = valuesOf(await client.listClusters({ params: { path: { groupId } } }), 'name');
    expect(names).toContain('client-made');
  });

  it('creates a database user and an access-list entry, which then show in their lists', async () => {
    await client.createDatabaseUser({
      params: { path: { groupId } },
      body: {
        groupId,
        databaseName: 'admin',
        username: 'mcp-user',
        password: 'a-long-password',
        roles: [{ databaseName: 'admin', roleName: 'readAnyDatabase' }],
      },
    });
    const users = await client.listDatabaseUsers({ params: { path: { groupId } } });
    expect(valuesOf(users, 'username')).toContain('mcp-user');
    await client.createAccessListEntry({
      params: { path: { groupId } },
      body: [{ groupId, ipAddress: '203.0.113.5', comment: 'added by client' }],
    });
    const entries = await client.listAccessListEntries({ params: { path: { groupId } } });
    expect(valuesOf(entries, 'ipAddress')).toContain('203.0.113.5');
  });

  it('lists alerts and flex clusters', async () => {
    expect((await client.listAlerts({ params: { path: { groupId } } })).results?.length).toBeGreaterThan(0);
    const flex = await client.listFlexClusters({ params: { path: { groupId } } });
    expect(valuesOf(flex, 'name')).toEqual(['flex-a0']);
    expect((await client.getFlexCluster({ params: { path: { groupId, name: 'flex-a0' } } })).name).toBe('flex-a0');
  });

  it('asks for schema advice, loads the sample data set and creates a stream workspace', async () => {
    const advice = await client.listSchemaAdvice({ params: { path: { groupId, clusterName: 'cluster-a0' } } });
    expect(advice.content?.recommendations).toEqual([]);
    const load = await client.requestSampleDatasetLoad({ params: { path: { groupId, name: 'cluster-a0' } } });
    expect(load.state).toBe('WORKING');
    const loaded = await client.getSampleDatasetLoad({ params: { path: { groupId, sampleDatasetId: load._id! } } });
    expect(loaded.state).toBe('COMPLETED');
    await client.createStreamWorkspace({
      params: { path: { groupId } },
      body: { name: 'client-streams', dataProcessRegion: { cloudProvider: 'AWS', region: 'VIRGINIA_USA' } } as never,
    });
    expect(valuesOf(await client.listStreamWorkspaces({ params: { path: { groupId } } }), 'name')).toContain(
      'client-streams',
    );
    expect(
      (await client.getStreamWorkspace({ params: { path: { groupId, tenantName: 'client-streams' } } })).name,
    ).toBe('client-streams');
  });

  it('revokes its token on close: the target refuses it afterwards', async () => {
    const headers = (await auth.getAuthHeaders())!;
    // The client revokes through the global fetch rather than the injected one: it must trust the target too.
    const previous = getGlobalDispatcher();
    setGlobalDispatcher(agent);
    try {
      await client.close();
    } finally {
      setGlobalDispatcher(previous);
    }
    expect(logged).toEqual([]);
    const res = await undiciFetch(`${target.url}/api/atlas/v2/groups`, {
      headers: { ...headers, accept: 'application/vnd.atlas.2025-03-12+json' },
      dispatcher: agent,
    });
    expect(res.status).toBe(401);
  });
});
