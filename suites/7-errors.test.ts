// Spec 7: errors. 7.1 "An error response has a JSON body with five fields": detail, error, errorCode, parameters,
// reason. Every probe below provokes an error; each rule judges every probe.
import {
  checkErrorBodyFields,
  checkErrorReason,
  checkErrorStatusMatches,
  checkResourceNotFound,
} from '../src/judges/error-body.ts';
import { expectJudgeable, expectStatus } from '../src/harness/judged-answers.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import { deleteCreated, noteCreated, undoAccepted } from '../src/target/created.ts';
import { runName } from '../src/harness/run-name.ts';
import {
  alertConfigBody,
  alertConfigsPath,
  createEntity,
  postEntity,
  projectBody,
  projectsPath,
  readEntity,
  type NewEntity,
} from '../src/probes/new-entities.ts';
import { clusterBody } from '../src/probes/cluster-bodies.ts';
import { customRoleKind } from '../src/probes/sequence.ts';
import { generations, type Generation } from '../src/generation.ts';
import { caseGeneration, inGeneration, inServedGeneration } from '../src/probes/resource-versions.ts';
import { wholeItems } from '../src/probes/pages.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { judgeEach } from '../src/harness/coverage-first.ts';
import { describeOp, Reach, withNeutralWriteOps } from '../src/probes/write-operations.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { check } from '../src/harness/check.ts';
import { listSurface, missingEntries, missingNames } from '../src/probes/surface/lists.ts';
import { legacyServesKind } from '../src/probes/surface/paged-lists.ts';
import { targetSurface } from '../src/surface/target-surface.ts';
import { firstProject, fillPath } from '../src/target/projects.ts';
import { workProject } from '../src/probes/work-project.ts';
import { sharedResponse } from '../src/probes/shared-response.ts';
import type { Target } from '../src/target/target.ts';

interface ErrorProbe {
  title: string;
  /** The status the spec gives this error; only used to name an unexpected 5xx or 429. */
  status: number;
  send(t: Target): Promise<HttpResponse>;
}

const probes: ErrorProbe[] = [
  {
    title: 'a project that does not exist (404)',
    status: 404,
    send: (t) => t.get(t.v2(`/groups/${t.missingProjectId}`)),
  },
  {
    title: 'a cluster that does not exist (404)',
    status: 404,
    send: (t) => t.get(t.v2(`/groups/${firstProject(t)}/clusters/${missingNames.clusterName}`)),
  },
  {
    title: 'an unsupported method (405)',
    status: 405,
    send: (t) => {
      const u = t.profile.methods.unsupported[0]!;
      return t.send({ method: u.method, path: t.v2(fillPath(u.path, firstProject(t))) });
    },
  },
  {
    title: 'a request without authentication (401)',
    status: 401,
    send: (t) => t.get(t.v2(`/groups/${firstProject(t)}`), { as: null }),
  },
  {
    title: 'a body that is not JSON (400)',
    status: 400,
    send: async (t) => {
      const res = await t.send({
        method: 'POST',
        path: t.v2('/groups'),
        rawBody: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      await undoAccepted(t, res, t.v2('/groups'));
      return res;
    },
  },
];

/** The probe's error response. Which status it draws is other rules' concern (METH-405, AUTH-MISSING-401, ...):
 * here any client error is judged, a success leaves nothing to judge, and a 5xx or 429 is a target error. */
async function probe(tally: Tally, t: Target, p: ErrorProbe): Promise<HttpResponse> {
  const res = await sharedResponse(`error-probe:${p.title}`, () => p.send(t));
  if (res.status < 400)
    throw new TargetError(
      'nothing-judged',
      `${p.title} drew no error (status ${res.status}), so there is no error body to judge`,
      res.exchange,
    );
  expectJudgeable(tally, res, `${p.title} is refused`, [p.status]);
  return res;
}

for (const p of probes) {
  check(
    'ERR-BODY-FIELDS',
    `${p.title} has detail, error, errorCode, parameters and reason`,
    async ({ target, tally }) => {
      checkErrorBodyFields(await probe(tally, target, p));
    },
  );
  check('ERR-STATUS-MATCH', `${p.title}: the error field equals the status`, async ({ target, tally }) => {
    checkErrorStatusMatches(await probe(tally, target, p));
  });
  check('ERR-REASON-TEXT', `${p.title}: the reason field is the status text`, async ({ target, tally }) => {
    checkErrorReason(await probe(tally, target, p));
  });
}

// 7.1 "RESOURCE_NOT_FOUND (status 404, ... parameters holds the requested path, detail states that the
// resource cannot be found at that path)."
const notFoundPaths: { title: string; path: (t: Target) => string; missing?: (t: Target) => string }[] = [
  {
    title: 'a project that does not exist',
    path: (t) => t.v2(`/groups/${t.missingProjectId}`),
    missing: (t) => t.missingProjectId,
  },
  {
    title: 'a resource type that does not exist in a project',
    path: (t) => t.v2(`/groups/${firstProject(t)}/conformanceNoSuchResource`),
  },
];

for (const nf of notFoundPaths) {
  check(
    'ERR-RESOURCE-NOT-FOUND',
    `${nf.title} is 404 with a not-found error naming the path`,
    async ({ target, tally }) => {
      const path = nf.path(target);
      const res = await sharedResponse(`not-found:${path}`, () => target.get(path));
      expectStatus(tally, res, 404, `${nf.title} is not found`);
      checkResourceNotFound(res, path, nf.missing?.(target));
    },
  );
}

// 7.1 "parameters | array | Values giving further detail (for a not-found error, the requested path)": an entry of
// every list that has entries, missing under contexts that exist, whatever not-found code the target uses. 7.2 "404 |
// Not Found | The resource does not exist", whatever the request: each is read (GET), and deleted (DELETE: no body, so
// no other fault of the request to be found first) where the surface offers that at the entry, one under /v2 and the
// other under /v1.0, which way round from the run's seed (/v1.0 only where it serves the list at its first instance,
// else its 404 may be the missing generation's). A DELETE refused as a method the entry does not take (405) is
// METH-405's and CLU-OPERATIONS' to judge, whatever the surface said: it is left.
check(
  'ERR-RESOURCE-NOT-FOUND',
  'a missing entry of every kind, under contexts that exist, read and (where it can be) deleted, under /v2 and /v1.0 in turns, is 404 with an error naming it',
  async ({ target, tally }) => {
    const lists = await listSurface(target);
    const probes = missingEntries(lists);
    if (probes.length === 0 && target.profile.projects.ids.length === 0)
      skipFor('projects.ids', 'the profile names no project, under which the lists of entries lie');
    const surface = await targetSurface(target);
    const sends = probes.flatMap((p, k) => {
      const deletable = surface.methodsServedAt(p.path)?.methods.includes('DELETE') ?? false;
      const turn = caseGeneration(target.setup.seed, k);
      const other: Generation = turn === 'v2' ? 'v1.0' : 'v2';
      return [{ p, method: 'GET', turn }, ...(deletable ? [{ p, method: 'DELETE', turn: other }] : [])];
    });
    const answers = await Promise.all(
      sends.map(async ({ p, method, turn }) => {
        const served = turn === 'v1.0' && (await legacyServesKind(target, lists, p.list));
        const generation: Generation = served ? 'v1.0' : 'v2';
        const at = inGeneration(target, generation, p.path);
        return { p, method, generation, path: at.path, res: await target.send({ method, ...at }) };
      }),
    );
    const unserved = ({ method, res }: (typeof answers)[number]) => method === 'DELETE' && res.status === 405;
    for (const a of answers.filter(unserved))
      tally.left('missing entity', `DELETE of an entry of the ${a.p.list.title}: 405, the method is not served there`);
    const judged = answers.filter((a) => !unserved(a));
    judgeAll(
      tally,
      'missing entity',
      judged,
      ({ p, method, generation, path, res }) => {
        const what = `${method} of an entry of the ${p.list.title} that does not exist (${generation})`;
        expectStatus(tally, res, 404, `${what} is not found`);
        checkResourceNotFound(res, path, p.missing);
      },
      { place: ({ p, method }) => `${method} ${p.list.template}` },
    );
    tally.judged('method', new Set(judged.map((a) => a.method)).size);
    tally.judged('generation', new Set(judged.map((a) => a.generation)).size);
  },
);

// 7.2 "400 | Bad Request | Malformed request". Each body is a valid create body spoiled in one way, so that only its
// JSON syntax is at fault; one the target accepts anyway is deleted again. The spoilings take the two generations in
// turns from the run's seed, the resources a turn apart (spec 9.4: /v1.0 serves the same resources), so that each
// reaches both in a run.
const malformations: { title: string; spoil(json: string): string }[] = [
  { title: 'a body cut short', spoil: (json) => json.slice(0, Math.floor(json.length / 2)) },
  { title: 'a body with a trailing comma', spoil: (json) => json.replace(/}$/, ',}') },
  { title: 'a body with single-quoted strings', spoil: (json) => json.replace(/"/g, "'") },
  { title: 'a body with unquoted field names', spoil: (json) => json.replace(/"(\w+)":/g, '$1:') },
  { title: 'a body followed by a second value', spoil: (json) => `${json}{}` },
];
const creates: { title: string; collection(t: Target): Promise<string>; body(t: Target): Record<string, unknown> }[] = [
  {
    title: 'an alert configuration',
    collection: async (t) => alertConfigsPath(t, await workProject(t)),
    body: (t) => alertConfigBody(runName(t, 'malformed')),
  },
  { title: 'a project', collection: async (t) => projectsPath(t), body: (t) => projectBody(t, 'malformed') },
];
for (const [i, c] of creates.entries()) {
  for (const [k, m] of malformations.entries()) {
    check(
      'ERR-MALFORMED-400',
      `a create of ${c.title} with ${m.title} is 400 with the error body`,
      async ({ target, tally }) => {
        const collection = await c.collection(target);
        const body = m.spoil(JSON.stringify(c.body(target)));
        const { res, made, generation } = await inServedGeneration(caseGeneration(target.setup.seed, i + k), (g) =>
          postEntity(target, g === 'v2' ? collection : target.legacy(target.belowV2(collection)), body, {
            legacy: g === 'v1.0',
          }),
        );
        try {
          expectStatus(tally, res, 400, `${m.title} (/${generation}) is refused as malformed`);
          checkErrorBodyFields(res);
        } finally {
          if (made) await deleteCreated(target, made.created);
        }
      },
    );
  }
}

// 7.2 "400 | Bad Request | Malformed request", on every write of the writable surface of one project (each resource,
// method and generation, under /v2 where /v1.0 does not serve it): its body, which the target takes, spoiled one way,
// the spoilings in turns from the run's seed. What an accepted create made is deleted again; a PUT or PATCH body holds
// current values, which change nothing.
check(
  'ERR-MALFORMED-400',
  'a write of every writable resource, method and generation with its body not JSON is 400 with the error body',
  async ({ target, tally }) => {
    await withNeutralWriteOps(target, 'malformed', async (ops) => {
      const cases = ops.map((op, k) => ({ op, m: malformations[(target.setup.seed + k) % malformations.length]! }));
      const reach = new Reach();
      await judgeEach(cases, async ({ op, m }) => {
        const { res, generation } = await inServedGeneration(op.generation, async (g) => ({
          res: await target.send({
            method: op.method,
            rawBody: m.spoil(JSON.stringify(op.body)),
            ...inGeneration(target, g, op.path, { 'content-type': 'application/json' }),
          }),
        }));
        if (op.method === 'POST') await undoAccepted(target, res, target.v2(op.path), op.key);
        const sent = { ...op, generation };
        tally.judged('malformed write', 1, describeOp(sent));
        reach.add(sent, 0);
        expectStatus(tally, res, 400, `${describeOp(sent)} with ${m.title} is refused as malformed`);
        checkErrorBodyFields(res);
      }).finally(() => reach.report(tally, false));
    });
  },
);

// 7.2 "409 | Conflict | A create or modify request would duplicate a value of a property that must be unique."
// Names that must be unique: a project's (in its organization), a cluster's and a custom database role's (in its
// project). A create is sent a second time under /v2 and /v1.0 (clusters under /v2 only: their /v1.0 shape differs,
// spec 9.4); a modify is a project renamed to another's name, under both generations too.
interface UniqueName {
  what: string;
  /** The field holding the name, which the entity's path ends with where `key` is that field. */
  field: string;
  key?: string;
  generations: Generation[];
  /** The collection below the base, and a body of a new entity named `name` (or a skip from the profile). */
  make(t: Target, name: string): Promise<{ collection: string; body: Record<string, unknown> }>;
}

const uniqueNames: UniqueName[] = [
  {
    what: 'project',
    field: 'name',
    generations: [...generations],
    make: async (t, name) => ({ collection: '/groups', body: { ...projectBody(t, 'unique'), name } }),
  },
  {
    what: 'cluster',
    field: 'name',
    key: 'name',
    generations: ['v2'],
    make: async (t, name) => {
      const body = clusterBody(t, name);
      // Preferably in the suite's own project: the real service allows one free-tier cluster per project.
      return { collection: `/groups/${await workProject(t)}/clusters`, body };
    },
  },
  {
    what: 'custom database role',
    field: 'roleName',
    key: customRoleKind.key,
    generations: [...generations],
    make: async (t, name) => ({
      collection: customRoleKind.collection(t, await workProject(t)),
      body: customRoleKind.body(t, name),
    }),
  },
];

/** How many entities of a collection hold `name` in `field`, after a conflict that must leave one. */
async function expectOneNamed(
  tally: Tally,
  t: Target,
  collection: string,
  field: string,
  name: string,
  what: string,
  res: HttpResponse,
): Promise<void> {
  const named = (await wholeItems(tally, t, t.v2(collection))).filter(
    (item) => (item as Record<string, unknown>)[field] === name,
  );
  if (named.length !== 1) {
    throw new RuleFailure(`after the conflict, ${named.length} ${what}s are named ${name}`, {
      expected: 1,
      actual: named.length,
      exchange: res.exchange,
    });
  }
}

for (const u of uniqueNames) {
  for (const g of u.generations) {
    check(
      'ERR-UNIQUE-409',
      `a second ${u.what} with the name of an existing one, created under /${g}, is 409, and one ${u.what} has that name`,
      async ({ target, tally }) => {
        const name = runName(target, `unique-${g === 'v2' ? 'v2' : 'legacy'}`);
        const { collection, body } = await u.make(target, name);
        const first = await createEntity(target, target.v2(collection), body, u.key);
        let second: NewEntity | undefined;
        try {
          const res = await target.send({ method: 'POST', json: body, ...inGeneration(target, g, collection) });
          const id = res.status >= 200 && res.status < 300 ? res.jsonObject()[u.key ?? 'id'] : undefined;
          if (typeof id === 'string') {
            const path = target.v2(`${collection}/${encodeURIComponent(id)}`);
            second = { path, id, created: noteCreated(target, path) };
          }
          expectStatus(tally, res, 409, `a second ${u.what} named ${name} (${g}) is a conflict`);
          await expectOneNamed(tally, target, collection, u.field, name, u.what, res);
        } finally {
          // A duplicate has the first one's path when paths use names: each DELETE removes one.
          if (second) await deleteCreated(target, second.created);
          await deleteCreated(target, first.created);
        }
      },
    );
  }
}

for (const g of generations) {
  check(
    'ERR-UNIQUE-409',
    `renaming a project to the name of another, under /${g}, is 409, and the project keeps its name`,
    async ({ target, tally }) => {
      const taken = await createEntity(target, projectsPath(target), projectBody(target, `unique-taken-${g}`));
      try {
        const renamed = await createEntity(target, projectsPath(target), projectBody(target, `unique-renamed-${g}`));
        try {
          const [name, own] = await Promise.all(
            [taken, renamed].map(async (p) => (await readEntity(target, p.path)).entity.name),
          );
          const res = await target.send({
            method: 'PATCH',
            json: { name },
            ...inGeneration(target, g, `/groups/${renamed.id}`),
          });
          expectStatus(tally, res, 409, `renaming a project to ${String(name)} (${g}) is a conflict`);
          const now = (await readEntity(target, renamed.path)).entity.name;
          if (now !== own)
            throw new RuleFailure(`after the conflict, the project is named ${String(now)}`, {
              expected: own,
              actual: now,
              exchange: res.exchange,
            });
        } finally {
          await deleteCreated(target, renamed.created);
        }
      } finally {
        await deleteCreated(target, taken.created);
      }
    },
  );
}
