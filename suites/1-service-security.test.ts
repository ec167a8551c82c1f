// Spec 1: what the service does, as far as security goes: HTTPS only, read-only roles, API access lists.
import { listSurface, missingContext, missingNames } from '../src/probes/surface/lists.ts';
import { contextsOf } from '../src/probes/path-template.ts';
import { caseGeneration, inGeneration } from '../src/probes/resource-versions.ts';
import { expectNotServedInClear } from '../src/judges/plain-http.ts';
import { expectRefused, expectStatus } from '../src/harness/judged-answers.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { skipFor, TargetError } from '../src/outcome.ts';
import { ownNamePatch } from '../src/probes/own-name-patch.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { requireReadAccess } from '../src/probes/read-access.ts';
import { check } from '../src/harness/check.ts';
import { once } from '../src/harness/per-run.ts';
import { firstProject } from '../src/target/projects.ts';
import { readOnlyTries, refusedOverSurface } from '../src/probes/refused-callers.ts';
import { judgeRefusedTries } from '../src/probes/refused-reach.ts';
import { methodSurface } from '../src/probes/surface/methods.ts';
import type { Target } from '../src/target/target.ts';
import { target } from '../src/harness/run-target.ts';
import { createsCluster } from '../src/target/scope.ts';
import { undoAccepted } from '../src/target/created.ts';

// --- "Access is HTTPS only (TLS). Plain HTTP is not served." ---

/** Paths probed in the clear: a redirect carrying no API data passes. Writes go to a project that does not exist,
 * so that a target serving them in the clear changes nothing (its JSON 404 shows it served them). */
const plainPaths: { title: string; path: (t: Target) => string }[] = [
  { title: 'the versioned root', path: (t) => t.v2() },
  { title: 'the project list', path: (t) => t.v2('/groups') },
  { title: 'the legacy project list', path: (t) => t.legacy('/groups') },
  { title: 'a project that does not exist', path: (t) => t.v2(`/groups/${t.missingProjectId}`) },
  { title: 'a legacy project that does not exist', path: (t) => t.legacy(`/groups/${t.missingProjectId}`) },
];
const plainMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const reads = new Set<string>(['GET', 'HEAD']);

/** Every list of the surface that lies in a project, under a project that does not exist (to no project's budget, and
 * nothing there to change): what a redirect written for the API's top paths may leave out. Each takes one method in
 * turns from the seed (the next where the profile does not allow that one there: a cluster create without
 * allowBillable), and the generations in turns of those. */
async function surfacePlainPaths(t: Target): Promise<{ method: string; title: string; path: string }[]> {
  const s = await listSurface(t);
  const inProject = s.lists.filter((l) => contextsOf(l.template)[0] === 'groupId');
  return inProject.flatMap((l, k) => {
    const probe = missingContext(s, l, 0);
    if (!probe) return [];
    const generation = caseGeneration(t.setup.seed, Math.floor(k / plainMethods.length));
    const rest = probe.path.slice(`/groups/${t.missingProjectId}`.length).split('?')[0]!;
    const allowed = (m: string) => t.profile.allowBillable || !createsCluster(m, rest);
    const turn = (t.setup.seed + k) % plainMethods.length;
    return [
      {
        method: [...plainMethods.slice(turn), ...plainMethods.slice(0, turn)].find(allowed)!,
        title: `the ${l.title} of a project that does not exist (/${generation})`,
        path: inGeneration(t, generation, probe.path).path,
      },
    ];
  });
}

/** What a plain-HTTP address answers to an authenticated request, or undefined when nothing listens or answers there. */
async function plainAnswer(t: Target, method: string, url: URL): Promise<HttpResponse | undefined> {
  try {
    return await t.send({ method, path: url.toString(), ...(reads.has(method) ? {} : { json: {} }) });
  } catch (e) {
    if (e instanceof TargetError && ['refused', 'reset', 'timeout', 'transport'].includes(e.cause)) return undefined;
    throw e;
  }
}

for (const method of plainMethods) {
  check(
    'SVC-HTTPS-ONLY',
    `plain HTTP: an authenticated ${method} gets no API entity and no JSON error`,
    async ({ target, tally }) => {
      const plain = target.profile.plainHttpUrl;
      if (!plain) skipFor('plainHttpUrl', 'the profile names no plain-HTTP address to probe');
      // Where the check looks, not what it judges: a confirmation of a failure asks the same paths, and does not
      // crawl the target again to find them. The fixed paths are judged all the same where the lists were not found.
      const lists = await once('plain-http-paths', () => surfacePlainPaths(target), { afresh: false }).catch(
        (e: unknown) => {
          if (!(e instanceof TargetError)) throw e;
          tally.left('plain-HTTP answer', `the lists of the surface were not found: ${e.message}`);
          return [];
        },
      );
      // Reads go everywhere; writes only where nothing exists to change.
      const paths = [
        ...plainPaths
          .filter((p) => reads.has(method) || p.title.endsWith('does not exist'))
          .map((p) => ({ title: p.title, path: p.path(target) })),
        ...lists.filter((p) => p.method === method),
      ];
      const answers = await Promise.all(
        paths.map(async (p) => ({ title: p.title, res: await plainAnswer(target, method, new URL(p.path, plain)) })),
      );
      judgeAll(
        tally,
        'plain-HTTP answer',
        answers,
        ({ res }) => {
          if (res) expectNotServedInClear(res);
        },
        { place: ({ title }) => `${method} ${title}` },
      );
    },
  );
}

// A base URL that is itself plain HTTP is probed too (an HTTPS one has its twin at plainHttpUrl).
if (new URL(target().profile.baseUrl).protocol !== 'https:') {
  check('SVC-HTTPS-ONLY', 'the base URL does not serve the API in the clear', async ({ target, tally }) => {
    const res = await plainAnswer(target, 'GET', new URL(target.v2(), target.profile.baseUrl));
    tally.judged('plain-HTTP answer');
    if (res) expectNotServedInClear(res);
  });
}

// --- "A user with a read-only role in a project cannot modify any resource in that project through the API." ---

// Every write of the writable surface of its project, each carrying a real change (a marked create, a new value, a
// DELETE of an entity the run made), under both generations: refused, and the owner reads back that nothing was
// created, changed or deleted.
check(
  'SVC-READ-ONLY-NO-MODIFY',
  'a read-only key reads its project, and its every write of every writable resource there, under both generations, is refused and changes nothing',
  async ({ target, tally }) => {
    await requireReadAccess(target, 'readOnly');
    judgeRefusedTries(tally, await readOnlyTries(target), 'a read-only key', (res, what) =>
      expectRefused(tally, res, what),
    );
  },
);

// --- "access may be limited to an API access list of IP addresses or CIDR ranges. Each authentication method has
// its own list." (and spec 5: "A request from an address outside the list is refused.") ---

const credentials = Object.entries(target().profile.credentials);
/** Credentials with an address outside their access list (credentials.<role>.outsideAddress). */
const outside = credentials.flatMap(([name, c]) =>
  c.outsideAddress ? [{ name, address: c.outsideAddress, localAddress: c.localAddress }] : [],
);

interface Route {
  title: string;
  send: (t: Target, as: string, from: string) => Promise<HttpResponse>;
}

/** Every kind of route: a GET of each path of the method surface (the root, the top-level lists, a project, each list
 * in it and one entry of each), the legacy API, and a write of each method. The writes name nothing that exists or
 * carry a body the target refuses, so a target that lets one through changes nothing. */
async function routes(t: Target): Promise<Route[]> {
  const p = `/groups/${firstProject(t)}`;
  const missingConfig = t.v2(`${p}/alertConfigs/${'f'.repeat(24)}`);
  const write = (title: string, method: string, path: string, json?: unknown): Route => ({
    title,
    send: async (x, as, from) => {
      const res = await x.send({ method, path, as, localAddress: from, ...(json === undefined ? {} : { json }) });
      await undoAccepted(x, res, path); // the empty alert configuration, should it be made
      return res;
    },
  });
  return [
    ...(await methodSurface(t, async () => undefined)).map(
      (m): Route => ({
        title: `GET ${m.title}`,
        send: (x, as, from) => x.get(x.v2(m.path), { as, localAddress: from }),
      }),
    ),
    {
      title: 'GET a project through the legacy API',
      send: (x, as, from) => x.get(x.legacy(p), { as, localAddress: from, version: null }),
    },
    {
      title: 'PATCH a project with its own name',
      send: (x, as, from) => ownNamePatch(x, { as, localAddress: from }),
    },
    write('POST an empty alert configuration', 'POST', t.v2(`${p}/alertConfigs`), {}),
    write('PUT an alert configuration that does not exist', 'PUT', missingConfig, {}),
    write('PATCH an alert configuration that does not exist', 'PATCH', missingConfig, { enabled: false }),
    write('DELETE a cluster that does not exist', 'DELETE', t.v2(`${p}/clusters/${missingNames.clusterName}`)),
  ];
}

const refusedForAccessList = (name: string, address: string) =>
  `a request of the ${name} credential from ${address}, outside its access list, is refused`;

if (outside.length === 0) {
  check('SVC-ACCESS-LIST', "a request from outside a credential's access list is refused", async () => {
    skipFor('credentials.<role>.outsideAddress', 'no credential names an address outside its access list');
  });
}

for (const o of outside) {
  check(
    'SVC-ACCESS-LIST',
    `${o.name} from ${o.address} (outside its list): a request of every kind of route and every method is refused`,
    async ({ target, tally }) => {
      const all = await routes(target);
      const answers = await Promise.all(
        all.map(async (r) => ({ title: r.title, res: await r.send(target, o.name, o.address) })),
      );
      judgeAll(
        tally,
        'refused request',
        answers,
        ({ title, res }) =>
          expectStatus(tally, res, [401, 403], `${title}: ${refusedForAccessList(o.name, o.address)}`),
        { place: ({ title }) => title },
      );
    },
  );
}

// A refused request from outside the list takes no effect: every write of the surface, each with a real change, is
// sent from outside the first such credential's list (one credential: the writes cost some thirty requests).
if (outside.length > 0) {
  const o = outside[0]!;
  check(
    'SVC-ACCESS-LIST',
    `${o.name} from ${o.address} (outside its list): every write of the writable surface is refused and changes nothing`,
    async ({ target, tally }) => {
      const tries = await refusedOverSurface(target, 'access-list', { as: o.name, localAddress: o.address });
      judgeRefusedTries(tally, tries, `the ${o.name} credential from ${o.address}`, (res, what) =>
        expectStatus(tally, res, [401, 403], what),
      );
    },
  );
}

/** A forged forwarding header naming an admitted address does not let a refused one in. */
const forgers = outside.filter((o) => o.localAddress !== undefined && o.localAddress !== o.address);
if (forgers.length === 0) {
  check(
    'SVC-ACCESS-LIST',
    'a forwarding header naming an admitted address does not get a refused address in',
    async () => {
      skipFor(
        'credentials.<role>.localAddress',
        'no credential names both an admitted address (localAddress) and one outside its list (outsideAddress)',
      );
    },
  );
}
for (const o of forgers) {
  const admitted = o.localAddress!;
  check(
    'SVC-ACCESS-LIST',
    `${o.name} from ${o.address} with X-Forwarded-For, Forwarded and X-Real-IP naming ${admitted} is refused`,
    async ({ target, tally }) => {
      const forwarded = admitted.includes(':') ? `for="[${admitted}]"` : `for=${admitted}`;
      const res = await target.get(target.v2(`/groups/${firstProject(target)}`), {
        as: o.name,
        localAddress: o.address,
        headers: { 'x-forwarded-for': admitted, forwarded, 'x-real-ip': admitted },
      });
      expectStatus(
        tally,
        res,
        [401, 403],
        `${refusedForAccessList(o.name, o.address)}, whatever a forwarding header claims`,
      );
    },
  );
}

/** Pairs: an address outside one credential's list that another credential sends from (its list holds it). */
const pairs = outside.flatMap((o) =>
  credentials
    .filter(([name, c]) => name !== o.name && c.localAddress === o.address)
    .map(([name]) => ({ ...o, other: name })),
);
if (pairs.length === 0) {
  check(
    'SVC-ACCESS-LIST-PER-METHOD',
    'an address refused for one credential is accepted for another that lists it',
    async () => {
      skipFor(
        'credentials.<role>.localAddress',
        "no credential sends from (localAddress) an address outside another credential's list (outsideAddress)",
      );
    },
  );
}
/** Routes every credential may read whatever its grants: the same address is judged against each method's own list
 * on each of them. */
const ungranted: { title: string; path: (t: Target) => string; legacy?: boolean }[] = [
  { title: 'the versioned root', path: (t) => t.v2() },
  { title: 'the project list', path: (t) => t.v2('/groups') },
  { title: 'the event types', path: (t) => t.v2('/eventTypes') },
  { title: 'the clusters of all projects', path: (t) => t.v2('/clusters') },
  { title: 'the legacy project list', path: (t) => t.legacy('/groups'), legacy: true },
];

for (const pair of pairs) {
  check(
    'SVC-ACCESS-LIST-PER-METHOD',
    `${pair.address} is refused for ${pair.name} and accepted for ${pair.other}, whose list holds it, on every route that needs no grant`,
    async ({ target, tally }) => {
      const send = (as: string, r: (typeof ungranted)[number]) =>
        target.get(r.path(target), { as, localAddress: pair.address, ...(r.legacy ? { version: null } : {}) });
      const answers = await Promise.all(
        ungranted.map(async (r) => ({
          title: r.title,
          refused: await send(pair.name, r),
          accepted: await send(pair.other, r),
        })),
      );
      judgeAll(
        tally,
        'route',
        answers,
        ({ title, refused, accepted }) => {
          // An address outside the list that is not refused shows no list of that method's own at work.
          expectStatus(tally, refused, [401, 403], `${title}: ${refusedForAccessList(pair.name, pair.address)}`);
          expectStatus(
            tally,
            accepted,
            200,
            `${title}: the ${pair.other} credential, whose own access list holds ${pair.address}, is served from there`,
          );
        },
        { place: ({ title }) => title },
      );
    },
  );
}
