// A run touches only the projects the profile names and those it creates, and creates no cluster (billable) unless
// the profile allows it. The client's guard refuses anything else before it is sent (proven request by request
// through a proxy that logs what reaches the target), and a whole run through that proxy, against a target holding
// a project the profile does not name, sends nothing outside its scope and no cluster create, with no check even
// trying (none is refused by the guard). The run's outputs hold no secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type Credential } from '../../src/http/client.ts';
import { Redactor } from '../../src/http/redactor.ts';
import { loadProfile } from '../../src/profile/load.ts';
import type { Report } from '../../src/report/report.ts';
import { OutOfBounds, RunScope } from '../../src/target/scope.ts';
import { runCli, type CliRun } from '../e2e/cli.ts';
import { startFaultProxy, type FaultProxy } from '../hostile/fault-proxy.ts';
import { startLiveReference, type LiveReference } from './live-target.ts';
import { leaksOf } from './secret-scan.ts';

const [inA, inB] = ['6500000000000000000a0001', '6500000000000000000b0001'];
const empty = '6500000000000000000e0001';
/** A project of the target's organization that the owner may change, which no profile here names. */
const outside = '6500000000000000000f0001';
const missing = `f0f0${'1'.repeat(20)}`;
const api = '/api/platform';

type Seed = Record<string, Record<string, unknown>[]> & { principals: { name: string; publicKey?: string }[] };

/** The reference seed plus the outside project, with a cluster and an alert configuration in it. */
function withOutsideProject(seed: Seed): Seed {
  const copy = (list: string, i: number, extra: Record<string, unknown>) => ({
    ...structuredClone(seed[list]![i]!),
    groupId: outside,
    ...extra,
  });
  seed.groups!.push({ ...seed.groups![1]!, id: outside, name: 'conformance-outside' });
  for (const p of seed.principals as Record<string, unknown>[]) {
    if (p.name === 'owner' || p.name === 'serviceAccount')
      (p.groupRoles as unknown[]).push({ groupId: outside, roleName: 'GROUP_OWNER' });
  }
  seed.clusters!.push(copy('clusters', 3, { id: '650000000000000000cf0000', name: 'cluster-f0' }));
  seed.alertConfigs!.push(copy('alertConfigs', 3, { id: '650000000000000000acf0f1' }));
  return seed;
}

const projectOf = (path: string) => /^\/api\/platform\/(?:v2|v1\.0)\/groups\/([^/?]+)/.exec(path)?.[1];
const clusterCreate = /^\/api\/platform\/(?:v2|v1\.0)\/groups\/[^/?]+\/clusters\/?(\?|$)/;

let live: LiveReference;
let proxy: FaultProxy;

beforeAll(async () => {
  live = await startLiveReference({ seed: (s) => withOutsideProject(s as Seed) });
  proxy = await startFaultProxy({ url: live.target.url, caPem: live.target.caPem }, () => undefined);
});

afterAll(async () => {
  await proxy?.close();
  await live?.close();
});

describe('the client guard', () => {
  function client(allowBillable: boolean): HttpClient {
    const profile = { ...loadProfile('config/reference.json'), allowBillable, baseUrl: proxy.url };
    profile.projects = { ...profile.projects, ids: [inA], emptyProjectId: empty };
    const scope = new RunScope(profile, missing);
    const owner: Credential = {
      name: 'owner',
      publicKey: live.env.REFERENCE_OWNER_PUBLIC_KEY,
      privateKey: live.env.REFERENCE_OWNER_PRIVATE_KEY,
      env: {},
    };
    const c = new HttpClient({
      baseUrl: proxy.url,
      ca: proxy.caPem,
      requestTimeoutMs: 3000,
      connectTimeoutMs: 2000,
      maxBodyBytes: 1 << 20,
      connections: 1,
      credentials: { owner },
      redactor: new Redactor(),
      guard: scope.guard,
    });
    c.onExchange(scope.learn);
    return c;
  }
  const headers = { accept: 'application/vnd.platform.2023-02-01+json' };
  const get = (c: HttpClient, path: string) => c.send({ method: 'GET', path: `${api}${path}`, as: 'owner', headers });
  const sentTo = (from: number) => proxy.log.slice(from).map((l) => `${l.method} ${l.path.split('?')[0]}`);

  it("sends to the profile's projects and the run's missing id, and refuses any other project before sending", async () => {
    const c = client(false);
    const from = proxy.log.length;
    expect((await get(c, `/v2/groups/${inA}/clusters`)).status).toBe(200);
    expect((await get(c, `/v2/groups/${empty}`)).status).toBe(200);
    expect((await get(c, `/v2/groups/${missing}`)).status).toBe(404);
    for (const path of [
      `/v2/groups/${inB}`,
      `/v2/groups/${outside}/alertConfigs`,
      `/v1.0/groups/${outside}`,
      '/v2/groups/byName/conformance-outside',
    ]) {
      await expect(get(c, path), path).rejects.toThrow(OutOfBounds);
    }
    await expect(
      c.send({ method: 'DELETE', path: `${proxy.url}${api}/v2/groups/${outside}`, as: 'owner' }),
    ).rejects.toThrow(/project 6500000000000000000f0001 is neither/);
    expect([...new Set(sentTo(from).map((l) => projectOf(l.split(' ')[1]!)))]).toEqual([inA, empty, missing]);
    await c.close();
  });

  it('lets the run reach a project it created', async () => {
    const c = client(false);
    const made = await c.send({
      method: 'POST',
      path: `${api}/v2/groups`,
      as: 'owner',
      headers,
      json: { name: 'conformance-guard-own', orgId: '650000000000000000000001' },
    });
    expect(made.status).toBe(201);
    const id = String(made.jsonObject().id);
    expect((await get(c, `/v2/groups/${id}`)).status).toBe(200);
    expect(
      (await c.send({ method: 'DELETE', path: `${api}/v2/groups/${id}`, as: 'owner', headers })).status,
    ).toBeLessThan(300);
    await expect(get(client(false), `/v2/groups/${id}`), 'another run did not create it').rejects.toThrow(OutOfBounds);
    await c.close();
  });

  it('refuses to create a cluster unless the profile allows billable resources', async () => {
    const from = proxy.log.length;
    const body = { name: 'conformance-guard-cluster' };
    for (const path of [`/v2/groups/${inA}/clusters`, `/v1.0/groups/${inA}/clusters/`]) {
      await expect(
        client(false).send({ method: 'POST', path: `${api}${path}`, as: 'owner', json: body }),
        path,
      ).rejects.toThrow(/billable.*allowBillable/);
    }
    expect(sentTo(from)).toEqual([]);
    const allowed = client(true);
    const res = await allowed.send({
      method: 'POST',
      path: `${api}/v2/groups/${inA}/clusters`,
      as: 'owner',
      json: body,
    });
    expect(sentTo(from)).toContain(`POST ${api}/v2/groups/${inA}/clusters`);
    if (res.status < 300)
      await allowed.send({
        method: 'DELETE',
        path: `${api}/v2/groups/${inA}/clusters/conformance-guard-cluster`,
        as: 'owner',
      });
    await allowed.close();
  });
});

describe('a whole run without billable resources, through a logging proxy', () => {
  let run: CliRun;
  let report: Report;

  beforeAll(async () => {
    const profile = live.profile({
      baseUrl: proxy.url,
      caPem: proxy.caPem,
      fields: { allowBillable: false, timeouts: { requestMs: 5000, connectMs: 2000, ruleMs: 60000 } },
    });
    proxy.log.length = 0;
    run = await runCli(['run', '--profile', profile, '--quiet'], live.env);
    expect(run.report, run.stderr).toBeDefined();
    report = run.report!;
  }, 240_000);

  it("sends no request below a project other than the profile's, those it created and ids of no project", () => {
    // A create asked with envelope=true answers its entity inside the envelope (spec 2.4).
    const createdId = (json: string) => {
      const body = JSON.parse(json) as { id?: unknown; content?: { id?: unknown } };
      return String(body.id ?? body.content?.id);
    };
    const created = new Set(
      proxy.log.filter((l) => l.created && /\/groups\/?(\?|$)/.test(l.path)).map((l) => createdId(l.created!)),
    );
    expect(created.size, 'the run created projects of its own').toBeGreaterThan(0);
    const named = new Set([inA, inB, empty, ...created]);
    const others = proxy.log.filter((l) => projectOf(l.path) !== undefined && !named.has(projectOf(l.path)!));
    // What else was touched never existed on the target: each such request was answered 404.
    expect(others.filter((l) => l.status !== 404).map((l) => `${l.method} ${l.path} → ${l.status}`)).toEqual([]);
    expect(proxy.log.some((l) => projectOf(l.path) === outside)).toBe(false);
  });

  it('sends no cluster create, and no check needed the guard to stop it', () => {
    expect(proxy.log.filter((l) => l.method === 'POST' && clusterCreate.test(l.path)).map((l) => l.path)).toEqual([]);
    const refused = report.rules.flatMap((r) =>
      r.checks.filter((c) => /refused to send/.test(c.reason ?? '')).map((c) => `${r.id}: ${c.reason}`),
    );
    expect(refused).toEqual([]);
    for (const id of ['CLU-GCP-PROVIDER', 'CLU-AZURE-GERMANY-REMOVED']) {
      const rule = report.rules.find((r) => r.id === id)!;
      expect([rule.status, rule.reason], id).toEqual(['skipped', expect.stringMatching(/allowBillable/)]);
    }
  });

  it('judges the reference target as conforming otherwise, and leaks no secret', () => {
    expect(report.runErrors).toEqual([]);
    expect(report.rules.filter((r) => r.status === 'fail').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    // A request may time out on a busy machine; no check ends in a problem of its own (such as a refused request).
    expect(
      report.rules.flatMap((r) => r.checks.filter((c) => c.cause === 'suite').map((c) => `${r.id}: ${c.reason}`)),
    ).toEqual([]);
    expect(leaksOf(run, live.env)).toEqual([]);
    expect(report.cleanup.leftovers).toEqual([]);
  });
});
