// Window alignment for the rate-limit checks (spec 8): a burst is judged only when all of it reached the target
// within one of the target's windows, in which its project had spent nothing before (nor, for a check running again
// to confirm a failure, in the window before), or only what the burst handing it on knows it spent. The target's
// clock is known from its Date headers to a margin (src/http/target-clock.ts): a burst starts when all of it fits in
// the rest of a window, and one that the clock shows may have crossed a turn is sent again in a later window.
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpResponse } from '../../src/http/messages.ts';
import type { ProjectLease, RateScheduler } from '../../src/http/rate-scheduler.ts';
import { TargetError } from '../../src/outcome.ts';
import type { CheckContext } from '../../src/harness/check.ts';
import type { Target } from '../../src/target/target.ts';

/** Margin kept from a turn: a Date header can lag the target's clock by a few milliseconds. */
const turnMarginMs = 25;
/** A burst starts later after a turn than a probe of the next window does, so that a sliding window would still
 * see all of the burst at the probe. */
const burstStartMs = 2 * turnMarginMs;
/** Round trip assumed before any was measured. */
const unmeasuredRoundTripMs = 100;
const attempts = 3;
/** How long before a turn the preparation of a request just after it starts. */
const prepareLeadMs = 1000;

export interface BurstPlan {
  /** Requests the burst sends. */
  requests: number;
  /** Sent all at once rather than one after another. */
  parallel?: boolean;
  /** Also reserve a second project that still has budget in the burst's window. */
  partner?: boolean;
  /** Credentials the burst sends as: a stale Digest nonce of theirs is renewed before each attempt. */
  credentials: string[];
}

export interface BurstWindow {
  lease: ProjectLease;
  project: string;
  /** The target window the burst is meant for. */
  window: number;
  partner?: string;
}

function rateScheduler(t: Target): RateScheduler {
  const s = t.client.options.scheduler;
  if (!s) throw new Error('the target has no rate scheduler');
  return s;
}

/** How long a burst takes at the target's typical round trip, with as much again to spare. */
function burstMs(t: Target, plan: BurstPlan): number {
  const roundTrip = rateScheduler(t).clock.typicalRoundTripMs ?? unmeasuredRoundTripMs;
  const rounds = plan.parallel ? Math.ceil(plan.requests / t.profile.concurrency) : plan.requests;
  return 2 * rounds * roundTrip;
}

/** From the first request of a burst sent to the last answer received. */
function spanMs(responses: readonly HttpResponse[]): number {
  const starts = responses.map((r) => Date.parse(r.exchange.startedAt));
  const ends = responses.map((r, i) => starts[i]! + r.exchange.durationMs);
  return Math.max(...ends) - Math.min(...starts);
}

/** Reserves a project of `pool` (and a partner) at the first moment a window ahead has room for the whole burst
 * and the project has spent nothing in it. */
async function reserveFresh(ctx: CheckContext, pool: string[], plan: BurstPlan): Promise<BurstWindow> {
  const t = ctx.target;
  const s = rateScheduler(t);
  for (;;) {
    const { low, high } = s.clock.bounds();
    // A burst that seems too long for any window is tried at the start of one: what the clock then shows decides.
    const needMs = Math.max(0, Math.min(burstMs(t, plan), s.windowMs - (high - low) - burstStartMs - 2 * turnMarginMs));
    const now = Date.now();
    const window = s.windowOf(now + low - burstStartMs);
    if (s.windowOf(now + needMs + high + turnMarginMs) === window) {
      const chosen = choose(s, pool, window, plan.partner === true, ctx.confirming);
      if (chosen) return chosen;
    }
    // Until the earliest arrival is past the next turn, or a reservation ends.
    await s.changed((window + 1) * s.windowMs + burstStartMs - low - now, ctx.signal);
  }
}

/** Whether a burst may go to the project in `window`: the project spent nothing in it. A confirmation's burst also
 * waits for a window after one the project spent nothing in, so that a target counting across the turn (a sliding
 * window) meets it as fresh as the first run met its own, not right after the first run's bursts; the first run does
 * not wait so, sparing a conforming target's run a window. */
export function freshFor(
  s: Pick<RateScheduler, 'spent'>,
  project: string,
  window: number,
  confirming: boolean,
): boolean {
  return s.spent(project, window) === 0 && (!confirming || s.spent(project, window - 1) === 0);
}

function choose(
  s: RateScheduler,
  pool: string[],
  window: number,
  withPartner: boolean,
  confirming: boolean,
): BurstWindow | undefined {
  for (const project of pool) {
    if (!freshFor(s, project, window, confirming)) continue;
    // A partner that has already spent some of this window leaves fresh windows to bursts; among equals, the
    // pool's last (its first projects are those bursts take first).
    const partners = pool
      .filter((q) => q !== project && s.spent(q, window) < s.limit)
      .reverse()
      .sort((a, b) => s.spent(b, window) - s.spent(a, window));
    for (const partner of withPartner && pool.length > 1 ? partners : [undefined]) {
      const lease = s.tryReserve(partner === undefined ? [project] : [project, partner]);
      if (lease) return { lease, project, window, partner };
    }
  }
  return undefined;
}

/** Whether a request sent now, answered within the typical round trip twice over, reaches the target in `window`. */
export function roomIn(t: Target, window: number): boolean {
  const s = rateScheduler(t);
  const roundTrip = s.clock.typicalRoundTripMs ?? unmeasuredRoundTripMs;
  return s.windowOf(s.clock.landed(Date.now(), Date.now() + 2 * roundTrip)[1] + turnMarginMs) === window;
}

/** Whether every answer came from a request that reached the target within `window`, by its clock with a margin. */
export function landedIn(t: Target, responses: readonly HttpResponse[], window: number): boolean {
  const s = rateScheduler(t);
  return responses.every((r) => {
    const sentAt = Date.parse(r.exchange.startedAt);
    const [earliest, latest] = s.clock.landed(sentAt, sentAt + r.exchange.durationMs);
    return s.windowOf(earliest - turnMarginMs) === window && s.windowOf(latest + turnMarginMs) === window;
  });
}

/** Sends `burst` in a fresh window of a project of `pool`, with the project reserved, and sends it again in a
 * later window when its requests may not all have reached the target in that window, or when a Digest nonce went
 * stale in the middle of it (a 401: whether the target counted it is unknown). Returns with the project still
 * reserved: the caller releases it. */
export async function inOneWindow<T extends { responses: HttpResponse[] }>(
  ctx: CheckContext,
  pool: string[],
  plan: BurstPlan,
  burst: (at: BurstWindow) => Promise<T>,
): Promise<T & { at: BurstWindow }> {
  const t = ctx.target;
  let slowBefore = false;
  for (let attempt = 1; ; attempt++) {
    await renewNonces(t, plan.credentials);
    const at = await reserveFresh(ctx, pool, plan);
    let result: T;
    try {
      result = await burst(at);
    } catch (e) {
      at.lease.release();
      throw e;
    }
    if (at.partner) at.lease.release(at.partner);
    const staleNonce = anyStale(result.responses);
    if (!staleNonce && landedIn(t, result.responses, at.window)) return { ...result, at };
    at.lease.release();
    // A burst that took longer than a whole window is sent once more (the target, or the machine the suite runs on, may
    // have been busy for a moment); slower again, it will not land in one window.
    const took = spanMs(result.responses);
    if (!staleNonce && took >= rateScheduler(t).windowMs && (slowBefore || attempt === attempts)) {
      throw new TargetError(
        'nothing-judged',
        `a burst of ${plan.requests} requests took ${(took / 1000).toFixed(1)} s at this target, more than a window (${rateScheduler(t).windowMs / 1000} s)`,
      );
    }
    slowBefore ||= !staleNonce && took >= rateScheduler(t).windowMs;
    if (attempt === attempts) {
      throw new TargetError(
        'nothing-judged',
        `in ${attempts} attempts, no burst of ${plan.requests} requests could be placed within one window of the target's clock (${staleNonce ? 'a Digest nonce went stale' : 'the burst crossed a turn'})`,
      );
    }
  }
}

/** Sends `burst` in a window whose project a burst before it still holds reserved (handed on, the project having
 * spent what that one knows of), and gives up the project after it. Undefined when the burst may not all have
 * reached the target in that window, or a Digest nonce went stale in the middle of it. */
export async function inHeldWindow<T extends { responses: HttpResponse[] }>(
  t: Target,
  at: BurstWindow,
  credentials: string[],
  burst: (at: BurstWindow) => Promise<T>,
): Promise<(T & { at: BurstWindow }) | undefined> {
  try {
    await renewNonces(t, credentials);
    const result = await burst(at);
    return !anyStale(result.responses) && landedIn(t, result.responses, at.window) ? { ...result, at } : undefined;
  } finally {
    at.lease.release();
  }
}

/** A request outside every project's budget answers the challenge of a nonce that went stale meanwhile. */
async function renewNonces(t: Target, credentials: string[]): Promise<void> {
  for (const as of credentials) await t.get(t.v2('/'), { as });
}

/** A 401 in a burst: a nonce went stale in the middle of it, and whether the target counted it is unknown. */
const anyStale = (responses: readonly HttpResponse[]) => responses.some((r) => r.status === 401);

/** Waits until a request sent now reaches the target just after `window` has turned; `prepare` runs a moment
 * before the turn. */
export async function untilTurnAfter(
  ctx: CheckContext,
  window: number,
  prepare: () => Promise<unknown>,
): Promise<void> {
  const s = rateScheduler(ctx.target);
  const untilTurn = () => (window + 1) * s.windowMs + turnMarginMs - s.clock.arrival(Date.now())[0];
  await sleep(Math.max(0, untilTurn() - prepareLeadMs), undefined, { signal: ctx.signal });
  await prepare();
  for (;;) {
    const waitMs = untilTurn();
    if (waitMs <= 0) return;
    await sleep(waitMs, undefined, { signal: ctx.signal });
  }
}
