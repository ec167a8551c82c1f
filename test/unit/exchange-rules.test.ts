// The exchange rules judge every answer they apply to, and no answer the spec leaves to another rule or allows:
// HEAD and empty answers have no body, a 5xx is never judged, a 429's body is the rate limit's, pretty=true is
// pretty, `{}` answering a DELETE is no entity, an entity read at an alias names its own URL.
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/exchange-rules/answer.ts';
import type { ExchangeContext } from '../../src/exchange-rules/context.ts';
import { judgeAnswers, judgeRule } from '../../src/exchange-rules/engine.ts';
import { exchangeContext } from '../../src/exchange-rules/context.ts';
import { exchangeRules, exchangeRulesOf } from '../../src/exchange-rules/registry.ts';
import { loadProfile, referenceProfileFile } from '../../src/profile/load.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { IndexedSurface } from '../../src/surface/indexed-surface.ts';
import type { SurfaceMethod } from '../../src/surface/model.ts';

/** An operation of the target's document, with the version dates it serves. */
const op = (template: string, method: SurfaceMethod, generations: string[] = []) => ({
  template,
  method,
  generations,
  readOnly: [],
});

const ctx: ExchangeContext = {
  baseUrl: 'https://api.example.test',
  vendor: 'platform',
  envelope: { statusField: 'status', contentField: 'content' },
  links: { relField: 'rel', hrefField: 'href' },
  paging: {
    pageNumParam: 'pageNum',
    itemsPerPageParam: 'itemsPerPage',
    includeCountParam: 'includeCount',
    totalCountField: 'totalCount',
    resultsField: 'results',
    maxItemsPerPage: 500,
    countOffValue: 'absent-or-zero',
  },
  servedVersions: ['2023-01-01', '2023-02-01'],
  knownVersions: new Set(['2022-06-01', '2023-01-01', '2023-02-01']),
  deletedVersions: ['2022-06-01'],
  deprecatedVersions: ['2023-01-01'],
  versionedResources: [
    { template: '/groups/{groupId}', versions: ['2023-01-01', '2023-02-01'], current: '2023-02-01' },
  ],
  surface: IndexedSurface.of({
    source: "the target's document",
    operations: [
      op('/groups/{groupId}/events', 'GET'),
      op('/groups/{groupId}/alertConfigs', 'GET'),
      op('/groups/{groupId}/alertConfigs', 'POST'),
      op('/groups/{groupId}/alertConfigs/{alertConfigId}', 'PATCH'),
      op('/groups/{groupId}/alertConfigs/matchers', 'GET'),
      op('/groups/{groupId}/clusters', 'GET', ['2023-01-01', '2023-02-01', '2024-08-05']),
      op('/groups/{groupId}/clusters/{clusterName}', 'PATCH', ['2023-01-01', '2023-02-01', '2024-08-05']),
      op('/groups/{groupId}/clusters/{clusterName}', 'DELETE', ['2023-01-01', '2023-02-01']),
    ],
  }),
  newestVersion: '2024-08-05',
  deprecationHeader: 'Deprecation',
  otherAccept: 'refused',
  documentPath: '/api/platform/v2/openapi.json',
  unlistedDates: 'newest-not-later',
  ndsAuditTypes: new Set(['CLUSTER_CREATED', 'FTDC_SETTINGS_UPDATED']),
  credentialsRecorded: true,
  unauthenticated: ['/unauth/controlPlaneIPAddresses'],
  documentUnread: false,
};
const v2 = `${ctx.baseUrl}/api/platform/v2`;

function answer(
  method: string,
  url: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): HttpResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const exchange = {
    request: { method, url, headers: {} },
    response: { status, headers, body: text, bodyBytes: Buffer.byteLength(text) },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  };
  return new HttpResponse(status, headers, Buffer.from(text), exchange);
}

/** The verdict of rule `id` on one answer, in context `c`: 'held', 'broken' or why it was not judged. */
function verdict(id: string, res: HttpResponse, c: ExchangeContext = ctx): string {
  const j = judgeRule(exchangeRulesOf(id), c, [readAnswer(c, res)]);
  if (j.broken) return 'broken';
  return j.judged === 1 ? 'held' : [...j.notJudged.keys()].join('; ');
}

const project = { id: 'p1', name: 'a', links: [{ rel: 'self', href: `${v2}/groups/p1` }] };
const error = (status: number, reason: string) => ({
  detail: 'd',
  error: status,
  errorCode: 'E',
  parameters: [],
  reason,
});

describe('exchange rules', () => {
  it('judge write answers, errors and /v1.0 answers, and count them by kind', () => {
    const answers = [
      answer('GET', `${v2}/groups/p1`, 200, project),
      answer('PATCH', `${v2}/groups/p1`, 200, project),
      answer('POST', `${v2}/groups`, 409, error(409, 'Conflict')),
      answer('GET', `${ctx.baseUrl}/api/platform/v1.0/groups/p1`, 404, error(404, 'Not Found')),
    ];
    const j = judgeAnswers(exchangeRules, ctx, answers).find((r) => r.rule === 'ENT-JSON-RESPONSE')!;
    expect(j.judged).toBe(4);
    expect(Object.fromEntries(j.kinds)).toEqual({
      'GET answer': 2,
      'write answer': 2,
      'error answer': 2,
      '/v1.0 answer': 1,
    });
  });

  it('break on an error body without parameters, a null in a write answer, a pretty body not asked for', () => {
    const { parameters: _p, ...noParameters } = error(409, 'Conflict');
    expect(verdict('ERR-BODY-FIELDS', answer('POST', `${v2}/groups`, 409, noParameters))).toBe('broken');
    expect(verdict('ENT-NO-NULL-FIELDS', answer('PATCH', `${v2}/groups/p1`, 200, { ...project, orgId: null }))).toBe(
      'broken',
    );
    const pretty = JSON.stringify(error(404, 'Not Found'), null, 2);
    expect(verdict('ENT-COMPACT-WHITESPACE', answer('GET', `${ctx.baseUrl}/api/platform/v1.0/x`, 404, pretty))).toBe(
      'broken',
    );
    expect(verdict('ERR-REASON-TEXT', answer('GET', `${v2}/x`, 404, error(404, 'Error')))).toBe('broken');
    expect(verdict('ERR-STATUS-MATCH', answer('GET', `${v2}/x`, 404, error(400, 'Not Found')))).toBe('broken');
  });

  it('break on a Link header of a HEAD or 405 answer, which has no body to judge', () => {
    const link = { 'content-type': 'application/json', link: `<${v2}/groups>; rel="self"` };
    expect(verdict('LINK-NOT-IN-HEADERS', answer('HEAD', `${v2}/groups`, 200, undefined, link))).toBe('broken');
    expect(verdict('LINK-NOT-IN-HEADERS', answer('DELETE', `${v2}`, 405, error(405, 'Method Not Allowed'), link))).toBe(
      'broken',
    );
  });

  it('leave HEAD and empty answers, 5xx, a 429 body and answers outside the API unjudged', () => {
    expect(verdict('ENT-JSON-RESPONSE', answer('HEAD', `${v2}/groups`, 200, undefined, {}))).toBe(
      'a HEAD answer has no body',
    );
    expect(verdict('ENT-JSON-RESPONSE', answer('DELETE', `${v2}/groups/p1`, 204, undefined, {}))).toBe('no body');
    expect(verdict('ENT-JSON-RESPONSE', answer('POST', `${v2}/groups/p1/x`, 202, undefined, {}))).toBe('no body');
    expect(verdict('ERR-BODY-FIELDS', answer('GET', `${v2}/groups`, 503, 'down', {}))).toMatch(/5xx/);
    expect(verdict('ERR-BODY-FIELDS', answer('GET', `${v2}/groups`, 429, undefined, {}))).toMatch(/429/);
    expect(verdict('ENT-JSON-RESPONSE', answer('POST', `${ctx.baseUrl}/api/oauth/token`, 200, 'x', {}))).toBe(
      'not an answer of the API',
    );
  });

  it('take an error without a body for one that breaks the error body rule', () => {
    expect(verdict('ERR-BODY-FIELDS', answer('GET', `${v2}/groups`, 401, undefined, {}))).toBe('broken');
  });

  it('leave an error answer whose body cannot be read unjudged, the rule it is about left unjudged too', () => {
    // Not JSON (ENT-JSON-RESPONSE's to judge), and JSON of another type: answers the error rules are about.
    const unread = [
      answer('GET', `${v2}/groups/p1`, 404, '<html>not found</html>'),
      answer('GET', `${v2}/groups/p2`, 404, [{ error: 404 }]),
    ];
    const j = judgeRule(
      exchangeRulesOf('ERR-STATUS-MATCH'),
      ctx,
      unread.map((res) => readAnswer(ctx, res)),
    );
    expect([j.judged, j.broken, [...j.cut]]).toEqual([
      0,
      undefined,
      [
        ['the body is not JSON', 1],
        ['wrong-type', 1],
      ],
    ]);
  });

  it('leave pretty=true answers to ENT-PRETTY, and read an error through the envelope when envelope=true', () => {
    const pretty = JSON.stringify(project, null, 2);
    expect(verdict('ENT-COMPACT-WHITESPACE', answer('GET', `${v2}/groups/p1?pretty=true`, 200, pretty))).toBe(
      'pretty=true',
    );
    const wrapped = { status: 404, content: error(404, 'Not Found') };
    expect(verdict('ERR-BODY-FIELDS', answer('GET', `${v2}/x?envelope=true`, 404, wrapped))).toBe('held');
    expect(verdict('ERR-BODY-FIELDS', answer('GET', `${v2}/x?envelope=true`, 404, error(404, 'Not Found')))).toBe(
      'held',
    );
    expect(verdict('ENV-DEFAULT-NONE', answer('GET', `${v2}/x`, 404, wrapped))).toBe('broken');
  });

  it('judge every answer to pretty=true, errors and writes included, by its indented lines', () => {
    const pretty = (method: string, status: number, body: unknown, text = JSON.stringify(body, null, 2)) =>
      answer(method, `${v2}/groups/p1?pretty=true`, status, text);
    expect(verdict('ENT-PRETTY', pretty('GET', 200, project))).toBe('held');
    expect(verdict('ENT-PRETTY', pretty('PATCH', 200, project, JSON.stringify(project)))).toBe('broken');
    const notFound = error(404, 'Not Found');
    expect(verdict('ENT-PRETTY', pretty('GET', 404, notFound, JSON.stringify(notFound)))).toBe('broken');
    expect(verdict('ENT-PRETTY', pretty('DELETE', 200, {}, '{}'))).toBe('held');
    expect(verdict('ENT-PRETTY', answer('GET', `${v2}/groups/p1`, 200, project))).toBe('pretty=true not asked');
  });

  it('judge every RESOURCE_NOT_FOUND of the run, of any method, by the path it names, as sent or decoded', () => {
    const path = '/api/platform/v2/groups/p1/processes/h%3A27017';
    const notFound = (parameters: unknown[], detail = `Cannot find resource ${path}.`) => ({
      ...error(404, 'Not Found'),
      errorCode: 'RESOURCE_NOT_FOUND',
      parameters,
      detail,
    });
    const at = (method: string, body: unknown) => answer(method, `${ctx.baseUrl}${path}`, 404, body);
    expect(verdict('ERR-RESOURCE-NOT-FOUND', at('GET', notFound([path])))).toBe('held');
    const decoded = path.replace('%3A', ':');
    expect(verdict('ERR-RESOURCE-NOT-FOUND', at('GET', notFound([decoded], `Cannot find ${decoded}.`)))).toBe('held');
    expect(verdict('ERR-RESOURCE-NOT-FOUND', at('DELETE', notFound([])))).toBe('broken');
    expect(verdict('ERR-RESOURCE-NOT-FOUND', at('PATCH', notFound([path], 'Cannot find resource.')))).toBe('broken');
    const wrapped = { status: 404, content: notFound([]) };
    expect(verdict('ERR-RESOURCE-NOT-FOUND', answer('PUT', `${ctx.baseUrl}${path}?envelope=true`, 404, wrapped))).toBe(
      'broken',
    );
    expect(verdict('ERR-RESOURCE-NOT-FOUND', at('GET', { ...notFound([]), errorCode: 'GROUP_NOT_FOUND' }))).toBe(
      'not a RESOURCE_NOT_FOUND error',
    );
    expect(verdict('ERR-RESOURCE-NOT-FOUND', at('GET', error(404, 'Not Found')))).toBe(
      'not a RESOURCE_NOT_FOUND error',
    );
    const { parameters: _, ...withoutParameters } = notFound([]);
    expect(verdict('ERR-RESOURCE-NOT-FOUND', at('GET', withoutParameters))).toBe(
      'no parameters or detail (ERR-BODY-FIELDS)',
    );
  });

  it('read a path that is not valid percent-encoding as it is', () => {
    const odd = `${v2}/groups/p%zz1`;
    const self = { id: 'p1', groupId: 'p%zz1', links: [{ rel: 'self', href: odd }] };
    expect(verdict('LINK-SELF', answer('GET', odd, 200, self))).toBe('held');
    expect(verdict('PROJ-ID-AS-GROUP-ID', answer('GET', `${odd}/clusters/c`, 200, self))).toBe('held');
    const missing = { ...error(404, 'Not Found'), errorCode: 'RESOURCE_NOT_FOUND', parameters: [], detail: 'd' };
    expect(verdict('ERR-RESOURCE-NOT-FOUND', answer('GET', odd, 404, missing))).toBe('broken');
  });

  it('take no `{}` answer to a DELETE or a 202 for an entity, and read an entity through its envelope', () => {
    expect(verdict('LINK-ARRAY', answer('DELETE', `${v2}/groups/p1`, 200, {}))).toMatch(/no entity/);
    expect(verdict('LINK-ARRAY', answer('POST', `${v2}/groups/p1/restore`, 202, {}))).toMatch(/no entity/);
    expect(verdict('LINK-ARRAY', answer('PATCH', `${v2}/groups/p1`, 200, { id: 'p1' }))).toBe('broken');
    const enveloped = { status: 200, content: project };
    expect(verdict('LINK-SELF', answer('GET', `${v2}/groups/p1?envelope=true`, 200, enveloped))).toBe('held');
  });

  it('judge the shape of every answer to envelope=true: an entity in two fields, a list with its status', () => {
    const single = (status: number, body: unknown, method = 'POST') =>
      answer(method, `${v2}/groups?envelope=true`, status, body);
    const list = { links: [], results: [project], totalCount: 1 };
    expect(verdict('ENV-SINGLE-WRAP', single(201, { status: 201, content: project }))).toBe('held');
    // The status line of an enveloped answer is not stated: a 200 wrapping a 201 is not judged wrong.
    expect(verdict('ENV-SINGLE-WRAP', single(200, { status: 201, content: project }))).toBe('held');
    expect(verdict('LINK-SELF', single(200, { status: 201, content: project }, 'GET'))).toBe('held');
    expect(verdict('ENV-SINGLE-WRAP', single(201, project))).toBe('broken');
    expect(verdict('ENV-SINGLE-WRAP', single(201, { status: '201', content: project }))).toBe('broken');
    expect(verdict('ENV-SINGLE-WRAP', single(201, { status: 201, content: project, ok: true }))).toBe('broken');
    expect(verdict('ENV-SINGLE-WRAP', single(200, { ...list, status: 200 }, 'GET'))).toMatch(/a list/);
    expect(verdict('ENV-LIST-STATUS', single(200, { ...list, status: 200 }, 'GET'))).toBe('held');
    expect(verdict('ENV-LIST-STATUS', single(200, list, 'GET'))).toBe('broken');
    expect(verdict('ENV-LIST-STATUS', single(200, { status: 200, content: list }, 'GET'))).toBe('broken');
    expect(verdict('ENV-LIST-STATUS', single(201, { status: 201, content: project }))).toBe('not a list');
    expect(verdict('ENV-SINGLE-WRAP', answer('GET', `${v2}/groups/p1`, 200, project))).toBe('envelope=true not asked');
    expect(verdict('ENV-SINGLE-WRAP', single(404, { status: 404, content: error(404, 'Not Found') }))).toBe('a 404');
  });

  it('judge the names of the numbers of every 2xx entity and list, written ones and list items included', () => {
    const cluster = (fields: Record<string, unknown>) => ({ ...project, ...fields });
    expect(verdict('ENT-UNIT-IN-NAME', answer('POST', `${v2}/groups`, 201, cluster({ diskSize: 10 })))).toBe('broken');
    expect(verdict('ENT-UNIT-IN-NAME', answer('PATCH', `${v2}/groups/p1`, 200, cluster({ diskSizeGB: 10 })))).toBe(
      'held',
    );
    const list = { links: [], results: [cluster({ timeoutMillis: 5 }), cluster({ delay: 5 })], totalCount: 2 };
    expect(verdict('ENT-UNIT-IN-NAME', answer('GET', `${v2}/groups`, 200, list))).toBe('broken');
    expect(verdict('ENT-UNIT-IN-NAME', answer('GET', `${v2}/groups/p1`, 200, project))).toBe('no numeric field');
    expect(verdict('ENT-UNIT-IN-NAME', answer('GET', `${v2}/x`, 404, error(404, 'Not Found')))).toBe('a 404');
  });

  it('compare the self link of an entity read with GET with the URL read, except at an alias', () => {
    expect(verdict('LINK-SELF', answer('GET', `${v2}/groups/p1`, 200, project))).toBe('held');
    expect(verdict('LINK-SELF', answer('GET', `${v2}/groups/p2`, 200, project))).toBe('broken');
    expect(verdict('LINK-SELF', answer('GET', `${v2}/groups/byName/a`, 200, project))).toBe('held');
    // A create's answer names the new entity's URL, not the collection's.
    expect(verdict('LINK-SELF', answer('POST', `${v2}/groups`, 201, project))).toBe('held');
    const plainHttp = {
      ...project,
      links: [{ rel: 'self', href: 'http://api.example.test/api/platform/v2/groups/p1' }],
    };
    expect(verdict('LINK-SELF', answer('POST', `${v2}/groups`, 201, plainHttp))).toBe('broken');
    expect(verdict('LINK-SELF', answer('PATCH', `${v2}/groups/p1`, 200, { id: 'p1', links: [] }))).toBe('broken');
  });

  it('judge a 415 to a write sent as JSON or in a version the profile serves, not in a deleted or unknown one', () => {
    const sentAs = (type: string) => {
      const res = answer('PATCH', `${v2}/groups/p1`, 415, error(415, 'Unsupported Media Type'));
      res.exchange.request.headers = { 'content-type': type };
      return verdict('VER-CONTENT-TYPE-BOTH', res);
    };
    expect(sentAs('application/json; charset=utf-8')).toBe('broken');
    expect(sentAs('application/vnd.platform.2023-02-01+json')).toBe('broken');
    expect(sentAs('application/vnd.platform.2022-01-01+json')).toBe(
      'sent under a version the profile does not say is served',
    );
    expect(sentAs('text/plain')).toBe('sent under another Content-Type');
  });
  it('judge every cluster served in 2023-02-01 or under /v1.0 by its shape, whoever asked, and no later version', () => {
    const modern = {
      name: 'c',
      replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1' }] }],
    };
    const legacy = { name: 'c', providerSettings: { providerName: 'AWS' }, replicationSpecs: [{ regionsConfig: {} }] };
    const served = (version: string, method: string, url: string, body: unknown) =>
      answer(method, url, 200, body, { 'content-type': `application/vnd.platform.${version}+json` });
    const cluster = `${v2}/groups/p1/clusters/c`;
    const page = `${v2}/groups/p1/clusters?pageNum=2&itemsPerPage=2`;
    const listOf = (item: object) => ({ results: [item], totalCount: 3 });
    const leaked = { ...modern, srvAddress: 'db+srv://c.example' };
    expect(verdict('VER-CLUSTERS-REMOVED-ABSENT', served('2023-02-01', 'PATCH', cluster, leaked))).toBe('broken');
    expect(verdict('VER-CLUSTERS-REMOVED-ABSENT', served('2023-02-01', 'GET', page, listOf(leaked)))).toBe('broken');
    expect(verdict('VER-CLUSTERS-REMOVED-ABSENT', served('2023-02-01', 'GET', page, listOf(modern)))).toBe('held');
    expect(
      verdict('VER-CLUSTERS-REGION-CONFIGS', served('2023-02-01', 'POST', `${v2}/groups/p1/clusters`, legacy)),
    ).toBe('broken');
    // The spec states no shape for a later version, and a custom method's answer is not a cluster.
    expect(verdict('VER-CLUSTERS-REMOVED-ABSENT', served('2024-08-05', 'GET', cluster, leaked))).toBe(
      'served in 2024-08-05',
    );
    expect(verdict('VER-CLUSTERS-REMOVED-ABSENT', served('2023-02-01', 'POST', `${cluster}:pin`, leaked))).toBe(
      'not the clusters resource',
    );
    const wrapped = { status: 200, content: leaked };
    expect(
      verdict('VER-CLUSTERS-REMOVED-ABSENT', served('2023-02-01', 'GET', `${cluster}?envelope=true`, wrapped)),
    ).toBe('broken');
    const legacyPage = `${ctx.baseUrl}/api/platform/v1.0/groups/p1/clusters?pageNum=2&itemsPerPage=2`;
    expect(verdict('VER-LEGACY-CLUSTER-SHAPE', answer('GET', legacyPage, 200, listOf(modern)))).toBe('broken');
    expect(verdict('VER-LEGACY-CLUSTER-SHAPE', answer('GET', legacyPage, 200, listOf(legacy)))).toBe('held');
    expect(verdict('VER-LEGACY-CLUSTER-SHAPE', answer('GET', cluster, 200, legacy))).toBe('not the legacy API');
  });
  it('judge every NDS Audits event of every events answer, listed or alone, and no other event', () => {
    const events = `${v2}/groups/p1/events`;
    const audit = { id: 'e1', eventTypeName: 'CLUSTER_CREATED', links: [] };
    const unnamed = { id: 'e2', eventType: 'FTDC_SETTINGS_UPDATED', links: [] };
    const other = { id: 'e3', eventTypeName: 'USER_JOINED', links: [] };
    const list = (...items: object[]) => ({ results: items, totalCount: items.length });
    const windowed = `${events}?minDate=2025-04-22T08:59:00Z`;
    expect(verdict('EVT-EVENT-TYPE-NAME', answer('GET', windowed, 200, list(audit, unnamed)))).toBe('broken');
    expect(verdict('EVT-EVENT-TYPE-NAME', answer('GET', `${events}/e2`, 200, unnamed))).toBe('broken');
    expect(verdict('EVT-EVENT-TYPE-NAME', answer('GET', events, 200, list(audit, other)))).toBe('held');
    expect(verdict('EVT-EVENT-TYPE-NAME', answer('GET', events, 200, list(other)))).toBe(
      'no event of the NDS Audits variant',
    );
    expect(verdict('EVT-EVENT-TYPE-NAME', answer('GET', `${v2}/groups/p1/alerts`, 200, list(unnamed)))).toBe(
      'not the events resource',
    );
  });
  it('judge every BSON timestamp of every 2xx answer, in lists and under /v1.0, and none in an error', () => {
    const jobs = `${ctx.baseUrl}/api/platform/v1.0/groups/p1/clusters/c/backup/restoreJobs?itemsPerPage=1`;
    const job = (increment: unknown) => ({
      id: 'j',
      timestamp: { date: '2025-04-22T09:00:00Z', increment },
      links: [],
    });
    const list = (item: object) => ({ results: [item], totalCount: 2 });
    expect(verdict('ENT-BSON-TIMESTAMP', answer('GET', jobs, 200, list(job('1'))))).toBe('broken');
    expect(verdict('ENT-BSON-TIMESTAMP', answer('GET', jobs, 200, list(job(1))))).toBe('held');
    expect(verdict('ENT-BSON-TIMESTAMP', answer('GET', jobs, 200, list({ id: 'j', links: [] })))).toBe(
      'no BSON timestamp',
    );
    expect(
      verdict('ENT-BSON-TIMESTAMP', answer('POST', jobs, 400, { ...error(400, 'Bad Request'), timestamp: {} })),
    ).toBe('a 400');
  });
  it('judge every list of the run by its shape, and its total count only where the count was switched on', () => {
    const configs = `${v2}/groups/p1/alertConfigs`;
    const link = (rel: string) => ({ rel, href: `${configs}?pageNum=1` });
    const page = (links: object[], extra: object = {}) => ({ results: [{ id: 'a', links: [] }], links, ...extra });
    const four = ['self', 'next', 'first', 'last'].map(link);
    expect(verdict('LIST-SHAPE', answer('GET', `${configs}?itemsPerPage=1`, 200, page(four)))).toBe('broken');
    expect(verdict('LIST-SHAPE', answer('GET', `${configs}?itemsPerPage=1`, 200, page([link('self')])))).toBe('held');
    expect(verdict('LIST-SHAPE', answer('GET', `${configs}?includeCount=true`, 200, page([link('self')])))).toBe(
      'broken',
    );
    const counted = page([link('self')], { totalCount: 1, status: 200 });
    expect(verdict('LIST-SHAPE', answer('GET', `${configs}?includeCount=true&envelope=true`, 200, counted))).toBe(
      'held',
    );
    expect(verdict('LIST-SHAPE', answer('GET', `${configs}/a`, 200, { id: 'a', links: [link('self')] }))).toBe(
      'not a list',
    );
  });

  it('judge every list asked for with the count switched off by the count it carries, as the profile shows it', () => {
    const configs = `${v2}/groups/p1/alertConfigs`;
    const page = (extra: object = {}) => ({ results: [{ id: 'a', links: [] }], links: [], ...extra });
    const off = `${configs}?includeCount=false&pageNum=2`;
    expect(verdict('LIST-INCLUDE-COUNT', answer('GET', off, 200, page()))).toBe('held');
    expect(verdict('LIST-INCLUDE-COUNT', answer('GET', off, 200, page({ totalCount: 0 })))).toBe('held');
    expect(verdict('LIST-INCLUDE-COUNT', answer('GET', off, 200, page({ totalCount: 7 })))).toBe('broken');
    const enveloped = page({ totalCount: 7, status: 200 });
    expect(verdict('LIST-INCLUDE-COUNT', answer('GET', `${off}&envelope=true`, 200, enveloped))).toBe('broken');
    expect(verdict('LIST-INCLUDE-COUNT', answer('GET', configs, 200, page({ totalCount: 7 })))).toBe(
      'the count not switched off',
    );
    expect(verdict('LIST-INCLUDE-COUNT', answer('GET', `${configs}/a?includeCount=false`, 200, { id: 'a' }))).toBe(
      'not a list',
    );
  });
  it('judge the groupId of every entity read under a project, and none read by the project’s name', () => {
    const alerts = `${v2}/groups/p1/alerts`;
    const alert = (groupId: string) => ({ id: 'a', groupId, links: [] });
    const list = (...items: object[]) => ({ results: items, totalCount: items.length, links: [] });
    expect(verdict('PROJ-ID-AS-GROUP-ID', answer('GET', alerts, 200, list(alert('p1'), alert('org1'))))).toBe('broken');
    expect(verdict('PROJ-ID-AS-GROUP-ID', answer('PATCH', `${alerts}/a`, 200, alert('org1')))).toBe('broken');
    expect(verdict('PROJ-ID-AS-GROUP-ID', answer('GET', alerts, 200, list(alert('p1'))))).toBe('held');
    expect(verdict('PROJ-ID-AS-GROUP-ID', answer('GET', `${v2}/groups/byName/a`, 200, alert('p1')))).toBe(
      'not under a project’s id',
    );
    expect(verdict('PROJ-ID-AS-GROUP-ID', answer('GET', `${v2}/groups/p1`, 200, { id: 'p1', links: [] }))).toBe(
      'no groupId',
    );
  });
  it('judge the challenge of every 401 to a request without credentials, of any method, and no 401 to credentials', () => {
    const challenge = 'Digest realm="r", nonce="n1", algorithm=SHA-256, qop="auth"';
    const unauthorized = (method: string, url: string, headers: Record<string, string>) =>
      answer(method, url, 401, error(401, 'Unauthorized'), { 'content-type': 'application/json', ...headers });
    const legacyWrite = `${ctx.baseUrl}/api/platform/v1.0/groups/p1/alertConfigs/a`;
    expect(verdict('AUTH-DIGEST-CHALLENGE', unauthorized('DELETE', legacyWrite, {}))).toBe('broken');
    expect(
      verdict('AUTH-DIGEST-CHALLENGE', unauthorized('HEAD', `${v2}/groups`, { 'www-authenticate': 'Basic' })),
    ).toBe('broken');
    expect(
      verdict('AUTH-DIGEST-CHALLENGE', unauthorized('DELETE', legacyWrite, { 'www-authenticate': challenge })),
    ).toBe('held');
    const withCredentials = unauthorized('GET', `${v2}/groups`, {});
    withCredentials.exchange.request.headers.Authorization = 'Digest username="k"';
    expect(verdict('AUTH-DIGEST-CHALLENGE', withCredentials)).toBe('credentials were sent');
    // An archive that records no request's credentials (a browser's export) cannot show a request without any.
    const unrecorded = { ...ctx, credentialsRecorded: false };
    expect(verdict('AUTH-DIGEST-CHALLENGE', unauthorized('DELETE', legacyWrite, {}), unrecorded)).toBe(
      'the records show no credentials of any request',
    );
    expect(verdict('AUTH-DIGEST-CHALLENGE', answer('GET', `${v2}/groups/x`, 404, error(404, 'Not Found')))).toBe(
      'not a 401',
    );
  });

  it('hold every answer to a request without credentials to a 401, but where the profile says none is needed', () => {
    const legacy = `${ctx.baseUrl}/api/platform/v1.0/groups/p1`;
    expect(verdict('AUTH-MISSING-401', answer('GET', `${v2}/groups/p1`, 401, error(401, 'Unauthorized')))).toBe('held');
    expect(verdict('AUTH-MISSING-401', answer('HEAD', legacy, 200, undefined))).toBe('broken');
    expect(verdict('AUTH-MISSING-401', answer('PATCH', `${v2}/groups/p1`, 200, project))).toBe('broken');
    // Refused all the same, but as a missing resource or a forbidden caller: not the spec's 401.
    expect(verdict('AUTH-MISSING-401', answer('DELETE', `${v2}/groups/p1`, 404, error(404, 'Not Found')))).toBe(
      'broken',
    );
    expect(verdict('AUTH-MISSING-401', answer('POST', legacy, 403, error(403, 'Forbidden')))).toBe('broken');
    const withCredentials = answer('GET', `${v2}/groups/p1`, 200, project);
    withCredentials.exchange.request.headers.Authorization = 'Digest username="k"';
    expect(verdict('AUTH-MISSING-401', withCredentials)).toBe('credentials were sent');
    expect(verdict('AUTH-MISSING-401', answer('GET', `${v2}/unauth/controlPlaneIPAddresses`, 200, {}))).toBe(
      'a path served without authentication',
    );
    // A browser's CORS preflight, as a proxy records it beside the requests it let through.
    expect(verdict('AUTH-MISSING-401', answer('OPTIONS', `${v2}/groups/p1`, 204, undefined))).toBe(
      'an OPTIONS request, which a CORS preflight sends without credentials',
    );
    expect(verdict('AUTH-MISSING-401', answer('GET', `${v2}/groups/p1`, 429, error(429, 'Too Many Requests')))).toBe(
      'a 429 (the rate limit rules judge it)',
    );
    expect(verdict('AUTH-MISSING-401', answer('GET', `${v2}/groups/p1`, 503, undefined))).toBe(
      'a 5xx (spec 7.2: retry later)',
    );
    const unrecorded = { ...ctx, credentialsRecorded: false };
    expect(verdict('AUTH-MISSING-401', answer('GET', `${v2}/groups/p1`, 200, project), unrecorded)).toBe(
      'the records show no credentials of any request',
    );
    // A profile naming a document that could not be read: any path may be one it serves to anyone.
    const unread = { ...ctx, documentUnread: true };
    expect(verdict('AUTH-MISSING-401', answer('GET', `${v2}/groups/p1`, 200, project), unread)).toBe(
      "the target's document, which may serve the path without authentication, was not read",
    );
    // An answer the rule is about, left unjudged: the rule is unjudged, not without a subject (run-exchanges.ts).
    const left = judgeRule(exchangeRulesOf('AUTH-MISSING-401'), unread, [
      readAnswer(unread, answer('GET', `${v2}/groups/p1`, 200, project)),
      readAnswer(unread, answer('OPTIONS', `${v2}/groups/p1`, 200, project)),
    ]);
    expect([left.judged, left.notJudged.size, [...left.cut.values()]]).toEqual([0, 2, [1]]);
  });

  it("leave out the paths the target's document serves without credentials, as the profile's", () => {
    const profile = loadProfile(referenceProfileFile);
    const op = { method: 'GET' as const, generations: [], readOnly: [] };
    const document = {
      source: 'the target',
      operations: [
        { ...op, template: '/status', unauthenticated: true as const },
        { ...op, template: '/groups' },
      ],
    };
    const read = exchangeContext({ ...profile, baseUrl: ctx.baseUrl }, true, document);
    expect([read.unauthenticated, read.documentUnread]).toEqual([
      [...profile.surface.unauthenticated, '/status'],
      false,
    ]);
    const j = judgeRule(exchangeRulesOf('AUTH-MISSING-401'), read, [
      readAnswer(read, answer('GET', `${v2}/status`, 200, {})),
      readAnswer(read, answer('GET', `${v2}/groups`, 200, { results: [] })),
    ]);
    expect([j.broken?.answer.url.pathname, [...j.notJudged.keys()]]).toEqual([
      '/api/platform/v2/groups',
      ['a path served without authentication'],
    ]);
    expect(exchangeContext(profile, true, { unread: 'a 404' }).documentUnread).toBe(true);
    expect(exchangeContext(profile).documentUnread).toBe(false);
  });

  it('hold a body sent as JSON that is not JSON to a 400, unless refused before the body is read', () => {
    const sent = (
      status: number,
      body: string,
      type: string,
      url = `${v2}/groups/p1/alertConfigs`,
      method = 'POST',
    ) => {
      const res = answer(method, url, status, status === 201 ? project : error(status, 'x'));
      res.exchange.request.headers = { 'Content-Type': type };
      res.exchange.request.body = body;
      return verdict('ERR-MALFORMED-400', res);
    };
    const versioned = 'application/vnd.platform.2023-02-01+json';
    expect(sent(400, '{"name": ', 'application/json')).toBe('held');
    expect(sent(400, '{"name": ', versioned)).toBe('held');
    expect(sent(201, '{"name": "a",}', versioned)).toBe('broken');
    expect(sent(415, '{"name": ', versioned)).toBe('broken');
    expect(sent(422, "{'name': 'a'}", 'application/json; charset=utf-8', `${v2}/groups/p1`, 'PATCH')).toBe('broken');
    expect(sent(404, '{"name": ', 'application/json')).toBe('a 404, which may come before the body is read');
    expect(sent(401, '{"name": ', 'application/json')).toBe('a 401, which may come before the body is read');
    expect(sent(201, '{"name": "a"}', 'application/json')).toBe('the body is JSON');
    expect(sent(415, '{"name": ', 'text/plain')).toBe('not sent as JSON');
    // A version the target does not serve may be refused before its body is read; /v1.0 takes application/json.
    expect(sent(415, '{"name": ', 'application/vnd.platform.2001-01-01+json')).toBe(
      'sent under a version the profile does not say is served',
    );
    expect(sent(415, '{"name": ', versioned, `${ctx.baseUrl}/api/platform/v1.0/groups/p1/alertConfigs`)).toBe(
      'not sent as JSON',
    );
    expect(sent(415, '', 'application/json')).toBe('no body sent');
  });

  it('hold every /v2 request asking a deleted version or a date that is no version to a 4xx with the error body', () => {
    const asking = (
      method: string,
      version: string,
      status: number,
      body: unknown,
      headers?: Record<string, string>,
    ) => {
      const res = answer(method, `${v2}/groups/p1`, status, body, headers);
      res.exchange.request.headers.Accept = `application/vnd.platform.${version}+json`;
      return res;
    };
    const refusal = error(406, 'Not Acceptable');
    // A deleted version, of any method: served is broken, a 4xx needs the error body.
    expect(verdict('VER-DELETED-REFUSED', asking('PATCH', '2022-06-01', 200, project))).toBe('broken');
    expect(verdict('VER-DELETED-REFUSED', asking('DELETE', '2022-06-01', 204, undefined))).toBe('broken');
    expect(verdict('VER-DELETED-REFUSED', asking('GET', '2022-06-01', 406, refusal))).toBe('held');
    expect(verdict('VER-DELETED-REFUSED', asking('GET', '2022-06-01', 406, undefined))).toBe('broken');
    expect(verdict('VER-DELETED-REFUSED', asking('GET', '2023-02-01', 200, project))).toBe('no deleted version asked');
    // Dates that name no version: impossible, before every version; one after them only where the profile says so.
    expect(verdict('VER-UNKNOWN-REFUSED', asking('POST', '2023-02-31', 201, project))).toBe('broken');
    expect(verdict('VER-UNKNOWN-REFUSED', asking('GET', '1999-12-31', 200, project))).toBe('broken');
    expect(verdict('VER-UNKNOWN-REFUSED', asking('GET', '1999-12-31', 400, refusal))).toBe('held');
    expect(verdict('VER-UNKNOWN-REFUSED', asking('GET', '2024-05-30', 200, project))).toMatch(
      /^a date the profile does not list, served as the newest version not later/,
    );
    const refusing = { ...ctx, unlistedDates: 'refused' as const };
    expect(verdict('VER-UNKNOWN-REFUSED', asking('GET', '2024-05-30', 200, project), refusing)).toBe('broken');
    expect(verdict('VER-UNKNOWN-REFUSED', asking('GET', '2022-06-01', 406, refusal))).toBe(
      "a version the profile or the target's document knows",
    );
    // A date the target's document gives an operation is a version, whatever the profile lists.
    const reference = loadProfile(referenceProfileFile);
    const documented = exchangeContext(
      { ...reference, versions: { ...reference.versions, unlistedDates: 'refused' } },
      true,
      {
        source: 'doc',
        operations: [{ template: '/groups', method: 'POST', generations: ['2024-10-23'], readOnly: [] }],
      },
    );
    const askingAt = (version: string) => {
      const res = answer('POST', `${documented.baseUrl}/api/${documented.vendor}/v2/groups`, 201, project);
      res.exchange.request.headers.Accept = `application/vnd.${documented.vendor}.${version}+json`;
      return res;
    };
    expect(verdict('VER-UNKNOWN-REFUSED', askingAt('2024-10-23'), documented)).toBe(
      "a version the profile or the target's document knows",
    );
    expect(verdict('VER-UNKNOWN-REFUSED', askingAt('2024-10-24'), documented)).toBe('broken');
    // No version asked at all: refused where the profile says so; the document it names is plain JSON.
    const unversioned = (
      method: string,
      accept: string | undefined,
      status: number,
      body: unknown,
      path = '/groups/p1',
    ) => {
      const res = answer(method, `${v2}${path}`, status, body);
      if (accept !== undefined) res.exchange.request.headers.Accept = accept;
      return res;
    };
    expect(verdict('VER-UNKNOWN-REFUSED', unversioned('GET', undefined, 200, project))).toBe('broken');
    expect(verdict('VER-UNKNOWN-REFUSED', unversioned('DELETE', '*/*', 204, undefined))).toBe('broken');
    expect(verdict('VER-UNKNOWN-REFUSED', unversioned('POST', 'application/json', 406, refusal))).toBe('held');
    expect(verdict('VER-UNKNOWN-REFUSED', unversioned('HEAD', undefined, 406, undefined))).toBe('held');
    const plain = 'application/vnd.platform+json';
    expect(verdict('VER-UNKNOWN-REFUSED', unversioned('GET', plain, 406, undefined))).toBe('broken');
    expect(verdict('VER-UNKNOWN-REFUSED', unversioned('GET', undefined, 200, {}, '/openapi.json'))).toBe(
      'the OpenAPI document the profile names (surface.openapi)',
    );
    const serving = { ...ctx, otherAccept: 'served' as const };
    expect(verdict('VER-UNKNOWN-REFUSED', unversioned('GET', undefined, 200, project), serving)).toBe(
      'no version asked, which the profile says is served (versions.otherAccept: served)',
    );
    // A HEAD is judged by its status alone: it has no body to carry the error.
    expect(verdict('VER-UNKNOWN-REFUSED', asking('HEAD', '1999-12-31', 406, undefined, {}))).toBe('held');
    expect(verdict('VER-DELETED-REFUSED', asking('HEAD', '2022-06-01', 200, undefined, {}))).toBe('broken');
    // A refusal of the caller (a Digest challenge) says nothing of the version.
    expect(verdict('VER-DELETED-REFUSED', asking('GET', '2022-06-01', 401, error(401, 'Unauthorized')))).toBe(
      'a 401, which refuses the caller whatever the version',
    );
  });

  it('hold no /v2 request asking a version its operation serves to be refused for its version (406 or 410)', () => {
    const asking = (method: string, path: string, version: string, status: number, body?: unknown) => {
      const res = answer(method, `${v2}${path}`, status, body);
      res.exchange.request.headers.Accept = `application/vnd.platform.${version}+json`;
      return res;
    };
    const refusal = error(406, 'Not Acceptable');
    const clusters = '/groups/p1/clusters';
    // The document's versions of each operation, of any method (a HEAD's are its GET's).
    expect(verdict('VER-ACCEPT-SERVED', asking('HEAD', clusters, '2024-08-05', 406))).toBe('broken');
    expect(verdict('VER-ACCEPT-SERVED', asking('PATCH', `${clusters}/c1`, '2024-08-05', 410, refusal))).toBe('broken');
    expect(verdict('VER-ACCEPT-SERVED', asking('DELETE', `${clusters}/c1`, '2024-08-05', 406, refusal))).toBe(
      'a version its operation does not serve',
    );
    // Without the document, the profile's GET paths; it says nothing of other methods or of entries.
    expect(verdict('VER-ACCEPT-SERVED', asking('GET', '/groups/p1', '2023-02-01', 200, project))).toBe('held');
    const unsaid = 'an operation whose versions neither the document nor the profile names';
    expect(verdict('VER-ACCEPT-SERVED', asking('PATCH', '/groups/p1', '2023-02-01', 406, refusal))).toBe(unsaid);
    expect(verdict('VER-ACCEPT-SERVED', asking('GET', `${clusters}/c1`, '2024-08-05', 406, refusal))).toBe(unsaid);
    // The resource's own refusals served the version; a refusal of the caller says nothing of it.
    expect(verdict('VER-ACCEPT-SERVED', asking('PATCH', `${clusters}/c1`, '2024-08-05', 404, refusal))).toBe('held');
    expect(verdict('VER-ACCEPT-SERVED', asking('GET', '/groups/p1', '2023-02-01', 401, refusal))).toBe(
      'a 401, which refuses the caller whatever the version',
    );
    // Deprecated versions (older than the operation's newest, or the profile's) are the lifecycle rule's.
    expect(verdict('VER-ACCEPT-SERVED', asking('GET', clusters, '2023-02-01', 406, refusal))).toBe(
      'a deprecated version (VER-DEPRECATED-USABLE)',
    );
    expect(verdict('VER-DEPRECATED-USABLE', asking('DELETE', `${clusters}/c1`, '2023-01-01', 410))).toBe('broken');
    expect(verdict('VER-DEPRECATED-USABLE', asking('GET', '/groups/p1', '2023-02-01', 406))).toBe(
      'not a deprecated version',
    );
    expect(verdict('VER-ACCEPT-SERVED', asking('GET', '/groups/p1', '2022-06-01', 410))).toBe(
      'a version its operation does not serve',
    );
  });

  it("hold no 2xx answer asking its operation's current version, outgrown elsewhere, to be marked deprecated", () => {
    const asking = (method: string, path: string, version: string, headers: Record<string, string> = {}) => {
      const res = answer(method, `${v2}${path}`, 200, project, { 'content-type': 'application/json', ...headers });
      res.exchange.request.headers.Accept = `application/vnd.platform.${version}+json`;
      return res;
    };
    const marked = { deprecation: 'Mon, 5 Aug 2024 00:00:00 GMT' };
    // A cluster's DELETE is at its current version in 2023-02-01, which the clusters' reads have outgrown.
    expect(verdict('VER-INDEPENDENT', asking('DELETE', '/groups/p1/clusters/c1', '2023-02-01', marked))).toBe('broken');
    expect(verdict('VER-INDEPENDENT', asking('GET', '/groups/p1', '2023-02-01'))).toBe('held');
    expect(verdict('VER-INDEPENDENT', asking('GET', '/groups/p1/clusters', '2023-02-01', marked))).toBe(
      "not its operation's current version",
    );
    expect(verdict('VER-INDEPENDENT', asking('GET', '/groups/p1/clusters', '2024-08-05', marked))).toBe(
      'the newest version of every resource',
    );
    const unmarked = { ...ctx, deprecationHeader: '' };
    expect(verdict('VER-INDEPENDENT', asking('GET', '/groups/p1', '2023-02-01', marked), unmarked)).toBe(
      'the profile says the target marks no deprecated version',
    );
  });

  it('hold every write that needs the JSON Content-Type, sent with a body under another or none, to a refusal', () => {
    const sent = (method: string, type: string | undefined, status: number, path = `${v2}/groups/p1/alertConfigs`) => {
      const res = answer(method, path, status, status < 300 ? project : error(status, 'Bad Request'));
      res.exchange.request.body = '{"enabled":false}';
      if (type !== undefined) res.exchange.request.headers['Content-Type'] = type;
      return res;
    };
    expect(verdict('ENT-CONTENT-TYPE-REQUIRED', sent('POST', 'text/plain;charset=UTF-8', 201))).toBe('broken');
    expect(verdict('ENT-CONTENT-TYPE-REQUIRED', sent('PUT', undefined, 200))).toBe('broken');
    expect(verdict('ENT-CONTENT-TYPE-REQUIRED', sent('PATCH', 'application/xml', 415))).toBe('held');
    expect(verdict('ENT-CONTENT-TYPE-REQUIRED', sent('POST', 'application/json; charset=utf-8', 201))).toBe(
      'sent as JSON',
    );
    expect(verdict('ENT-CONTENT-TYPE-REQUIRED', sent('POST', 'application/vnd.platform.2023-02-01+json', 201))).toBe(
      'sent as JSON',
    );
    // A legacy PATCH may take its body under any type; a refusal of the caller says nothing of the type.
    const legacy = `${ctx.baseUrl}/api/platform/v1.0/groups/p1/alertConfigs/c1`;
    expect(verdict('ENT-CONTENT-TYPE-REQUIRED', sent('PATCH', 'text/plain', 200, legacy))).toBe(
      'not a write that needs the JSON Content-Type',
    );
    expect(verdict('ENT-CONTENT-TYPE-REQUIRED', sent('POST', 'text/plain', 401))).toBe(
      'a 401, which may come before the body is read',
    );
  });

  it('hold every request with Basic authentication to a refusal, where the path needs authentication', () => {
    const basic = (status: number, path = `${v2}/groups/p1`) => {
      const res = answer('GET', path, status, status < 300 ? project : error(status, 'Unauthorized'));
      res.exchange.request.headers.Authorization = 'Basic [REDACTED]';
      return res;
    };
    expect(verdict('AUTH-NO-CLEARTEXT', basic(200))).toBe('broken');
    expect(verdict('AUTH-NO-CLEARTEXT', basic(401))).toBe('held');
    expect(verdict('AUTH-NO-CLEARTEXT', basic(200, `${v2}/unauth/controlPlaneIPAddresses`))).toBe(
      'a path served without authentication',
    );
    expect(verdict('AUTH-NO-CLEARTEXT', answer('GET', `${v2}/groups/p1`, 200, project))).toBe(
      'no Basic authentication sent',
    );
  });

  it('hold no /v2 answer to a method its path does not support to a success', () => {
    const sent = (method: string, path: string, status: number, c: ExchangeContext = ctx) =>
      verdict('METH-405', answer(method, `${v2}${path}`, status, status < 300 ? project : undefined), c);
    expect(sent('DELETE', '/groups/p1/events', 204)).toBe('broken');
    expect(sent('PUT', '/groups/p1/events', 405)).toBe('held');
    expect(sent('HEAD', '/groups/p1/events', 200)).toBe('a method its path supports');
    // The most literal template a path fills is its own: a name of the surface is no entry's id.
    expect(sent('PATCH', '/groups/p1/alertConfigs/matchers', 200)).toBe('broken');
    expect(sent('PATCH', '/groups/p1/alertConfigs/c1', 200)).toBe('a method its path supports');
    expect(sent('PATCH', '/groups/p1/events', 404)).toBe('a 404, which may come before the method is looked at');
    expect(sent('GET', '/orgs/o1/teams', 200)).toBe('a path the surface does not describe');
    expect(sent('DELETE', '/groups/p1/events', 204, { ...ctx, documentUnread: true })).toBe(
      "the target's document, which may give the path more methods, was not read",
    );
  });

  it('hold every page of the run to the maximum page size, whatever size it was asked for', () => {
    const page = (n: number, query = '') =>
      answer('GET', `${v2}/eventTypes${query}`, 200, {
        totalCount: 790,
        results: Array.from({ length: n }, (_, i) => ({ eventType: `T${i}` })),
        links: [{ rel: 'self', href: `${v2}/eventTypes${query}` }],
      });
    expect(verdict('LIST-MAX-500', page(500, '?itemsPerPage=500'))).toBe('held');
    expect(verdict('LIST-MAX-500', page(790))).toBe('broken');
    expect(verdict('LIST-MAX-500', page(501, '?itemsPerPage=1000'))).toBe('broken');
    expect(verdict('LIST-MAX-500', answer('GET', `${v2}/groups/p1`, 200, project))).toBe('not a list');
  });
});
