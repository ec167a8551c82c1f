// Spec 4.1: HTTP methods. Writes are made on entities each check creates for itself and deletes at its end.
import { isDeepStrictEqual } from 'node:util';
import { changedFields, notHeld } from '../src/judges/fields.ts';
import {
  checkHeadMatchesGet,
  checkRawHeadMatchesGet,
  expectNoBodyAfterHead,
  rawPairUnjudgeable,
} from '../src/judges/head.ts';
import { expectJudgeable, expectStatus } from '../src/harness/judged-answers.ts';
import { unjudgeable } from '../src/judges/status.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import type { HeadThenGet } from '../src/http/head-then-get.ts';
import { notApplicableFor, RuleFailure, TargetError } from '../src/outcome.ts';
import { once } from '../src/harness/per-run.ts';
import { cite } from '../src/harness/evidence.ts';
import { deleteCreated, settleDelete } from '../src/target/created.ts';
import { runName } from '../src/harness/run-name.ts';
import { eventually } from '../src/probes/eventually.ts';
import {
  alertConfigBody,
  alertConfigsPath,
  createEntity,
  postEntity,
  projectBody,
  projectsPath,
  readEntity,
  replacementAlertConfigBody,
  type NewEntity,
} from '../src/probes/new-entities.ts';
import { firstProject, fillPath } from '../src/target/projects.ts';
import { rawHeadProber } from '../src/probes/raw-head.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { check } from '../src/harness/check.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { alertConfigKind, customRoleKind } from '../src/probes/sequence.ts';
import { methodSurface, unsupportedAt, type Method, type MethodPath } from '../src/probes/surface/methods.ts';
import { effectOf, expectNoEffect, sendRefusable, type Effect } from '../src/probes/refused-write.ts';
import { readAt, type WriteMethod } from '../src/probes/surface/writes.ts';
import { generations, type Generation } from '../src/generation.ts';
import { caseGeneration, inGeneration, legacyRead } from '../src/probes/resource-versions.ts';
import { withArticle } from '../src/check-outcome.ts';
import {
  describeOp,
  readBack,
  sendBody,
  updates,
  withNeutralWriteOps,
  withWriteOps,
  type WriteOp,
} from '../src/probes/write-operations.ts';
import type { Target } from '../src/target/target.ts';
import { target } from '../src/harness/run-target.ts';
import { workProject } from '../src/probes/work-project.ts';
import type { JsonObject } from '../src/judges/json-walk.ts';

/** The resources of the writable surface whose entities a check makes for itself. */
const ownResources = ['alert configuration', 'custom database role'];

/** A kind of entity the checks create, with a create body and a one-field change of it. */
interface Subject {
  title: string;
  collection(t: Target): Promise<string>;
  body(t: Target, what: string): JsonObject;
  change(t: Target, before: JsonObject): JsonObject;
}

const alertConfigs: Subject = {
  title: 'an alert configuration',
  collection: async (t) => alertConfigsPath(t, await workProject(t)),
  body: (t, what) => alertConfigBody(runName(t, what)),
  change: (_t, before) => ({ enabled: !before.enabled }),
};
const projects: Subject = {
  title: 'a project',
  collection: async (t) => projectsPath(t),
  body: projectBody,
  change: (t) => ({ name: runName(t, 'renamed') }),
};

/** Whether the profile says the resource of an exchange does not support its method (methods.unsupported). */
function unsupportedInProfile(t: Target, res: HttpResponse): boolean {
  const { method, url } = res.exchange.request;
  const path = t.belowV2(new URL(url).pathname) || '/';
  return t.profile.methods.unsupported.some(
    (u) => u.method === method && new RegExp(`^${u.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  );
}

/** "Each resource supports only a subset of the methods": a 405 skips the check only where the profile says the
 * resource lacks the method; anywhere else the method must be served. */
function applied(tally: Tally, t: Target, res: HttpResponse, what: string): HttpResponse {
  if (res.status === 405 && unsupportedInProfile(t, res))
    notApplicableFor('methods.unsupported', `${what}: the profile says the resource does not support the method`);
  expectStatus(tally, res, [200, 201, 202, 204], what);
  return res;
}

/** The read (`read`) after a write; after an asynchronous one (202), the first that shows `done`, given time. */
function readAfter(
  t: Target,
  write: HttpResponse,
  read: () => Promise<HttpResponse>,
  done: (res: HttpResponse) => boolean,
): Promise<HttpResponse> {
  return write.status === 202 ? eventually(t, read, done) : read();
}

/** Whether a GET shows the fields sent. */
const shows = (sent: JsonObject) => (res: HttpResponse) => res.status === 200 && notHeld(sent, res.json()).length === 0;

// "An unsupported method returns 405."
for (const u of target().profile.methods.unsupported) {
  check('METH-405', `${u.method} ${u.path} is 405`, async ({ target, tally }) => {
    const path = u.path.includes('{groupId}') ? fillPath(u.path, firstProject(target)) : u.path;
    const res = await target.send({ method: u.method, path: target.v2(path) });
    expectStatus(tally, res, 405, `${u.method} is not supported on ${u.path}`);
  });
}

// "Each resource supports only a subset of the methods. An unsupported method returns 405." Beyond the profile's
// pairs, every method a path of the surface lacks (surface/methods.ts), collections and entries, under /v2 and, for
// the resources written, /v1.0. A 2xx is the method quietly served as another, and so is a 405 that took effect:
// a PUT or PATCH to an entry the check made carries a change, read back by the owner. So that a target serving it
// anyway loses nothing elsewhere, a POST carries an empty body, a PUT or PATCH to another entry of a written
// resource its current representation, and no DELETE goes to a collection of a written resource.
check(
  'METH-405',
  'every other method a path of the surface does not support is 405, under both generations',
  async ({ target, tally }) => {
    const made: NewEntity[] = [];
    const groupId = firstProject(target);
    const ours = new Map<string, RunEntry>();
    const make = async (title: string) => {
      const kind =
        title === 'alert configurations'
          ? alertConfigKind
          : title === 'custom database roles'
            ? customRoleKind
            : undefined;
      if (!kind) return undefined;
      const entity = await createEntity(
        target,
        target.v2(kind.collection(target, groupId)),
        kind.body(target, runName(target, '405')),
        kind.key,
      );
      made.push(entity);
      const path = target.belowV2(entity.path);
      ours.set(path, { key: kind.key, change: changeOfRunEntry[title]! });
      return path;
    };
    try {
      const probes = unsupportedProbes(target, await methodSurface(target, make));
      const bodies = new Map<string, JsonObject>();
      const answers: { p: UnsupportedProbe; res: HttpResponse; effect?: Effect }[] = [];
      for (const p of probes) {
        const entry = p.method === 'PUT' || p.method === 'PATCH' ? ours.get(p.at.path) : undefined;
        answers.push(
          entry ? await sendChangeUnsupported(target, p, entry) : { p, res: await sendUnsupported(target, p, bodies) },
        );
      }
      judgeAll(
        tally,
        'unsupported method',
        answers,
        ({ p, res, effect }) => {
          const served = res.status >= 200 && res.status < 300 ? ' (served as if supported)' : '';
          expectStatus(tally, res, 405, `${p.method} is not supported on ${p.at.title} (${p.generation})${served}`);
          expectNoEffect(res, effect, `${p.method} of ${p.at.title} (${p.generation}), which it does not support,`);
        },
        { place: ({ p }) => `${p.generation} ${p.at.path}` },
      );
    } finally {
      for (const entity of made) await deleteCreated(target, entity.created);
    }
  },
);

interface UnsupportedProbe {
  at: MethodPath;
  method: Method;
  generation: Generation;
}

/** Each unsupported method of each path, under /v2 and for written resources /v1.0, but the profile's pairs. */
function unsupportedProbes(t: Target, paths: MethodPath[]): UnsupportedProbe[] {
  const inProfile = (path: string, method: Method) =>
    t.profile.methods.unsupported.some((u) => u.method === method && fillPath(u.path, firstProject(t)) === path);
  return paths.flatMap((at) =>
    unsupportedAt(at)
      .filter((method) => (at.entity || method !== 'DELETE' || !at.written) && !inProfile(at.path, method))
      .flatMap((method) =>
        (at.written ? generations : (['v2'] as const)).map((generation) => ({ at, method, generation })),
      ),
  );
}

/** The unsupported request, with its body: the current representation of an entry of a written resource, as read
 * (once, kept in `bodies`) in the generation, for PUT and PATCH; else an empty object. */
async function sendUnsupported(t: Target, p: UnsupportedProbe, bodies: Map<string, JsonObject>): Promise<HttpResponse> {
  const at = inGeneration(t, p.generation, p.at.path);
  if (p.method === 'GET' || p.method === 'DELETE') return t.send({ method: p.method, ...at });
  const key = `${p.generation} ${p.at.path}`;
  if (p.method !== 'POST' && p.at.entity && p.at.written && !bodies.has(key))
    bodies.set(key, withoutLinks(await readAt(t, p.generation, p.at.path)));
  return t.send({ method: p.method, ...at, json: (p.method !== 'POST' && bodies.get(key)) || {} });
}

/** An entry the check made, so a body may carry a real change: if served anyway, it shows when read back. */
interface RunEntry {
  key: string;
  change: (entity: JsonObject) => { field: string; current: unknown; changed: unknown };
}

const changeOfRunEntry: Record<string, RunEntry['change']> = {
  'alert configurations': (e) => ({ field: 'enabled', current: e.enabled, changed: !e.enabled }),
  'custom database roles': (e) => {
    const inherited = Array.isArray(e.inheritedRoles) ? e.inheritedRoles : [];
    return { field: 'inheritedRoles', current: inherited, changed: [...inherited, { db: 'admin', role: 'read' }] };
  },
};

/** An unsupported PUT or PATCH of an entry the check made, its representation carrying a change; the owner reads
 * it back, since a method the resource lacks must not be served as another. */
async function sendChangeUnsupported(t: Target, p: UnsupportedProbe, entry: RunEntry) {
  const current = withoutLinks(await readAt(t, p.generation, p.at.path));
  const w = {
    method: p.method as WriteMethod,
    path: p.at.path,
    body: current,
    key: entry.key,
    generation: p.generation,
    change: entry.change(current),
  };
  const res = await sendRefusable(t, w);
  return { p, res, effect: unjudgeable(res) ? undefined : await effectOf(t, w, res) };
}

const withoutLinks = (e: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'links'));

// "HEAD | Return the response headers without the JSON body."
const headed: { title: string; path(t: Target): string }[] = [
  { title: 'a project', path: (t) => t.v2(`/groups/${firstProject(t)}`) },
  { title: 'the clusters of a project (a list)', path: (t) => t.v2(`/groups/${firstProject(t)}/clusters`) },
  { title: 'the event types (a list)', path: (t) => t.v2('/eventTypes') },
  { title: 'a project that does not exist (404)', path: (t) => t.v2(`/groups/${t.missingProjectId}`) },
];
for (const h of headed) {
  check('METH-HEAD', `HEAD of ${h.title} has GET's status and content type, and no body`, async ({ target, tally }) => {
    const path = h.path(target);
    const get = await target.get(path);
    expectJudgeable(tally, get, `GET of ${h.title} is answered`);
    const head = await target.send({ method: 'HEAD', path });
    if (head.status === 405 && unsupportedInProfile(target, head))
      notApplicableFor('methods.unsupported', `the profile says ${h.title} does not support HEAD`);
    expectJudgeable(tally, head, `HEAD of ${h.title} is answered`);
    checkHeadMatchesGet(head, get);
  });
}

// The same, read off the raw connection: a body after a HEAD answer's headers corrupts the next answer on a
// kept-alive connection, which the client library hides. Every kind of path of the surface, and one that names nothing,
// under the two generations in turns from the run's seed (spec 9.4: /v1.0 serves the same resources; a path it does not
// serve is one more that names nothing, whose answer must not carry a body after a HEAD either). The GET sent after
// each HEAD on that connection answers a moment later, in the same state: each HEAD is held to its status and
// representation headers too, but where either is a 5xx or 429, or a challenge came to one alone.
check(
  'METH-HEAD',
  'HEAD of every kind of path, under /v2 or /v1.0 in turns, sends no body bytes ahead of the next answer on a kept-alive connection, and has the status and representation headers of the GET answered after it there',
  async ({ target, tally }) => {
    const paths = [
      ...(await methodSurface(target, async () => undefined)).map((p) => ({ title: p.title, path: p.path })),
      { title: 'a project that does not exist (404)', path: `/groups/${target.missingProjectId}` },
    ].map((p, k) => ({ ...p, generation: caseGeneration(target.setup.seed, k) }));
    const probe = await rawHeadProber(target);
    const answers: { title: string; raw: HeadThenGet }[] = [];
    for (const p of paths) {
      const title = `${p.title} (/${p.generation})`;
      const raw =
        p.generation === 'v2'
          ? await probe(target.v2(p.path))
          : await probe(target.legacy(p.path), legacyRead.headers.accept);
      answers.push({ title, raw });
    }
    const compared = answers.filter(({ title, raw }) => {
      const why = rawPairUnjudgeable(raw);
      if (why) tally.left('HEAD answer compared with GET', `${title}: ${why}`);
      return why === undefined;
    });
    judgeAll(tally, 'HEAD answer read raw', answers, ({ title, raw }) => expectNoBodyAfterHead(raw, title), {
      place: ({ title }) => title,
    });
    if (compared.length > 0)
      judgeAll(
        tally,
        'HEAD answer compared with GET',
        compared,
        ({ title, raw }) => checkRawHeadMatchesGet(raw, title),
        {
          place: ({ title }) => title,
        },
      );
  },
);

// "POST | Create a resource from the JSON representation sent." 7.2: "201 Created", "202 Accepted" (asynchronous).
// Every create of the writable surface (alert configurations, custom database roles, projects where the profile
// allows creating them), under each generation that serves it (spec 9.4). Each is read back under /v2, where it is
// the same entity: how /v1.0 shows an entity is VER-LEGACY-SAME-BODIES' to judge.
check(
  'METH-POST-CREATES',
  'POST of every resource of the writable surface, under both generations, is 201 (or 202), and it then reads back with the fields sent',
  async ({ target, tally }) => {
    const results = await lifecycles(target);
    judgeAll(
      tally,
      'create read back',
      results,
      ({ op, body, res, read }) => {
        const what = `${withArticle(op.resource)} (${op.generation})`;
        expectStatus(tally, res, [201, 202], `POST creates ${what}`);
        expectStatus(tally, read!, 200, `${what} created by POST can be read`);
        const missing = notHeld(body, read!.json());
        if (missing.length) {
          throw new RuleFailure(`${what} read back after POST does not hold what was sent: ${missing.join(', ')}`, {
            expected: body,
            actual: read!.json(),
            exchange: read!.exchange,
          });
        }
      },
      { place: ({ op }) => describeOp(op) },
    );
  },
);

/** The names the run gives (runName) in a create body, apart per generation: names are unique in their collection,
 * and the create under /v2 need not be gone when the one under /v1.0 is sent. */
function createBody(t: Target, op: WriteOp): JsonObject {
  const ours = (v: unknown) =>
    typeof v === 'string' && v.startsWith(`${t.profile.projects.namePrefix}${t.setup.runId}-`);
  if (op.generation === 'v2') return op.body;
  return Object.fromEntries(Object.entries(op.body).map(([k, v]) => [k, ours(v) ? `${v}-v1` : v]));
}

/** What became of a create of the surface: its answer, the entity read back, the answer to its DELETE, and the entity
 * read after that. */
interface Lifecycle {
  op: WriteOp;
  body: JsonObject;
  res: HttpResponse;
  read?: HttpResponse;
  deleted?: HttpResponse;
  gone?: HttpResponse;
}

/** A create of the surface sent in its generation, read back (given time after a 202), then deleted in its generation
 * and read again (given time after a 202). */
async function createReadDelete(t: Target, op: WriteOp): Promise<Lifecycle> {
  const body = createBody(t, op);
  const legacy = op.generation === 'v1.0';
  const { res, made } = await postEntity(t, legacy ? t.legacy(op.path) : t.v2(op.path), body, {
    key: op.key,
    legacy,
  });
  if (!made) return { op, body, res };
  let read: HttpResponse;
  let deleted: HttpResponse;
  try {
    read = await readAfter(t, res, () => t.get(made.path), shows(body));
  } finally {
    const at = inGeneration(t, op.generation, t.belowV2(made.path));
    deleted = settleDelete(t, made.created, await t.send({ method: 'DELETE', ...at }));
  }
  if (deleted.status >= 300) return { op, body, res, read, deleted };
  const gone = await readAfter(
    t,
    deleted,
    () => t.get(made.path),
    (r) => r.status === 404,
  );
  return { op, body, res, read, deleted, gone };
}

/** The lifecycle of every create of the surface, once per run for the rules about POST and DELETE (the write
 * surface's own entities made once for both), its exchanges cited by the check that judges them. */
async function lifecycles(t: Target): Promise<Lifecycle[]> {
  const all = await once('lifecycles', async () => {
    let made: Lifecycle[] = [];
    await withNeutralWriteOps(t, 'post', async (ops) => {
      made = await Promise.all(ops.filter((o) => o.method === 'POST').map((op) => createReadDelete(t, op)));
    });
    return made;
  });
  for (const l of all) for (const r of [l.res, l.read, l.deleted, l.gone]) if (r) cite(r.exchange);
  return all;
}

// "PATCH | Update the fields given in the JSON representation sent." Fields the target maintains itself on every
// write (profile methods.volatileFields) are not judged.
for (const s of [alertConfigs, projects]) {
  check(
    'METH-PATCH-PARTIAL',
    `PATCH of one field of ${s.title} changes that field and no other`,
    async ({ target, tally }) => {
      const made = await createEntity(target, await s.collection(target), s.body(target, 'patch'));
      try {
        const before = (await readEntity(target, made.path)).entity;
        const change = s.change(target, before);
        const write = applied(
          tally,
          target,
          await target.send({ method: 'PATCH', path: made.path, json: change }),
          `PATCH of ${s.title}`,
        );
        const after = await readAfter(target, write, () => target.get(made.path), shows(change));
        expectStatus(tally, after, 200, `${s.title} can be read after PATCH`);
        const unchanged = notHeld(change, after.json());
        const changed = changedFields(before, after.jsonObject(), [
          ...Object.keys(change),
          ...target.profile.methods.volatileFields,
        ]);
        if (unchanged.length || changed.length) {
          throw new RuleFailure(
            `PATCH of ${Object.keys(change).join(', ')} ${unchanged.length ? `did not change ${unchanged.join(', ')}` : `also changed ${changed.join(', ')}`}`,
            {
              expected: { ...before, ...change },
              actual: after.json(),
              exchange: after.exchange,
            },
          );
        }
      } finally {
        await deleteCreated(target, made.created);
      }
    },
  );
}

// The same over the resources of the writable surface the check makes itself (alert configurations, custom
// database roles), under both generations: one field changed (the surface's change), every other field read back as
// it was, then the field put back. Projects and clusters are shared with other checks, which read them back.
check(
  'METH-PATCH-PARTIAL',
  'PATCH of one field of an alert configuration and a custom database role, under both generations, changes that field and no other',
  async ({ target, tally }) => {
    await withWriteOps(
      target,
      'patch-partial',
      async (ops) => {
        const patches = updates(ops).filter((op) => op.method === 'PATCH' && ownResources.includes(op.resource));
        const results: {
          op: (typeof patches)[number];
          before: JsonObject;
          after: JsonObject;
          exchange: HttpResponse['exchange'];
        }[] = [];
        for (const op of patches) {
          const { field, changed, current } = op.change;
          const before = await readBack(target, op);
          const write = applied(
            tally,
            target,
            await sendBody(target, op, { [field]: changed }),
            `PATCH of ${describeOp(op)}`,
          );
          const after = await readBack(target, op);
          await sendBody(target, op, { [field]: current });
          results.push({ op, before, after, exchange: write.exchange });
        }
        judgeAll(
          tally,
          'PATCH read back',
          results,
          ({ op, before, after, exchange }) => {
            const sent = { [op.change.field]: op.change.changed };
            const unchanged = notHeld(sent, after);
            const changed = changedFields(before, after, [op.change.field, ...target.profile.methods.volatileFields]);
            if (unchanged.length || changed.length) {
              throw new RuleFailure(
                `${describeOp(op)} of ${op.change.field} ${unchanged.length ? `did not change ${unchanged.join(', ')}` : `also changed ${changed.join(', ')}`}`,
                {
                  expected: { ...before, ...sent },
                  actual: after,
                  exchange,
                },
              );
            }
          },
          { place: ({ op }) => describeOp(op) },
        );
      },
      { oneProject: true },
    );
  },
);

// "PUT | Replace a resource with the JSON representation sent."
// Both generations serve alert configurations (spec 9.4), and each must replace.
for (const generation of generations) {
  check(
    'METH-PUT-REPLACES',
    `PUT of an alert configuration (${generation}) replaces it: the fields sent read back as sent, the fields it leaves out are no longer as they were`,
    async ({ target, tally }) => {
      const original = alertConfigs.body(target, `put-${generation}`);
      const made = await createEntity(target, await alertConfigs.collection(target), original);
      const path = target.belowV2(made.path);
      try {
        const before = await readAt(target, generation, path);
        const replacement = replacementAlertConfigBody();
        const write = applied(
          tally,
          target,
          await target.send({ method: 'PUT', ...inGeneration(target, generation, path), json: replacement }),
          `PUT of an alert configuration (${generation})`,
        );
        // An asynchronous PUT (202) is given time to show.
        if (write.status === 202) await readAfter(target, write, () => target.get(made.path), shows(replacement));
        const read = await readAt(target, generation, path);
        const notSet = notHeld(replacement, read);
        // Left-out fields that held what the create sent (a default cannot tell a replacement from a merge).
        const kept = Object.keys(original).filter(
          (k) =>
            !(k in replacement) &&
            notHeld(original[k], before[k]).length === 0 &&
            isDeepStrictEqual(read[k], before[k]),
        );
        if (notSet.length || kept.length) {
          throw new RuleFailure(
            `after PUT (${generation}), ${notSet.length ? `the fields sent do not read back: ${notSet.join(', ')}` : `fields the representation left out keep their old values: ${kept.join(', ')}`}`,
            {
              expected: replacement,
              actual: read,
              exchange: write.exchange,
            },
          );
        }
      } finally {
        await deleteCreated(target, made.created);
      }
    },
  );
}

// "DELETE | Remove a resource." Every create of the writable surface (METH-POST-CREATES' entities), deleted under the
// generation that made it and read under /v2, the same entity. A 202 (7.2: "An asynchronous operation was accepted.")
// is given as long as a request may take to finish; the spec says no time it must finish in (a cluster's deletion
// takes minutes), so one that has not is left unjudged.
check(
  'METH-DELETE-REMOVES',
  'DELETE of every resource of the writable surface, under both generations, succeeds, and a GET afterwards is 404',
  async ({ target, tally }) => {
    // A DELETE the profile says the resource does not support has no removal to judge.
    const sent = (await lifecycles(target)).filter((l) => l.deleted);
    const all = sent.filter((l) => !(l.deleted!.status === 405 && unsupportedInProfile(target, l.deleted!)));
    if (sent.length > 0 && all.length === 0)
      notApplicableFor('methods.unsupported', 'the profile says no resource of the writable surface supports DELETE');
    const unfinished = (l: Lifecycle) => l.deleted!.status === 202 && l.gone!.status === 200;
    for (const l of all.filter(unfinished))
      tally.left('delete read back', `${l.op.resource}: asynchronous (202), not finished within the wait`);
    const deletes = all.filter((l) => !unfinished(l));
    if (deletes.length === 0)
      throw new TargetError(
        'nothing-judged',
        'no create of the writable surface made an entity whose DELETE could be judged',
      );
    judgeAll(
      tally,
      'delete read back',
      deletes,
      ({ op, deleted, gone }) => {
        const what = `DELETE of ${withArticle(op.resource)} (${op.generation})`;
        expectStatus(tally, deleted!, [200, 202, 204], what);
        expectStatus(tally, gone!, 404, `after ${what} (${deleted!.status}), it is gone`);
      },
      { place: ({ op }) => describeOp(op) },
    );
  },
);
