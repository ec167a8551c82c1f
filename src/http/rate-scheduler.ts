// Spec 8: 100 requests per minute per project, the counter reset when the minute turns. Every request to a
// project-scoped path passes here first: it goes out when the project has budget left in the target's current
// window and cannot land in the next one by accident; otherwise it waits for the turn. The rate-limit checks
// reserve projects: while they hold one, other requests to it wait, and theirs go out unpaced but counted.
import { setTimeout as sleep } from 'node:timers/promises';
import { RateUsage, type RateLimitUsage } from './rate-usage.ts';
import { TargetClock } from './target-clock.ts';

export interface RateSchedulerOptions {
  limit: number;
  windowMs: number;
  /** The project a request URL counts against, or undefined when it is not rate limited. */
  projectOf(url: URL): string | undefined;
  /** Told when a request has to wait for the next window (project, milliseconds). */
  onWait?(project: string, waitMs: number): void;
}

/** How acquire let a request go: what observe needs to judge its answer. */
export interface RateTicket {
  project: string;
  paced: boolean;
}

/** Projects reserved by one holder; requests sent with the lease go out at once and still count. */
export class ProjectLease {
  private readonly held: Set<string>;

  constructor(projects: string[], private readonly onRelease: (project: string) => void) {
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
  readonly clock = new TargetClock();
  readonly limit: number;
  readonly windowMs: number;
  private readonly counts = new Map<string, Map<number, number>>();
  private readonly leases = new Map<string, ProjectLease>();
  /** Windows the target showed to be spent for every project (a 429 the counts did not foresee). */
  private readonly spentEverywhere = new Set<number>();
  private readonly usage = new RateUsage();
  private change = deferred();

  constructor(private readonly o: RateSchedulerOptions) {
    this.limit = o.limit;
    this.windowMs = o.windowMs;
  }

  /** Waits until a request to `url` may be sent without crossing the limit (or the lease holds its project), and counts it. */
  async acquire(url: URL, lease?: ProjectLease): Promise<RateTicket | undefined> {
    const project = this.o.projectOf(url);
    if (project === undefined) return undefined;
    this.usage.sent(project);
    if (lease?.holds(project)) {
      this.count(project, this.arrivalWindows(Date.now()));
      return { project, paced: false };
    }
    for (;;) {
      if (this.leases.has(project)) {
        await this.usage.waitFor(project, this.changed(Infinity));
        continue;
      }
      const now = Date.now();
      const windows = this.arrivalWindows(now);
      // A request that may land in any of several windows (the target's clock is known to a margin) counts in each.
      if (windows.every((w) => this.spent(project, w) < this.limit)) {
        this.count(project, windows);
        return { project, paced: true };
      }
      // Wait until the earliest arrival is past the next turn.
      const waitMs = (windows[0]! + 1) * this.windowMs - this.clock.arrival(now)[0] + guardMs;
      this.o.onWait?.(project, waitMs);
      await this.usage.waitFor(project, sleep(waitMs));
    }
  }

  /** Learns the target's clock from a response and judges a 429 against what was counted. */
  observe(ticket: RateTicket | undefined, dateHeader: string | undefined, sentAt: number, receivedAt: number, status: number): void {
    this.clock.observe(dateHeader, sentAt, receivedAt);
    if (!ticket) return;
    const [earliest, latest] = this.clock.landed(sentAt, receivedAt);
    this.usage.answered(ticket.project, this.windowOf((earliest + latest) / 2), status, ticket.paced);
    if (status !== 429) return;
    // A 429 within what was counted means the target counts otherwise (another client, a counter shared beyond
    // the project): the rest of that window is left alone, for every project.
    const windows = this.windowsBetween(earliest, latest);
    if (windows.every((w) => (this.counts.get(ticket.project)?.get(w) ?? 0) <= this.limit)) {
      for (const w of windows) this.spentEverywhere.add(w);
    }
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
    return this.spentEverywhere.has(window) ? this.limit : (this.counts.get(project)?.get(window) ?? 0);
  }

  windowOf(targetTime: number): number {
    return Math.floor(targetTime / this.windowMs);
  }

  /** Resolves when a reservation ends, or after `ms`. */
  changed(ms: number): Promise<void> {
    const timer = Number.isFinite(ms) ? sleep(ms) : new Promise<void>(() => {});
    return Promise.race([this.change.promise, timer]);
  }

  /** Requests, windows and waiting, per project and for the run. */
  report(): RateLimitUsage {
    return this.usage.report(this.limit, this.windowMs);
  }

  private arrivalWindows(now: number): number[] {
    return this.windowsBetween(...this.clock.arrival(now));
  }

  private windowsBetween(earliest: number, latest: number): number[] {
    const first = this.windowOf(earliest);
    return Array.from({ length: this.windowOf(latest) - first + 1 }, (_, i) => first + i);
  }

  private count(project: string, windows: number[]): void {
    let m = this.counts.get(project);
    if (!m) this.counts.set(project, (m = new Map()));
    for (const w of windows) m.set(w, (m.get(w) ?? 0) + 1);
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

/** Builds projectOf from the profile: paths below /api/<vendor>/<generation><pathPrefix with {groupId}>. */
export function projectMatcher(vendor: string, pathPrefix: string): (url: URL) => string | undefined {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{groupId\\}', '([^/?#]+)');
  const re = new RegExp(`^/api/${vendor}/(?:v2|v1\\.0)${escaped}(?:/|$)`);
  return (url) => re.exec(url.pathname)?.[1];
}
