// Every request body the suite builds validates against the real service's published OpenAPI document (renamed to
// the neutral vendor word), in the version it is sent in: a /v2 body in the profile's default version (the schema of
// the newest media type not after it), a cluster body in the version it names, a /v1.0 body in 2023-01-01 (spec 9.4:
// the first version is the legacy shape). A body the spec makes differ from the document is named as an exception,
// with the spec's reason. The changes the suite builds from an entity as the owner reads it are built from the
// reference target's readings, with the real document's read-only fields.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { changingBody, undoBody, type RefusableWrite } from '../../src/probes/refused-write.ts';
import type { Generation } from '../../src/generation.ts';
import { sameBodiesIn } from '../../src/probes/resource-versions.ts';
import { alertConfigKind, customRoleKind } from '../../src/probes/sequence.ts';
import { acknowledgements, encryptionChanges } from '../../src/probes/surface/other-writes.ts';
import { clusterResource, projectResources, type WritableResource } from '../../src/probes/surface/writes.ts';
import { describeOp, writeOps } from '../../src/probes/write-operations.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { surfaceFromDocument } from '../../src/surface/openapi.ts';
import { runName } from '../../src/harness/run-name.ts';
import type { Target } from '../../src/target/target.ts';
import { alertConfigVariants } from '../../suites/support/alert-config-variants.ts';
import { call, IDS, start, V1, V2, type Call, type Started } from '../reference/helpers.ts';
import { requestSchemas, type RequestSchemas } from '../support/request-schema.ts';

const profile = loadProfile('config/reference.json');
const t = { profile, setup: { profile, runId: 'r1' } } as unknown as Target;
const v2 = profile.versions.default;
const legacy = '2023-01-01';

let document: object;
let schemas: RequestSchemas;
beforeAll(() => {
  const text = gunzipSync(readFileSync('test/fixtures/real-service-openapi.yaml.gz'))
    .toString()
    .replaceAll('/api/atlas/', '/api/platform/')
    .replaceAll('vnd.atlas.', 'vnd.platform.')
    // Spec, naming convention: an identifier carrying the vendor's name is written with a neutral word, as the
    // reference's fixtures write the cluster router's event types.
    .replaceAll('_MONGOS_IS_', '_ROUTER_IS_');
  document = parse(text);
  schemas = requestSchemas(document, 'platform');
}, 60_000);

/** What the document finds wrong with `body` for `method path` (below the v2 base, a template or a path that fills
 * one) in `version`. */
function misfits(method: string, path: string, version: string, body: unknown): string[] {
  const validate = schemas.validator(`/api/platform/v2${path}`, method, version);
  if (!validate) throw new Error(`the document takes no body for ${method} ${path} in ${version}`);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Each body fits `method path` in each version. */
function expectFit(method: string, path: string, versions: string[], bodies: unknown[]): void {
  for (const version of versions)
    for (const body of bodies)
      expect(misfits(method, path, version, body), `${method} ${path} ${version}: ${JSON.stringify(body)}`).toEqual([]);
}

/** A write's bodies fit its operation in `versions`: the body, the body carrying its change, and the PATCH that
 * puts the change back (in its own version where it names one). */
function expectWriteFits(w: RefusableWrite, versions: string[]): void {
  expectFit(w.method, w.path, versions, [w.body, changingBody(w)]);
  if (w.change)
    expectFit('PATCH', w.path, w.undoVersion ? [w.undoVersion] : versions, [undoBody({ ...w, change: w.change })]);
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

  it('access-list entries', () => {
    expectFit(
      'POST',
      '/groups/{groupId}/accessList',
      [v2],
      [
        [{ ipAddress: '192.0.2.1', comment: 'r1-added' }],
        [{ ipAddress: '192.0.2.2', deleteAfterDate: '2030-01-02T03:04:05Z' }],
      ],
    );
  });
});

describe("the writes the suite builds from the reference target's entities fit the document", () => {
  const groupId = IDS.groupA;
  const project = `/groups/${groupId}`;
  let reference: Started;

  /** The owner's answer to `path` (below the generation's base) on the reference target, which takes the request. */
  async function owners(path: string, generation: Generation = 'v2', c: Call = {}): Promise<JsonObject> {
    const plain = generation === 'v1.0' ? { headers: { accept: 'application/json' } } : {};
    const res = await call(reference, `${generation === 'v2' ? V2 : V1}${path}`, { as: 'owner', ...plain, ...c });
    expect(res.status, `${c.method ?? 'GET'} ${path}: ${res.text}`).toBeLessThan(300);
    return res.json as JsonObject;
  }

  beforeAll(async () => {
    reference = await start();
  }, 60_000);
  afterAll(() => reference?.close());

  it('every write of the writable surface, its change and the change put back, in each generation', async () => {
    const surface = await surfaceFromDocument(document, 'platform', 'real service');
    // As withWriteSurface reads them: an alert configuration and a custom role made to change, and the project.
    const configs = alertConfigKind.collection(t, groupId);
    const config = await owners(configs, 'v2', { method: 'POST', body: alertConfigKind.body(t, runName(t, 'w')) });
    const roles = customRoleKind.collection(t, groupId);
    const role = await owners(roles, 'v2', { method: 'POST', body: customRoleKind.body(t, runName(t, 'w')) });
    const configPath = `${configs}/${config.id}`;
    const rolePath = `${roles}/${encodeURIComponent(role.roleName as string)}`;
    const resources: WritableResource[] = projectResources(t, 'w', surface, groupId, {
      project: await owners(project),
      config: { path: configPath, entity: await owners(configPath) },
      role: { path: rolePath, entity: await owners(rolePath) },
    });
    // Each cluster of the project as the existing one, in each generation's shape.
    const clusters = `${project}/clusters`;
    for (const cluster of (await owners(clusters)).results as JsonObject[])
      for (const generation of ['v2', 'v1.0'] as const) {
        const path = `${clusters}/${cluster.name}`;
        resources.push(
          clusterResource(t, 'w', surface, generation, clusters, { path, entity: await owners(path, generation) }),
        );
      }
    const ops = writeOps(resources);
    expect(new Set(ops.map(describeOp))).toEqual(
      new Set(
        ['v2', 'v1.0'].flatMap((g) => [
          `POST project (${g})`,
          `PATCH project (${g})`,
          `POST alert configuration (${g})`,
          `PUT alert configuration (${g})`,
          `PATCH alert configuration (${g})`,
          `POST custom database role (${g})`,
          `PATCH custom database role (${g})`,
          `PATCH cluster (${g})`,
          ...(g === 'v2' ? ['POST cluster (v2)'] : []),
        ]),
      ),
    );
    // A /v2 body is also sent in the deprecated version where the spec says both take the same bodies (9.4, 9.5).
    for (const op of ops)
      expectWriteFits(
        op,
        op.generation === 'v1.0' ? [legacy] : sameBodiesIn(op.path, legacy, v2) ? [v2, legacy] : [v2],
      );
  });

  it("the project's other writes: a key of encryption at rest, an alert acknowledged, each put back", async () => {
    const ear = profile.endpoints.encryptionAtRest.replace('{groupId}', groupId);
    const [open] = (await owners(`${project}/alerts?status=OPEN`)).results as JsonObject[];
    const alert = `${project}/alerts/${open!.id}`;
    const first = acknowledgements(t, project, open!);
    // Acknowledged as the check acknowledges it, the alert has an acknowledgement to put back.
    await owners(alert, 'v2', { method: 'PATCH', body: changingBody(first[0]!) });
    const writes = [
      ...encryptionChanges(t, ear, await owners(ear)),
      ...first,
      ...acknowledgements(t, project, await owners(alert)),
    ];
    const undone = (w: RefusableWrite) => (w.change ? Object.keys(undoBody({ ...w, change: w.change })) : []);
    const cells = (resource: string, undo: string) =>
      ['v2', 'v1.0'].map((g) => `PATCH ${resource} (${g}), undone by ${undo}`);
    expect(writes.map((w) => `${describeOp(w)}, undone by ${undone(w).join(' and ')}`)).toEqual([
      ...cells('encryption at rest', 'googleCloudKms'),
      ...cells('alert acknowledgement', 'unacknowledgeAlert'),
      ...cells('alert acknowledgement', 'acknowledgedUntil and acknowledgementComment'),
    ]);
    for (const w of writes) expectWriteFits(w, [w.generation === 'v2' ? v2 : legacy]);
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
  it('names a field it does not know, at any depth, also in a subtype its discriminator picks (spec 2.1)', () => {
    const config = alertConfigBody('m');
    const [notification] = config.notifications as JsonObject[];
    const configs = '/groups/{groupId}/alertConfigs';
    expect(misfits('POST', configs, v2, { ...config, enabeld: true })).not.toEqual([]);
    expect(
      misfits('POST', configs, v2, { ...config, notifications: [{ ...notification, emailEnable: true }] }),
    ).not.toEqual([]);
    const cluster = clusterBody(t, 'c');
    const [spec] = cluster.replicationSpecs as { regionConfigs: JsonObject[] }[];
    spec!.regionConfigs[0]!.regionNmae = 'US_EAST_1';
    expect(misfits('POST', '/groups/{groupId}/clusters', clusterVersion, cluster)).not.toEqual([]);
    expect(misfits('PATCH', '/groups/{groupId}', v2, { tags: [{ key: 'k', value: 'v', vaule: 'v' }] })).not.toEqual([]);
  });

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
