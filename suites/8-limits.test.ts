// Spec 8: limits. "Request rate | 100 requests per minute per project", "Rate counter | one counter per project,
// shared by all authentication methods that can reach the project, reset every minute", "Over the limit | status 429".
// The limit and the window are the profile's (rateLimit.limit, .windowSeconds). Each burst goes to a project
// reserved for it, in a window of the target's clock in which that project had spent nothing
// (suites/support/rate-window.ts). The single-credential burst measures the limit; the other bursts are held against
// it, so that each rule judges only its own part of the counting. Against a conforming target two bursts serve every
// rule (a burst is a whole window of the project): the single-credential one and a joint one that three rules judge.
// Where both go to one project, the joint one follows the first request after the turn in that same window, and
// the reset is judged on the whole budget of that window.
import { missingNames } from '../src/probes/surface/lists.ts';
import {
  allowance,
  checkConcurrentAllowance,
  checkOverLimitRefused,
  checkRateLimitErrorBody,
  checkSameAllowance,
  checkWholeBudgetAfterTurn,
  checkWithinLimitProceed,
  expectNoServerError,
  proceeded,
} from '../src/judges/rate-limit.ts';
import { afterAll } from 'vitest';
import type { HttpResponse } from '../src/http/messages.ts';
import type { ProjectLease } from '../src/http/rate-scheduler.ts';
import { RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import { cite } from '../src/harness/evidence.ts';
import { once as oncePerRun, perRun } from '../src/harness/per-run.ts';
import {
  inHeldWindow,
  inOneWindow,
  landedIn,
  roomIn,
  untilTurnAfter,
  type BurstWindow,
} from './support/rate-window.ts';
import { deleteCreated, noteAccepted, type Created } from '../src/target/created.ts';
import { runName } from '../src/harness/run-name.ts';
import { alertConfigBody } from '../src/probes/new-entities.ts';
import {
  effectOf,
  expectNoEffect,
  sendRefusable,
  type Effect,
  type RefusableWrite,
} from '../src/probes/refused-write.ts';
import { alertConfigKind } from '../src/probes/sequence.ts';
import { check, type CheckContext } from '../src/harness/check.ts';
import type { Target } from '../src/target/target.ts';
import { target as runTarget } from '../src/harness/run-target.ts';
import { ownProjects } from '../src/probes/work-project.ts';

const limit = runTarget().profile.rateLimit.limit;
const attempts = 3;

/** An experiment that several checks judge: run once per run, by the first check that needs it. */
function once<T>(key: string, run: (ctx: CheckContext) => Promise<T>): (ctx: CheckContext) => Promise<T> {
  return (ctx) => oncePerRun(`experiment:${key}`, () => run(ctx));
}

/** The projects bursts may go to: the suite's own, the empty one, the profile's others, and last its first (bursts
 * only read). Bursts by one credential take the suite's own first, leaving the profile's, which every credential
 * reaches, to the bursts by all of them (the exhaustion goes where the joint burst does, `ownerPool`); the profile's
 * first, which the other suites read most, comes last (a partner's single request goes there). The suite's own are
 * made before any credential's projects are listed. */
async function burstProjects(t: Target): Promise<string[]> {
  const { ids, emptyProjectId } = t.profile.projects;
  const pool = [
    ...new Set([
      ...(await ownProjects(t)),
      ...(emptyProjectId ? [emptyProjectId] : []),
      ...ids.slice(1),
      ...ids.slice(0, 1),
    ]),
  ];
  if (!pool.length) skipFor('projects.ids', 'the profile names no project');
  return pool;
}

/** The projects a credential reaches, from its GET /groups: outside every project's budget, and it settles the
 * credential's Digest handshake before any project is reserved. The suite's own projects are made first, so that the
 * list holds them. */
function projectsOf(t: Target, as: string): Promise<Set<string>> {
  return oncePerRun(`projects-of:${as}`, async () => {
    await ownProjects(t);
    return listProjects(t, as);
  });
}

async function listProjects(t: Target, as: string): Promise<Set<string>> {
  const { itemsPerPageParam, maxItemsPerPage, resultsField } = t.profile.paging;
  const res = await t.get(t.v2('/groups'), { as, query: { [itemsPerPageParam]: maxItemsPerPage } });
  const results = res.status === 200 ? res.jsonObject()[resultsField] : [];
  return new Set(
    (Array.isArray(results) ? results : [])
      .map((g) => (g as { id?: unknown }).id)
      .filter((id): id is string => typeof id === 'string'),
  );
}

// Requests of a burst answer no challenge: a 401 in it (a nonce gone stale) makes inOneWindow send it again.
function readProject(t: Target, project: string, as: string, lease: ProjectLease): Promise<HttpResponse> {
  return t.get(t.v2(`/groups/${project}`), { as, lease, answerChallenge: false });
}

function readMissingCluster(t: Target, project: string, lease: ProjectLease): Promise<HttpResponse> {
  return t.get(t.v2(`/groups/${project}/clusters/${missingNames.clusterName}`), { lease, answerChallenge: false });
}

interface Exhaustion {
  at: BurstWindow;
  /** Requests by one credential, in order: limit + 1 of them, then more until the first 429 while the window has room
   * (twice the limit at most), so that a target that lets more through still gives a measure. */
  burst: HttpResponse[];
  /** How many proceeded before the first 429; undefined when none was refused. */
  allowed: number | undefined;
  /** A request to another project right after the burst, in the same window. */
  partnerProbe?: HttpResponse;
  /** A create sent right after the first 429, while the project is over its limit: it must take no effect. */
  overLimitCreate?: { write: RefusableWrite; response: HttpResponse; effect?: Promise<Effect | undefined> };
}

/** A marked alert configuration of the project: a create that would show in its list if it were not rejected. Each
 * create of the run has its own mark (`n`): a burst sent again, when its window turned mid-burst, must not find the
 * configuration an earlier create of the run made while the project was within its limit. */
const overLimitWrite = (t: Target, project: string, n: number): RefusableWrite => ({
  method: 'POST',
  path: alertConfigKind.collection(t, project),
  body: alertConfigBody(runName(t, `over-limit-${n}`)),
  key: alertConfigKind.key,
  generation: 'v2',
});

type OverLimitCreate = NonNullable<Exhaustion['overLimitCreate']>;

/** The creates the run sent over the limit: each is read back once, by the check that judges it or at the end of the
 * file, so that what a target made all the same is deleted also in a run without that check. */
const overLimitCreates = perRun((): OverLimitCreate[] => []);

/** What a create sent over the limit made (deleted when found); read once per run, since the reading undoes it. */
const readBack = (t: Target, c: OverLimitCreate) => (c.effect ??= effectOf(t, c.write, c.response));

afterAll(async () => {
  await Promise.allSettled(overLimitCreates().map((c) => readBack(runTarget(), c)));
});

/** The projects of `burstProjects` the owner reaches, those that more credentials reach first: the joint burst's
 * order, so that the exhaustion and the joint burst go to one project where they can, and the joint burst takes over
 * the window after the exhaustion's turn. */
async function ownerPool(t: Target): Promise<string[]> {
  const callersOf = await callersBy(t);
  return (await burstProjects(t))
    .filter((p) => callersOf(p).includes('owner'))
    .sort((a, b) => callersOf(b).length - callersOf(a).length);
}

async function exhaust(ctx: CheckContext, withPartner: boolean): Promise<Exhaustion> {
  const t = ctx.target;
  const pool = await ownerPool(t);
  if (!pool.length)
    throw new TargetError('nothing-judged', "the owner credential reaches none of the profile's projects");
  return inOneWindow(ctx, pool, { requests: limit + 3, partner: withPartner, credentials: ['owner'] }, async (at) => {
    const burst: HttpResponse[] = [];
    while (
      burst.length <= limit ||
      (allowance(burst) === undefined && burst.length < 2 * limit && roomIn(t, at.window))
    ) {
      burst.push(await readProject(t, at.project, 'owner', at.lease));
    }
    let overLimitCreate: Exhaustion['overLimitCreate'];
    if (burst.at(-1)?.status === 429) {
      const write = overLimitWrite(t, at.project, overLimitCreates().length);
      overLimitCreate = { write, response: await sendRefusable(t, write, { lease: at.lease }) };
      overLimitCreates().push(overLimitCreate);
    }
    const partnerProbe = at.partner === undefined ? undefined : await readProject(t, at.partner, 'owner', at.lease);
    expectNoServerError([...burst, ...(partnerProbe ? [partnerProbe] : [])], 'a burst of requests to one project');
    return {
      burst,
      allowed: allowance(burst),
      partnerProbe,
      overLimitCreate,
      responses: partnerProbe ? [...burst, partnerProbe] : burst,
    };
  });
}

interface Reset {
  exhausted: Exhaustion;
  /** The first request to the exhausted project after its window turned. */
  probe: HttpResponse;
}

/** Spends the budget of a project and, after the turn, sends it one more request; the project stays reserved
 * until then. Several checks judge the burst long before the turn. */
const exhaustion = once('exhaustion', async (ctx) => {
  const exhausted = await exhaust(ctx, true);
  const reset = afterTurn(ctx, exhausted, 1);
  reset.catch(() => undefined); // judged only by the check that awaits it
  return { ...exhausted, reset };
});

async function afterTurn(ctx: CheckContext, exhausted: Exhaustion, attempt: number): Promise<Reset | undefined> {
  const t = ctx.target;
  let handed = false;
  try {
    if (exhausted.allowed === undefined) return undefined;
    // A nonce that went stale while waiting is renewed before the turn, outside the project's budget.
    await untilTurnAfter(ctx, exhausted.at.window, () => t.get(t.v2('/')));
    const probe = await readProject(t, exhausted.at.project, 'owner', exhausted.at.lease);
    if (probe.status !== 401 && landedIn(t, [probe], exhausted.at.window + 1)) {
      handed = handOver(
        { lease: exhausted.at.lease, project: exhausted.at.project, window: exhausted.at.window + 1 },
        probe,
      );
      return { exhausted, probe };
    }
  } finally {
    if (!handed) exhausted.at.lease.release();
  }
  if (attempt === attempts)
    throw new TargetError(
      'nothing-judged',
      `in ${attempts} attempts, no request could be placed in the window right after one in which the project was refused`,
    );
  return afterTurn(ctx, await exhaust(ctx, false), attempt + 1);
}

/** A window a burst takes over with its project still reserved, and how many requests the project spent in it
 * before, each of which proceeded. */
interface HeldWindow {
  at: BurstWindow;
  spent: number;
}

/** Bursts waiting, per project, for the window right after the turn that follows the exhaustion. */
const waitingForTurn = perRun(() => new Map<string, (held: HeldWindow) => void>());

/** Hands the window of the reset probe, with the project still reserved, to a burst waiting for it; the probe must
 * have succeeded, so that what it spent is known. Whether one took it. */
function handOver(at: BurstWindow, probe: HttpResponse): boolean {
  const take = waitingForTurn().get(at.project);
  if (!take || probe.status < 200 || probe.status >= 300) return false;
  take({ at, spent: 1 });
  return true;
}

/** The window right after the exhaustion's turn, when the exhausted project is one of `pool`: taken over after
 * the reset probe, so that the window does not go idle but for one request. Undefined when none was handed over. */
async function windowAfterTurn(ctx: CheckContext, pool: string[]): Promise<HeldWindow | undefined> {
  const { at, reset } = await exhaustion(ctx);
  if (!pool.includes(at.project)) return undefined;
  const waiting = waitingForTurn();
  const handed = new Promise<HeldWindow>((resolve) => waiting.set(at.project, resolve));
  try {
    return await Promise.race([handed, reset.then(noWindow, noWindow)]);
  } finally {
    waiting.delete(at.project);
  }
}

const noWindow = () => undefined;

/** How many requests of one credential the target lets through in one window: the measure for the other bursts. */
async function measuredAllowance(ctx: CheckContext): Promise<number> {
  const { burst, allowed } = await exhaustion(ctx);
  if (allowed === undefined)
    throw new TargetError(
      'nothing-judged',
      `${burst.length} requests by one credential to one project in one window drew no 429, so there is no limit to compare with (LIMITS-429-AFTER-100)`,
    );
  return allowed;
}

/** Sends a burst in a fresh window and gives up the project at once. */
async function burstOnce<T extends { responses: HttpResponse[] }>(
  ctx: CheckContext,
  pool: string[],
  plan: Parameters<typeof inOneWindow>[2],
  burst: (at: BurstWindow) => Promise<T>,
): Promise<T & { at: BurstWindow }> {
  const result = await inOneWindow(ctx, pool, plan, burst);
  result.at.lease.release();
  return result;
}

/** The credentials of the profile that reach a project, from each one's GET /groups. */
async function callersBy(t: Target): Promise<(project: string) => string[]> {
  const names = Object.keys(t.profile.credentials);
  const reach = await Promise.all(names.map(async (as) => ({ as, projects: await projectsOf(t, as) })));
  return (project) => reach.filter((r) => r.projects.has(project)).map((r) => r.as);
}

/** Requests by every credential that reaches the project, taking turns, one more than one credential alone may send. */
const sharedCounterBurst = once('shared-counter', async (ctx) => {
  const t = ctx.target;
  const allowed = await measuredAllowance(ctx);
  const names = Object.keys(t.profile.credentials);
  const projects = await burstProjects(t);
  const callersOf = await callersBy(t);
  const pool = projects.filter((p) => callersOf(p).length >= 2);
  if (!pool.length) {
    if (names.filter((n) => n !== 'outsider').length < 2)
      skipFor(
        'credentials.<role>',
        'the profile names fewer than two credentials with a role on its projects (owner and owner2, readOnly or serviceAccount)',
      );
    if (!t.profile.projects.ids.length)
      skipFor('projects.ids', "the profile names no project, and the suite's own are reached by their owner alone");
    throw new TargetError('nothing-judged', 'no project of the profile is reached by two of its credentials');
  }
  return burstOnce(ctx, pool, { requests: allowed + 1, credentials: names }, async (at) => {
    const callers = callersOf(at.project);
    const responses: HttpResponse[] = [];
    for (let i = 0; i <= allowed; i++)
      responses.push(await readProject(t, at.project, callers[i % callers.length]!, at.lease));
    return { responses, callers };
  });
});

/** Requests of every method, successes and failures in turn (writes that change nothing: each names something that
 * does not exist or carries a body the target refuses), one more than one credential alone may send. */
const mixedOutcomeBurst = once('mixed-outcomes', async (ctx) => {
  const t = ctx.target;
  const allowed = await measuredAllowance(ctx);
  const projects = await burstProjects(t);
  const reach = await projectsOf(t, 'owner');
  return withAcceptedDeleted(t, (made) =>
    burstOnce(
      ctx,
      projects.filter((p) => reach.has(p)),
      { requests: allowed + 1, credentials: ['owner'] },
      async (at) => {
        const kinds = everyMethod(t, at.project, at.lease, made);
        const responses: HttpResponse[] = [];
        for (let i = 0; i <= allowed; i++) responses.push(await kinds[i % kinds.length]!());
        return { responses };
      },
    ),
  );
});

/** Runs bursts of every method and, once they are over (outside their windows), deletes what their creates made. */
async function withAcceptedDeleted<T>(t: Target, bursts: (made: Created[]) => Promise<T>): Promise<T> {
  const made: Created[] = [];
  try {
    return await bursts(made);
  } finally {
    for (const c of made) await deleteCreated(t, c);
  }
}

/** One request of each method to a project, in the order a burst cycles through them. An empty alert configuration
 * that the target accepts all the same is noted at once and added to `made`, for deletion after the burst. */
function everyMethod(
  t: Target,
  project: string,
  lease: ProjectLease,
  made: Created[],
): (() => Promise<HttpResponse>)[] {
  const configs = t.v2(alertConfigKind.collection(t, project));
  const missingConfig = `${configs}/${'f'.repeat(24)}`;
  const write = (method: string, path: string, json: unknown) => () =>
    t.send({ method, path, json, lease, answerChallenge: false });
  const emptyCreate = write('POST', configs, {});
  return [
    () => readProject(t, project, 'owner', lease),
    () => readMissingCluster(t, project, lease),
    async () => {
      const res = await emptyCreate();
      const created = noteAccepted(t, res, configs, alertConfigKind.key);
      if (created) made.push(created);
      return res;
    },
    write('PUT', missingConfig, {}),
    write('PATCH', missingConfig, { enabled: false }),
    () =>
      t.send({
        method: 'DELETE',
        path: t.v2(`/groups/${project}/clusters/${missingNames.clusterName}`),
        lease,
        answerChallenge: false,
      }),
  ];
}

/** How many more requests than one credential may send a concurrent burst sends: a quarter more. */
const concurrentExcess = (allowed: number) => Math.max(1, Math.ceil(allowed / 4));

/** Requests by one credential, all at once, a quarter more than it may send alone. */
const concurrentBurst = once('concurrent', async (ctx) => {
  const t = ctx.target;
  const allowed = await measuredAllowance(ctx);
  const projects = await burstProjects(t);
  const reach = await projectsOf(t, 'owner');
  const requests = allowed + concurrentExcess(allowed);
  return burstOnce(
    ctx,
    projects.filter((p) => reach.has(p)),
    { requests, parallel: true, credentials: ['owner'] },
    async (at) => ({
      responses: await Promise.all(
        Array.from({ length: requests }, () => readProject(t, at.project, 'owner', at.lease)),
      ),
    }),
  );
});

/** One burst judged by three rules at once: requests by every credential that reaches the project (the owner's of
 * every method, successes and failures in turn; every other credential's reads between them), all at once, a quarter
 * more than one credential may send alone. When exactly that many proceed (less what the project had spent in the
 * window before: the reset probe, where the burst follows it), the shared counter, the counting of every outcome and
 * concurrency held together; when not, each of the three rules sends a burst of its own above, so that a failure is
 * pinned on the part of the counting that broke: a conforming target's run sends two bursts in all. */
const jointBurst = once('joint', async (ctx) => {
  const t = ctx.target;
  const allowed = await measuredAllowance(ctx);
  const callersOf = await callersBy(t);
  // Projects that more credentials reach first: the shared counter is judged only where two of them send.
  const pool = await ownerPool(t);
  const requests = allowed + concurrentExcess(allowed);
  const senders = [...new Set(pool.flatMap(callersOf))];
  return withAcceptedDeleted(t, async (made) => {
    const burst = async (at: BurstWindow, spent: number) => {
      const callers = callersOf(at.project);
      const others = callers.filter((c) => c !== 'owner');
      const kinds = everyMethod(t, at.project, at.lease, made);
      const send = (i: number) =>
        others.length === 0
          ? kinds[i % kinds.length]!()
          : i % 2 === 1
            ? readProject(t, at.project, others[(i >> 1) % others.length]!, at.lease)
            : kinds[(i >> 1) % kinds.length]!();
      const responses = await Promise.all(Array.from({ length: requests }, (_, i) => send(i)));
      const held = proceeded(responses).length === allowed - spent && !responses.some((r) => r.status >= 500);
      return { responses, callers, held };
    };
    const after = await windowAfterTurn(ctx, pool);
    const inAfter = after && (await inHeldWindow(t, after.at, senders, (at) => burst(at, after.spent)));
    return inAfter ?? burstOnce(ctx, pool, { requests, parallel: true, credentials: senders }, (at) => burst(at, 0));
  });
});

/** The joint burst when it is evidence: no 5xx, and exactly as many proceeded as one credential may send alone. */
async function heldJointBurst(ctx: CheckContext) {
  const joint = await jointBurst(ctx);
  return joint.held ? joint : undefined;
}

/** The credentials of a burst, each with the address it sends from (its access list's): a burst by several also
 * spans the profile's addresses. */
const sendersOf = (t: Target, callers: string[]) =>
  callers.map((c) => `${c} from ${t.client.options.credentials[c]?.localAddress ?? 'the default address'}`).join(', ');

/** Runs the judge of a burst sent while other requests run; its failure is its rule's only where the counter is the
 * project's own and starts again at the turn. A target that counts every project's requests together
 * (LIMITS-PER-PROJECT) or carries a window's requests into the next (LIMITS-RESET-AT-TURN) refuses a burst early
 * for requests that were not its own, so the failure then leaves the rule unjudged. */
async function unlessCounterLeaks(ctx: CheckContext, judge: () => void): Promise<void> {
  try {
    judge();
  } catch (e) {
    if (!(e instanceof RuleFailure)) throw e;
    const after = await budgetAfterTurn(ctx).catch(() => undefined);
    const leak = (await sharedAcrossProjects(ctx))
      ? sharedCounterLeak
      : after?.reset.probe.status === 429
        ? 'the project was refused right after a turn (LIMITS-RESET-AT-TURN)'
        : after?.burst && after.proceeded < after.reset.exhausted.allowed!
          ? `the project was admitted ${after.proceeded} requests in the window after a turn (LIMITS-RESET-AT-TURN)`
          : undefined;
    if (leak)
      throw new TargetError('nothing-judged', `${e.message}; but ${leak}, so this burst is no measure of this rule`);
    throw e;
  }
}

/** Whether the request to another project right after the exhaustion was refused: the counter is not the project's
 * own, so requests to other projects in a window spend a burst's budget too. */
async function sharedAcrossProjects(ctx: CheckContext): Promise<boolean> {
  const { partnerProbe } = await exhaustion(ctx);
  return partnerProbe?.status === 429;
}

const sharedCounterLeak = 'another project was refused with the one that spent its budget (LIMITS-PER-PROJECT)';

interface BudgetAfterTurn {
  reset: Reset;
  /** The joint burst, where it took over the window of the reset probe. */
  burst?: Awaited<ReturnType<typeof jointBurst>>;
  /** Requests admitted in that window: the probe's and, with the burst, those of the burst that proceeded. */
  proceeded: number;
}

/** What the project was admitted in the window right after the turn that followed its exhaustion: the reset probe
 * and, where the joint burst took the window over from it, the whole burst; undefined when no budget was spent. The
 * joint burst is asked for before the turn, so that it can take the window over. */
const budgetAfterTurn = (ctx: CheckContext) =>
  oncePerRun('budget-after-turn', async (): Promise<BudgetAfterTurn | undefined> => {
    const joint = jointBurst(ctx).catch(() => undefined);
    const { reset } = await exhaustion(ctx);
    const after = await reset;
    if (!after) return undefined;
    const burst = await joint;
    const { project, window } = after.exhausted.at;
    const inWindow = burst?.at.project === project && burst.at.window === window + 1 ? burst : undefined;
    const admitted = (after.probe.status === 429 ? 0 : 1) + (inWindow ? proceeded(inWindow.responses).length : 0);
    return { reset: after, burst: inWindow, proceeded: admitted };
  });

/** The methods and outcomes of the requests a burst counted. */
function outcomesOf(counted: readonly HttpResponse[], failures: readonly HttpResponse[]): string {
  const methods = [...new Set(counted.map((r) => r.exchange.request.method))];
  return `${methods.join(', ')}: ${failures.length} failed and ${counted.length - failures.length} successful requests`;
}

function citeAll(responses: readonly (HttpResponse | undefined)[]): void {
  for (const r of responses) if (r) cite(r.exchange);
}

// "Request rate | 100 requests per minute per project". Rule 3: "Requests over the limit are rejected and those
// within it proceed."
check(
  'LIMITS-100-PROCEED',
  `the first ${limit} requests by one credential to a project in one window all proceed`,
  async (ctx) => {
    const { burst } = await exhaustion(ctx);
    citeAll([burst[0], burst[limit - 1], burst.find((r) => r.status === 429)]);
    ctx.tally.judged('burst');
    checkWithinLimitProceed(burst, limit);
  },
);

// "Over the limit | status 429 | requests beyond the 100 of the minute".
check(
  'LIMITS-429-AFTER-100',
  `request ${limit + 1} by one credential to a project in one window gets 429`,
  async (ctx) => {
    const { burst } = await exhaustion(ctx);
    citeAll([burst[limit - 1], burst[limit]]);
    ctx.tally.judged('burst');
    checkOverLimitRefused(burst, limit);
  },
);

// Rule 3: "Requests over the limit are rejected": a create sent over the limit is read back by the owner once the
// project's reservation ends (after the turn), and nothing was created.
check(
  'LIMITS-429-AFTER-100',
  'a create sent to a project over its limit, refused with 429, creates nothing',
  async (ctx) => {
    const { target, tally } = ctx;
    const { burst, overLimitCreate, reset } = await exhaustion(ctx);
    if (!overLimitCreate)
      throw new TargetError(
        'nothing-judged',
        `${burst.length} requests to one project in one window did not end refused, so no create was sent over the limit`,
      );
    const { response } = overLimitCreate;
    cite(response.exchange);
    // Read back once the project's reservation ends at the turn.
    await reset.catch(() => undefined);
    const effect = await readBack(target, overLimitCreate);
    if (response.status !== 429)
      throw new TargetError(
        'nothing-judged',
        `the create sent over the limit was answered ${response.status}, not refused with 429`,
        response.exchange,
      );
    tally.judged('create over the limit');
    expectNoEffect(response, effect, 'a create sent over the limit');
  },
);

// 8 "Over the limit | status 429"; 7.1 "An error response has a JSON body with five fields".
check('LIMITS-429-ERROR-BODY', 'a 429 for a project over its limit carries the error body', async (ctx) => {
  const { burst } = await exhaustion(ctx);
  const refused = burst.find((r) => r.status === 429);
  if (!refused)
    throw new TargetError(
      'nothing-judged',
      `${burst.length} requests to one project in one window drew no 429 (LIMITS-429-AFTER-100)`,
    );
  cite(refused.exchange);
  ctx.tally.judged('burst');
  checkRateLimitErrorBody(refused);
});

// Rule 1: "Requests by different users to one project add up."
check(
  'LIMITS-SHARED-COUNTER',
  'requests by every credential that reaches a project are admitted as many as one credential alone: in the joint burst, else taking turns',
  async (ctx) => {
    const { target, tally } = ctx;
    const allowed = await measuredAllowance(ctx);
    const joint = await heldJointBurst(ctx);
    if (joint && joint.callers.length >= 2) {
      // Odd requests of the joint burst are the other credentials' reads, in turn: the first of each.
      citeAll(joint.responses.slice(0, 2 * (joint.callers.length - 1)));
      return tally.judged('joint burst', 1, sendersOf(target, joint.callers));
    }
    const { responses, callers } = await sharedCounterBurst(ctx);
    citeAll([...responses.slice(0, callers.length), responses[allowed - 1], responses[allowed]]);
    expectNoServerError(responses, 'a burst of requests by several credentials to one project');
    const from = sendersOf(target, callers);
    tally.judged('burst', 1, from);
    await unlessCounterLeaks(ctx, () =>
      checkSameAllowance(responses, allowed, `requests by ${from} in turn to one project in one window`),
    );
  },
);

// Rule 1: "Requests to another project use a separate counter."
check(
  'LIMITS-PER-PROJECT',
  'right after one project is refused, a request to another project in the same window proceeds',
  async (ctx) => {
    const { burst, allowed, partnerProbe, at } = await exhaustion(ctx);
    if (allowed === undefined)
      throw new TargetError(
        'nothing-judged',
        `${burst.length} requests to one project in one window drew no 429, so no budget was spent (LIMITS-429-AFTER-100)`,
      );
    if (!partnerProbe)
      skipFor('projects.ids', 'the profile names one project only: there is no other project to send to');
    citeAll([burst[allowed], partnerProbe]);
    ctx.tally.judged('burst');
    if (partnerProbe.status === 429) {
      throw new RuleFailure(
        `project ${at.partner} was refused in the window in which project ${at.project} spent its budget`,
        {
          expected: 'the request proceeds',
          actual: 429,
          exchange: partnerProbe.exchange,
        },
      );
    }
  },
);

// "Over the limit | status 429 | requests beyond the 100 of the minute": the 100 are requests, whatever their
// method and outcome, so writes and failures count as successful reads do.
check(
  'LIMITS-COUNTS-EVERY-REQUEST',
  'requests of every method, successes and failures, are admitted as many as successful reads alone: in the joint burst, else in turn',
  async (ctx) => {
    const allowed = await measuredAllowance(ctx);
    const joint = await heldJointBurst(ctx);
    const jointFailures = joint ? proceeded(joint.responses).filter((r) => r.status >= 400) : [];
    if (joint && jointFailures.length > 0) {
      const counted = proceeded(joint.responses);
      citeAll([counted[0], jointFailures[0]]);
      return ctx.tally.judged('joint burst', 1, outcomesOf(counted, jointFailures));
    }
    const { responses } = await mixedOutcomeBurst(ctx);
    expectNoServerError(responses, 'a burst of requests to one project');
    const counted = responses.slice(0, allowed);
    const failures = counted.filter((r) => r.status >= 400 && r.status !== 429);
    if (!failures.length)
      throw new TargetError(
        'nothing-judged',
        'the requests meant to fail (a cluster that does not exist) succeeded, so no failure was counted',
      );
    citeAll([responses[0], failures[0], responses[allowed - 1], responses[allowed]]);
    const outcomes = outcomesOf(counted, failures);
    ctx.tally.judged('burst', 1, outcomes);
    await unlessCounterLeaks(ctx, () =>
      checkSameAllowance(responses, allowed, `requests of ${outcomes} to one project in one window`),
    );
  },
);

// Rule 3: "Requests over the limit are rejected and those within it proceed", also when they arrive together.
check(
  'LIMITS-CONCURRENT',
  `of a concurrent burst of more than ${limit} requests to a project in one window, exactly the limit proceed and the rest get 429: the joint burst, else one credential's reads`,
  async (ctx) => {
    const allowed = await measuredAllowance(ctx);
    const joint = await heldJointBurst(ctx);
    if (joint) {
      citeAll([joint.responses.find((r) => r.status !== 429), joint.responses.find((r) => r.status === 429)]);
      return ctx.tally.judged(
        'joint burst',
        1,
        `${joint.responses.length} requests at once by ${joint.callers.join(', ')}`,
      );
    }
    const { responses } = await concurrentBurst(ctx);
    citeAll([responses.find((r) => r.status !== 429), responses.find((r) => r.status === 429)]);
    expectNoServerError(responses, 'a concurrent burst of requests to one project');
    ctx.tally.judged('burst');
    await unlessCounterLeaks(ctx, () => checkConcurrentAllowance(responses, allowed));
  },
);

// Rule 2: "When the minute turns, the counter of each project starts again at zero." Rule 3: "those within it
// proceed": after the turn the project has its whole budget again, the first request and all those after it in that
// window (the joint burst, which takes the window over from the first, sends more than the budget).
check(
  'LIMITS-RESET-AT-TURN',
  'after the turn of a window in which a project was refused, its first request and its whole budget in that window proceed',
  async (ctx) => {
    const { burst } = await exhaustion(ctx);
    const after = await budgetAfterTurn(ctx);
    if (!after)
      throw new TargetError(
        'nothing-judged',
        `${burst.length} requests to one project in one window drew no 429, so there is no spent budget to reset (LIMITS-429-AFTER-100)`,
      );
    const { reset, burst: following } = after;
    const refused = reset.exhausted.burst.find((r) => r.status === 429);
    citeAll([refused, reset.probe, following?.responses.find((r) => r.status === 429)]);
    expectNoServerError([reset.probe, ...(following?.responses ?? [])], 'the requests after the turn');
    ctx.tally.judged('burst');
    // The reach: the first request after the turn alone, or with the burst that took its window over.
    ctx.tally.judged('request after the turn', 1 + (following?.responses.length ?? 0));
    if (reset.probe.status === 429) {
      throw new RuleFailure('the first request to the project after the window turned was refused', {
        expected: 'the request proceeds',
        actual: 429,
        exchange: reset.probe.exchange,
      });
    }
    if (!following) return;
    try {
      checkWholeBudgetAfterTurn(following.responses, after.proceeded, reset.exhausted.allowed!);
    } catch (e) {
      // Requests to other projects in that window count too where the counter is not the project's own.
      if (e instanceof RuleFailure && (await sharedAcrossProjects(ctx)))
        throw new TargetError(
          'nothing-judged',
          `${e.message}; but ${sharedCounterLeak}, so the window is no measure of the reset`,
        );
      throw e;
    }
  },
);
