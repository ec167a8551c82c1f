// Defects of the cluster resource's request handling, each switched on by its mutant id (mutation
// self-test): the 2023-02-01 body as a defective target would read it, before it is validated.
import type { RequestContext } from '../context.ts';
import { invalidAttribute } from '../errors.ts';
import { isLegacyClusterVersion } from '../versioning.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Spec 2.6 and 9.5 broken on purpose; an intact target reads the body as it is. */
export function mutatedClusterBody(ctx: RequestContext, body: unknown): unknown {
  if (isLegacyClusterVersion(ctx.version) || !isObject(body)) return body;
  let read = body;
  // Mutant: a create body may still carry the removed providerBackupEnabled, read as backupEnabled.
  if (ctx.method === 'POST' && 'providerBackupEnabled' in read && ctx.mutants.has('VER-CLUSTERS-REMOVED-REFUSED')) {
    const { providerBackupEnabled, ...rest } = read;
    read = { ...rest, backupEnabled: providerBackupEnabled };
  }
  // Mutant: a create body with the removed replicationSpec is refused naming replicationSpecs, whose name it begins.
  if (ctx.method === 'POST' && 'replicationSpec' in read && ctx.mutants.has('VER-CLUSTERS-REMOVED-REFUSED:longer-name'))
    throw invalidAttribute('replicationSpecs');
  // Mutant: the removed Azure regions are taken as their successors.
  if (/"GERMANY_(CENTRAL|NORTH_EAST)"/.test(JSON.stringify(read)) && ctx.mutants.has('CLU-AZURE-GERMANY-REMOVED')) {
    read = JSON.parse(
      JSON.stringify(read)
        .replace(/"GERMANY_CENTRAL"/g, '"GERMANY_WEST_CENTRAL"')
        .replace(/"GERMANY_NORTH_EAST"/g, '"GERMANY_NORTH"'),
    ) as Json;
  }
  return read;
}
