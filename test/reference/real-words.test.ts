// The real service's words under the vendor word `atlas` (field names, connection-string schemes), connection
// strings naming the processes the target serves, and the read-only fields real clients send back unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, call, start, type Started } from './helpers.ts';

const A = `/groups/${IDS.groupA}`;
const PROCESS_ID = 'cluster-a0-shard-00-00.abcde.platform.example:27017';
const newCluster = (name: string) => ({
  name,
  groupId: IDS.groupA,
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
});

describe('vendor atlas', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start({ vendor: 'atlas' });
  });
  afterAll(async () => {
    await s.close();
  });
  const V2 = '/api/atlas/v2';
  const headers = { accept: 'application/vnd.atlas.2025-03-12+json' };

  it('answers with mongoDBVersion and mongodb:// connection strings whose hosts are the served process ids', async () => {
    const cluster = (await call(s, `${V2}${A}/clusters/cluster-a0`, { as: 'owner', headers })).json;
    expect(cluster).toMatchObject({ mongoDBVersion: expect.any(String), mongoDBMajorVersion: expect.any(String) });
    expect(cluster).not.toHaveProperty('dbVersion');
    expect(cluster.connectionStrings.standardSrv).toMatch(/^mongodb\+srv:\/\//);
    const standard = new URL(cluster.connectionStrings.standard);
    expect(standard.protocol).toBe('mongodb:');
    const hosts = cluster.connectionStrings.standard.slice('mongodb://'.length).split('/')[0].split(',');
    expect(hosts).toEqual([PROCESS_ID]);
    const process = await call(s, `${V2}${A}/processes/${encodeURIComponent(hosts[0])}`, { as: 'owner', headers });
    expect(process.status).toBe(200);
  });

  it("names extension link relations with the real service's fixed prefix", async () => {
    const project = (await call(s, `${V2}${A}`, { as: 'owner', headers })).json;
    expect(project.links.map((l: { rel: string }) => l.rel)).toContain('https://cloud.mongodb.com/clusters');
  });

  it('answers the legacy API with mongoURI', async () => {
    const legacy = (
      await call(s, `/api/atlas/v1.0${A}/clusters/cluster-a0`, { as: 'owner', headers: { accept: 'application/json' } })
    ).json;
    expect(legacy.mongoURI).toMatch(/^mongodb:\/\//);
    expect(legacy).not.toHaveProperty('dbURI');
  });

  it('accepts a create carrying groupId and the real field names, and a modify sending read-only fields back unchanged', async () => {
    const created = await call(s, `${V2}${A}/clusters`, {
      as: 'owner',
      method: 'POST',
      headers,
      body: { ...newCluster('real-client'), mongoDBMajorVersion: '7.0' },
    });
    expect(created.status).toBe(201);
    expect(created.json.mongoDBMajorVersion).toBe('7.0');
    const { id, createDate, stateName } = created.json;
    const patched = await call(s, `${V2}${A}/clusters/real-client`, {
      as: 'owner',
      method: 'PATCH',
      headers,
      body: { id, groupId: IDS.groupA, createDate, stateName, paused: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.paused).toBe(true);
    const moved = await call(s, `${V2}${A}/clusters/real-client`, {
      as: 'owner',
      method: 'PATCH',
      headers,
      body: { groupId: IDS.groupB },
    });
    expect(moved.status).toBe(400);
  });
});

describe('vendor platform', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s.close();
  });

  it("keeps the spec's words", async () => {
    const cluster = (await call(s, `/api/platform/v2${A}/clusters/cluster-a0`, { as: 'owner' })).json;
    expect(cluster.dbVersion).toEqual(expect.any(String));
    expect(cluster.connectionStrings.standard).toMatch(/^db:\/\//);
  });
});
