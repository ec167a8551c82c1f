// Spec 8: 100 requests per minute per project, the counter reset when the minute turns. Every request to a
// project-scoped path passes here first: it goes out when the project has budget left in the target's current
// window and cannot land in the next one by accident; otherwise it waits for the turn. The rate-limit checks
// reserve projects: while they hold one, other requests to it wait, and theirs go out unpaced but counted.
// Its knowledge travels (state, from): the runner's cleanup continues the counts of the checks it follows.
import { setTimeout as sleep } from 'node:timers/promises';
import { RateUsage, type RateLimitUsage, type RateUsageState } from './rate-usage.ts';
import { TargetClock, type ClockState } from './target-clock.ts';

export interface RateSchedulerOptions {
  limit: number;
  windowMs: number;
  /** The project a request URL counts against, or undefined when it is not rate limited. */
  projectOf(url: URL): string | undefined;
  /** Told when a request has to wait for the next window (project, milliseconds). */
  onWait?(project: string, waitMs: number): void;
  /** Continues another scheduler's counts, clock and numbers (the runner's cleanup after the suites' requests). */
  from?: RateState;
  /** Without `from`: requests this scheduler never saw may have spent the windows up to now (the suites' numbers
   * were lost), so those windows are taken as spent. */
  pastSpent?: boolean;
}

/** A scheduler's knowledge, as plain data, to carry from the suites' worker to the runner. */
export interface RateState {
  clock: ClockState;
  /** Local time since which every request counted against a project went through this scheduler. */
  knownSince: number;
  pastSpent: boolean;
  counts: [project: string, window: number, requests: number][];
  spentEverywhere: number[];
  blockedUntil: number;
  usage: RateUsageState;
}

/** How acquire let a request go: what observe needs to judge its answer. */
export interface RateTicket {
  project: string;
  paced: boolean;
}

/** Milliseconds a Retry-After header asks to wait (RFC 9110 10.2.3: seconds, or a date read against the answer's
 * Date), or undefined without a usable one. */
export function retryAfterMs(value: string | undefined, dateHeader: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  const now = dateHeader ? Date.parse(dateHeader) : NaN;
  return Math.max(0, at - (Number.isNaN(now) ? Date.now() : now));
}

/** Projects reserved by one holder; requests sent with the lease go out at once and still count. */
export class ProjectLease {
  private readonly held: Set<string>;

  constructor(
    projects: string[],
    private readonly onRelease: (project: string) => void,
  ) {
    this.held = new Set(projects);
  }

  holds(project: string): boolean {
    return this.held.has(project);
  }

  /** Gives up one project, or all of them. */
  release(project?: string): void {
    for (const p of project === undefined ? [...this.held] : [project]) {
      if (this.held.delete(p)) this.onRelease(p);
    }
  }
}

/** Margin kept from a window's turn when pacing. */
const guardMs = 25;

export class RateScheduler {
  readonly clock: TargetClock;
  readonly limit: number;
  readonly windowMs: number;
  private readonly counts = new Map<string, Map<number, number>>();
  private readonly leases = new Map<string, ProjectLease>();
  /** Windows the target showed to be spent for every project (a 429 the counts did not foresee). */
  private readonly spentEverywhere: Set<number>;
  /** Until when (local time) the target asked every project to wait (Retry-After of a 429 the counts did not foresee). */
  private blockedUntil: number;
  private readonly knownSince: number;
  private readonly pastSpent: boolean;
  private readonly usage: RateUsage;
  private change = deferred();

  constructor(private readonly o: RateSchedulerOptions) {
    this.limit = o.limit;
    this.windowMs = o.windowMs;
    const from = o.from;
    this.clock = new TargetClock(from?.clock);
    this.knownSince = from?.knownSince ?? Date.now();
    this.pastSpent = from?.pastSpent ?? o.pastSpent ?? false;
    for (const [project, window, n] of from?.counts ?? []) this.count(project, [window], n);
    this.spentEverywhere = new Set(from?.spentEverywhere);
    this.blockedUntil = from?.blockedUntil ?? 0;
    this.usage = new RateUsage(from?.usage);
  }

  /** Waits until a request to `url` may be sent without crossing the limit (or the lease holds its project), and counts
   * it; an abort of `signal` ends the wait. */
  async acquire(url: URL, lease?: ProjectLease, signal?: AbortSignal): Promise<RateTicket | undefined> {
    const project = this.o.projectOf(url);
    if (project === undefined) return undefined;
    this.usage.sent(project);
    if (lease?.holds(project)) {
      this.count(project, this.arrivalWindows(Date.now()));
      return { project, paced: false };
    }
    for (;;) {
      if (this.leases.has(project)) {
        await this.usage.waitFor(project, this.changed(Infinity, signal));
        continue;
      }
      const now = Date.now();
      if (now < this.blockedUntil) {
        this.o.onWait?.(project, this.blockedUntil - now);
        await this.usage.waitFor(project, this.changed(this.blockedUntil - now, signal));
        continue;
      }
      const windows = this.arrivalWindows(now);
      // A request that may land in any of several windows (the target's clock is known to a margin) counts in each.
      if (windows.every((w) => this.spent(project, w) < this.limit)) {
        this.count(project, windows);
        return { project, paced: true };
      }
      // Wait until the earliest arrival is past the next turn.
      const waitMs = (windows[0]! + 1) * this.windowMs - this.clock.arrival(now)[0] + guardMs;
      this.o.onWait?.(project, waitMs);
      await this.usage.waitFor(project, sleep(waitMs, undefined, { signal }));
    }
  }

  /** Learns the target's clock from a response and judges a 429 against what was counted. */
  observe(
    ticket: RateTicket | undefined,
    answer: { date?: string; retryAfter?: string; sentAt: number; receivedAt: number; status: number },
  ): void {
    const { sentAt, receivedAt, status } = answer;
    this.clock.observe(answer.date, sentAt, receivedAt);
    if (!ticket) return;
    const [earliest, latest] = this.clock.landed(sentAt, receivedAt);
    const landedIn = this.windowOf((earliest + latest) / 2);
    if (status !== 429) {
      this.usage.answered(ticket.project, landedIn);
      return;
    }
    const windows = this.windowsBetween(earliest, latest);
    const withinCounts = windows.every((w) => (this.counts.get(ticket.project)?.get(w) ?? 0) <= this.limit);
    // The counts are the whole story only in windows that began after the scheduler started seeing every request.
    const known = windows.every((w) => w > this.horizon());
    this.usage.answered(
      ticket.project,
      landedIn,
      !ticket.paced ? 'leased' : withinCounts && known ? 'miscounted' : 'unintended',
    );
    if (!withinCounts) return;
    // A 429 within what was counted means the target counts otherwise (another client, a counter shared beyond
    // the project): every project waits as long as the target asks, or else for the next window.
    const waitMs = retryAfterMs(answer.retryAfter, answer.date);
    if (waitMs !== undefined) this.blockedUntil = Math.max(this.blockedUntil, receivedAt + waitMs);
    else for (const w of windows) this.spentEverywhere.add(w);
  }

  /** The scheduler's knowledge, to continue elsewhere (`from`). */
  state(): RateState {
    return {
      clock: this.clock.state(),
      knownSince: this.knownSince,
      pastSpent: this.pastSpent,
      counts: [...this.counts].flatMap(([project, m]) =>
        [...m].map(([w, n]): [string, number, number] => [project, w, n]),
      ),
      spentEverywhere: [...this.spentEverywhere],
      blockedUntil: this.blockedUntil,
      usage: this.usage.state(),
    };
  }

  /** Reserves all of `projects` if no one holds any of them. */
  tryReserve(projects: string[]): ProjectLease | undefined {
    if (projects.some((p) => this.leases.has(p))) return undefined;
    const lease = new ProjectLease(projects, (p) => {
      this.leases.delete(p);
      this.signal();
    });
    for (const p of projects) this.leases.set(p, lease);
    return lease;
  }

  /** Requests counted against the project in a target window (the limit once the window is known to be spent). */
  spent(project: string, window: number): number {
    if (this.spentEverywhere.has(window) || (this.pastSpent && window <= this.horizon())) return this.limit;
    return this.counts.get(project)?.get(window) ?? 0;
  }

  windowOf(targetTime: number): number {
    return Math.floor(targetTime / this.windowMs);
  }

  /** Resolves when a reservation ends, or after `ms`; rejects when `signal` aborts. */
  changed(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const onAbort = () => settle(() => reject(signal!.reason));
      const timer = Number.isFinite(ms) ? setTimeout(() => settle(resolve), ms) : undefined;
      signal?.addEventListener('abort', onAbort, { once: true });
      void this.change.promise.then(() => settle(resolve));
    });
  }

  /** Requests, windows and waiting, per project and for the run. */
  report(): RateLimitUsage {
    return this.usage.report(this.limit, this.windowMs);
  }

  /** The last window that may hold requests this scheduler did not see: the target's window when it started. */
  private horizon(): number {
    return this.windowOf(this.knownSince + this.clock.bounds().high);
  }

  private arrivalWindows(now: number): number[] {
    return this.windowsBetween(...this.clock.arrival(now));
  }

  private windowsBetween(earliest: number, latest: number): number[] {
    const first = this.windowOf(earliest);
    return Array.from({ length: this.windowOf(latest) - first + 1 }, (_, i) => first + i);
  }

  private count(project: string, windows: number[], n = 1): void {
    let m = this.counts.get(project);
    if (!m) {
      m = new Map();
      this.counts.set(project, m);
    }
    for (const w of windows) m.set(w, (m.get(w) ?? 0) + n);
  }

  private signal(): void {
    this.change.resolve();
    this.change = deferred();
  }
}

// Promise.withResolvers is newer than Node 20.
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The scheduler of a profile's rate limit (`rateLimit`), for requests to the API of `vendor`. */
export function profileScheduler(
  p: { vendor: string; rateLimit: { limit: number; windowSeconds: number; pathPrefix: string } },
  o: Pick<RateSchedulerOptions, 'onWait' | 'from' | 'pastSpent'> = {},
): RateScheduler {
  return new RateScheduler({
    limit: p.rateLimit.limit,
    windowMs: p.rateLimit.windowSeconds * 1000,
    projectOf: projectMatcher(p.vendor, p.rateLimit.pathPrefix),
    ...o,
  });
}

/** Builds projectOf from the profile: paths below /api/<vendor>/<generation><pathPrefix with {groupId}>. */
export function projectMatcher(vendor: string, pathPrefix: string): (url: URL) => string | undefined {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{groupId\\}', '([^/?#]+)');
  const re = new RegExp(`^/api/${vendor}/(?:v2|v1\\.0)${escaped}(?:/|$)`);
  return (url) => re.exec(url.pathname)?.[1];
}
