// Before any rule runs, once the target is known to be the API: do the profile's facts hold? Each project it names
// exists, each credential is one the target takes and reaches the projects it is said to be granted (the outsider none
// of them), each endpoint whose path the profile gives (or
// takes by default) is served. A fact that does not hold is the profile's mistake, never the target's failure, so the
// run stops naming the field. One request per fact: a credential's project list shows all its grants at once.
import type { HttpClient } from '../http/client.ts';
import type { HttpResponse } from '../http/messages.ts';
import { ProfileError } from '../profile/load.ts';
import type { Profile } from '../profile/profile.ts';
import { rootPath } from './identity.ts';

/** Credentials the profile says are granted every project of projects.ids (the outsider is granted none). */
export const grantedEverywhere = ['owner', 'owner2', 'readOnly', 'serviceAccount'];

/** Endpoints the preflight reads, by profile field: those below a project are read in the profile's first one. */
const endpointFields = [
  'accessList',
  'customDbRoles',
  'encryptionAtRest',
  'federationSettings',
  'pendingInvoice',
] as const;

/** The answer, or undefined when the request failed in transport: a fault leaves the fact unchecked, not refuted. */
function get(client: HttpClient, profile: Profile, path: string, as: string): Promise<HttpResponse | undefined> {
  return client
    .send({
      method: 'GET',
      path: `${rootPath(profile.vendor)}${path}`,
      as,
      headers: { accept: `application/vnd.${profile.vendor}.${profile.versions.default}+json` },
    })
    .catch(() => undefined);
}

/** The ids of the projects a list answer holds, or undefined when it is not a readable list. */
export function listedProjects(res: HttpResponse | undefined, resultsField: string): Set<string> | undefined {
  if (res?.status !== 200) return undefined;
  try {
    const items = (JSON.parse(res.text) as Record<string, unknown>)[resultsField];
    if (!Array.isArray(items)) return undefined;
    return new Set(items.map((p) => (p as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string'));
  } catch {
    return undefined;
  }
}

/** Projects of `ids` the credential reaches: listed, or else read directly (a list may be paged). `refused`: the target
 * does not take the credential at all (401 to its own project list), so nothing more is asked with it. */
async function reachOf(
  client: HttpClient,
  profile: Profile,
  as: string,
  ids: string[],
): Promise<{ refused: boolean; listed?: Set<string>; missed: { id: string; status: number }[] }> {
  const own = await get(client, profile, '/groups', as);
  if (own?.status === 401) return { refused: true, missed: [] };
  const listed = listedProjects(own, profile.paging.resultsField);
  const unlisted = ids.filter((id) => !listed?.has(id));
  const reads = await Promise.all(
    unlisted.map(async (id) => ({ id, status: (await get(client, profile, `/groups/${id}`, as))?.status ?? 0 })),
  );
  return {
    refused: false,
    listed,
    missed: reads.filter((r) => r.status === 401 || r.status === 403 || r.status === 404),
  };
}

/** A credential the target answers 401 on its own project list: its keys are not the target's, a profile mistake. */
function refusedCredential(name: string): ProfileError {
  return new ProfileError(
    `credentials.${name}: the target does not take the ${name} credential (GET /groups answered 401): check the keys its environment variables hold`,
  );
}

/** Throws ProfileError naming the field of the first profile fact the target contradicts. */
export async function checkProfileFacts(client: HttpClient, profile: Profile): Promise<void> {
  const { ids, emptyProjectId } = profile.projects;
  const owned = [...ids, ...(emptyProjectId ? [emptyProjectId] : [])];
  const owner = await reachOf(client, profile, 'owner', owned);
  for (const m of owner.missed) {
    const field = ids.includes(m.id) ? 'projects.ids' : 'projects.emptyProjectId';
    throw new ProfileError(
      m.status === 404
        ? `${field}: project ${m.id} does not exist (GET /groups/${m.id} answered 404)`
        : `${field}: the owner credential has no access to project ${m.id} (GET /groups/${m.id} answered ${m.status})`,
    );
  }
  for (const name of grantedEverywhere.filter((n) => n !== 'owner' && profile.credentials[n])) {
    const { refused, missed } = await reachOf(client, profile, name, ids);
    if (refused) throw refusedCredential(name);
    // A credential that reaches none of them says nothing of its grants: its role may read nothing, which rules judge.
    if (missed.length === 0 || missed.length === ids.length) continue;
    throw new ProfileError(
      `credentials.${name}: the ${name} credential reaches ${ids.length - missed.length} of the profile's ${ids.length} projects, not ${missed.map((m) => `${m.id} (${m.status})`).join(', ')}: grant it every project of projects.ids`,
    );
  }
  if (profile.credentials.outsider) await checkOutsider(client, profile);
  await checkEndpoints(client, profile);
}

/** The outsider is a credential the target takes, granted none of the profile's projects (its own list shows it). */
async function checkOutsider(client: HttpClient, profile: Profile): Promise<void> {
  const { refused, listed } = await reachOf(client, profile, 'outsider', []);
  if (refused) throw refusedCredential('outsider');
  const granted = profile.projects.ids.filter((id) => listed?.has(id));
  if (granted.length > 0)
    throw new ProfileError(
      `credentials.outsider: the outsider credential lists project ${granted.join(', ')} of projects.ids among its own: it must be granted none of them`,
    );
}

/** Each endpoint path of the profile is served: a 404 there is the profile's path, not the target's fault. */
async function checkEndpoints(client: HttpClient, profile: Profile): Promise<void> {
  const project = profile.projects.ids[0];
  const paths = endpointFields.flatMap((field) => {
    const path = profile.endpoints[field];
    if (!path || (path.includes('{groupId}') && !project) || (path.includes('{orgId}') && !profile.orgId)) return [];
    return [{ field, path: path.replace(/\{groupId\}/g, project ?? '').replace(/\{orgId\}/g, profile.orgId ?? '') }];
  });
  const answers = await Promise.all(
    paths.map(async (p) => ({ ...p, res: await get(client, profile, p.path, 'owner') })),
  );
  const unserved = answers.find((a) => a.res?.status === 404);
  if (unserved)
    throw new ProfileError(
      `endpoints.${unserved.field}: GET ${unserved.path} answered 404, so the target does not serve '${profile.endpoints[unserved.field]}': give its path, or '' if it offers none`,
    );
}
