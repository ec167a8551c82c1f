// The exchange rules (src/exchange-rules/): the rules, or the parts of rules, that one exchange can judge, judged on
// every answer the run received, whichever check sent it. The runner gives vitest this file last, after every
// section has run (src/runner/suite-session.ts). They add judgement, never requests.
import { check } from '../src/harness/check.ts';
import { exchangeCheckTitle as titleOf } from '../src/exchange-rules/registry.ts';
import { judgeRun } from './support/run-exchanges.ts';
import { notApplicableFor, skipFor } from '../src/outcome.ts';
import { currentVersionsDiffer, hasDeprecatedVersion } from '../src/profile/deprecated-versions.ts';

// 2.1 "All entities are JSON."
check('ENT-JSON-RESPONSE', titleOf('ENT-JSON-RESPONSE'), judgeRun('ENT-JSON-RESPONSE'));

// 2.1 "A field with no current value is returned with an appropriate default. A field with no sensible default is
// omitted from the entity."
check('ENT-NO-NULL-FIELDS', titleOf('ENT-NO-NULL-FIELDS'), judgeRun('ENT-NO-NULL-FIELDS'));

// 2.1 "Responses have extraneous whitespace stripped. With query parameter pretty=true on any request, the JSON is
// pretty-printed."
check('ENT-COMPACT-WHITESPACE', titleOf('ENT-COMPACT-WHITESPACE'), judgeRun('ENT-COMPACT-WHITESPACE'));
check('ENT-PRETTY', titleOf('ENT-PRETTY'), judgeRun('ENT-PRETTY'));

// 2.1 "For POST and PUT the request header Content-Type: application/json is required", and 9.2 gives a /v2 PATCH the
// same header: every such write of the run that carried a body under another type, or none.
check('ENT-CONTENT-TYPE-REQUIRED', titleOf('ENT-CONTENT-TYPE-REQUIRED'), judgeRun('ENT-CONTENT-TYPE-REQUIRED'));

// 2.1 "A field holding a number in a particular unit has a name that makes the unit unambiguous."
check('ENT-UNIT-IN-NAME', titleOf('ENT-UNIT-IN-NAME'), judgeRun('ENT-UNIT-IN-NAME'));

// 2.1 "Dates in responses are ISO-8601 strings in UTC."
check('ENT-DATES-UTC', titleOf('ENT-DATES-UTC'), judgeRun('ENT-DATES-UTC'));

// 2.1 "Some fields ... are BSON timestamps, shown as a JSON object with two fields: date ... and
// increment".
check('ENT-BSON-TIMESTAMP', titleOf('ENT-BSON-TIMESTAMP'), judgeRun('ENT-BSON-TIMESTAMP'));

// 2.2 "Every entity has a links field: an array of link relation objects. Each object has two fields: the relation
// name (or type), and the target URL."
check('LINK-ARRAY', titleOf('LINK-ARRAY'), judgeRun('LINK-ARRAY'));

// 2.2 "Every entity has at least the relation self, whose target is the entity's own URL."
check('LINK-SELF', titleOf('LINK-SELF'), judgeRun('LINK-SELF'));

// 2.2 "When an entity is an element of a list, it carries only the self relation."
check('LINK-LIST-ITEM-SELF-ONLY', titleOf('LINK-LIST-ITEM-SELF-ONLY'), judgeRun('LINK-LIST-ITEM-SELF-ONLY'));

// 2.2 "Links are in the response body, not in HTTP response headers."
check('LINK-NOT-IN-HEADERS', titleOf('LINK-NOT-IN-HEADERS'), judgeRun('LINK-NOT-IN-HEADERS'));

// 2.3 "The response entity has three fields: the total number of items in the whole result set, results (array of
// entity documents), and links (one to three link relations)": every list the run received.
check('LIST-SHAPE', titleOf('LIST-SHAPE'), judgeRun('LIST-SHAPE'));

// 2.3 "... and a switch that controls whether the response carries the total count."
check('LIST-INCLUDE-COUNT', titleOf('LIST-INCLUDE-COUNT'), judgeRun('LIST-INCLUDE-COUNT'));

// 2.3 "Query parameters: page number (1-based), items per page (maximum 500)": every page the run received.
check('LIST-MAX-500', titleOf('LIST-MAX-500'), judgeRun('LIST-MAX-500'));

// 2.4 "Default: no envelope."
check('ENV-DEFAULT-NONE', titleOf('ENV-DEFAULT-NONE'), judgeRun('ENV-DEFAULT-NONE'));

// 2.4 "With query parameter envelope=true, a single-entity response is wrapped in an object with two fields: the HTTP
// status code and the requested entity."
check('ENV-SINGLE-WRAP', titleOf('ENV-SINGLE-WRAP'), judgeRun('ENV-SINGLE-WRAP'));

// 2.4 "For a list response, which already has an envelope, envelope=true only adds a status field to it."
check('ENV-LIST-STATUS', titleOf('ENV-LIST-STATUS'), judgeRun('ENV-LIST-STATUS'));

// 2.5 "Wherever a group ID is required, the project ID is given": every entity the run received under a project.
check('PROJ-ID-AS-GROUP-ID', titleOf('PROJ-ID-AS-GROUP-ID'), judgeRun('PROJ-ID-AS-GROUP-ID'));

// 3 "deleted | requests to the deleted version are no longer served": every /v2 request of the run, of any method,
// whose Accept names a deleted version.
// A profile that lists no deleted version leaves the rule nothing to judge, for that reason.
check('VER-DELETED-REFUSED', titleOf('VER-DELETED-REFUSED'), async (ctx) => {
  if (ctx.target.profile.versions.deleted.length === 0)
    notApplicableFor('versions.deleted', 'the profile lists no deleted version');
  await judgeRun('VER-DELETED-REFUSED')(ctx);
});

// 9.3 "A deprecated version stays supported for at least twelve months and is then deleted automatically": no /v2
// request of the run, of any method, whose Accept names a deprecated version of its resource is refused for it.
// A profile that lists no deprecated version leaves the rule nothing to judge, for that reason.
check('VER-DEPRECATED-USABLE', titleOf('VER-DEPRECATED-USABLE'), async (ctx) => {
  if (!hasDeprecatedVersion(ctx.target.profile.versions))
    notApplicableFor('versions.deprecated', 'the profile lists no deprecated version');
  await judgeRun('VER-DEPRECATED-USABLE')(ctx);
});

// 3 "Each resource in the versioned API changes version independently of the others": no 2xx answer of the run asking
// its operation's current version, while another resource has a newer one, is marked deprecated.
// A profile whose resources share one current version, or whose target marks no version deprecated, leaves the rule
// nothing to judge, for that reason.
check('VER-INDEPENDENT', titleOf('VER-INDEPENDENT'), async (ctx) => {
  if (!currentVersionsDiffer(ctx.target.profile.versions))
    notApplicableFor('versions.resources', 'every resource in the profile has the same current version');
  if (!ctx.target.profile.versions.deprecationHeader)
    notApplicableFor('versions.deprecationHeader', 'the profile says the target marks no deprecated version');
  await judgeRun('VER-INDEPENDENT')(ctx);
});

// 5 "API keys are used as a public key and private key pair with HTTP Digest authentication", "Missing
// authentication ...: 401": every 401 the run received to a request without credentials.
check('AUTH-DIGEST-CHALLENGE', titleOf('AUTH-DIGEST-CHALLENGE'), judgeRun('AUTH-DIGEST-CHALLENGE'));

// 5 "Missing authentication, wrong credentials, or a user not allowed to reach the resource: 401": every answer the
// run received to a request without credentials.
check('AUTH-MISSING-401', titleOf('AUTH-MISSING-401'), judgeRun('AUTH-MISSING-401'));

// 4.1 "Each resource supports only a subset of the methods. An unsupported method returns 405.": no /v2 answer of the
// run to a method its path does not support, as the target's surface says, is a success.
check('METH-405', titleOf('METH-405'), judgeRun('METH-405'));

// 5 "API keys are used as a public key and private key pair with HTTP Digest authentication": a private key sent in the
// clear (Basic authentication) is not accepted, on every answer of the run to such a request. Not sent to a base URL
// of plain HTTP, where the key would cross the network readable.
check('AUTH-NO-CLEARTEXT', titleOf('AUTH-NO-CLEARTEXT'), async (ctx) => {
  if (new URL(ctx.target.profile.baseUrl).protocol !== 'https:')
    skipFor('baseUrl', 'the base URL is plain HTTP: a key sent in the clear would cross the network readable');
  await judgeRun('AUTH-NO-CLEARTEXT')(ctx);
});

// 6 "Audit events of variant NDS Audits carry the property eventTypeName": every event the run received.
check('EVT-EVENT-TYPE-NAME', titleOf('EVT-EVENT-TYPE-NAME'), judgeRun('EVT-EVENT-TYPE-NAME'));

// 7.1 "An error response has a JSON body with five fields" (an answer to envelope=true is read through the envelope
// when the target wrapped it: the spec wraps a "single-entity response", which an error is not).
check('ERR-BODY-FIELDS', titleOf('ERR-BODY-FIELDS'), judgeRun('ERR-BODY-FIELDS'));

// 7.1 "error | integer | The HTTP status code of the response."
check('ERR-STATUS-MATCH', titleOf('ERR-STATUS-MATCH'), judgeRun('ERR-STATUS-MATCH'));

// 7.1 "reason | string | The HTTP status text of the response."
check('ERR-REASON-TEXT', titleOf('ERR-REASON-TEXT'), judgeRun('ERR-REASON-TEXT'));

// 7.2 "400 | Bad Request | Malformed request": every answer the run received to a body sent as JSON that is not JSON.
check('ERR-MALFORMED-400', titleOf('ERR-MALFORMED-400'), judgeRun('ERR-MALFORMED-400'));

// 7.1 "RESOURCE_NOT_FOUND (status 404, ... parameters holds the requested path, detail states that the resource
// cannot be found at that path)": every such error of the run, whatever its method.
check('ERR-RESOURCE-NOT-FOUND', titleOf('ERR-RESOURCE-NOT-FOUND'), judgeRun('ERR-RESOURCE-NOT-FOUND'));

// 8 "Over the limit | status 429"; 7.1 "An error response has a JSON body with five fields": every 429 of the run.
check('LIMITS-429-ERROR-BODY', titleOf('LIMITS-429-ERROR-BODY'), judgeRun('LIMITS-429-ERROR-BODY'));

// 9.2 "Content-Type | POST, PUT, PATCH | either application/json or application/vnd.platform.<yyyy-mm-dd>+json".
check('VER-CONTENT-TYPE-BOTH', titleOf('VER-CONTENT-TYPE-BOTH'), judgeRun('VER-CONTENT-TYPE-BOTH'));

// 9.2 "Accept | every request | application/vnd.platform.<yyyy-mm-dd>+json, where the date is the resource version":
// every /v2 request of the run, of any method, whose Accept names a date that is no version of the target.
check('VER-UNKNOWN-REFUSED', titleOf('VER-UNKNOWN-REFUSED'), judgeRun('VER-UNKNOWN-REFUSED'));

// 9.2 "Accept | every request | application/vnd.platform.<yyyy-mm-dd>+json, where the date is the resource version":
// no /v2 request of the run, of any method, whose Accept names a version its resource has is refused for it.
check('VER-ACCEPT-SERVED', titleOf('VER-ACCEPT-SERVED'), judgeRun('VER-ACCEPT-SERVED'));

// 9.2: the response's media type is not stated; the real service names the version it served in Content-Type.
check('VER-RESPONSE-NAMES-VERSION', titleOf('VER-RESPONSE-NAMES-VERSION'), judgeRun('VER-RESPONSE-NAMES-VERSION'));

// 9.5 "Response property replicationSpecs.regionConfigs is added to those responses": every cluster the run received
// in 2023-02-01.
check('VER-CLUSTERS-REGION-CONFIGS', titleOf('VER-CLUSTERS-REGION-CONFIGS'), judgeRun('VER-CLUSTERS-REGION-CONFIGS'));

// 9.5 "The same eleven properties are removed from responses of create, get all (under each result item), get one and
// modify one": every cluster the run received in 2023-02-01.
check('VER-CLUSTERS-REMOVED-ABSENT', titleOf('VER-CLUSTERS-REMOVED-ABSENT'), judgeRun('VER-CLUSTERS-REMOVED-ABSENT'));

// 9.5: the legacy clusters keep the shape 2023-02-01 changed: every cluster the run received under /v1.0.
check('VER-LEGACY-CLUSTER-SHAPE', titleOf('VER-LEGACY-CLUSTER-SHAPE'), judgeRun('VER-LEGACY-CLUSTER-SHAPE'));
