// Every request body the suite builds validates against the real service's published OpenAPI document (renamed to
// the neutral vendor word), in the version it is sent in: a /v2 body in the profile's default version (the schema of
// the newest media type not after it), a cluster body in the version it names, a /v1.0 body in 2023-01-01 (spec 9.4:
// the first version is the legacy shape). A body the spec makes differ from the document is named as an exception,
// with the spec's reason.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { JsonObject } from '../../src/judges/json-walk.ts';
import {
  clusterBody,
  clusterVersion,
  dedicatedClusterBody,
  outageBody,
  regionalClusterBody,
} from '../../src/probes/cluster-bodies.ts';
import {
  alertConfigBody,
  customRoleBody,
  projectBody,
  replacementAlertConfigBody,
  roleResource,
} from '../../src/probes/new-entities.ts';
import { projectKind } from '../../src/probes/project-kind.ts';
import { customRoleKind } from '../../src/probes/sequence.ts';
import { loadProfile } from '../../src/profile/load.ts';
import type { Target } from '../../src/target/target.ts';
import { alertConfigVariants } from '../../suites/support/alert-config-variants.ts';
import { requestSchemas, type RequestSchemas } from '../support/request-schema.ts';

const profile = loadProfile('config/reference.json');
const t = { profile, setup: { profile, runId: 'r1' } } as unknown as Target;
const v2 = profile.versions.default;
const legacy = '2023-01-01';

let schemas: RequestSchemas;
beforeAll(() => {
  const text = gunzipSync(readFileSync('test/fixtures/real-service-openapi.yaml.gz'))
    .toString()
    .replaceAll('/api/atlas/', '/api/platform/')
    .replaceAll('vnd.atlas.', 'vnd.platform.')
    // Spec, naming convention: an identifier carrying the vendor's name is written with a neutral word, as the
    // reference's fixtures write the cluster router's event types.
    .replaceAll('_MONGOS_IS_', '_ROUTER_IS_');
  schemas = requestSchemas(parse(text), 'platform');
}, 60_000);

/** What the document finds wrong with `body` for `method template` (below the v2 base) in `version`. */
function misfits(method: string, template: string, version: string, body: unknown): string[] {
  const validate = schemas.validator(`/api/platform/v2${template}`, method, version);
  if (!validate) throw new Error(`the document takes no body for ${method} ${template} in ${version}`);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Each body fits `method template` in each version. */
function expectFit(method: string, template: string, versions: string[], bodies: unknown[]): void {
  for (const version of versions)
    for (const body of bodies)
      expect(
        misfits(method, template, version, body),
        `${method} ${template} ${version}: ${JSON.stringify(body)}`,
      ).toEqual([]);
}

const tags = [{ key: 'purpose', value: 'conformance' }];

describe('the bodies the suite sends fit the document', () => {
  it('projects: creates and changes', () => {
    expectFit(
      'POST',
      '/groups',
      [v2, legacy],
      [projectBody(t, 'p'), projectKind.body(t, 'p'), { ...projectBody(t, 'p'), tags }],
    );
    expectFit(
      'PATCH',
      '/groups/{groupId}',
      [v2, legacy],
      [{ name: 'r1-renamed' }, { withDefaultAlertsSettings: false }, { tags }, { tags: [] }],
    );
  });

  it("alert configurations: the suite's, every variant of spec 2.6 and of the profile, created, replaced and toggled", () => {
    const variants = alertConfigVariants(profile.alertConfigs.variants).map((v) => v.body);
    const overridden = variants.map((b) => ({
      ...b,
      severityOverride: profile.alertConfigs.severityOverrideValues[0],
    }));
    const path = '/groups/{groupId}/alertConfigs';
    expectFit('POST', path, [v2, legacy], [alertConfigBody('r1-mark'), ...variants, ...overridden]);
    expectFit('PUT', `${path}/{alertConfigId}`, [v2, legacy], [replacementAlertConfigBody(), ...overridden]);
    expectFit('PATCH', `${path}/{alertConfigId}`, [v2, legacy], [{ enabled: true }, { enabled: false }]);
  });

  it('custom database roles: on a database and on the cluster, with each action spec 2.6 adds', () => {
    const actions = ['CLEAR_JUMBO_FLAG', 'KILL_ANY_CURSOR', 'REFINE_COLLECTION_SHARD_KEY', 'RESHARD_COLLECTION'];
    const path = '/groups/{groupId}/customDBRoles/roles';
    expectFit(
      'POST',
      path,
      [v2, legacy],
      [
        customRoleBody('r1-role'),
        customRoleKind.body(t, 'r1-role'),
        customRoleBody('r1-role', 'SHARDED_DATA_DISTRIBUTION', [roleResource('cluster')]),
        ...actions.map((a) => customRoleBody('r1-role', a)),
      ],
    );
    const { actions: current, inheritedRoles } = customRoleBody('r1-role');
    expectFit(
      'PATCH',
      `${path}/{roleName}`,
      [v2, legacy],
      [
        { actions: current, inheritedRoles },
        { actions: current, inheritedRoles: [{ db: 'admin', role: 'read' }] },
      ],
    );
  });

  it(`clusters: creates in ${clusterVersion}, changes in both shapes, an outage simulation`, () => {
    expectFit(
      'POST',
      '/groups/{groupId}/clusters',
      [clusterVersion],
      [
        clusterBody(t, 'r1-cluster'),
        dedicatedClusterBody('r1-cluster', 'AWS', 'US_EAST_1'),
        regionalClusterBody('r1-cluster', 'GCP', ['CENTRAL_US', 'EASTERN_US', 'WESTERN_US']),
      ],
    );
    expectFit(
      'PATCH',
      '/groups/{groupId}/clusters/{clusterName}',
      [clusterVersion, legacy],
      [{ tags: [{ key: 'conformance', value: 'r1' }] }, { tags, biConnector: { enabled: false } }],
    );
    expectFit(
      'POST',
      '/groups/{groupId}/clusters/{clusterName}/outageSimulation',
      [v2],
      [outageBody('GCP', 'CENTRAL_US')],
    );
  });

  it('access-list entries and alert acknowledgements', () => {
    expectFit(
      'POST',
      '/groups/{groupId}/accessList',
      [v2],
      [
        [{ ipAddress: '192.0.2.1', comment: 'r1-added' }],
        [{ ipAddress: '192.0.2.2', deleteAfterDate: '2030-01-02T03:04:05Z' }],
      ],
    );
    expectFit(
      'PATCH',
      '/groups/{groupId}/alerts/{alertId}',
      [v2],
      [
        { acknowledgedUntil: '2030-01-02T03:04:05Z', acknowledgementComment: 'r1-acknowledged' },
        { unacknowledgeAlert: true },
      ],
    );
  });
});

describe('the exceptions the spec makes', () => {
  // Spec 2.1: "When no time zone is given, UTC is assumed": ENT-DATES-DEFAULT-UTC sends a date without a zone on
  // purpose, which the document's date-time (RFC 3339, zone required) does not take.
  it('a date without a zone in an access-list entry', () => {
    const entry = [{ ipAddress: '192.0.2.3', deleteAfterDate: '2030-01-02T03:04:05' }];
    expect(misfits('POST', '/groups/{groupId}/accessList', v2, entry)).toEqual([
      '/0/deleteAfterDate must match format "date-time"',
    ]);
  });
});

describe('the document as read', () => {
  it('refuses what the real service refuses', () => {
    // A custom role resource without `cluster`, which the suite sent once.
    const noCluster = {
      roleName: 'r',
      actions: [{ action: 'FIND', resources: [{ db: 'conformance', collection: '' }] }],
    };
    expect(misfits('POST', '/groups/{groupId}/customDBRoles/roles', v2, noCluster)).not.toEqual([]);
    expect(
      misfits('POST', '/groups/{groupId}/alertConfigs', v2, { ...alertConfigBody('m'), eventTypeName: 'NO_SUCH' }),
    ).not.toEqual([]);
    // A metric threshold in a unit of another kind than its metric's (a time metric counted RAW).
    const flex = alertConfigVariants([]).find((v) => v.name === 'Flex Alert Configuration')!.body;
    const raw = { ...flex, metricThreshold: { ...(flex.metricThreshold as JsonObject), units: 'RAW' } };
    expect(misfits('POST', '/groups/{groupId}/alertConfigs', v2, raw)).not.toEqual([]);
    // A shared-tier region given a dedicated size.
    const m10 = clusterBody(t, 'c');
    const [spec] = m10.replicationSpecs as { regionConfigs: JsonObject[] }[];
    spec!.regionConfigs[0]!.electableSpecs = { instanceSize: 'M7' };
    expect(misfits('POST', '/groups/{groupId}/clusters', clusterVersion, m10)).not.toEqual([]);
  });
});
