// Version dates as the real service serves them (real-service facts 5, 11): each operation's versions from
// fixtures/versions.json, a date that is not a version served in the newest version not later than it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, V2, call, start, type Started } from './helpers.ts';

const accept = (date: string) => ({ accept: `application/vnd.platform.${date}+json` });
const clusters = `${V2}/groups/${IDS.groupA}/clusters`;

describe("the real service's resolution (default)", () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s.close();
  });

  it('serves a date after every version of the projects in their newest one, and names it', async () => {
    const r = await call(s, `${V2}/groups`, { as: 'owner', headers: accept('2025-03-12') });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.platform.2023-02-01+json;charset=utf-8');
  });

  it("serves the clusters in their own newer version 2024-08-05, the real service's", async () => {
    const r = await call(s, clusters, { as: 'owner', headers: accept('2025-03-12') });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.platform.2024-08-05+json;charset=utf-8');
    expect(r.headers.deprecation).toBeUndefined();
  });

  it('serves a date between two versions in the older one, with its Deprecation and Sunset', async () => {
    const r = await call(s, clusters, { as: 'owner', headers: accept('2024-01-15') });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.platform.2023-02-01+json;charset=utf-8');
    expect(r.headers.deprecation).toBe('Mon, 05 Aug 2024 00:00:00 GMT');
    expect(r.headers.sunset).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
  });

  it('knows versions per operation: a cluster create has 2024-10-23, which its list does not', async () => {
    const list = await call(s, clusters, { as: 'owner', headers: accept('2024-10-23') });
    expect(list.headers['content-type']).toBe('application/vnd.platform.2024-08-05+json;charset=utf-8');
  });

  it('refuses a date before every version with 406', async () => {
    const r = await call(s, `${V2}/groups`, { as: 'owner', headers: accept('1995-06-01') });
    expect(r.status).toBe(406);
    expect(r.json.errorCode).toBe('INVALID_VERSION_DATE');
  });
});

describe('unlistedDates: refused', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start({ unlistedDates: 'refused' });
  });
  afterAll(async () => {
    await s.close();
  });

  it("refuses a date that is not one of the operation's versions, and serves one that is", async () => {
    expect((await call(s, `${V2}/groups`, { as: 'owner', headers: accept('2025-03-12') })).status).toBe(406);
    expect((await call(s, clusters, { as: 'owner', headers: accept('2024-08-05') })).status).toBe(200);
  });

  it("serves an alert's acknowledgement, and its withdrawal, in the alerts' own version 2024-05-30", async () => {
    const alerts = `${V2}/groups/${IDS.groupA}/alerts`;
    const list = await call(s, alerts, { as: 'owner' });
    const id = (list.json as { results: { id: string }[] }).results[0]!.id;
    const headers = { ...accept('2024-05-30'), 'content-type': 'application/vnd.platform.2024-05-30+json' };
    for (const body of [{ acknowledgedUntil: '2048-01-01T00:00:00Z' }, { unacknowledgeAlert: true }]) {
      const r = await call(s, `${alerts}/${id}`, { as: 'owner', method: 'PATCH', headers, body });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.headers['content-type']).toBe('application/vnd.platform.2024-05-30+json;charset=utf-8');
    }
  });
});
