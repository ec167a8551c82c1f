// Path parameters for the endpoints spec 4.3 names: found once per run, as the owner, in the collections those
// endpoints belong to (the real service's paths), or else a well-formed value that names nothing (a placeholder).
import { missingNames } from '../../src/probes/surface/lists.ts';
import { resultsOf } from '../../src/judges/list.ts';
import { once } from '../../src/harness/per-run.ts';
import type { Target } from '../../src/target/target.ts';

export interface PathContext {
  values: Record<string, string>;
  /** Parameters for which nothing was found, so their value names nothing. */
  placeholders: Set<string>;
}

/** A field of the first item of a list below the v2 base, when the list is served and has one. */
async function firstOf(t: Target, path: string, field: string): Promise<string | undefined> {
  const res = await t.get(t.v2(path));
  if (res.status !== 200) return undefined;
  try {
    const first = resultsOf(res, t.profile.paging)[0] as Record<string, unknown> | undefined;
    return typeof first?.[field] === 'string' ? first[field] : undefined;
  } catch {
    return undefined; // not a list: nothing found there
  }
}

async function discover(t: Target): Promise<PathContext> {
  const context: PathContext = { values: { cloudProvider: 'AZURE' }, placeholders: new Set() };
  const missing = t.missingProjectId;
  const set = (name: string, found: string | undefined, placeholder = missing) => {
    context.values[name] = found ?? placeholder;
    if (found === undefined) context.placeholders.add(name);
    return context.values[name]!;
  };
  const orgId = set('orgId', t.profile.orgId);
  const fsPath = t.profile.endpoints.federationSettings;
  const fs = fsPath && t.profile.orgId ? await t.get(t.v2(fsPath.replace('{orgId}', orgId))) : undefined;
  const fsId = set('federationSettingsId', fs?.status === 200 ? (fs.jsonObject().id as string | undefined) : undefined);
  set('identityProviderId', await firstOf(t, `/federationSettings/${fsId}/identityProviders`, 'id'));
  const groupId = set('groupId', t.profile.projects.ids[0]);
  const group = `/groups/${groupId}`;
  const known = (path: string, field: string) =>
    context.placeholders.has('groupId') ? undefined : firstOf(t, `${group}${path}`, field);
  const cluster = `/clusters/${encodeURIComponent(set('clusterName', await known('/clusters', 'name'), missingNames.clusterName!))}`;
  set('restoreJobId', await known(`${cluster}/backup/restoreJobs`, 'id'));
  set('snapshotId', await known(`${cluster}/backup/tenant/snapshots`, 'id'));
  const process = `/processes/${encodeURIComponent(set('processId', await known('/processes', 'id'), missingNames.processId!))}`;
  set('databaseName', await known(`${process}/databases`, 'databaseName'), 'conformance-missing-db');
  set('endpointId', await known('/encryptionAtRest/AZURE/privateEndpoints', 'id'));
  set('instanceName', await known('/serverless', 'name'), 'conformance-missing-instance');
  return context;
}

export function pathContext(t: Target): Promise<PathContext> {
  return once('path-context', () => discover(t));
}

/** A spec path with its parameters filled in (each encoded as a path segment). */
export const fillParams = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (all, name: string) =>
    values[name] === undefined ? all : encodeURIComponent(values[name]),
  );
