// Spec 7: errors. 7.1 "An error response has a JSON body with five fields": detail, error, errorCode, parameters,
// reason. Every probe below provokes an error; each rule judges every probe.
import { checkErrorBodyFields, checkErrorReason, checkErrorStatusMatches, checkResourceNotFound } from '../src/checks/error-body.ts';
import { expectJudgeable, expectStatus } from '../src/checks/status.ts';
import type { HttpResponse } from '../src/http/client.ts';
import { RuleFailure, TargetError } from '../src/outcome.ts';
import { deleteCreated, runName } from '../src/suite/created.ts';
import {
  alertConfigBody, alertConfigsPath, clusterBody, clustersPath, createEntity, postEntity, projectBody, projectsPath, type NewEntity,
} from '../src/suite/new-entities.ts';
import { wholeItems } from '../src/suite/pages.ts';
import { judgeAll } from '../src/suite/judge-all.ts';
import { check } from '../src/suite/rule.ts';
import { listSurface, missingEntries } from '../src/suite/surface/lists.ts';
import { firstProject, fillPath, missingProjectId } from '../src/suite/projects.ts';
import { workProject } from '../src/suite/work-project.ts';
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
  if (res.status < 400) throw new TargetError('nothing-judged', `${p.title} drew no error (status ${res.status}), so there is no error body to judge`, res.exchange);
  expectJudgeable(res, `${p.title} is refused`, [p.status]);
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
const notFoundPaths: { title: string; path: (t: Target) => string; missing?: () => string }[] = [
  { title: 'a project that does not exist', path: (t) => t.v2(`/groups/${missingProjectId()}`), missing: missingProjectId },
  { title: 'a resource type that does not exist in a project', path: (t) => t.v2(`/groups/${firstProject(t)}/conformanceNoSuchResource`) },
];

for (const nf of notFoundPaths) {
  check('ERR-RESOURCE-NOT-FOUND', `${nf.title} is 404 with a not-found error naming the path`, async ({ target }) => {
    const path = nf.path(target);
    const res = await sharedResponse(`not-found:${path}`, () => target.get(path));
    expectStatus(res, 404, `${nf.title} is not found`);
    checkResourceNotFound(res, path, nf.missing?.());
  });
}

// 7.1 "parameters | array | Values giving further detail (for a not-found error, the requested path)": an entry of
// every list that has entries, missing under contexts that exist, whatever not-found code the target uses.
check('ERR-RESOURCE-NOT-FOUND', 'a missing entry of every kind, under contexts that exist, is 404 with an error naming it', async ({ target }) => {
  const probes = missingEntries(await listSurface(target));
  const answers = await Promise.all(probes.map(async (p) => ({ p, path: target.v2(p.path), res: await target.get(target.v2(p.path)) })));
  judgeAll('missing entity', answers, ({ p, path, res }) => {
    expectStatus(res, 404, `an entry of the ${p.list.title} that does not exist is not found`);
    checkResourceNotFound(res, path, p.missing);
  }, { place: ({ p }) => p.list.template });
});

// 7.2 "400 | Bad Request | Malformed request". Each body is a valid create body spoiled in one way, so that only its
// JSON syntax is at fault; one the target accepts anyway is deleted again.
const malformations: { title: string; spoil(json: string): string }[] = [
  { title: 'a body cut short', spoil: (json) => json.slice(0, Math.floor(json.length / 2)) },
  { title: 'a body with a trailing comma', spoil: (json) => json.replace(/}$/, ',}') },
  { title: 'a body with single-quoted strings', spoil: (json) => json.replace(/"/g, "'") },
  { title: 'a body with unquoted field names', spoil: (json) => json.replace(/"(\w+)":/g, '$1:') },
  { title: 'a body followed by a second value', spoil: (json) => `${json}{}` },
];
const creates: { title: string; collection(t: Target): Promise<string>; body(t: Target): Record<string, unknown> }[] = [
  { title: 'an alert configuration', collection: async (t) => alertConfigsPath(t, await workProject(t)), body: (t) => alertConfigBody(runName(t, 'malformed')) },
  { title: 'a project', collection: async (t) => projectsPath(t), body: (t) => projectBody(t, 'malformed') },
];
for (const c of creates) {
  for (const m of malformations) {
    check('ERR-MALFORMED-400', `a create of ${c.title} with ${m.title} is 400 with the error body`, async ({ target }) => {
      const { res, made } = await postEntity(target, await c.collection(target), m.spoil(JSON.stringify(c.body(target))));
      try {
        expectStatus(res, 400, `${m.title} is refused as malformed`);
        checkErrorBodyFields(res);
      } finally {
        if (made) await deleteCreated(target, made.created);
      }
    });
  }
}

// 7.2 "409 | Conflict | A create or modify request would duplicate a value of a property that must be unique."
// Names that must be unique: a project's (in its organization) and a cluster's (in its project).
async function judgeDuplicate(t: Target, collection: string, body: Record<string, unknown>, what: string, key?: string): Promise<void> {
  const first = await createEntity(t, collection, body, key);
  let second: NewEntity | undefined;
  try {
    const { res, made } = await postEntity(t, collection, body, { key });
    second = made;
    expectStatus(res, 409, `a second ${what} named ${String(body.name)} is a conflict`);
    checkErrorBodyFields(res);
    const named = (await wholeItems(t, collection)).filter((item) => (item as { name?: unknown }).name === body.name);
    if (named.length !== 1) {
      throw new RuleFailure(`after the conflict, ${named.length} ${what}s are named ${String(body.name)}`, { expected: 1, actual: named.length, exchange: res.exchange });
    }
  } finally {
    // A duplicate has the first one's path when paths use names: each DELETE removes one.
    if (second) await deleteCreated(t, second.created);
    await deleteCreated(t, first.created);
  }
}

check('ERR-UNIQUE-409', 'a second project with the name of an existing one is 409, and one project has that name', async ({ target }) => {
  await judgeDuplicate(target, projectsPath(target), projectBody(target, 'unique'), 'project');
});

check('ERR-UNIQUE-409', 'a second cluster with the name of an existing one in the project is 409, and one cluster has that name', async ({ target }) => {
  const body = clusterBody(target, runName(target, 'unique'));
  // Preferably in the suite's own project: the real service allows one free-tier cluster per project.
  await judgeDuplicate(target, clustersPath(target, await workProject(target)), body, 'cluster', 'name');
});
