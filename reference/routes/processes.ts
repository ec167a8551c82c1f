// Processes of a project and the databases of a process (the context of measurements, spec 4.3).
import { listInGroup, requireGroup } from '../authz.ts';
import { extensionRel, type RequestContext } from '../context.ts';
import { ApiError, notFound, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Group, Process } from '../store.ts';

export const processPath = (process: Process) =>
  `/groups/${process.groupId}/processes/${encodeURIComponent(process.id)}`;

export function requireProcess(ctx: RequestContext, group: Group): Process {
  const process = ctx.store.processes.find((p) => p.groupId === group.id && p.id === ctx.params.processId);
  // Mutant: a missing process is PROCESS_NOT_FOUND naming only the project, in parameters and detail.
  if (!process && ctx.mutants.has('ERR-RESOURCE-NOT-FOUND:process'))
    throw new ApiError(404, 'PROCESS_NOT_FOUND', `No such process exists in group ${group.id}.`, [group.id]);
  return orNotFound(process, ctx.path);
}

export const requireDatabase = (ctx: RequestContext, process: Process) =>
  orNotFound(
    process.databases.find((d) => d === ctx.params.databaseName),
    ctx.path,
  );

function processView(ctx: RequestContext, process: Process, inList: boolean) {
  const { databases: _databases, measurements: _measurements, slowQueries: _slowQueries, ...fields } = process;
  return {
    ...fields,
    links: entityLinks(
      ctx,
      processPath(process),
      [
        [extensionRel(ctx, 'databases'), `${processPath(process)}/databases`],
        [
          extensionRel(ctx, 'cluster'),
          `/groups/${process.groupId}/clusters/${encodeURIComponent(process.clusterName)}`,
        ],
      ],
      inList,
    ),
  };
}

function databaseView(ctx: RequestContext, process: Process, databaseName: string, inList: boolean) {
  const self = `${processPath(process)}/databases/${encodeURIComponent(databaseName)}`;
  return {
    databaseName,
    links: entityLinks(ctx, self, [[extensionRel(ctx, 'measurements'), `${self}/measurements`]], inList),
  };
}

export const processRoutes: Route[] = [
  {
    path: '/groups/{groupId}/processes',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => {
            const processes = ctx.store.processes.filter((p) => p.groupId === group.id);
            // Mutant: a project that runs no process has no processes list: 404.
            if (processes.length === 0 && ctx.mutants.has('LIST-EMPTY-200:processes')) throw notFound(ctx.path);
            return processes;
          },
          (p, inList) => processView(ctx, p, inList),
        ),
    },
  },
  {
    path: '/groups/{groupId}/processes/{processId}',
    methods: { GET: (ctx) => entity(processView(ctx, requireProcess(ctx, requireGroup(ctx, 'read')), false)) },
  },
  {
    path: '/groups/{groupId}/processes/{processId}/databases',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (group) => {
            // Mutant: the databases of a process that does not exist are an empty list.
            const exists = ctx.store.processes.some((p) => p.groupId === group.id && p.id === ctx.params.processId);
            if (!exists && ctx.mutants.has('LIST-MISSING-CONTEXT-404:databases')) return [];
            const process = requireProcess(ctx, group);
            return process.databases.map((name) => ({ process, name }));
          },
          ({ process, name }, inList) => databaseView(ctx, process, name, inList),
        ),
    },
  },
  {
    path: '/groups/{groupId}/processes/{processId}/databases/{databaseName}',
    methods: {
      GET: (ctx) => {
        const process = requireProcess(ctx, requireGroup(ctx, 'read'));
        return entity(databaseView(ctx, process, requireDatabase(ctx, process), false));
      },
    },
  },
];
