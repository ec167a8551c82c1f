// Spec 9.5, judged on every 2xx answer of the run that carries clusters (a cluster, or a list of them, whichever
// check asked, whatever it asked: a page, a filter, pretty=true, envelope=true, a write's answer): in version
// 2023-02-01 every cluster carries replicationSpecs[].regionConfigs[] and none of the eleven removed properties, and
// under /v1.0 every cluster keeps the legacy shape. An answer in a later version is not judged: the spec states no
// shape for it.
import { checkClusterShape, checkNoRemovedProperties, clusterSchemaOf } from '../judges/cluster-shape.ts';
import { isObject, type JsonObject } from '../judges/json-walk.ts';
import { describeExchange } from '../judges/status.ts';
import { carriedBy, pathBelowBase, servedVersion, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { bodiedSuccess, byJudge, notJudged, type ExchangeRule, type Verdict } from './rule.ts';

/** The clusters of a project, or one of them (a name holds no `:`, which starts a custom method). */
const clusterPath = /^\/groups\/[^/]+\/clusters(\/[^/:]+)?\/?$/;

/** The clusters an answer carries, each with where it stands, or why it carries none. */
function clustersIn(ctx: ExchangeContext, a: Answer): { cluster: JsonObject; where: string }[] | string {
  if (!clusterPath.test(pathBelowBase(ctx, a))) return 'not the clusters resource';
  const c = carriedBy(ctx, a);
  if (typeof c === 'string') return c;
  const clusters =
    c.kind === 'entity'
      ? [{ cluster: c.body, where: 'the cluster' }]
      : c.items.flatMap((item, i) => (isObject(item) ? [{ cluster: item, where: `result item ${i}` }] : []));
  return clusters.length > 0 ? clusters : 'no cluster';
}

/** Judges every cluster of an answer by `judge`, a judge of src/judges/ that throws on the first fault. */
function eachCluster(ctx: ExchangeContext, a: Answer, judge: (cluster: JsonObject, where: string) => void): Verdict {
  const clusters = clustersIn(ctx, a);
  if (typeof clusters === 'string') return notJudged(clusters);
  return byJudge(() => {
    for (const { cluster, where } of clusters) judge(cluster, `${describeExchange(a.res)}: ${where}`);
  });
}

/** Whether a /v2 answer was served in version 2023-02-01, or why it is not judged. */
function in20230201(ctx: ExchangeContext, a: Answer): string | undefined {
  if (a.generation !== 'v2') return 'not the versioned API';
  const version = servedVersion(ctx, a);
  if (version === undefined) return 'no version named';
  return clusterSchemaOf(version) === 'cluster-2023-02-01' ? undefined : `served in ${version}`;
}

export const clusterRules: ExchangeRule[] = [
  {
    rule: 'VER-CLUSTERS-REGION-CONFIGS',
    title: 'every cluster of every 2xx answer of the run in 2023-02-01 carries replicationSpecs[].regionConfigs[]',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      const why = in20230201(ctx, a);
      if (why) return notJudged(why);
      return eachCluster(ctx, a, (cluster, where) => checkClusterShape('cluster-2023-02-01', cluster, where, a.res));
    },
  },
  {
    rule: 'VER-CLUSTERS-REMOVED-ABSENT',
    title: 'no cluster of any 2xx answer of the run in 2023-02-01 carries one of the eleven removed properties',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      const why = in20230201(ctx, a);
      if (why) return notJudged(why);
      return eachCluster(ctx, a, (cluster, where) => checkNoRemovedProperties(cluster, where, a.res));
    },
  },
  {
    rule: 'VER-LEGACY-CLUSTER-SHAPE',
    title: 'every cluster of every 2xx answer of the run under /v1.0 is in the legacy shape',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      if (a.generation !== 'v1.0') return notJudged('not the legacy API');
      return eachCluster(ctx, a, (cluster, where) => checkClusterShape('cluster-legacy', cluster, where, a.res));
    },
  },
];
