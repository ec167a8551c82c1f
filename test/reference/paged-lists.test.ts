// The reference target's OpenAPI document says which GETs answer a paged list (a route's `list`), and the suite
// takes the lists of its surface from there: every route whose parameters the seed fills answers its GET with a
// results array exactly where it says so.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allRoutes } from '../../reference/routes/index.ts';
import { call, IDS, start, V2, type Started } from './helpers.ts';

let s: Started;
beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  await s?.close();
});

/** A value of each path parameter that names something of the seed's first project. */
const seeded: Record<string, string> = {
  orgId: IDS.org,
  groupId: IDS.groupA,
  clusterName: 'cluster-a0',
  processId: 'cluster-a0-shard-00-00.abcde.platform.example:27017',
  alertConfigId: '650000000000000000acf001',
  instanceName: 'serverless-a0',
  federationSettingsId: '650000000000000000fed001',
  cloudProvider: 'AZURE',
};

it('answers a results array on the GETs its document marks as paged lists, and only there', async () => {
  const routes = allRoutes.filter(
    (r) => r.methods.GET && [...r.path.matchAll(/\{(\w+)\}/g)].every(([, name]) => seeded[name!] !== undefined),
  );
  const answers = await Promise.all(
    routes.map(async (r) => {
      const path = r.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(seeded[name]!));
      const res = await call(s, `${V2}${path === '/' ? '' : path}`, { as: 'owner' });
      return { path: r.path, list: r.list === true, status: res.status, results: Array.isArray(res.json?.results) };
    }),
  );
  const served = answers.filter((a) => a.status === 200);
  expect(served.filter((a) => a.list !== a.results).map((a) => a.path)).toEqual([]);
  expect(answers.filter((a) => a.list && a.status !== 200).map((a) => `${a.path}: ${a.status}`)).toEqual([]);
  expect(served.filter((a) => a.list).length).toBeGreaterThan(20);
});
