// The reference target's resources: cluster shapes by version (spec 9.5), regions and providers (2.6),
// uniqueness (7.2), events (6), alert configurations and custom database roles (2.6), restore jobs (2.1),
// measurements, slow queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removedClusterProperties } from '../../src/judges/cluster-shape.ts';
import { added20250418 } from '../../src/judges/nds-audit-events.ts';
import { IDS, V1, V2, call, start, type Started } from './helpers.ts';

let s: Started;
beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  await s.close();
});

const A = `/groups/${IDS.groupA}`;
const PROCESS = encodeURIComponent('cluster-a0-shard-00-00.abcde.platform.example:27017');
/** The top-level properties spec 9.5 removes in 2023-02-01 (the nested one is judged by the suite's rule). */
const REMOVED = removedClusterProperties.filter((name) => !name.includes('.'));
const cluster = (name: string, providerName = 'AWS', regionName = 'US_EAST_1') => ({
  name,
  replicationSpecs: [
    { regionConfigs: [{ providerName, regionName, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] },
  ],
});

describe('clusters', () => {
  it('has the 2023-02-01 shape on v2 and the legacy shape on v1.0 and 2023-01-01', async () => {
    const modern = (await call(s, `${V2}${A}/clusters/cluster-a0`, { as: 'owner' })).json;
    for (const name of REMOVED) expect(modern).not.toHaveProperty(name);
    expect(modern.replicationSpecs[0].regionConfigs[0]).toMatchObject({ providerName: 'AWS', regionName: 'US_EAST_1' });
    expect(modern.replicationSpecs[0]).not.toHaveProperty('regionsConfig');
    const accept = 'application/vnd.platform.2023-01-01+json';
    for (const path of [`${V1}${A}/clusters/cluster-a0`, `${V2}${A}/clusters/cluster-a0`]) {
      const legacy = (await call(s, path, { as: 'owner', headers: { accept } })).json;
      for (const name of REMOVED) expect(legacy).toHaveProperty(name);
      expect(legacy.providerSettings).toMatchObject({
        providerName: 'AWS',
        instanceSizeName: 'M10',
        regionName: 'US_EAST_1',
      });
    }
  });

  it('refuses removed properties, removed Azure regions and duplicate names', async () => {
    const removed = await call(s, `${V2}${A}/clusters`, {
      as: 'owner',
      method: 'POST',
      body: { ...cluster('c-removed'), providerSettings: {} },
    });
    expect(removed.json).toMatchObject({ error: 400, parameters: ['providerSettings'] });
    const germany = await call(s, `${V2}${A}/clusters`, {
      as: 'owner',
      method: 'POST',
      body: cluster('c-germany', 'AZURE', 'GERMANY_CENTRAL'),
    });
    expect(germany.json).toMatchObject({ error: 400, parameters: ['replicationSpecs[0].regionConfigs[0].regionName'] });
    const created = await call(s, `${V2}${A}/clusters`, {
      as: 'owner',
      method: 'POST',
      body: cluster('c-gcp', 'GCP', 'CENTRAL_US'),
    });
    expect(created.status).toBe(201);
    const duplicate = await call(s, `${V2}${A}/clusters`, { as: 'owner', method: 'POST', body: cluster('c-gcp') });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.errorCode).toBe('DUPLICATE_CLUSTER_NAME');
  });

  it('patches only the given fields, deletes with 202 and is gone after', async () => {
    await call(s, `${V2}${A}/clusters`, { as: 'owner', method: 'POST', body: cluster('c-patch') });
    const patched = await call(s, `${V2}${A}/clusters/c-patch`, {
      as: 'owner',
      method: 'PATCH',
      body: { paused: true },
    });
    expect(patched.json).toMatchObject({ paused: true, backupEnabled: false, name: 'c-patch' });
    expect((await call(s, `${V2}${A}/clusters/c-patch`, { as: 'owner', method: 'DELETE' })).status).toBe(202);
    expect((await call(s, `${V2}${A}/clusters/c-patch`, { as: 'owner' })).status).toBe(404);
  });

  it('creates a cluster from a legacy body', async () => {
    const body = {
      name: 'c-legacy',
      providerSettings: { providerName: 'AZURE', instanceSizeName: 'M20', regionName: 'EUROPE_WEST' },
      numShards: 1,
    };
    const created = await call(s, `${V1}${A}/clusters`, { as: 'owner', method: 'POST', body });
    expect(created.status).toBe(201);
    const modern = (await call(s, `${V2}${A}/clusters/c-legacy`, { as: 'owner' })).json;
    expect(modern.replicationSpecs[0].regionConfigs[0]).toMatchObject({
      providerName: 'AZURE',
      regionName: 'EUROPE_WEST',
      electableSpecs: { instanceSize: 'M20', nodeCount: 3 },
    });
  });

  it('refuses a legacy body whose zones name no region, and stores nothing', async () => {
    const providerSettings = { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' };
    const cases = [
      [{ replicationSpecs: [] }, 'replicationSpecs'],
      [{ replicationSpecs: [{ regionsConfig: {} }] }, 'replicationSpecs[0].regionsConfig'],
      [{ replicationSpec: {} }, 'replicationSpec'],
    ] as const;
    for (const [zones, parameter] of cases) {
      const refused = await call(s, `${V1}${A}/clusters`, {
        as: 'owner',
        method: 'POST',
        body: { name: 'c-no-region', providerSettings, ...zones },
      });
      expect(refused.json, parameter).toMatchObject({ error: 400, parameters: [parameter] });
      expect((await call(s, `${V1}${A}/clusters/c-no-region`, { as: 'owner' })).status, parameter).toBe(404);
    }
  });
});

describe('events', () => {
  it('lists the six event types of 18 April 2025', async () => {
    const types = (await call(s, `${V2}/eventTypes?itemsPerPage=500&pageNum=1`, { as: 'owner' })).json.results.map(
      (t: { eventType: string }) => t.eventType,
    );
    const more = (await call(s, `${V2}/eventTypes?itemsPerPage=500&pageNum=2`, { as: 'owner' })).json.results.map(
      (t: { eventType: string }) => t.eventType,
    );
    for (const name of added20250418) expect([...types, ...more]).toContain(name);
  });

  it('filters by minDate and maxDate (no zone means UTC) and refuses a malformed date by name', async () => {
    const r = await call(s, `${V2}${A}/events?minDate=2025-04-20&maxDate=2025-04-21T09:00:00`, { as: 'owner' });
    expect(r.json.results.map((e: { created: string }) => e.created)).toEqual([
      '2025-04-21T09:00:00Z',
      '2025-04-20T09:00:00Z',
    ]);
    const bad = await call(s, `${V2}${A}/events?maxDate=yesterday`, { as: 'owner' });
    expect(bad.json).toMatchObject({ error: 400, errorCode: 'INVALID_QUERY_PARAMETER', parameters: ['maxDate'] });
  });
});

describe('alert configurations', () => {
  const config = (metricName: string) => ({
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    enabled: true,
    severityOverride: 'ERROR',
    notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, roles: ['GROUP_OWNER'] }],
    metricThreshold: { metricName, operator: 'GREATER_THAN', threshold: 10, units: 'RAW' },
  });

  it('accepts severityOverride and refuses the removed dataFederation metrics', async () => {
    const created = await call(s, `${V2}${A}/alertConfigs`, {
      as: 'owner',
      method: 'POST',
      body: config('CONNECTIONS'),
    });
    expect(created.status).toBe(201);
    expect(created.json.severityOverride).toBe('ERROR');
    const removed = await call(s, `${V2}${A}/alertConfigs`, {
      as: 'owner',
      method: 'POST',
      body: config('dataFederation.bytesProcessed.daily'),
    });
    expect(removed.json).toMatchObject({ error: 400, parameters: ['metricThreshold.metricName'] });
    const patched = await call(s, `${V2}${A}/alertConfigs/${created.json.id}`, {
      as: 'owner',
      method: 'PATCH',
      body: { enabled: false },
    });
    expect(patched.json).toMatchObject({ enabled: false, severityOverride: 'ERROR' });
  });
});

describe('custom database roles', () => {
  it('changes actions and inherited roles by PATCH; the name cannot be modified, and a refused body changes nothing', async () => {
    const roles = `${V2}${A}/customDBRoles/roles`;
    const created = await call(s, roles, {
      as: 'owner',
      method: 'POST',
      body: { roleName: 'patched', actions: [{ action: 'FIND', resources: [{ db: 'd', collection: '' }] }] },
    });
    expect(created.status).toBe(201);
    const inheritedRoles = [{ db: 'admin', role: 'read' }];
    const patched = await call(s, `${roles}/patched`, {
      as: 'owner',
      method: 'PATCH',
      body: { roleName: 'patched', inheritedRoles },
    });
    expect(patched.json).toMatchObject({ roleName: 'patched', inheritedRoles, actions: created.json.actions });
    const renamed = await call(s, `${roles}/patched`, {
      as: 'owner',
      method: 'PATCH',
      body: { roleName: 'other', inheritedRoles: [] },
    });
    expect(renamed.json).toMatchObject({ error: 400, parameters: ['roleName'] });
    const nested = await call(s, `${V1}${A}/customDBRoles/roles/patched`, {
      as: 'owner',
      method: 'PATCH',
      body: { inheritedRoles: [], actions: [{ action: 'FIND', bogus: 1 }] },
    });
    expect(nested.json).toMatchObject({ error: 400, parameters: ['actions[0].bogus'] });
    expect((await call(s, `${roles}/patched`, { as: 'owner' })).json.inheritedRoles).toEqual(inheritedRoles);
  });
});

describe('backups and process data', () => {
  it('gives restore jobs a BSON timestamp', async () => {
    const jobs = (await call(s, `${V2}${A}/clusters/cluster-a0/backup/restoreJobs`, { as: 'owner' })).json.results;
    expect(jobs[0].timestamp).toEqual({ date: '2025-05-01T00:00:00Z', increment: 1 });
  });

  it('serves measurements over start and end at the granularity', async () => {
    const r = await call(
      s,
      `${V2}${A}/processes/${PROCESS}/databases/sample_mflix/measurements?granularity=PT1H&start=2025-05-01T00:00:00Z&end=2025-05-01T03:00:00Z`,
      { as: 'owner' },
    );
    expect(r.status).toBe(200);
    expect(r.json.measurements[0].dataPoints.map((p: { timestamp: string }) => p.timestamp)).toEqual([
      '2025-05-01T00:00:00Z',
      '2025-05-01T01:00:00Z',
      '2025-05-01T02:00:00Z',
    ]);
    const missing = await call(s, `${V2}${A}/processes/${PROCESS}/databases/sample_mflix/measurements?period=PT1H`, {
      as: 'owner',
    });
    expect(missing.json).toMatchObject({ error: 400, parameters: ['granularity'] });
  });

  it('adds slow-query metrics, opType and replicaState only when asked', async () => {
    const path = `${V2}${A}/processes/${PROCESS}/performanceAdvisor/slowQueryLogs`;
    expect(Object.keys((await call(s, path, { as: 'owner' })).json.slowQueries[0]).sort()).toEqual([
      'line',
      'namespace',
    ]);
    const all = await call(s, `${path}?includeMetrics=true&includeOpType=true&includeReplicaState=true`, {
      as: 'owner',
    });
    expect(Object.keys(all.json.slowQueries[0]).sort()).toEqual([
      'line',
      'metrics',
      'namespace',
      'opType',
      'replicaState',
    ]);
  });
});
