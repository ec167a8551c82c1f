// Spec 9.5 (with 4.5): the clusters resource from the legacy API to version 2023-02-01. Clusters that exist in
// the first project are read; a cluster of the run's own is created, modified and deleted (in the work project)
// only where the profile allows billable resources (suites/support/cluster-lifecycle.ts).
import {
  checkClusterShape,
  checkNoRemovedProperties,
  removedClusterProperties,
  type ClusterSchema,
} from '../src/judges/cluster-shape.ts';
import { expectFieldRefused, expectServed } from '../src/harness/judged-answers.ts';
import { resultsOf } from '../src/judges/list.ts';
import { describeExchange } from '../src/judges/status.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { RuleFailure, TargetError } from '../src/outcome.ts';
import { clusterLife, removedPropertyPath, type ClusterLife } from './support/cluster-lifecycle.ts';
import { cite } from '../src/harness/evidence.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { existingClusters } from './support/existing-clusters.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { check } from '../src/harness/check.ts';
import type { Target } from '../src/target/target.ts';

interface Carrier {
  res: HttpResponse;
  clusters: { where: string; cluster: unknown }[];
}

const served = (res: HttpResponse) => res.status >= 200 && res.status < 300;
// An answer that is no JSON object is no cluster of any shape: the rule is left unjudged (wrong-type).
const one = (res: HttpResponse, where: string): Carrier => ({
  res,
  clusters: served(res) ? [{ where, cluster: res.jsonObject() }] : [],
});
const listed = (t: Target, res: HttpResponse): Carrier => ({
  res,
  clusters: served(res)
    ? resultsOf(res, t.profile.paging).map((cluster, i) => ({ where: `result item ${i}`, cluster }))
    : [],
});

/** A part of the run's cluster life; skipped when the create failed (CLU-OPERATIONS judges that) or the part is missing. */
async function lifePart(
  t: Target,
  part: (life: ClusterLife) => HttpResponse | undefined,
  what: string,
): Promise<HttpResponse> {
  const life = await clusterLife(t);
  cite(life.create.exchange);
  if (!served(life.create))
    throw new TargetError(
      'nothing-judged',
      `creating a cluster answered ${life.create.status}, so there is no ${what} to judge (CLU-OPERATIONS)`,
      life.create.exchange,
    );
  const res = part(life);
  if (!res) throw new TargetError('nothing-judged', `the run's cluster has no ${what}`);
  cite(res.exchange);
  return res;
}

/** Every answer of the four operations 9.5 names, and the clusters each carries. */
const answers: [title: string, read: (t: Target) => Promise<Carrier[]>][] = [
  ['get all of the first project (each result item)', async (t) => [listed(t, (await existingClusters(t, 'v2')).list)]],
  [
    'get one of clusters of the first project',
    async (t) => (await existingClusters(t, 'v2')).ones.map((res) => one(res, 'the cluster')),
  ],
  [
    'create of a new cluster',
    async (t) => [one(await lifePart(t, (l) => l.create, 'create answer'), 'the created cluster')],
  ],
  ['get one of the new cluster', async (t) => [one(await lifePart(t, (l) => l.getOne, 'get one'), 'the cluster')]],
  [
    'get all after the create (each result item)',
    async (t) => [listed(t, await lifePart(t, (l) => l.getAll, 'get all'))],
  ],
  [
    'modify of the new cluster',
    async (t) => [one(await lifePart(t, (l) => l.modify, 'modify answer'), 'the modified cluster')],
  ],
];

/** Judges every cluster the answers carry; answers that were not served carry none (other rules judge them). */
async function judgeClusters(
  tally: Tally,
  t: Target,
  read: (t: Target) => Promise<Carrier[]>,
  judge: (cluster: unknown, where: string, res: HttpResponse) => void,
): Promise<void> {
  const carriers = await read(t);
  const clusters = carriers.flatMap(({ res, clusters }) => clusters.map((c) => ({ res, ...c })));
  if (clusters.length === 0)
    throw new TargetError(
      'nothing-judged',
      `no answer carried a cluster (${carriers.map((c) => c.res.status).join(', ')})`,
    );
  judgeAll(tally, 'cluster', clusters, (c) => judge(c.cluster, `${describeExchange(c.res)}: ${c.where}`, c.res), {
    place: (c) => new URL(c.res.exchange.request.url).pathname,
  });
}

const v2Shape: ClusterSchema = 'cluster-2023-02-01';

// 9.5: "Response property replicationSpecs.regionConfigs is added to those responses" (create, get all, get one, modify).
for (const [title, read] of answers) {
  check(
    'VER-CLUSTERS-REGION-CONFIGS',
    `${title} in 2023-02-01 carries replicationSpecs[].regionConfigs[]`,
    async ({ target, tally }) => {
      await judgeClusters(tally, target, read, (cluster, where, res) =>
        checkClusterShape(v2Shape, cluster, where, res),
      );
    },
  );
}

// 9.5: "The same eleven properties are removed from responses of create, get all (under each result item), get one and modify one."
for (const [title, read] of answers) {
  check(
    'VER-CLUSTERS-REMOVED-ABSENT',
    `${title} in 2023-02-01 carries none of the eleven removed properties`,
    async ({ target, tally }) => {
      await judgeClusters(tally, target, read, checkNoRemovedProperties);
    },
  );
}

// 9.5: "Request properties removed (POST): dbURIWithOptions, ..., replicationSpecs.regionsConfig"; 2.1: "An unknown ...
// field ... is rejected with status 400 and an error message that names the invalid field."
for (const [i, property] of removedClusterProperties.entries()) {
  const path = removedPropertyPath(property);
  check(
    'VER-CLUSTERS-REMOVED-REFUSED',
    `a 2023-02-01 create body carrying ${property} is refused with 400 naming it`,
    async ({ target, tally }) => {
      const life = await clusterLife(target);
      const [, body, res] = life.removedInCreate[i]!;
      cite(res.exchange);
      expectFieldRefused(tally, res, { body, path }, `a create body with the removed ${property} is refused`);
    },
  );
  check(
    'VER-CLUSTERS-REMOVED-REFUSED',
    `a 2023-02-01 modify body carrying ${property} is refused with 400 naming it`,
    async ({ target, tally }) => {
      const res = await lifePart(target, (l) => l.removedInModify[i]?.[2], `modify with ${property}`);
      const [, body] = (await clusterLife(target)).removedInModify[i]!;
      expectFieldRefused(tally, res, { body, path }, `a modify body with the removed ${property} is refused`);
    },
  );
}

// 9.5: the legacy /v1.0 clusters keep the shape 2023-02-01 changed ("Migrating clusters: use the five cluster
// operations of the versioned resource in place of the legacy /clusters operations").
check(
  'VER-LEGACY-CLUSTER-SHAPE',
  'get all of the first project under /v1.0 lists clusters in the legacy shape',
  async ({ target, tally }) => {
    const { list } = await existingClusters(target, 'legacy');
    await judgeClusters(
      tally,
      target,
      async (t) => [listed(t, list)],
      (cluster, where, res) => checkClusterShape('cluster-legacy', cluster, where, res),
    );
  },
);
check(
  'VER-LEGACY-CLUSTER-SHAPE',
  'get one of clusters of the first project under /v1.0 is in the legacy shape',
  async ({ target, tally }) => {
    const { ones } = await existingClusters(target, 'legacy');
    await judgeClusters(
      tally,
      target,
      async () => ones.map((res) => one(res, 'the cluster')),
      (cluster, where, res) => checkClusterShape('cluster-legacy', cluster, where, res),
    );
  },
);

// 4.5: "The versioned cluster resource offers create one (POST), get all (GET), get one (GET), modify one (PATCH)
// and delete one (DELETE)."
check('CLU-OPERATIONS', "get all and get one of the first project's clusters are served", async ({ target, tally }) => {
  const { list, ones } = await existingClusters(target, 'v2');
  expectServed(tally, list, 'get all is served');
  for (const res of ones) expectServed(tally, res, 'get one of a listed cluster is served');
});
check('CLU-OPERATIONS', 'create one of a new cluster is served', async ({ target, tally }) => {
  const { create } = await clusterLife(target);
  cite(create.exchange);
  expectServed(tally, create, 'create one is served');
});
check('CLU-OPERATIONS', 'get one and get all show the new cluster', async ({ target, tally }) => {
  const life = await clusterLife(target);
  const getOne = await lifePart(target, (l) => l.getOne, 'get one');
  expectServed(tally, getOne, 'get one of the new cluster is served');
  const getAll = await lifePart(target, (l) => l.getAll, 'get all');
  expectServed(tally, getAll, 'get all is served');
  const names = resultsOf(getAll, target.profile.paging).map((c) => (c as { name?: unknown } | null)?.name);
  if (!names.includes(life.name)) {
    throw new RuleFailure(`get all does not list the new cluster ${life.name}`, {
      expected: life.name,
      actual: names,
      exchange: getAll.exchange,
    });
  }
});
for (const [operation, part] of [
  ['modify one', (l: ClusterLife) => l.modify],
  ['delete one', (l: ClusterLife) => l.remove],
] as const) {
  check('CLU-OPERATIONS', `${operation} of the new cluster is served`, async ({ target, tally }) => {
    expectServed(tally, await lifePart(target, part, operation), `${operation} is served`);
  });
}
