// Resources beyond the spec that clients of the real service use every day: organizations, database users,
// the project access list, flex clusters; stateful like the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, V2, call, start, type Started } from './helpers.ts';

let s: Started;
beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  await s.close();
});

const A = `${V2}/groups/${IDS.groupA}`;
const post = (path: string, body: unknown) => call(s, path, { as: 'owner', method: 'POST', body });

describe('organizations', () => {
  it('lists the organization and its projects the caller can see', async () => {
    const orgs = await call(s, `${V2}/orgs`, { as: 'owner' });
    expect(orgs.json.results.map((o: { id: string }) => o.id)).toEqual([IDS.org]);
    const projects = await call(s, `${V2}/orgs/${IDS.org}/groups`, { as: 'readOnly' });
    expect(projects.json.results.map((g: { id: string }) => g.id).sort()).toEqual([IDS.groupA, IDS.groupB]);
    expect((await call(s, `${V2}/orgs/${IDS.missingGroup}`, { as: 'owner' })).status).toBe(404);
  });
});

describe('database users', () => {
  it('creates a user that shows in the list without its password, and refuses a duplicate with 409', async () => {
    const body = {
      groupId: IDS.groupA,
      databaseName: 'admin',
      username: 'reporting',
      password: 'secret-password',
      roles: [{ databaseName: 'admin', roleName: 'readAnyDatabase' }],
    };
    const created = await post(`${A}/databaseUsers`, body);
    expect(created.status).toBe(201);
    expect(created.json).not.toHaveProperty('password');
    const names = (await call(s, `${A}/databaseUsers`, { as: 'owner' })).json.results.map(
      (u: { username: string }) => u.username,
    );
    expect(names).toContain('reporting');
    expect((await post(`${A}/databaseUsers`, body)).status).toBe(409);
    expect((await call(s, `${A}/databaseUsers/admin/reporting`, { as: 'owner', method: 'DELETE' })).status).toBe(204);
    expect((await call(s, `${A}/databaseUsers/admin/reporting`, { as: 'owner' })).status).toBe(404);
  });

  it('refuses a write by a read-only caller', async () => {
    expect(
      (
        await call(s, `${A}/databaseUsers`, {
          as: 'readOnly',
          method: 'POST',
          body: { databaseName: 'admin', username: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('project access list', () => {
  it('adds entries from an array, answers the whole list, and reads and deletes one by its address', async () => {
    const added = await post(`${A}/accessList`, [
      { ipAddress: '203.0.113.9', comment: 'laptop' },
      { cidrBlock: '203.0.113.128/25' },
    ]);
    expect(added.status).toBe(201);
    const blocks = added.json.results.map((e: { cidrBlock: string }) => e.cidrBlock);
    expect(blocks).toEqual(expect.arrayContaining(['203.0.113.9/32', '203.0.113.128/25', '192.0.2.0/24']));
    expect((await call(s, `${A}/accessList/203.0.113.9`, { as: 'owner' })).json).toMatchObject({
      ipAddress: '203.0.113.9',
      comment: 'laptop',
    });
    expect(
      (await call(s, `${A}/accessList/${encodeURIComponent('203.0.113.128/25')}`, { as: 'owner', method: 'DELETE' }))
        .status,
    ).toBe(204);
    const after = (await call(s, `${A}/accessList`, { as: 'owner' })).json.results.map(
      (e: { cidrBlock: string }) => e.cidrBlock,
    );
    expect(after).not.toContain('203.0.113.128/25');
  });

  it('refuses a body with an invalid entry and adds none of it', async () => {
    const refused = await post(`${A}/accessList`, [{ cidrBlock: '198.18.0.0/15' }, { cidrBlock: '10.0.0.0/99' }]);
    expect(refused).toMatchObject({ status: 400, json: { parameters: ['[1].cidrBlock'] } });
    const blocks = (await call(s, `${A}/accessList`, { as: 'owner' })).json.results.map(
      (e: { cidrBlock: string }) => e.cidrBlock,
    );
    expect(blocks).not.toContain('198.18.0.0/15');
  });
});

describe('flex clusters', () => {
  it('lists and gets the seeded flex cluster', async () => {
    const list = await call(s, `${A}/flexClusters`, { as: 'owner' });
    expect(list.json.results.map((f: { name: string }) => f.name)).toEqual(['flex-a0']);
    expect((await call(s, `${A}/flexClusters/flex-a0`, { as: 'owner' })).json).toMatchObject({
      name: 'flex-a0',
      providerSettings: { providerName: 'FLEX' },
    });
  });
});
