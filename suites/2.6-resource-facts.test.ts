// Spec 2.6 (with 4.4): resource facts of the release notes. Paths the spec does not locate come from the
// profile (endpoints.*), request bodies are in the real service's shape (the spec shows none), and what a check
// creates is deleted again; a value the target should refuse but accepts is deleted as well.
import {
  expectFieldRefused,
  expectJudgeable,
  expectServed,
  expectValueAccepted,
} from '../src/harness/judged-answers.ts';
import type { JsonPath } from '../src/judges/names-field.ts';
import { isObject, type JsonObject } from '../src/judges/json-walk.ts';
import { resultsOf } from '../src/judges/list.ts';
import { schemaFaults } from '../src/judges/json-schema.ts';
import { includeSwitches, switchesWithoutEffect, type IncludeSwitch } from '../src/judges/slow-queries.ts';
import { describeExchange } from '../src/judges/status.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { notApplicableFor, ProfileFactError, RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { throwFirst } from '../src/harness/judge-all.ts';
import { alertConfigVariants, inBatches, type AlertConfigVariant } from './support/alert-config-variants.ts';
import {
  clusterVersion,
  dedicatedClusterBody,
  outageBody,
  postCluster,
  regionalClusterBody,
} from '../src/probes/cluster-bodies.ts';
import { deleteCreated } from '../src/target/created.ts';
import { runName } from '../src/harness/run-name.ts';
import {
  alertConfigsPath,
  createProject,
  customRoleBody,
  needRefused,
  postEntity,
  roleResource,
} from '../src/probes/new-entities.ts';
import { wholeItems } from '../src/probes/pages.ts';
import { once } from '../src/harness/per-run.ts';
import { firstProject } from '../src/target/projects.ts';
import { check } from '../src/harness/check.ts';
import { workProject } from '../src/probes/work-project.ts';
import type { Target } from '../src/target/target.ts';

/** A profile endpoint path below the v2 base; skipped where the profile says the target does not offer it. */
function endpoint(
  t: Target,
  name: keyof Omit<Target['profile']['endpoints'], 'documented'>,
  fill: Record<string, string> = {},
): string {
  const template = t.profile.endpoints[name];
  if (!template) notApplicableFor(`endpoints.${name}`, 'the profile says the target does not offer this endpoint');
  return t.v2(template.replace(/\{(\w+)\}/g, (all, param: string) => fill[param] ?? all));
}

/** The removed value sent at `path` of `body` is refused, the error naming the field or the value; a success made
 * something, which is deleted before the rule fails. */
async function refusedNaming(
  tally: Tally,
  t: Target,
  sent: { res: HttpResponse; made?: { created: Parameters<typeof deleteCreated>[1] } },
  body: JsonObject,
  path: JsonPath,
  what: string,
) {
  if (sent.made) await deleteCreated(t, sent.made.created);
  expectFieldRefused(tally, sent.res, { body, path, value: true }, what);
}

// --- Cluster: "The cloudProvider property accepts an enum value GCP"; "Region-name enums of Azure regions no longer
// contain GERMANY_CENTRAL and GERMANY_NORTH_EAST." (in the 2023-02-01 shape: regionConfigs[].providerName, .regionName)
// The spec does not locate cloudProvider: the real service's cluster requests carry it in the outage filters of a
// cluster's regional outage simulation (endpoints.outageSimulation), on a cluster across three regions of GCP.

const gcpRegions = ['CENTRAL_US', 'EASTERN_US', 'WESTERN_US'];
check(
  'CLU-GCP-PROVIDER',
  `an outage simulation of a ${clusterVersion} cluster on GCP, filtering cloudProvider GCP, is accepted`,
  async ({ target, tally }) => {
    const groupId = await workProject(target);
    const name = runName(target, 'gcp');
    const path = endpoint(target, 'outageSimulation', { groupId, clusterName: name });
    const { res, created } = await postCluster(target, groupId, regionalClusterBody(name, 'GCP', gcpRegions));
    try {
      if (!created) throw needRefused(res, 'create a cluster on GCP to simulate an outage of');
      const body = outageBody('GCP', gcpRegions[0]!);
      const started = await target.send({ method: 'POST', path, json: body });
      expectValueAccepted(
        tally,
        started,
        body,
        ['outageFilters', 0, 'cloudProvider'],
        'an outage filter on GCP is accepted',
      );
      // The simulation ends before its cluster goes.
      await target.send({ method: 'DELETE', path });
    } finally {
      if (created) await deleteCreated(target, created);
    }
  },
);

for (const [i, region] of ['GERMANY_CENTRAL', 'GERMANY_NORTH_EAST'].entries()) {
  check(
    'CLU-AZURE-GERMANY-REMOVED',
    `a ${clusterVersion} cluster in the Azure region ${region} is refused with 400 naming it`,
    async ({ target, tally }) => {
      const body = dedicatedClusterBody(runName(target, `azure-${i}`), 'AZURE', region);
      const { res, created } = await postCluster(target, await workProject(target), body);
      await refusedNaming(
        tally,
        target,
        { res, made: created && { created } },
        body,
        ['replicationSpecs', 0, 'regionConfigs', 0, 'regionName'],
        `the removed Azure region ${region} is refused`,
      );
    },
  );
}

// --- Alert configuration: "The response and the request accept an optional property severityOverride in all of these
// variants: ..." (4.4: list, get, create, update). Every variant the spec names and every one the profile lists
// (suites/support/alert-config-variants.ts), a few at a time so that no more than a batch is kept on the target at
// once. An update is a PUT, which sends severityOverride, and a PATCH, which toggles `enabled` (the real service's
// PATCH takes nothing else) and answers with the configuration, severityOverride included.

const batchSize = 4;

check(
  'ALERTCFG-SEVERITY-OVERRIDE',
  `every variant of spec 2.6 and of the profile, ${batchSize} at a time: create, get, list, PUT and PATCH accept and return severityOverride`,
  async ({ target, tally }) => {
    const values = target.profile.alertConfigs.severityOverrideValues;
    const [first, second] = [values[0]!, values[1] ?? values[0]!];
    const collection = alertConfigsPath(target, await workProject(target));
    const variants = alertConfigVariants(target.profile.alertConfigs.variants);
    const failures: RuleFailure[] = [];
    const errors: unknown[] = [];
    const keep = (e: unknown) => (e instanceof RuleFailure ? failures : errors).push(e);
    for (const batch of inBatches(variants, batchSize)) {
      const made = await Promise.all(
        batch.map((variant) =>
          createVariant(tally, target, collection, variant, first).catch((e: unknown) => void keep(e)),
        ),
      );
      try {
        const listed = made.some(Boolean) ? await wholeItems(tally, target, collection) : [];
        await Promise.all(
          batch.map(async (variant, i) => {
            const entity = made[i];
            if (!entity) return;
            const returned = (r: HttpResponse, value: string, what: string, body: unknown = r.json()) => {
              expectServed(tally, r, `${variant.name}: ${what}`);
              if (!isObject(body) || body.severityOverride !== value) {
                const actual = isObject(body) ? body.severityOverride : body;
                throw new RuleFailure(`${variant.name}: ${what}: severityOverride is ${JSON.stringify(actual)}`, {
                  expected: value,
                  actual,
                  exchange: r.exchange,
                });
              }
            };
            try {
              tally.judged('variant');
              returned(entity.res, first, 'the create answer returns severityOverride');
              returned(await target.get(entity.made.path), first, 'get returns severityOverride');
              const item = listed.find((c) => isObject(c) && c.id === entity.made.id);
              if (!item)
                throw new RuleFailure(`the list of alert configurations does not hold the new ${variant.name}`, {
                  expected: entity.made.id,
                  actual: 'absent',
                });
              returned(entity.res, first, 'the list returns severityOverride', item);
              const put = { ...variant.body, severityOverride: second };
              returned(
                await target.send({ method: 'PUT', path: entity.made.path, json: put }),
                second,
                `an update by PUT to severityOverride ${second} returns it`,
              );
              tally.judged('PUT answer');
              returned(
                await target.send({ method: 'PATCH', path: entity.made.path, json: { enabled: true } }),
                second,
                'an update by PATCH (enabled) returns severityOverride',
              );
              tally.judged('PATCH answer');
            } catch (e) {
              keep(e);
            }
          }),
        );
      } catch (e) {
        keep(e);
      } finally {
        // A DELETE that fails leaves the configuration to the run's cleanup; the next batch goes on.
        for (const entity of made)
          if (entity) await deleteCreated(target, entity.made.created).catch((e: unknown) => void errors.push(e));
      }
    }
    throwFirst(failures, variants.length);
    if (errors.length) throw errors[0];
  },
);

/** Creates `variant` with severityOverride `value`. A refusal is the rule's failure where the same body without
 * severityOverride is created; where that is refused too, the body is the profile's mistake (a variant it lists) or
 * the suite's (one of its own bodies). */
async function createVariant(tally: Tally, t: Target, collection: string, variant: AlertConfigVariant, value: string) {
  const sent = await postEntity(t, collection, { ...variant.body, severityOverride: value });
  if (sent.made) return { res: sent.res, made: sent.made };
  expectJudgeable(tally, sent.res, `${variant.name} with severityOverride ${value} is created`);
  const plain = await postEntity(t, collection, variant.body);
  if (plain.made) {
    await deleteCreated(t, plain.made.created);
    throw new RuleFailure(
      `${variant.name} with severityOverride ${value} is refused (${sent.res.status}), the same body without it created`,
      { expected: '2xx', actual: sent.res.status, exchange: sent.res.exchange },
    );
  }
  if (!variant.listed) throw needRefused(plain.res, `create the ${variant.name}`);
  throw new ProfileFactError(
    'alertConfigs.variants',
    `the profile's body of the ${variant.name} is refused (${plain.res.status}), with severityOverride or without`,
    plain.res.exchange,
  );
}

// --- Metric alert types: "The discriminator mapping keys dataFederation.bytesProcessed.daily,
// dataFederation.bytesProcessed.monthly, dataFederation.bytesProcessed.weekly, dataFederation.bytesProcessed.query
// were removed from the request and response discriminators".

// Refused in a create (POST) and in a replacement (PUT of a metric configuration the check made), the two in turns
// from the run's seed: each run sends both, and the other seed of a pair each name the other way.
for (const [k, period] of ['daily', 'weekly', 'monthly', 'query'].entries()) {
  const metricName = `dataFederation.bytesProcessed.${period}`;
  check(
    'METRIC-DATAFED-REMOVED',
    `a metric alert configuration on ${metricName}, created or replaced (in turns), is refused with 400 naming it`,
    async ({ target, tally }) => {
      const metric = target.profile.alertConfigs.variants.find((v) => isObject(v.body.metricThreshold));
      if (!metric)
        skipFor(
          'alertConfigs.variants',
          'the profile lists no metric alert-configuration variant (one with a metricThreshold)',
        );
      const body = { ...metric.body, metricThreshold: { ...(metric.body.metricThreshold as JsonObject), metricName } };
      const collection = alertConfigsPath(target, await workProject(target));
      const what = `the removed metric ${metricName} is refused`;
      const path = ['metricThreshold', 'metricName'];
      if ((target.setup.seed + k) % 2 === 0) {
        await refusedNaming(
          tally,
          target,
          await postEntity(target, collection, body),
          body,
          path,
          `${what} in a create`,
        );
        return;
      }
      const { res, made } = await postEntity(target, collection, metric.body);
      if (!made) {
        expectJudgeable(tally, res, `the ${metric.name} to replace is created`);
        throw new ProfileFactError(
          'alertConfigs.variants',
          `the profile's body of the ${metric.name} is refused (${res.status}), so there is no configuration to replace`,
          res.exchange,
        );
      }
      try {
        const put = await target.send({ method: 'PUT', path: made.path, json: body });
        expectFieldRefused(tally, put, { body, path, value: true }, `${what} in a replacement`);
      } finally {
        await deleteCreated(target, made.created);
      }
    },
  );
}

// --- Slow queries: "Items under slowQueries have optional properties metrics, opType, replicaState"; 4.4: "new optional
// query parameters includeMetrics, includeOpType, includeReplicaState". Each reading is served and shaped as stated,
// and a switch on has its property in the items; the spec gives no default, so a switch off or left out judges none.
// The switches are read none, all false, each alone and all together.

const readings: [what: string, query: Partial<Record<IncludeSwitch, boolean>>][] = [
  ['without the include parameters', {}],
  ['with every include parameter false', { includeMetrics: false, includeOpType: false, includeReplicaState: false }],
  ['with every include parameter true', { includeMetrics: true, includeOpType: true, includeReplicaState: true }],
  ...(Object.keys(includeSwitches) as IncludeSwitch[]).map(
    (name): [string, Partial<Record<IncludeSwitch, boolean>>] => [`with ${name} alone`, { [name]: true }],
  ),
];
for (const [what, query] of readings) {
  check(
    'SLOWQ-OPTIONAL-PROPS',
    `the slow queries of a process ${what} are served, shaped as stated, carrying the properties switched on`,
    async ({ target, tally }) => {
      const res = await target.get(await slowQueriesPath(tally, target), { query });
      expectServed(tally, res, `the slow queries ${what} are served`);
      const faults = schemaFaults('slow-queries', res.json());
      if (faults.length > 0) {
        throw new RuleFailure(`${describeExchange(res)}: the slow queries are not as stated: ${faults.join('; ')}`, {
          expected: 'schemas/slow-queries.schema.json',
          actual: faults,
          exchange: res.exchange,
        });
      }
      const items = res.jsonObject().slowQueries as unknown[];
      // An empty list shows every switch off; a switch on needs items to show its effect.
      if (items.length === 0 && Object.values(query).includes(true))
        throw new TargetError(
          'nothing-judged',
          `${describeExchange(res)}: no slow query to carry what is switched on`,
          res.exchange,
        );
      tally.judged('slow query', items.length);
      const [wrong] = switchesWithoutEffect(items, query);
      if (wrong) {
        throw new RuleFailure(
          `${describeExchange(res)}: with ${wrong.name} on, none of ${wrong.of} slow queries carries ${wrong.property}`,
          { expected: `${wrong.property} in the slow queries`, actual: `0 of ${wrong.of}`, exchange: res.exchange },
        );
      }
    },
  );
}

/** The slow-queries path of the first process of the first project ({processId} from the list it is a child of). */
async function slowQueriesPath(tally: Tally, t: Target): Promise<string> {
  const groupId = firstProject(t);
  const path = endpoint(t, 'slowQueryLogs', { groupId });
  const at = path.indexOf('/{processId}');
  if (at < 0) return path;
  const list = path.slice(0, at);
  const res = await once(`process-list:${list}`, () => t.get(list));
  expectServed(tally, res, `GET ${list} is served`);
  const id = (resultsOf(res, t.profile.paging)[0] as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') skipFor('projects.ids', `the first project has no process (${list})`);
  return path.replace('{processId}', encodeURIComponent(id));
}

// --- Billing line items: "The sku property of line items gained these enum values (02 May 2025):
// PLATFORM_FLEX_AWS_LEGACY_<N>_USAGE_HOURS, PLATFORM_FLEX_AZURE_LEGACY_<N>_USAGE_HOURS,
// PLATFORM_FLEX_GCP_LEGACY_<N>_USAGE_HOURS, each for N in 100, 200, 300, 400, 500" (the vendor word as the profile's).

check(
  'BILLING-SKU-FLEX',
  'the FLEX legacy usage-hour skus of the pending invoice are among those the release notes add',
  async ({ target, tally }) => {
    if (!target.profile.orgId) skipFor('orgId', 'the profile names no organization');
    const res = await target.get(endpoint(target, 'pendingInvoice', { orgId: target.profile.orgId }));
    if (res.status === 404) skipFor('orgId', 'the organization has no pending invoice (404)');
    expectServed(tally, res, 'the pending invoice is served');
    const skus =
      JSON.stringify(res.json())
        .match(/"sku":"[^"]*"/g)
        ?.map((s) => s.slice(7, -1)) ?? [];
    const flex = new RegExp(`^${target.profile.vendor.toUpperCase()}_FLEX_([A-Z]+)_LEGACY_(\\d+)_USAGE_HOURS$`);
    const unlisted = skus.filter((sku) => {
      const m = flex.exec(sku);
      return (
        m !== null && !(['AWS', 'AZURE', 'GCP'].includes(m[1]!) && ['100', '200', '300', '400', '500'].includes(m[2]!))
      );
    });
    const flexSkus = skus.filter((sku) => flex.test(sku));
    if (flexSkus.length === 0)
      skipFor('orgId', 'the pending invoice of the organization has no FLEX legacy usage-hour line item');
    tally.judged('FLEX sku', flexSkus.length);
    if (unlisted.length > 0) {
      throw new RuleFailure(
        `${describeExchange(res)}: FLEX legacy skus the release notes do not list: ${unlisted.join(', ')}`,
        {
          expected: 'N in 100..500 for AWS, AZURE, GCP',
          actual: unlisted,
          exchange: res.exchange,
        },
      );
    }
  },
);

// --- Database user role actions: "The actions/items/action property gained enum values CLEAR_JUMBO_FLAG,
// KILL_ANY_CURSOR, REFINE_COLLECTION_SHARD_KEY, RESHARD_COLLECTION, SHARDED_DATA_DISTRIBUTION (18 April 2025)."

/** Where each action applies, as the real service's custom roles take it. */
const onDatabase = [roleResource({ db: 'conformance' })];
const roleActions: [action: string, resources: JsonObject[]][] = [
  ['CLEAR_JUMBO_FLAG', onDatabase],
  ['KILL_ANY_CURSOR', onDatabase],
  ['REFINE_COLLECTION_SHARD_KEY', onDatabase],
  ['RESHARD_COLLECTION', onDatabase],
  ['SHARDED_DATA_DISTRIBUTION', [roleResource('cluster')]],
];
// Each action in a create of a role, and in a change of one (a PATCH of its actions to the next action of the list):
// both methods take the actions. The release notes are of the versioned API (9.6): /v2 alone.
for (const [i, [action, resources]] of roleActions.entries()) {
  const [next, nextResources] = roleActions[(i + 1) % roleActions.length]!;
  check(
    'DBUSER-ROLE-ACTIONS',
    `a custom role with the action ${action} is accepted in a create, and ${next} in a change`,
    async ({ target, tally }) => {
      const collection = endpoint(target, 'customDbRoles', { groupId: await workProject(target) });
      const body = customRoleBody(runName(target, `role-${i}`), action, resources);
      const { res, made } = await postEntity(target, collection, body, { key: 'roleName' });
      try {
        expectServed(tally, res, `a custom role with ${action} is created`);
        expectHeld(tally, res, action, `the role created with ${action}`);
        const patch = await target.send({
          method: 'PATCH',
          path: made!.path,
          json: { actions: customRoleBody('', next, nextResources).actions },
        });
        expectServed(tally, patch, `a custom role's actions are changed to ${next}`);
        expectHeld(tally, patch, next, `the role changed to ${next}`);
      } finally {
        if (made) await deleteCreated(target, made.created);
      }
    },
  );
}

/** The answer to a write of a custom role holds `action` among its actions, where it shows them. */
function expectHeld(tally: Tally, res: HttpResponse, action: string, what: string): void {
  tally.judged('write', 1, res.exchange.request.method);
  const actions = res.jsonObject().actions;
  if (Array.isArray(actions) && !actions.some((a) => isObject(a) && a.action === action))
    throw new RuleFailure(`${describeExchange(res)}: ${what} lacks ${action}`, {
      expected: action,
      actual: actions,
      exchange: res.exchange,
    });
}

// --- Encryption at rest: "The property azureKeyVault/azureEnvironment no longer has the enum value AZURE_GERMANY.
// Private-endpoint region names (Azure) no longer include GERMANY_CENTRAL, GERMANY_NORTH_EAST." Probed in a project of
// the run's own: a wrongly accepted setting then changes nothing anyone uses, and goes with the project.

async function ownProject(t: Target): Promise<string> {
  return once('ear-project', () => createProject(t, 'ear').then((p) => p.id), { afresh: false });
}

const azureIds = {
  clientID: '00000000-0000-4000-8000-000000000001',
  subscriptionID: '00000000-0000-4000-8000-000000000002',
  tenantID: '00000000-0000-4000-8000-000000000003',
};
check(
  'EAR-AZURE-GERMANY-REMOVED',
  'azureKeyVault.azureEnvironment AZURE_GERMANY is refused with 400 naming it',
  async ({ target, tally }) => {
    const path = endpoint(target, 'encryptionAtRest', { groupId: await ownProject(target) });
    const azureKeyVault = {
      enabled: true,
      azureEnvironment: 'AZURE_GERMANY',
      ...azureIds,
      keyVaultName: 'conformance',
      resourceGroupName: 'conformance',
      keyIdentifier: 'https://conformance.vault.azure.net/keys/conformance/1',
      secret: 'conformance',
    };
    const body = { azureKeyVault };
    const res = await target.send({ method: 'PATCH', path, json: body });
    expectFieldRefused(
      tally,
      res,
      { body, path: ['azureKeyVault', 'azureEnvironment'], value: true },
      'the removed Azure environment AZURE_GERMANY is refused',
    );
  },
);
for (const region of ['GERMANY_CENTRAL', 'GERMANY_NORTH_EAST']) {
  check(
    'EAR-AZURE-GERMANY-REMOVED',
    `an Azure encryption-at-rest private endpoint in ${region} is refused with 400 naming it`,
    async ({ target, tally }) => {
      const collection = `${endpoint(target, 'encryptionAtRest', { groupId: await ownProject(target) })}/AZURE/privateEndpoints`;
      const body = { regionName: region };
      const sent = await postEntity(target, collection, body, { note: false });
      await refusedNaming(tally, target, sent, body, ['regionName'], `the removed Azure region ${region} is refused`);
    },
  );
}
