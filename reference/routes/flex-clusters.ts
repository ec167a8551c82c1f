// Flex clusters of a project (real service: `/groups/{groupId}/flexClusters`; the spec does not name them):
// list and get, from the seed.
import { listInGroup, requireGroup } from '../authz.ts';
import type { RequestContext } from '../context.ts';
import { orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { FlexCluster } from '../store.ts';

function flexView(ctx: RequestContext, flex: FlexCluster, inList: boolean) {
  const host = `${flex.name}.abcde.${ctx.vendor}.example`;
  return {
    ...flex,
    connectionStrings: { standard: `db://${host}:27017/?ssl=true&authSource=admin`, standardSrv: `db+srv://${host}` },
    links: entityLinks(ctx, `/groups/${flex.groupId}/flexClusters/${encodeURIComponent(flex.name)}`, [], inList),
  };
}

export const flexClusterRoutes: Route[] = [
  {
    path: '/groups/{groupId}/flexClusters',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (g) => ctx.store.flexClusters.filter((f) => f.groupId === g.id),
          (f, inList) => flexView(ctx, f, inList),
        ),
    },
  },
  {
    path: '/groups/{groupId}/flexClusters/{name}',
    methods: {
      GET: (ctx) => {
        const group = requireGroup(ctx, 'read');
        return entity(
          flexView(
            ctx,
            orNotFound(
              ctx.store.flexClusters.find((f) => f.groupId === group.id && f.name === ctx.params.name),
              ctx.path,
            ),
            false,
          ),
        );
      },
    },
  },
];
