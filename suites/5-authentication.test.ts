// Spec 5: authentication. API keys with HTTP Digest, service-account bearer tokens, 401 and 403, grants.
import { randomBytes } from 'node:crypto';
import { answerableChallenges, expectDigestChallenge } from '../src/judges/digest-challenge.ts';
import { expectJudgeable, expectRefused, expectStatus } from '../src/harness/judged-answers.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { digestAnswer, wrongDigestAnswer, type WrongAnswer } from '../src/http/digest-answers.ts';
import { RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import { credential, digestUri, keyPair, requireCredential, sendAuthorized } from '../src/target/credentials.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { ownNamePatch } from '../src/probes/own-name-patch.ts';
import { check } from '../src/harness/check.ts';
import { firstProject } from '../src/target/projects.ts';
import { noGrantTries, readOnlyTries } from '../src/probes/refused-callers.ts';
import { judgeRefusedTries } from '../src/probes/refused-reach.ts';
import type { RefusedTry } from '../src/probes/refused-surface.ts';
import { methodSurface } from '../src/probes/surface/methods.ts';
import { sharedResponse } from '../src/probes/shared-response.ts';
import { describeOp } from '../src/probes/write-operations.ts';
import { caseGeneration } from '../src/probes/resource-versions.ts';
import { describeExchange } from '../src/judges/status.ts';
import type { Target } from '../src/target/target.ts';
import { expectProfilePathServed } from '../src/judges/profile-path.ts';
import {
  badTokenAnswer,
  credentialSample,
  unauthenticatedAnswer,
  wrongKeyAnswer,
  type SampledRequest,
} from './support/credential-sample.ts';

/** Where authentication is probed: a resource every caller may read, outside any project's rate budget. */
const probePath = (t: Target) => t.v2('/groups');

/** A fresh 401 to a request without authentication, with a challenge of its own. */
function unauthenticated(t: Target): Promise<HttpResponse> {
  return t.get(probePath(t), { as: null });
}

/** Sends a GET of the probe path as the owner, with `authorization` (an answer to a challenge) as its header. */
function answerAsOwner(t: Target, authorization: string): Promise<HttpResponse> {
  return sendAuthorized(t, 'owner', { method: 'GET', path: probePath(t) }, authorization);
}

// --- "API keys are used as a public key and private key pair with HTTP Digest authentication (username is
// <PUBLIC_KEY>, password is <PRIVATE_KEY>)." ---

check(
  'AUTH-DIGEST',
  'each Digest challenge offered, answered with the public key as user name and the private key as password, authenticates',
  async ({ target, tally }) => {
    const key = keyPair(target, 'owner');
    const first = await unauthenticated(target);
    if (first.status !== 401)
      throw new TargetError(
        'nothing-judged',
        `a request without authentication drew ${first.status}, not a challenge to answer (AUTH-MISSING-401 judges that)`,
        first.exchange,
      );
    const algorithms = [...new Set(answerableChallenges(first).map((c) => c.algorithm))];
    if (algorithms.length === 0) {
      throw new RuleFailure('the 401 offers no Digest challenge, so an API key cannot authenticate with Digest', {
        expected: 'WWW-Authenticate: Digest ...',
        actual: first.header('www-authenticate') ?? 'no WWW-Authenticate header',
        exchange: first.exchange,
      });
    }
    for (const algorithm of algorithms) {
      // A fresh challenge for each algorithm: an answer uses up its nonce count.
      const challenge = answerableChallenges(await unauthenticated(target)).find((c) => c.algorithm === algorithm);
      if (!challenge)
        throw new TargetError(
          'nothing-judged',
          `a second request without authentication was not offered ${algorithm} again`,
        );
      const res = await answerAsOwner(
        target,
        digestAnswer(challenge, key, 'GET', digestUri(target, probePath(target))),
      );
      expectStatus(tally, res, 200, `a correct ${algorithm} Digest answer with the owner's key pair authenticates`);
    }
  },
);

// --- "Missing authentication, wrong credentials, or a user not allowed to reach the resource: 401." ---

const unauthenticatedRequests: { title: string; send: (t: Target) => Promise<HttpResponse> }[] = [
  { title: 'GET the versioned root', send: (t) => t.get(t.v2(), { as: null }) },
  { title: 'GET the project list', send: (t) => t.get(t.v2('/groups'), { as: null }) },
  { title: 'GET a project', send: (t) => t.get(t.v2(`/groups/${firstProject(t)}`), { as: null }) },
  { title: "GET a project's clusters", send: (t) => t.get(t.v2(`/groups/${firstProject(t)}/clusters`), { as: null }) },
  { title: 'GET the legacy project list', send: (t) => t.get(t.legacy('/groups'), { as: null, version: null }) },
  {
    title: 'GET a project through the legacy API',
    send: (t) => t.get(t.legacy(`/groups/${firstProject(t)}`), { as: null, version: null }),
  },
  {
    title: 'PATCH a project with its own name',
    send: (t) => ownNamePatch(t, { as: null }),
  },
];

for (const r of unauthenticatedRequests) {
  check('AUTH-MISSING-401', `${r.title} without authentication gets 401`, async ({ target, tally }) => {
    expectStatus(tally, await r.send(target), 401, `${r.title} without authentication is refused as unauthenticated`);
  });
}

// Every method under both generations, each on a path of the surface the run's seed draws.
check(
  'AUTH-MISSING-401',
  'every method under both generations, on a path of the surface drawn by the seed, without authentication gets 401',
  async ({ target, tally }) => {
    const sample = await credentialSample(target);
    const answers = await Promise.all(sample.map(async (r) => ({ r, res: await unauthenticatedAnswer(target, r) })));
    judgeAll(
      tally,
      'unauthenticated request',
      answers,
      ({ r, res }) => expectStatus(tally, res, 401, `${r.title} without authentication is refused as unauthenticated`),
      { place: ({ r }) => r.title },
    );
    tally.judged('method', new Set(sample.map((r) => r.method)).size);
    tally.judged('generation', new Set(sample.map((r) => r.generation)).size);
  },
);

/** Digest answers wrong in one respect each, for the owner's key on the probe path. */
const wrongAnswers: { kind: WrongAnswer; title: string }[] = [
  { kind: 'wrong-private-key', title: 'a Digest answer made with a wrong private key' },
  { kind: 'unknown-public-key', title: 'a Digest answer naming an unknown public key' },
  { kind: 'tampered-response', title: 'a Digest answer whose response digest was altered' },
  { kind: 'stale-nonce', title: 'a Digest answer on a nonce the target did not issue (as an expired one)' },
];

function wrongAnswerProbe(t: Target, kind: WrongAnswer): Promise<HttpResponse> {
  return sharedResponse(`auth:wrong-digest:${kind}`, async () => {
    const challenge = expectDigestChallenge(await unauthenticated(t), 'a request without authentication is challenged');
    return answerAsOwner(t, wrongDigestAnswer(kind, challenge, keyPair(t, 'owner'), 'GET', digestUri(t, probePath(t))));
  });
}

/** A correct answer, accepted once, sent again unchanged (same nonce, same nonce count). */
function replayProbe(t: Target): Promise<HttpResponse> {
  return sharedResponse('auth:wrong-digest:replayed', async () => {
    const challenge = expectDigestChallenge(await unauthenticated(t), 'a request without authentication is challenged');
    const answer = digestAnswer(challenge, keyPair(t, 'owner'), 'GET', digestUri(t, probePath(t)));
    const first = await answerAsOwner(t, answer);
    if (first.status !== 200)
      throw new TargetError(
        'nothing-judged',
        `a correct Digest answer drew ${first.status}, so its replay shows nothing (AUTH-DIGEST judges that)`,
        first.exchange,
      );
    return answerAsOwner(t, answer);
  });
}

for (const w of wrongAnswers) {
  check('AUTH-WRONG-401', `${w.title} gets 401`, async ({ target, tally }) => {
    expectStatus(tally, await wrongAnswerProbe(target, w.kind), 401, `${w.title} is refused`);
  });
}

check(
  'AUTH-WRONG-401',
  'every method under both generations, on a path of the surface drawn by the seed, answered with a wrong private key gets 401',
  async ({ target, tally }) => {
    const sample = await credentialSample(target);
    const answers = await Promise.all(sample.map(async (r) => ({ r, res: await wrongKeyAnswer(target, r) })));
    const answered = answers.filter((a): a is { r: SampledRequest; res: HttpResponse } => a.res !== undefined);
    if (answered.length === 0)
      throw new TargetError('nothing-judged', 'no request of the sample drew a Digest challenge to answer wrongly');
    judgeAll(
      tally,
      'wrongly authenticated request',
      answered,
      ({ r, res }) => expectStatus(tally, res, 401, `${r.title} with a wrong private key is refused`),
      { place: ({ r }) => r.title },
    );
    tally.judged('method', new Set(answered.map(({ r }) => r.method)).size);
    tally.judged('generation', new Set(answered.map(({ r }) => r.generation)).size);
  },
);

check('AUTH-WRONG-401', 'a replayed Digest answer (same nonce and nonce count) gets 401', async ({ target, tally }) => {
  expectStatus(tally, await replayProbe(target), 401, 'a replayed Digest answer is refused');
});

// Every 401 challenges (spec 5: API keys authenticate with Digest): a correct answer to the challenge it carries works.
const challenged: { title: string; probe: (t: Target) => Promise<HttpResponse> }[] = [
  { title: 'a request without authentication', probe: (t) => sharedResponse('auth:missing', () => unauthenticated(t)) },
  ...wrongAnswers.map((w) => ({ title: w.title, probe: (t: Target) => wrongAnswerProbe(t, w.kind) })),
  { title: 'a replayed Digest answer', probe: replayProbe },
];

for (const c of challenged) {
  check(
    'AUTH-DIGEST-CHALLENGE',
    `the 401 to ${c.title} carries a Digest challenge that a correct answer meets`,
    async ({ target, tally }) => {
      const res = await c.probe(target);
      if (res.status !== 401)
        throw new TargetError(
          'nothing-judged',
          `${c.title} drew ${res.status}, not a 401 whose challenge could be judged (AUTH-MISSING-401 and AUTH-WRONG-401 judge that)`,
          res.exchange,
        );
      const challenge = expectDigestChallenge(res, `the 401 to ${c.title}`);
      const answered = await answerAsOwner(
        target,
        digestAnswer(challenge, keyPair(target, 'owner'), 'GET', digestUri(target, probePath(target))),
      );
      expectStatus(tally, answered, 200, `a correct answer to the challenge of the 401 to ${c.title} authenticates`);
    },
  );
}

// "With Digest, the secret is not sent over the network in the clear."
check(
  'AUTH-NO-CLEARTEXT',
  'the key pair sent in the clear (Basic authentication) is not accepted',
  async ({ target, tally }) => {
    if (new URL(target.profile.baseUrl).protocol !== 'https:')
      skipFor('baseUrl', 'the base URL is plain HTTP: a key sent in the clear would cross the network readable');
    const key = keyPair(target, 'owner');
    const basic = Buffer.from(`${key.publicKey}:${key.privateKey}`).toString('base64');
    target.client.options.redactor.add(basic);
    const res = await sendAuthorized(target, 'owner', { method: 'GET', path: probePath(target) }, `Basic ${basic}`);
    expectRefused(tally, res, 'a request carrying the private key in the clear is refused');
  },
);

// --- "Two methods authenticate requests: service accounts, or API keys." ---

check(
  'AUTH-BEARER',
  "the service account's token reads a project under both generations and its clusters, and patches the project with its own name, as an API key does",
  async ({ target, tally }) => {
    requireCredential(target, 'serviceAccount');
    if (credential(target, 'serviceAccount').token === undefined)
      skipFor('credentials.serviceAccount', 'the serviceAccount credential is not a bearer token (tokenEnv)');
    const p = firstProject(target);
    const reads = [
      target.get(target.v2(`/groups/${p}`), { as: 'serviceAccount' }),
      target.get(target.v2(`/groups/${p}/clusters`), { as: 'serviceAccount' }),
      target.get(target.legacy(`/groups/${p}`), { as: 'serviceAccount', version: null }),
    ];
    for (const res of await Promise.all(reads))
      expectStatus(tally, res, 200, 'a read with the service account token is served');
    // Its role may not let it write (403): authenticated all the same, which is this rule's.
    const patch = await ownNamePatch(target, { as: 'serviceAccount' });
    expectJudgeable(tally, patch, 'a PATCH with the service account token is answered');
    if (patch.status === 401)
      throw new RuleFailure(`${describeExchange(patch)}: a PATCH with the service account token is unauthenticated`, {
        expected: 'not 401',
        actual: patch.status,
        exchange: patch.exchange,
      });
  },
);

const badTokens: { title: string; authorization: () => string }[] = [
  {
    title: 'a bearer token the target never issued',
    authorization: () => `Bearer ${randomBytes(24).toString('base64url')}`,
  },
  { title: 'an empty bearer token', authorization: () => 'Bearer' },
];

for (const b of badTokens) {
  check('AUTH-BEARER', `${b.title} gets 401`, async ({ target, tally }) => {
    const res = await target.get(probePath(target), { as: null, headers: { authorization: b.authorization() } });
    expectStatus(tally, res, 401, `${b.title} is refused`);
  });
}

// The same on every method, each on a path of the surface the run's seed draws, the generations and the two bad
// tokens in turns (the other seed of a pair sends each method under the other generation).
check(
  'AUTH-BEARER',
  'a bad bearer token (never issued, or empty, in turns) on every method, under /v2 or /v1.0 in turns, on a path of the surface drawn by the seed, gets 401',
  async ({ target, tally }) => {
    const sample = await credentialSample(target);
    const methods = [...new Set(sample.map((r) => r.method))];
    const sent = methods.map((method, k) => {
      const turn = caseGeneration(target.setup.seed, k);
      const r =
        sample.find((s) => s.method === method && s.generation === turn) ?? sample.find((s) => s.method === method)!;
      // The tokens turn every other method, so that each meets each generation in every run.
      return { r, token: badTokens[Math.floor(k / 2) % badTokens.length]! };
    });
    const answers = await Promise.all(
      sent.map(async ({ r, token }) => ({ r, token, res: await badTokenAnswer(target, r, token.authorization()) })),
    );
    judgeAll(
      tally,
      'bad-token request',
      answers,
      ({ r, token, res }) => expectStatus(tally, res, 401, `${r.title} with ${token.title} is refused`),
      { place: ({ r }) => r.title },
    );
    tally.judged('method', methods.length);
    tally.judged('generation', new Set(sent.map(({ r }) => r.generation)).size);
  },
);

// --- "An authentication method belongs to one organization and may be granted access to several projects." ---

for (const name of ['owner', 'owner2', 'readOnly', 'serviceAccount']) {
  check(
    'AUTH-MULTI-PROJECT',
    `the ${name} credential reaches each project of the profile`,
    async ({ target, tally }) => {
      requireCredential(target, name);
      const ids = target.profile.projects.ids;
      if (ids.length < 2) skipFor('projects.ids', 'the profile names fewer than two projects');
      const answers = await Promise.all(ids.map((id) => target.get(target.v2(`/groups/${id}`), { as: name })));
      for (const res of answers) {
        expectProfilePathServed(res, 'projects.ids', `the ${name} credential reads a project of the profile`);
        if (res.status >= 500 || res.status === 429)
          expectStatus(tally, res, 200, `the ${name} credential reads a project`);
      }
      const missed = answers.filter((res) => res.status !== 200);
      // A credential that reaches none has no grant at work to compare (its role is other rules' concern).
      if (missed.length === answers.length)
        throw new TargetError(
          'nothing-judged',
          `the ${name} credential reaches none of the profile's projects (${missed.map((r) => r.status).join(', ')})`,
          missed[0]?.exchange,
        );
      tally.judged('project', answers.length);
      if (missed.length) {
        throw new RuleFailure(
          `the ${name} credential reaches ${answers.length - missed.length} of the ${ids.length} projects it is granted`,
          {
            expected: ids.map(() => 200),
            actual: answers.map((r) => r.status),
            exchange: missed[0]!.exchange,
          },
        );
      }
    },
  );
}

// --- "Authorization follows the roles of the user behind the method". A method with no grant on a project. ---

/** A request a caller may not make, and its answer. */
interface Attempt {
  /** What was tried, e.g. 'GET of the events'. */
  what: string;
  response: HttpResponse;
}

/** GET by the key without a grant of the project and every path of the method surface under it, under both
 * generations, once per run. */
async function outsiderSurfaceReads(t: Target): Promise<Attempt[]> {
  requireCredential(t, 'outsider');
  const project = `/groups/${firstProject(t)}`;
  const paths = (await methodSurface(t, async () => undefined)).filter(
    (p) => p.path === project || p.path.startsWith(`${project}/`),
  );
  const reads = paths.flatMap((p) => [
    { what: `GET of ${p.title}`, send: () => t.get(t.v2(p.path), { as: 'outsider' }), key: p.path },
    {
      what: `GET of ${p.title} (v1.0)`,
      send: () => t.get(t.legacy(p.path), { as: 'outsider', version: null }),
      key: `v1.0:${p.path}`,
    },
  ]);
  return Promise.all(
    reads.map(async (r) => ({ what: r.what, response: await sharedResponse(`roles:outsider-read:${r.key}`, r.send) })),
  );
}

check(
  'AUTH-NO-GRANT',
  'a key without a grant cannot read the project or any path the crawl finds under it, under both generations',
  async ({ target, tally }) => {
    const reads = await outsiderSurfaceReads(target);
    judgeAll(
      tally,
      "no-grant key's read",
      reads,
      (r) => expectRefused(tally, r.response, `the ${r.what} by a key without a grant on the project is refused`),
      { place: (r) => r.what },
    );
  },
);

check(
  'AUTH-NO-GRANT',
  'a key without a grant does not find the project in its project list',
  async ({ target, tally }) => {
    requireCredential(target, 'outsider');
    const p = firstProject(target);
    const res = await target.get(target.v2('/groups'), {
      as: 'outsider',
      query: { [target.profile.paging.itemsPerPageParam]: target.profile.paging.maxItemsPerPage },
    });
    if (res.status >= 400) {
      // A refused list shows no project either; a 5xx or 429 leaves the rule unjudged.
      expectRefused(tally, res, 'the project list of a key without grants is refused or leaves the project out');
      return;
    }
    expectStatus(tally, res, 200, 'the project list of a key without a grant is served or refused');
    const results = res.jsonObject()[target.profile.paging.resultsField];
    const ids = Array.isArray(results) ? results.map((g) => (g as { id?: unknown }).id) : [];
    if (ids.includes(p)) {
      throw new RuleFailure(`project ${p} appears in the project list of a key without a grant on it`, {
        expected: `no project ${p}`,
        actual: ids,
        exchange: res.exchange,
      });
    }
  },
);

check(
  'AUTH-NO-GRANT',
  'a key without a grant cannot make any write of any writable resource of the project, under both generations: refused, nothing changed',
  async ({ target, tally }) => {
    judgeRefusedTries(tally, await noGrantTries(target), 'a key without a grant on the project', (res, what) =>
      expectRefused(tally, res, what),
    );
  },
);

// "Access not permitted: 403." The spec also gives 401 to "a user not allowed to reach the resource", so both pass;
// whether a try was refused at all is judged by SVC-READ-ONLY-NO-MODIFY and AUTH-NO-GRANT.
const asAttempts = (tries: RefusedTry[]): Attempt[] =>
  tries.map(({ op, response }) => ({ what: describeOp(op), response }));
const forbidden: { title: string; attempts: (t: Target) => Promise<Attempt[]> }[] = [
  {
    title: "a read-only key's writes of every writable resource",
    attempts: async (t) => asAttempts(await readOnlyTries(t)),
  },
  { title: 'the reads of every path under a project by a key without a grant', attempts: outsiderSurfaceReads },
  {
    title: 'the writes of every writable resource under a project by a key without a grant',
    attempts: async (t) => asAttempts(await noGrantTries(t)),
  },
];

for (const f of forbidden) {
  check('AUTH-FORBIDDEN-403', `${f.title}: each refusal is 403 (or 401)`, async ({ target, tally }) => {
    const attempts = await f.attempts(target);
    const refused = attempts.filter((a) => a.response.status >= 400);
    if (refused.length === 0)
      throw new TargetError('nothing-judged', `none of ${f.title} was refused, so no refusal status could be judged`);
    judgeAll(
      tally,
      'refusal',
      refused,
      (a) =>
        expectStatus(
          tally,
          a.response,
          [403, 401],
          `the ${a.what}, not permitted to this caller, is refused with 403 or 401`,
        ),
      { place: (a) => a.what },
    );
  });
}
