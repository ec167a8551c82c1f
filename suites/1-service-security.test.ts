// Spec 1: what the service does, as far as security goes: HTTPS only, read-only roles, API access lists.
import { expectNotServedInClear } from '../src/judges/plain-http.ts';
import { expectRefused, expectUnchanged } from '../src/judges/refusal.ts';
import { expectStatus } from '../src/judges/status.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { skipFor, TargetError } from '../src/outcome.ts';
import { judged } from '../src/harness/coverage.ts';
import { alertConfigAttempts, clusterAttempts, projectAttempts, requireReadAccess, type Attempt } from '../src/probes/forbidden-changes.ts';
import { check } from '../src/harness/check.ts';
import { firstProject } from '../src/target/projects.ts';
import { judgeRefusedTries, refusedOverSurface } from '../src/probes/refused-surface.ts';
import { sharedResponse } from '../src/probes/shared-response.ts';
import { target, type Target } from '../src/target/target.ts';

// --- "Access is HTTPS only (TLS). Plain HTTP is not served." ---

/** Paths probed in the clear: a redirect carrying no API data passes. */
const plainPaths: { title: string; path: (t: Target) => string }[] = [
  { title: 'the versioned root', path: (t) => t.v2() },
  { title: 'the project list', path: (t) => t.v2('/groups') },
  { title: 'the legacy project list', path: (t) => t.legacy('/groups') },
];

/** What a plain-HTTP address answers, or undefined when nothing listens or answers there. */
async function plainAnswer(t: Target, url: URL): Promise<HttpResponse | undefined> {
  try {
    return await t.send({ method: 'GET', path: url.toString(), as: null });
  } catch (e) {
    if (e instanceof TargetError && ['refused', 'reset', 'timeout', 'transport'].includes(e.cause)) return undefined;
    throw e;
  }
}

for (const p of plainPaths) {
  check('SVC-HTTPS-ONLY', `plain HTTP: ${p.title} answers with no API entity and no JSON error`, async ({ target }) => {
    const plain = target.profile.plainHttpUrl;
    if (!plain) skipFor('plainHttpUrl', 'the profile names no plain-HTTP address to probe');
    const res = await plainAnswer(target, new URL(p.path(target), plain));
    judged('plain-HTTP answer', 1, p.title);
    if (res) expectNotServedInClear(res);
  });
}

// A base URL that is itself plain HTTP is probed too (an HTTPS one has its twin at plainHttpUrl).
if (new URL(target().profile.baseUrl).protocol !== 'https:') {
  check('SVC-HTTPS-ONLY', 'the base URL does not serve the API in the clear', async ({ target }) => {
    const res = await plainAnswer(target, new URL(target.v2(), target.profile.baseUrl));
    judged('plain-HTTP answer');
    if (res) expectNotServedInClear(res);
  });
}

// --- "A user with a read-only role in a project cannot modify any resource in that project through the API." ---

/** Each try is refused, and reading back shows nothing changed. */
function judgeReadOnly(attempts: Attempt[]): void {
  for (const a of attempts) {
    const what = `a read-only key's ${a.what}`;
    expectRefused(a.response, `${what} is refused`);
    if (a.readBack) expectUnchanged(a.readBack.before, a.readBack.after, a.readBack.fields, what);
  }
}

check('SVC-READ-ONLY-NO-MODIFY', 'a read-only key reads its project, and its PATCH of the project (own name) is refused', async ({ target }) => {
  await requireReadAccess(target, 'readOnly');
  judgeReadOnly(await projectAttempts(target, 'readOnly'));
});

check('SVC-READ-ONLY-NO-MODIFY', "a read-only key's POST, PUT, PATCH and DELETE of alert configurations are refused and change nothing", async ({ target }) => {
  await requireReadAccess(target, 'readOnly');
  judgeReadOnly(await alertConfigAttempts(target, 'readOnly'));
});

check('SVC-READ-ONLY-NO-MODIFY', "a read-only key's POST, PATCH and DELETE of clusters are refused and change nothing", async ({ target }) => {
  await requireReadAccess(target, 'readOnly');
  judgeReadOnly(await clusterAttempts(target, 'readOnly'));
});

// Every write of the writable surface, each carrying a real change (a marked create, a new value), under both
// generations: refused, and the owner reads back that nothing was created or changed.
check('SVC-READ-ONLY-NO-MODIFY', "a read-only key's POST, PUT and PATCH of every writable resource of its project, under both generations, are refused and change nothing", async ({ target }) => {
  await requireReadAccess(target, 'readOnly');
  judgeRefusedTries(await refusedOverSurface(target, 'read-only', { as: 'readOnly' }, { inProject: true }), 'a read-only key', expectRefused);
});

// --- "access may be limited to an API access list of IP addresses or CIDR ranges. Each authentication method has
// its own list." (and spec 5: "A request from an address outside the list is refused.") ---

const credentials = Object.entries(target().profile.credentials);
/** Credentials with an address outside their access list (credentials.<role>.outsideAddress). */
const outside = credentials.flatMap(([name, c]) => (c.outsideAddress ? [{ name, address: c.outsideAddress, localAddress: c.localAddress }] : []));

/** Every kind of route: the root, a top-level list, a project, a list inside it, the legacy API, a write. */
const routes: { title: string; send: (t: Target, as: string, from: string) => Promise<HttpResponse> }[] = [
  { title: 'GET the versioned root', send: (t, as, from) => t.get(t.v2(), { as, localAddress: from }) },
  { title: 'GET the project list', send: (t, as, from) => t.get(t.v2('/groups'), { as, localAddress: from }) },
  { title: 'GET a project', send: (t, as, from) => t.get(t.v2(`/groups/${firstProject(t)}`), { as, localAddress: from }) },
  { title: "GET a project's clusters", send: (t, as, from) => t.get(t.v2(`/groups/${firstProject(t)}/clusters`), { as, localAddress: from }) },
  { title: 'GET a project through the legacy API', send: (t, as, from) => t.get(t.legacy(`/groups/${firstProject(t)}`), { as, localAddress: from, version: null }) },
  {
    title: 'PATCH a project with its own name',
    send: async (t, as, from) => {
      const p = firstProject(t);
      const project = await sharedResponse(`roles:owner-read:${p}`, () => t.get(t.v2(`/groups/${p}`)));
      expectStatus(project, 200, 'the owner reads its project');
      return t.send({ method: 'PATCH', path: t.v2(`/groups/${p}`), as, localAddress: from, json: { name: (project.json() as { name?: unknown }).name } });
    },
  },
];

const refusedForAccessList = (name: string, address: string) => `a request of the ${name} credential from ${address}, outside its access list, is refused`;

if (outside.length === 0) {
  check('SVC-ACCESS-LIST', 'a request from outside a credential\'s access list is refused', async () => {
    skipFor('credentials', 'no credential names an address outside its access list (credentials.<role>.outsideAddress)');
  });
}

for (const o of outside) {
  for (const r of routes) {
    check('SVC-ACCESS-LIST', `${o.name} from ${o.address} (outside its list): ${r.title} is refused`, async ({ target }) => {
      expectStatus(await r.send(target, o.name, o.address), [401, 403], refusedForAccessList(o.name, o.address));
    });
  }
}

// A refused request from outside the list takes no effect: every write of the surface, each with a real change, is
// sent from outside the first such credential's list (one credential: the writes cost some thirty requests).
if (outside.length > 0) {
  const o = outside[0]!;
  check('SVC-ACCESS-LIST', `${o.name} from ${o.address} (outside its list): every write of the writable surface is refused and changes nothing`, async ({ target }) => {
    const tries = await refusedOverSurface(target, 'access-list', { as: o.name, localAddress: o.address });
    judgeRefusedTries(tries, `the ${o.name} credential from ${o.address}`, (res, what) => expectStatus(res, [401, 403], what));
  });
}

/** A forged forwarding header naming an admitted address does not let a refused one in. */
const forgers = outside.filter((o) => o.localAddress !== undefined && o.localAddress !== o.address);
if (forgers.length === 0) {
  check('SVC-ACCESS-LIST', 'a forwarding header naming an admitted address does not get a refused address in', async () => {
    skipFor('credentials', 'no credential names both an admitted address (localAddress) and one outside its list (outsideAddress)');
  });
}
for (const o of forgers) {
  const admitted = o.localAddress!;
  check('SVC-ACCESS-LIST', `${o.name} from ${o.address} with X-Forwarded-For, Forwarded and X-Real-IP naming ${admitted} is refused`, async ({ target }) => {
    const forwarded = admitted.includes(':') ? `for="[${admitted}]"` : `for=${admitted}`;
    const res = await target.get(target.v2(`/groups/${firstProject(target)}`), {
      as: o.name, localAddress: o.address, headers: { 'x-forwarded-for': admitted, forwarded, 'x-real-ip': admitted },
    });
    expectStatus(res, [401, 403], `${refusedForAccessList(o.name, o.address)}, whatever a forwarding header claims`);
  });
}

/** Pairs: an address outside one credential's list that another credential sends from (its list holds it). */
const pairs = outside.flatMap((o) => credentials.filter(([name, c]) => name !== o.name && c.localAddress === o.address).map(([name]) => ({ ...o, other: name })));
if (pairs.length === 0) {
  check('SVC-ACCESS-LIST-PER-METHOD', 'an address refused for one credential is accepted for another that lists it', async () => {
    skipFor('credentials', 'no credential sends from (localAddress) an address outside another credential\'s list (outsideAddress)');
  });
}
for (const pair of pairs) {
  check('SVC-ACCESS-LIST-PER-METHOD', `${pair.address} is refused for ${pair.name} and accepted for ${pair.other}, whose list holds it`, async ({ target }) => {
    const path = target.v2('/groups');
    const refused = await target.get(path, { as: pair.name, localAddress: pair.address });
    // An address outside the list that is not refused shows no list of that method's own at work.
    expectStatus(refused, [401, 403], refusedForAccessList(pair.name, pair.address));
    const accepted = await target.get(path, { as: pair.other, localAddress: pair.address });
    expectStatus(accepted, 200, `the ${pair.other} credential, whose own access list holds ${pair.address}, is served from there`);
  });
}
