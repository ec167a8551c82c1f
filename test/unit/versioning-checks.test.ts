// The judges of the versioning rules (spec 9): version names in media types, the cluster shapes of 9.5 (the JSON
// Schemas and the eleven removed properties), and bodies compared across the two generations.
import { describe, expect, it } from 'vitest';
import { carriesProperty, clusterSchemaOf, removedClusterProperties } from '../../src/judges/cluster-shape.ts';
import { schemaFaults } from '../../src/judges/json-schema.ts';
import { differences, replacedInStrings } from '../../src/judges/same-body.ts';
import { checkNamesVersion, namedVersion } from '../../src/judges/versioned-media.ts';
import { RuleFailure } from '../../src/outcome.ts';
import { answer } from '../support/answers.ts';
import { checkProfile } from '../../src/profile/load.ts';
import { firstReadVersion } from '../../src/probes/resource-versions.ts';
import { IndexedSurface } from '../../src/surface/indexed-surface.ts';

const modern = {
  name: 'c',
  replicationSpecs: [{ numShards: 1, regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1' }] }],
};
const legacy = {
  name: 'c',
  providerSettings: { providerName: 'AWS' },
  replicationSpec: { US_EAST_1: {} },
  replicationSpecs: [{ regionsConfig: {} }],
};

describe('versioned media types', () => {
  it('reads the version a Content-Type names, parameters and case aside, for the vendor only', () => {
    expect(namedVersion('application/vnd.platform.2023-02-01+json;charset=utf-8', 'platform')).toBe('2023-02-01');
    expect(namedVersion('Application/VND.Platform.2023-01-01+JSON', 'platform')).toBe('2023-01-01');
    expect(namedVersion('application/json', 'platform')).toBeUndefined();
    expect(namedVersion('application/vnd.atlas.2023-02-01+json', 'platform')).toBeUndefined();
    expect(namedVersion(undefined, 'platform')).toBeUndefined();
  });

  it('reads the version of a download, whatever its suffix', () => {
    // The real service serves logs and exports as application/vnd.atlas.<date>+gzip and +csv.
    expect(namedVersion('application/vnd.atlas.2023-02-01+gzip', 'atlas')).toBe('2023-02-01');
    expect(namedVersion('application/vnd.atlas.2025-03-12+csv;charset=utf-8', 'atlas')).toBe('2025-03-12');
    expect(namedVersion('application/vnd.atlas.2023-02-01', 'atlas')).toBeUndefined();
    expect(namedVersion('application/gzip', 'atlas')).toBeUndefined();
  });

  it('judges no media type on an answer without a body, as the real service answers a DELETE or an accepted write', () => {
    const configs = 'https://cloud.example.test/api/atlas/v2/groups/32b6e34b3d91647abb20e7b8/alertConfigs';
    const asked = (named: string) => named <= '2025-03-12';
    const deleted = answer('DELETE', `${configs}/57b76ddc96e8215c017ceafb`, 204, {
      date: 'Fri, 02 May 2025 10:15:00 GMT',
    });
    const cluster = 'https://cloud.example.test/api/atlas/v2/groups/32b6e34b3d91647abb20e7b8/clusters/cluster-833';
    const accepted = answer('DELETE', cluster, 202, { 'content-length': '0' });
    const emptyOk = answer('PATCH', `${configs}/57b76ddc96e8215c017ceafb`, 200);
    for (const res of [deleted, accepted, emptyOk])
      expect(() => checkNamesVersion(res, 'atlas', asked, 'a version')).not.toThrow();
    const json = answer('GET', configs, 200, { 'content-type': 'application/json' }, { results: [], totalCount: 0 });
    expect(() => checkNamesVersion(json, 'atlas', asked, 'a version')).toThrow(RuleFailure);
    const later = answer('GET', configs, 200, { 'content-type': 'application/vnd.atlas.2025-06-01+json' }, '{}');
    expect(() => checkNamesVersion(later, 'atlas', asked, 'a version')).toThrow(/names version 2025-06-01/);
  });
});

describe('cluster shapes', () => {
  it('finds each removed property by its spec name, the nested one in any replication spec', () => {
    expect(removedClusterProperties).toHaveLength(11);
    expect(removedClusterProperties.filter((p) => carriesProperty(modern, p))).toEqual([]);
    expect(removedClusterProperties.filter((p) => carriesProperty(legacy, p))).toEqual([
      'replicationSpec',
      'providerSettings',
      'replicationSpecs.regionsConfig',
    ]);
    // numShards and autoScaling inside a replication spec or region are not the removed top-level ones
    expect(carriesProperty({ replicationSpecs: [{ numShards: 1 }] }, 'numShards')).toBe(false);
  });

  it('takes the 2023-02-01 shape by its regionConfigs and the legacy shape by providerSettings', () => {
    expect(schemaFaults('cluster-2023-02-01', modern)).toEqual([]);
    expect(schemaFaults('cluster-2023-02-01', legacy)).toEqual([
      "/replicationSpecs/0 must have required property 'regionConfigs'",
    ]);
    expect(schemaFaults('cluster-legacy', legacy)).toEqual([]);
    expect(schemaFaults('cluster-legacy', modern)).toHaveLength(2);
  });
});

describe('bodies across generations', () => {
  it('lists where two bodies differ, field order aside', () => {
    expect(differences({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
    expect(differences({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 3 }], d: 0 })).toEqual(['b[1].c', 'd']);
    expect(differences([1], [1, 2])).toEqual(['(the whole body) (1 against 2 items)']);
  });

  it('reads one base address as the other in every string', () => {
    expect(
      replacedInStrings({ links: [{ href: 'https://h/api/p/v1.0/groups/1' }], n: 1 }, '/api/p/v1.0', '/api/p/v2'),
    ).toEqual({ links: [{ href: 'https://h/api/p/v2/groups/1' }], n: 1 });
  });
});

describe('profile versions', () => {
  it('defaults each resource to the versions of spec 9.4, and refuses a version that is not a date', () => {
    const minimal = {
      name: 't',
      baseUrl: 'https://api.example.test',
      credentials: { owner: { publicKeyEnv: 'A', privateKeyEnv: 'B' } },
    };
    const p = checkProfile(structuredClone(minimal), 'p.json');
    expect(p.versions.resources['/groups/{groupId}/clusters']).toEqual(['2023-01-01', '2023-02-01']);
    expect(p.versions.deprecationHeader).toBe('Deprecation');
    expect(p.versions.unlistedDates).toBe('newest-not-later');
    expect(() =>
      checkProfile({ ...structuredClone(minimal), versions: { resources: { '/groups': ['latest'] } } }, 'p.json'),
    ).toThrow(/versions\.resources/);
  });
});

describe('the cluster shape of a version', () => {
  it('is legacy before 2023-02-01, the 9.5 shape in 2023-02-01, and unstated after it', () => {
    expect(clusterSchemaOf('2023-01-01')).toBe('cluster-legacy');
    expect(clusterSchemaOf('2023-02-01')).toBe('cluster-2023-02-01');
    expect(clusterSchemaOf('2024-08-05')).toBeUndefined();
  });
});

describe('the version a kind was first read in', () => {
  const op = (template: string, generations: string[]) => ({
    template,
    method: 'GET' as const,
    generations,
    readOnly: [],
  });
  const operations = [
    op('/groups/{groupId}', ['2023-01-01', '2023-02-01']),
    op('/groups/byName/{groupName}', ['2023-01-01']),
    op('/groups/{groupId}/streams', ['2023-02-01', '2024-05-30']),
    op('/groups/{groupId}/flexClusters', ['2024-11-13']),
    { ...op('/groups/{groupId}/flexClusters', ['2024-10-01']), method: 'POST' as const },
    op('/groups/{groupId}/undated', []),
  ];
  const surface = IndexedSurface.of({ source: 'document', operations });

  it("is the oldest date of the GET whose template the path fills, the most literal one's", () => {
    expect(firstReadVersion(surface, '/groups/5f1a')).toBe('2023-01-01');
    expect(firstReadVersion(surface, '/groups/5f1a/flexClusters')).toBe('2024-11-13');
    expect(firstReadVersion(surface, '/groups/5f1a/streams')).toBe('2023-02-01');
    expect(
      firstReadVersion(
        IndexedSurface.of({
          source: 'document',
          operations: [op('/groups/{groupId}/{kind}', ['2025-01-01']), ...operations],
        }),
        '/groups/5f1a/streams',
      ),
    ).toBe('2023-02-01');
  });

  it('is unknown where the surface dates no GET of the path', () => {
    expect(firstReadVersion(surface, '/groups/5f1a/undated')).toBeUndefined();
    expect(firstReadVersion(surface, '/groups/5f1a/alerts')).toBeUndefined();
    expect(firstReadVersion(IndexedSurface.of({ source: 'profile', operations: [] }), '/groups/5f1a')).toBeUndefined();
  });
});
