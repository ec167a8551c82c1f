// The paths the list surface builds: each context missing in turn under contexts that exist, and a missing entry;
// and the lists a target's surface adds.
import { describe, expect, it, vi } from 'vitest';
import type { ParamForm } from '../../src/surface/model.ts';
import {
  existingLists,
  listInstances,
  missingContexts,
  missingEntries,
  surfaceLists,
  titleOf,
  type Surface,
  type SurfaceList,
} from '../../src/probes/surface/lists.ts';

// Outside a run, values made once per run are made once per test file.
vi.mock('../../src/harness/per-run.ts', () => ({
  perRun: <T>(make: () => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  },
  once: (() => {
    const values = new Map<string, unknown>();
    return <T>(key: string, make: () => T): T => {
      if (!values.has(key)) values.set(key, make());
      return values.get(key) as T;
    };
  })(),
}));

const restoreJobs: SurfaceList = {
  title: 'restore jobs',
  template: '/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs',
  item: 'restoreJobId',
  paged: true,
};
const measurements: SurfaceList = {
  title: 'measurements',
  template: '/groups/{groupId}/processes/{processId}/databases/{databaseName}/measurements',
  paged: false,
  query: 'granularity=PT1H&period=P1D',
};
const reached = { groupId: 'p1', clusterName: 'c1', processId: 'h1:27017' };
const missingProjectId = 'f0f0a1b2c3d4e5f6a7b8c9d0';

/** A surface whose crawl reached project p1 and its cluster c1, and no process. */
const surface: Surface = {
  lists: [restoreJobs, measurements],
  missingProjectId,
  seed: 1,
  existing: (template, depth) => {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).slice(0, depth);
    if (names.some((n) => n === 'processId')) return undefined;
    return Object.fromEntries(names.map((n) => [n, reached[n as keyof typeof reached]]));
  },
  instances: (template) =>
    template.includes('{clusterName}')
      ? ['c1', 'c2', 'c3', 'c4'].map((clusterName) => ({ groupId: 'p1', clusterName }))
      : [],
};

describe('the list surface', () => {
  it('misses each context in turn, those above it existing, and leaves out depths with no existing chain', () => {
    const probes = missingContexts(surface).map((p) => [p.list.title, p.depth, p.path]);
    expect(probes).toEqual([
      ['restore jobs', 0, `/groups/${missingProjectId}/clusters/conformance-missing-cluster/backup/restoreJobs`],
      ['restore jobs', 1, '/groups/p1/clusters/conformance-missing-cluster/backup/restoreJobs'],
      [
        'measurements',
        0,
        `/groups/${missingProjectId}/processes/conformance-missing-host:27017/databases/conformance-missing-database/measurements?granularity=PT1H&period=P1D`,
      ],
      [
        'measurements',
        1,
        '/groups/p1/processes/conformance-missing-host:27017/databases/conformance-missing-database/measurements?granularity=PT1H&period=P1D',
      ],
    ]);
  });

  it('names the value that is missing', () => {
    const [project, cluster] = missingContexts(surface);
    expect(project!.path).toContain(`/groups/${project!.missing}/`);
    expect(cluster!.missing).toBe('conformance-missing-cluster');
  });

  it('misses an entry under the whole chain of contexts that exist, with the same id for the kind throughout a run', () => {
    const [entry] = missingEntries(surface);
    expect(entry!.missing).toMatch(/^f1f1[0-9a-f]{20}$/);
    expect(entry!.path).toBe(`/groups/p1/clusters/c1/backup/restoreJobs/${entry!.missing}`);
    expect(missingEntries(surface)[0]!.missing).toBe(entry!.missing);
    expect(missingEntries(surface)).toHaveLength(1);
  });

  it('misses an entry of a kind with names of its own form by a name of that form', () => {
    const accessList: SurfaceList = {
      title: 'access list',
      template: '/groups/{groupId}/accessList',
      item: 'entryValue',
      paged: true,
    };
    const [entry] = missingEntries({ ...surface, lists: [accessList] });
    expect(entry!.path).toBe('/groups/p1/accessList/203.0.113.254');
  });

  it("misses an entry by a value of the form the target's document gives its parameter, or not at all", () => {
    const list = (kind: string, item: string, form: ParamForm): SurfaceList => ({
      title: `${kind} of the project`,
      template: `/groups/{groupId}/${kind}`,
      item,
      forms: { [item]: form },
      paged: true,
    });
    const accounts = list('serviceAccounts', 'clientId', { pattern: '^mdb_sa_id_[a-fA-F\\d]{24}$' });
    const users = list('users', 'userName', { pattern: "^[a-z0-9!#$%&'*+/=?^_`{|}~-]+@[a-z0-9]+\\.[a-z]+$" });
    const hooks = list('hooks', 'hookId', { pattern: '^[0-9a-f]{24}$' });
    const integrations = list('integrations', 'integrationType', { enum: ['SLACK', 'DATADOG'] });
    // A pattern fast-check cannot draw from (a lookahead) leaves the fresh id.
    const teams = list('teams', 'teamId', { pattern: '^(?=t)[a-z]{3}$' });
    const entries = missingEntries({
      ...surface,
      lists: [accounts, users, hooks, integrations, teams],
    });
    // A closed set of values leaves no value sure to name nothing: that list's entry is left out.
    expect(entries.map((e) => e.list.item)).toEqual(['clientId', 'userName', 'hookId', 'teamId']);
    const [account, user, hook, team] = entries;
    expect(account!.missing).toMatch(/^mdb_sa_id_[a-fA-F\d]{24}$/);
    expect(decodeURIComponent(user!.missing)).toMatch(new RegExp(users.forms!.userName!.pattern!));
    expect(user!.path).toBe(`/groups/p1/users/${user!.missing}`);
    expect(user!.missing).not.toMatch(/[/?#]/);
    // A fresh id that fits the form is kept.
    expect(hook!.missing).toMatch(/^f1f1[0-9a-f]{20}$/);
    expect(team!.missing).toMatch(/^f1f1[0-9a-f]{20}$/);
  });

  it("draws the values that name nothing from the run's seed: the same in a run of that seed, others in another", () => {
    const accounts: SurfaceList = {
      title: 'service accounts of the project',
      template: '/groups/{groupId}/serviceAccounts',
      item: 'clientId',
      forms: { clientId: { pattern: '^mdb_sa_id_[a-fA-F\\d]{24}$' } },
      paged: true,
    };
    const drawn = (seed: number) =>
      missingEntries({ ...surface, seed, lists: [restoreJobs, accounts] }).map((e) => e.missing);
    expect(drawn(1)).toEqual(drawn(1));
    expect(drawn(2)).toEqual(drawn(2));
    expect(drawn(1)[0]).not.toBe(drawn(2)[0]);
    expect(drawn(1)[1]).not.toBe(drawn(2)[1]);
  });

  it("misses a context by a value of the form the target's document gives it, or not where its values are a closed set", () => {
    const named = (form: ParamForm): Surface => ({
      ...surface,
      lists: [{ ...restoreJobs, forms: { clusterName: form } }],
    });
    const [, cluster] = missingContexts(named({ pattern: '^[A-Z]{4,8}$' }));
    expect(cluster!.missing).toMatch(/^[A-Z]{4,8}$/);
    expect(cluster!.path).toBe(`/groups/p1/clusters/${cluster!.missing}/backup/restoreJobs`);
    // The suite's name fits the real service's form: kept.
    expect(missingContexts(named({ pattern: '^([a-zA-Z0-9][a-zA-Z0-9-]*)?[a-zA-Z0-9]+$' }))[1]!.missing).toBe(
      'conformance-missing-cluster',
    );
    // A closed set: the cluster cannot be named missing; below a missing project its first value names nothing.
    const closed = missingContexts(named({ enum: ['A', 'B'] }));
    expect(closed.map((p) => [p.depth, p.path])).toEqual([
      [0, `/groups/${missingProjectId}/clusters/A/backup/restoreJobs`],
    ]);
  });

  it('reads each list whose whole chain of contexts exists, with its query, and leaves out the others', () => {
    expect(existingLists(surface).map((l) => [l.list.title, l.path])).toEqual([
      ['restore jobs', '/groups/p1/clusters/c1/backup/restoreJobs'],
    ]);
    const withProcess: Surface = {
      ...surface,
      existing: (template, depth) =>
        Object.fromEntries(
          [...template.matchAll(/\{(\w+)\}/g)]
            .map((m) => m[1]!)
            .slice(0, depth)
            .map((n) => [n, ({ ...reached, databaseName: 'd1' } as Record<string, string>)[n]!]),
        ),
    };
    expect(existingLists(withProcess).map((l) => l.path)).toEqual([
      '/groups/p1/clusters/c1/backup/restoreJobs',
      '/groups/p1/processes/h1:27017/databases/d1/measurements?granularity=PT1H&period=P1D',
    ]);
  });

  it('reads each list at its first three instances, with the depth of its contexts', () => {
    expect(listInstances(surface).map((l) => [l.list.title, l.path, l.depth])).toEqual([
      ['restore jobs', '/groups/p1/clusters/c1/backup/restoreJobs', 2],
      ['restore jobs', '/groups/p1/clusters/c2/backup/restoreJobs', 2],
      ['restore jobs', '/groups/p1/clusters/c3/backup/restoreJobs', 2],
    ]);
  });
});

describe("the lists of a target's surface", () => {
  const get = (template: string, paged?: boolean) => ({
    template,
    method: 'GET' as const,
    generations: [],
    readOnly: [],
    ...(paged === undefined ? {} : { paged }),
  });
  const surface = {
    source: 'document',
    operations: [
      get('/orgs/{orgId}/events', true),
      { ...get('/orgs/{orgId}/events/{eventId}', false), pathParams: { eventId: { pattern: '^[0-9a-f]{24}$' } } },
      get('/groups/{id}/clusters/{name}/backup/restoreJobs', true),
      get('/groups/{groupId}/databaseUsers', true),
      get('/groups/{groupId}/databaseUsers/{databaseName}/{username}', false),
      get('/groups/{groupId}/clusters/{clusterName}/fts/indexes/{databaseName}/{collectionName}', true),
      get('/groups/{groupId}/accessList'),
      get('/groups/{groupId}/encryptionAtRest', false),
      get('/groups', true),
      { ...get('/groups/{groupId}/streams', true), method: 'POST' as const },
    ],
  };

  it('adds every paged list under contexts the crawl reaches that the catalogue lacks, with its entry', () => {
    expect(surfaceLists(surface, [restoreJobs])).toEqual([
      {
        title: 'events of the organization',
        template: '/orgs/{orgId}/events',
        item: 'eventId',
        forms: { eventId: { pattern: '^[0-9a-f]{24}$' } },
        paged: true,
      },
      { title: 'database users of the project', template: '/groups/{groupId}/databaseUsers', paged: true },
    ]);
  });

  it('titles a list by its own segments and the context it lies in', () => {
    expect(titleOf('/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs')).toBe(
      'backup restore jobs of the cluster',
    );
    expect(titleOf('/orgs/{orgId}/groups')).toBe('groups of the organization');
    expect(titleOf('/eventTypes')).toBe('event types');
  });
});
