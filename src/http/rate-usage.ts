// What the rate scheduler tells about a run (reports/conformance.json, field rateLimit): per project the
// requests, the 429s and the target windows they went out in, and how long requests waited for budget or for a
// project reserved by the rate-limit checks.
export interface ProjectUsage {
  requests: number;
  refused: number;
  windows: number;
  waitedMs: number;
}

export interface RateLimitUsage {
  limit: number;
  windowSeconds: number;
  requests: number;
  /** Distinct target windows in which any project-scoped request arrived. */
  windows: number;
  /** Time during which at least one request was waiting (not the sum of every request's wait). */
  waitedMs: number;
  /** 429s drawn by requests the scheduler paced: each one is a request the suite did not mean to send over the limit. */
  unintended429: number;
  /** 429s to paced requests in windows the scheduler knew from their start and had counted under the limit: the
   * target counted requests this run did not send (another client, a counter shared beyond the project). */
  miscounted429: number;
  projects: Record<string, ProjectUsage>;
}

/** The usage so far, as plain data: the runner continues it after the suites (the cleanup's requests). */
export interface RateUsageState {
  projects: Record<string, { requests: number; refused: number; windows: number[]; waitedMs: number }>;
  windows: number[];
  waitedMs: number;
  unintended: number;
  miscounted: number;
}

/** The length of the union of the intervals during which at least one waiter waited. */
class WaitingTime {
  private waiters = 0;
  private since = 0;

  constructor(private total = 0) {}

  async during<T>(wait: Promise<T>): Promise<T> {
    if (this.waiters++ === 0) this.since = Date.now();
    try {
      return await wait;
    } finally {
      if (--this.waiters === 0) this.total += Date.now() - this.since;
    }
  }

  ms(): number {
    return this.total + (this.waiters > 0 ? Date.now() - this.since : 0);
  }
}

interface ProjectRecord {
  requests: number;
  refused: number;
  windows: Set<number>;
  waiting: WaitingTime;
}

/** How a 429 to a request came about, as far as the scheduler can tell. */
export type Refusal = 'leased' | 'unintended' | 'miscounted';

export class RateUsage {
  private readonly projects = new Map<string, ProjectRecord>();
  private readonly windows: Set<number>;
  private readonly waiting: WaitingTime;
  private unintended: number;
  private miscounted: number;

  constructor(from?: RateUsageState) {
    for (const [id, p] of Object.entries(from?.projects ?? {})) {
      this.projects.set(id, {
        requests: p.requests,
        refused: p.refused,
        windows: new Set(p.windows),
        waiting: new WaitingTime(p.waitedMs),
      });
    }
    this.windows = new Set(from?.windows);
    this.waiting = new WaitingTime(from?.waitedMs);
    this.unintended = from?.unintended ?? 0;
    this.miscounted = from?.miscounted ?? 0;
  }

  sent(project: string): void {
    this.record(project).requests += 1;
  }

  /** A response to a project-scoped request, the target window it most likely arrived in, and for a 429 what it was. */
  answered(project: string, window: number, refusal?: Refusal): void {
    const r = this.record(project);
    r.windows.add(window);
    this.windows.add(window);
    if (!refusal) return;
    r.refused += 1;
    if (refusal === 'unintended') this.unintended += 1;
    if (refusal === 'miscounted') this.miscounted += 1;
  }

  /** Waits for `wait`, counting the time against the project and the run. */
  waitFor<T>(project: string, wait: Promise<T>): Promise<T> {
    return this.waiting.during(this.record(project).waiting.during(wait));
  }

  report(limit: number, windowMs: number): RateLimitUsage {
    const projects = Object.fromEntries(
      [...this.projects].map(([id, r]) => [
        id,
        {
          requests: r.requests,
          refused: r.refused,
          windows: r.windows.size,
          waitedMs: r.waiting.ms(),
        },
      ]),
    );
    const requests = Object.values(projects).reduce((n, p) => n + p.requests, 0);
    return {
      limit,
      windowSeconds: windowMs / 1000,
      requests,
      windows: this.windows.size,
      waitedMs: this.waiting.ms(),
      unintended429: this.unintended,
      miscounted429: this.miscounted,
      projects,
    };
  }

  state(): RateUsageState {
    return {
      projects: Object.fromEntries(
        [...this.projects].map(([id, r]) => [
          id,
          { requests: r.requests, refused: r.refused, windows: [...r.windows], waitedMs: r.waiting.ms() },
        ]),
      ),
      windows: [...this.windows],
      waitedMs: this.waiting.ms(),
      unintended: this.unintended,
      miscounted: this.miscounted,
    };
  }

  private record(project: string): ProjectRecord {
    let r = this.projects.get(project);
    if (!r) {
      r = { requests: 0, refused: 0, windows: new Set(), waiting: new WaitingTime() };
      this.projects.set(project, r);
    }
    return r;
  }
}
