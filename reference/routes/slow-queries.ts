// Slow queries of a process (spec 2.6, 4.4): `performanceAdvisor/slowQueryLogs`, whose items gain
// `metrics`, `opType` and `replicaState` when includeMetrics, includeOpType, includeReplicaState are true.
import { requireGroup } from '../authz.ts';
import type { RequestContext } from '../context.ts';
import { invalidQueryParameter } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { booleanParameter, integerParameter } from '../query-params.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Process, SlowQuery } from '../store.ts';
import { processPath, requireProcess } from './processes.ts';

const DEFAULT_LOG_LINES = 20_000;

function slowQueriesOf(ctx: RequestContext, process: Process) {
  // Mutant: includeOpType is not a parameter of this operation.
  if (ctx.query.has('includeOpType') && ctx.mutants.has('SLOWQ-OPTIONAL-PROPS'))
    throw invalidQueryParameter('includeOpType');
  const include = {
    metrics: booleanParameter(ctx.query, 'includeMetrics', false),
    opType: booleanParameter(ctx.query, 'includeOpType', false),
    // Mutant: includeReplicaState is read but has no effect.
    replicaState:
      booleanParameter(ctx.query, 'includeReplicaState', false) &&
      !ctx.mutants.has('SLOWQ-OPTIONAL-PROPS:replica-state-ignored'),
  };
  // Mutant: the switches are read as alternatives, so that of several on only the first takes effect.
  if (ctx.mutants.has('SLOWQ-OPTIONAL-PROPS:first-switch')) {
    const first = (Object.keys(include) as (keyof typeof include)[]).find((k) => include[k]);
    for (const k of Object.keys(include) as (keyof typeof include)[]) include[k] = k === first;
  }
  const nLogs = integerParameter(ctx.query, 'nLogs', DEFAULT_LOG_LINES);
  const namespaces = ctx.query.getAll('namespaces');
  const view = (q: SlowQuery) => ({
    line: q.line,
    namespace: q.namespace,
    ...(include.metrics && { metrics: q.metrics }),
    ...(include.opType && { opType: q.opType }),
    ...(include.replicaState && { replicaState: q.replicaState }),
  });
  return {
    links: entityLinks(ctx, `${processPath(process)}/performanceAdvisor/slowQueryLogs`, [], false),
    slowQueries: process.slowQueries
      .filter((q) => namespaces.length === 0 || namespaces.includes(q.namespace))
      .slice(0, nLogs)
      .map(view),
  };
}

export const slowQueryRoutes: Route[] = [
  {
    path: '/groups/{groupId}/processes/{processId}/performanceAdvisor/slowQueryLogs',
    methods: { GET: (ctx) => entity(slowQueriesOf(ctx, requireProcess(ctx, requireGroup(ctx, 'read')))) },
  },
];
