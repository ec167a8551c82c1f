// Performance advisor of a cluster (spec 4.3): suggested indexes and drop-index suggestions.
import { requireGroup } from '../authz.ts';
import { requireCluster } from '../clusters/common.ts';
import { extensionRel, type RequestContext } from '../context.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { PerformanceAdvice } from '../store.ts';

const NO_ADVICE = {
  suggestedIndexes: [],
  shapes: [],
  dropIndexSuggestions: { hiddenIndexes: [], redundantIndexes: [], unusedIndexes: [] },
};

/** The advice for the `{clusterName}` cluster (none recorded: empty advice). */
function adviceOf(ctx: RequestContext): {
  advice: Omit<PerformanceAdvice, 'groupId' | 'clusterName'>;
  clusterPath: string;
} {
  const group = requireGroup(ctx, 'read');
  // Mutant: the suggested indexes of a cluster that does not exist are answered as empty advice.
  const clusterMissing = !ctx.store.clusters.some((c) => c.groupId === group.id && c.name === ctx.params.clusterName);
  if (clusterMissing && ctx.path.endsWith('/suggestedIndexes') && ctx.mutants.has('DOC-404')) {
    return {
      advice: NO_ADVICE,
      clusterPath: `/groups/${group.id}/clusters/${encodeURIComponent(ctx.params.clusterName!)}`,
    };
  }
  const cluster = requireCluster(ctx, group);
  const advice =
    ctx.store.performanceAdvisor.find((a) => a.groupId === group.id && a.clusterName === cluster.name) ?? NO_ADVICE;
  return { advice, clusterPath: `/groups/${group.id}/clusters/${encodeURIComponent(cluster.name)}` };
}

function linksOf(ctx: RequestContext, clusterPath: string, resource: string) {
  return entityLinks(
    ctx,
    `${clusterPath}/performanceAdvisor/${resource}`,
    [[extensionRel(ctx, 'cluster'), clusterPath]],
    false,
  );
}

export const performanceAdvisorRoutes: Route[] = [
  {
    path: '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor/suggestedIndexes',
    methods: {
      GET: (ctx) => {
        const { advice, clusterPath } = adviceOf(ctx);
        // Mutant: a cluster without recorded query shapes answers them as null instead of an empty array.
        const noShapes = advice.shapes.length === 0 && ctx.mutants.has('ENT-NO-NULL-FIELDS:advice');
        return entity({
          links: linksOf(ctx, clusterPath, 'suggestedIndexes'),
          shapes: noShapes ? null : advice.shapes,
          suggestedIndexes: advice.suggestedIndexes,
        });
      },
    },
  },
  {
    path: '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor/dropIndexSuggestions',
    methods: {
      GET: (ctx) => {
        const { advice, clusterPath } = adviceOf(ctx);
        return entity({ ...advice.dropIndexSuggestions, links: linksOf(ctx, clusterPath, 'dropIndexSuggestions') });
      },
    },
  },
  {
    // The real service's schema advice, outside the spec: this target has no recommendations to make.
    path: '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor/schemaAdvice',
    methods: {
      GET: (ctx) => {
        const { clusterPath } = adviceOf(ctx);
        return entity({ content: { recommendations: [] }, links: linksOf(ctx, clusterPath, 'schemaAdvice') });
      },
    },
  },
];
