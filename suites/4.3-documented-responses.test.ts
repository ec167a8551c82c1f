// Spec 4.3: the endpoints the release notes name, with the responses added on 18 April 2025 (401, 403, 404). Each
// listed response is provoked the way spec 5 and 7.2 describe it: no authentication (401), a caller without
// permission (403; spec 5 also allows 401), a context that does not exist (404). Path parameters are found in the
// first project (suites/support/documented-path-params.ts); endpoints the profile says the target lacks are skipped.
import { expectErrorWithBody } from '../src/harness/judged-answers.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { notApplicableFor, skipFor, SuiteError } from '../src/outcome.ts';
import { describeExchange } from '../src/judges/status.ts';
import { undoAccepted } from '../src/target/created.ts';
import { fillParams, pathContext } from './support/documented-path-params.ts';
import { check } from '../src/harness/check.ts';
import { missingNames } from '../src/probes/surface/lists.ts';
import { parsedBody } from '../src/judges/entities.ts';
import { isObject, type JsonObject } from '../src/judges/json-walk.ts';
import { sharedResponse } from '../src/probes/shared-response.ts';
import { unchangingBody } from '../src/probes/unchanging-body.ts';
import { readOnlyAt } from '../src/surface/model.ts';
import { targetSurface } from '../src/surface/target-surface.ts';
import type { ApiRequest, Target } from '../src/target/target.ts';

interface Documented {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** As the spec writes it, below V2. */
  path: string;
  codes: (401 | 403 | 404)[];
  /** Parameters without which the operation could refuse the request for another reason first. */
  query?: Record<string, string>;
}

const documented: Documented[] = [
  { method: 'GET', path: '/', codes: [403] },
  { method: 'GET', path: '/clusters', codes: [403] },
  { method: 'GET', path: '/eventTypes', codes: [403] },
  {
    method: 'GET',
    path: '/federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings',
    codes: [401, 403],
  },
  {
    method: 'PATCH',
    path: '/federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}',
    codes: [401, 403],
  },
  { method: 'GET', path: '/groups', codes: [401, 403, 404] },
  {
    method: 'DELETE',
    path: '/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs/{restoreJobId}',
    codes: [401, 403, 404],
  },
  {
    method: 'GET',
    path: '/groups/{groupId}/clusters/{clusterName}/backup/tenant/snapshots/{snapshotId}',
    codes: [401, 403, 404],
  },
  {
    method: 'GET',
    path: '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor/dropIndexSuggestions',
    codes: [403, 404],
  },
  {
    method: 'GET',
    path: '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor/suggestedIndexes',
    codes: [401, 403, 404],
  },
  {
    method: 'DELETE',
    path: '/groups/{groupId}/encryptionAtRest/{cloudProvider}/privateEndpoints/{endpointId}',
    codes: [401],
  },
  {
    method: 'GET',
    path: '/groups/{groupId}/encryptionAtRest/{cloudProvider}/privateEndpoints/{endpointId}',
    codes: [401, 403, 404],
  },
  {
    method: 'GET',
    path: '/groups/{groupId}/privateEndpoint/serverless/instance/{instanceName}/endpoint',
    codes: [401, 403],
  },
  {
    method: 'POST',
    path: '/groups/{groupId}/privateEndpoint/serverless/instance/{instanceName}/endpoint',
    codes: [401, 403, 404],
  },
  {
    method: 'GET',
    path: '/groups/{groupId}/processes/{processId}/databases/{databaseName}/measurements',
    codes: [401, 403, 404],
    query: { granularity: 'PT1H', period: 'P1D' },
  },
];

const name = (e: Documented) => `${e.method} V2${e.path === '/' ? '' : e.path}`;

function requireOffered(t: Target, e: Documented): void {
  if (!t.profile.endpoints.documented.includes(`${e.method} ${e.path}`))
    notApplicableFor('endpoints.documented', `the profile says the target does not offer ${name(e)}`);
}

/** The body of a write that changes nothing: for a PATCH, the entity as the owner reads it at `path`
 * (`unchangingBody`), where it reads one (the reading is judged where every answer is); else an empty one. */
async function bodyOf(t: Target, e: Documented, path: string): Promise<{ body: JsonObject; what: string }> {
  const empty = { body: {}, what: 'the empty body' };
  if (e.method !== 'PATCH') return empty;
  const res = await sharedResponse(`documented entity:${path}`, () => t.get(path));
  const entity = res.status === 200 ? parsedBody(res) : undefined;
  if (!isObject(entity)) return empty;
  const unmodifiable = readOnlyAt(await targetSurface(t), e.path, 'PATCH');
  return { body: unchangingBody(entity, unmodifiable), what: 'the entity as the owner reads it' };
}

/** Sends the endpoint's request; a body that changes nothing where there is one. A POST that wrongly succeeded made
 * something, which is deleted again. That body may not fit the operation, and 7.2 does not order a refused body
 * and a refused caller or a missing context: a 400 to it leaves the rule unjudged, by the suite's body, and the target
 * is not blamed. */
async function send(
  t: Target,
  e: Documented,
  values: Record<string, string>,
  how: Pick<ApiRequest, 'as' | 'localAddress'>,
): Promise<HttpResponse> {
  const path = t.v2(fillParams(e.path, values));
  const withBody = e.method === 'POST' || e.method === 'PATCH';
  const sent = withBody ? await bodyOf(t, e, path) : undefined;
  const res = await t.send({ method: e.method, path, query: e.query, ...(sent ? { json: sent.body } : {}), ...how });
  await undoAccepted(t, res, path);
  if (sent && res.status === 400)
    throw new SuiteError(
      `${describeExchange(res)}: the target refused ${sent.what}, which the suite sends to ${name(e)}, before telling whether it lets the caller in and finds what the path names`,
      res.exchange,
    );
  return res;
}

/** The parameters of the path found nothing to name: a 404 may then come before the permission check. */
function placeholdersIn(e: Documented, placeholders: Set<string>): string[] {
  return [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((p) => placeholders.has(p));
}

// 5: "Missing authentication, wrong credentials, or a user not allowed to reach the resource: 401."
for (const e of documented.filter((d) => d.codes.includes(401))) {
  check('DOC-401', `${name(e)} without authentication is 401 with the error body`, async ({ target, tally }) => {
    requireOffered(target, e);
    const { values } = await pathContext(target);
    expectErrorWithBody(
      tally,
      await send(target, e, values, { as: null }),
      `an unauthenticated ${name(e)} is refused`,
      [401],
    );
  });
}

/** Who lacks permission: in a project, a caller without a grant (reads) or with a read-only one (writes); in the
 * organization's federation settings, a member who does not own it; elsewhere, a caller outside its access list. */
function callerWithoutPermission(
  t: Target,
  e: Documented,
): { how: Pick<ApiRequest, 'as' | 'localAddress'>; who: string } {
  const needs = (role: string) => {
    if (!t.hasCredential(role)) skipFor(`credentials.${role}`, `the profile has no ${role} credential`);
    return role;
  };
  if (e.path.startsWith('/groups/')) {
    const role = e.method === 'GET' ? needs('outsider') : needs('readOnly');
    return {
      how: { as: role },
      who: role === 'outsider' ? 'a caller without a grant on the project' : 'a read-only caller',
    };
  }
  if (e.path.startsWith('/federationSettings/'))
    return { how: { as: needs('outsider') }, who: 'an organization member who does not own it' };
  const [role, ref] =
    Object.entries(t.profile.credentials).find(([, c]) => c.outsideAddress) ??
    skipFor(
      'credentials.<role>.outsideAddress',
      'no credential in the profile names an address outside its access list',
    );
  return {
    how: { as: role, localAddress: ref.outsideAddress },
    who: `${role} from ${ref.outsideAddress}, outside its access list`,
  };
}

// 5: "Access not permitted: 403."
for (const e of documented.filter((d) => d.codes.includes(403))) {
  check(
    'DOC-403',
    `${name(e)} by a caller without permission is 403 (or 401) with the error body`,
    async ({ target, tally }) => {
      requireOffered(target, e);
      const { values, placeholders } = await pathContext(target);
      if (e.path.includes('{groupId}') && placeholders.has('groupId'))
        skipFor('projects.ids', 'the profile names no project');
      const { how, who } = callerWithoutPermission(target, e);
      const res = await send(target, e, values, how);
      const unnamed = placeholdersIn(e, placeholders);
      if (res.status === 404 && unnamed.length > 0) {
        skipFor(
          'projects.ids',
          `the first project holds nothing to name ${unnamed.join(', ')} with, and the 404 answered may tell the missing resource before the missing permission (7.2 does not order them)`,
        );
      }
      expectErrorWithBody(tally, res, `${name(e)} by ${who} is refused`, [403, 401]);
    },
  );
}

/** Contexts that can be missing: the project, and below it the parent the endpoint's resource lives in. */
const missingContexts: [param: string, what: string, value: (t: Target) => string][] = [
  ['groupId', 'a project that does not exist', (t) => t.missingProjectId],
  ['clusterName', 'a cluster that does not exist', () => missingNames.clusterName!],
  ['processId', 'a process that does not exist', () => missingNames.processId!],
  ['instanceName', 'a serverless instance that does not exist', () => missingNames.instanceName!],
];

// 7.2: "404 | Not Found | The resource does not exist, or the context of a requested list does not exist."
for (const e of documented.filter((d) => d.codes.includes(404))) {
  const contexts = missingContexts.filter(([param]) => e.path.includes(`{${param}}`));
  // An endpoint without a path parameter has no context that could be missing, and which condition yields its 404
  // is not shown (7.2): there is nothing to check there.
  for (const [param, what, value] of contexts) {
    check('DOC-404', `${name(e)} in ${what} is 404 with the error body`, async ({ target, tally }) => {
      requireOffered(target, e);
      const { values, placeholders } = await pathContext(target);
      if (param !== 'groupId' && placeholders.has('groupId')) skipFor('projects.ids', 'the profile names no project');
      const res = await send(target, e, { ...values, [param]: value(target) }, { as: 'owner' });
      expectErrorWithBody(tally, res, `${name(e)} in ${what} is not found`, [404]);
    });
  }
}
