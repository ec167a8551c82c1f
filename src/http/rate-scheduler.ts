// Spec 8: 100 requests per minute per project, the counter reset when the minute turns. Every request to a
// project-scoped path passes here first: it goes out when the project has budget left in the target's current
// window and cannot land in the next one by accident; otherwise it waits for the turn.
import { TargetClock } from './target-clock.ts';

export interface RateSchedulerOptions {
  limit: number;
  windowMs: number;
  /** The project a request URL counts against, or undefined when it is not rate limited. */
  projectOf(url: URL): string | undefined;
  /** Told when a request has to wait for the next window (project, milliseconds). */
  onWait?(project: string, waitMs: number): void;
}

export interface ProjectUsage {
  requests: number;
  windows: number;
  waitedMs: number;
}

const guardMs = 25;

export class RateScheduler {
  readonly clock = new TargetClock();
  private readonly counts = new Map<string, Map<number, number>>();
  private readonly usage = new Map<string, { requests: number; windows: Set<number>; waitedMs: number }>();

  constructor(private readonly o: RateSchedulerOptions) {}

  /** Waits until a request to `url` may be sent without crossing the limit, and counts it. */
  async acquire(url: URL): Promise<void> {
    const project = this.o.projectOf(url);
    if (project === undefined) return;
    const use = this.usageOf(project);
    for (;;) {
      const now = Date.now();
      const [earliest, latest] = this.clock.arrival(now);
      const first = Math.floor(earliest / this.o.windowMs);
      const last = Math.floor(latest / this.o.windowMs);
      const counts = this.windowCounts(project);
      // A request that may land in any of several windows (the target's clock is known to a margin) counts in each.
      const windows = Array.from({ length: last - first + 1 }, (_, i) => first + i);
      if (windows.every((w) => (counts.get(w) ?? 0) < this.o.limit)) {
        for (const w of windows) counts.set(w, (counts.get(w) ?? 0) + 1);
        use.requests += 1;
        use.windows.add(first);
        return;
      }
      // Wait until the earliest arrival is past the next turn.
      const waitMs = (first + 1) * this.o.windowMs - earliest + guardMs;
      this.o.onWait?.(project, waitMs);
      use.waitedMs += waitMs;
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }

  /** Learns the target's clock from a response; a 429 means the window is spent, whatever we counted. */
  observe(url: URL, dateHeader: string | undefined, sentAt: number, receivedAt: number, status: number): void {
    this.clock.observe(dateHeader, sentAt, receivedAt);
    const project = this.o.projectOf(url);
    if (project === undefined || status !== 429) return;
    const [, latest] = this.clock.arrival(sentAt);
    this.windowCounts(project).set(Math.floor(latest / this.o.windowMs), this.o.limit);
  }

  /** Requests, windows and waiting per project, for the run's report. */
  report(): Record<string, ProjectUsage> {
    return Object.fromEntries([...this.usage].map(([p, u]) => [p, { requests: u.requests, windows: u.windows.size, waitedMs: Math.round(u.waitedMs) }]));
  }

  private windowCounts(project: string): Map<number, number> {
    let m = this.counts.get(project);
    if (!m) this.counts.set(project, (m = new Map()));
    return m;
  }

  private usageOf(project: string) {
    let u = this.usage.get(project);
    if (!u) this.usage.set(project, (u = { requests: 0, windows: new Set(), waitedMs: 0 }));
    return u;
  }
}

/** Builds projectOf from the profile: paths below /api/<vendor>/<generation><pathPrefix with {groupId}>. */
export function projectMatcher(vendor: string, pathPrefix: string): (url: URL) => string | undefined {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{groupId\\}', '([^/?#]+)');
  const re = new RegExp(`^/api/${vendor}/(?:v2|v1\\.0)${escaped}(?:/|$)`);
  return (url) => re.exec(url.pathname)?.[1];
}
