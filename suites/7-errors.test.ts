// Spec 7: errors. 7.1 "An error response has a JSON body with five fields: detail, error, errorCode,
// parameters, reason." Every probe below provokes an error; each rule judges every probe.
import { checkErrorBodyFields, checkErrorReason, checkErrorStatusMatches, checkResourceNotFound } from '../src/checks/error-body.ts';
import { expectStatus } from '../src/checks/status.ts';
import type { HttpResponse } from '../src/http/client.ts';
import { RuleFailure, skipRule } from '../src/outcome.ts';
import { check } from '../src/suite/rule.ts';
import { firstProject, fillPath, missingProjectId } from '../src/suite/projects.ts';
import { sharedResponse } from '../src/suite/shared-response.ts';
import type { Target } from '../src/suite/target.ts';

interface ErrorProbe {
  title: string;
  /** The status the spec gives this error; only used to name an unexpected 5xx or 429. */
  status: number;
  send(t: Target): Promise<HttpResponse>;
}

const probes: ErrorProbe[] = [
  { title: 'a project that does not exist (404)', status: 404,
    send: (t) => t.get(t.v2(`/groups/${missingProjectId()}`)) },
  { title: 'a cluster that does not exist (404)', status: 404,
    send: (t) => t.get(t.v2(`/groups/${firstProject(t)}/clusters/conformance-missing-cluster`)) },
  { title: 'an unsupported method (405)', status: 405,
    send: (t) => {
      const u = t.profile.methods.unsupported[0]!;
      return t.send({ method: u.method, path: t.v2(fillPath(u.path, firstProject(t))) });
    } },
  { title: 'a request without authentication (401)', status: 401,
    send: (t) => t.get(t.v2(`/groups/${firstProject(t)}`), { as: null }) },
  { title: 'a body that is not JSON (400)', status: 400,
    send: (t) => t.send({ method: 'POST', path: t.v2('/groups'), rawBody: '{"name": ', headers: { 'content-type': 'application/json' } }) },
];

/** The probe's error response. Which status it draws is other rules' concern (METH-405, AUTH-MISSING-401, ...):
 * here any client error is judged, a success leaves nothing to judge, and a 5xx or 429 is a target error. */
async function probe(t: Target, p: ErrorProbe): Promise<HttpResponse> {
  const res = await sharedResponse(`error-probe:${p.title}`, () => p.send(t));
  if (res.status < 400) skipRule(`${p.title} drew no error (status ${res.status}), so there is no error body to judge`);
  if (res.status >= 500 || res.status === 429) expectStatus(res, p.status, `${p.title} is refused`);
  return res;
}

for (const p of probes) {
  check('ERR-BODY-FIELDS', `${p.title} has detail, error, errorCode, parameters and reason`, async ({ target }) => {
    checkErrorBodyFields(await probe(target, p));
  });
  check('ERR-STATUS-MATCH', `${p.title}: the error field equals the status`, async ({ target }) => {
    checkErrorStatusMatches(await probe(target, p));
  });
  check('ERR-REASON-TEXT', `${p.title}: the reason field is the status text`, async ({ target }) => {
    checkErrorReason(await probe(target, p));
  });
}

// 7.1 "RESOURCE_NOT_FOUND (status 404, ... parameters holds the requested path, detail states that the
// resource cannot be found at that path)."
const notFoundPaths: { title: string; path: (t: Target) => string }[] = [
  { title: 'a project that does not exist', path: (t) => t.v2(`/groups/${missingProjectId()}`) },
  { title: 'a resource type that does not exist in a project', path: (t) => t.v2(`/groups/${firstProject(t)}/conformanceNoSuchResource`) },
];

for (const nf of notFoundPaths) {
  check('ERR-RESOURCE-NOT-FOUND', `${nf.title} is 404 with a not-found error naming the path`, async ({ target }) => {
    const path = nf.path(target);
    const res = await sharedResponse(`not-found:${path}`, () => target.get(path));
    expectStatus(res, 404, `${nf.title} is not found`);
    const body = res.json() as { errorCode?: unknown };
    const codes = target.profile.errors.notFoundCodes;
    if (typeof body.errorCode !== 'string' || !codes.includes(body.errorCode)) {
      throw new RuleFailure(`404 errorCode ${JSON.stringify(body.errorCode)} is not a not-found code`, {
        expected: codes, actual: body.errorCode, exchange: res.exchange,
      });
    }
    checkResourceNotFound(res, path);
  });
}
