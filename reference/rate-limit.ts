// Rate limit (spec 8): one counter per project, shared by every caller, in fixed windows aligned to the clock.
import { rateLimited } from './errors.ts';
import type { Mutants } from './mutants.ts';

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

/** Told the status of an admitted request once it is answered. */
export type Settle = (status: number) => void;

const MAX_COUNTERS = 10_000;
const settled: Settle = () => {};

export class ProjectRateLimiter {
  private readonly counters = new Map<string, { window: number; count: number }>();
  /** Admission times per counter, for the sliding-window mutant. */
  private readonly admitted = new Map<string, number[]>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly mutants: Mutants,
  ) {
    if (!(options.windowMs > 0) || !(options.limit >= 0))
      throw new Error(`rateLimit needs windowMs > 0 and limit >= 0, got ${JSON.stringify(options)}`);
  }

  /** Counts one request by `caller` to the project; beyond the limit of the current window, a 429. */
  async admit(groupId: string, caller: string): Promise<Settle> {
    const key = this.counterOf(groupId, caller);
    const allowed = this.allowed();
    const now = Date.now();
    if (this.mutants.has('LIMITS-RESET-AT-TURN')) return this.admitSliding(key, groupId, allowed, now);
    const window = Math.floor(now / this.options.windowMs);
    const seen = this.countIn(key, window);
    // Mutant: the counter is read and written back across a pause, so requests that overlap lose updates.
    if (this.mutants.has('LIMITS-CONCURRENT')) await new Promise((resolve) => setImmediate(resolve));
    // Mutant: only requests that end in success count; refused and failed ones are free.
    if (this.mutants.has('LIMITS-COUNTS-EVERY-REQUEST')) {
      if (seen >= allowed) throw this.refusal(groupId, window, now);
      return (status) => {
        if (status < 400) this.setCount(key, window, this.countIn(key, window) + 1);
      };
    }
    this.setCount(key, window, seen + 1);
    if (seen + 1 > allowed) throw this.refusal(groupId, window, now);
    return settled;
  }

  /** Spec 8: one counter per project, whoever calls. */
  private counterOf(groupId: string, caller: string): string {
    // Mutant: one counter per caller and project.
    if (this.mutants.has('LIMITS-SHARED-COUNTER')) return `${groupId} ${caller}`;
    // Mutant: one counter for all projects.
    if (this.mutants.has('LIMITS-PER-PROJECT')) return '*';
    return groupId;
  }

  /** Requests a window admits. */
  private allowed(): number {
    const { limit } = this.options;
    // Mutant: the limit-th request is already refused.
    if (this.mutants.has('LIMITS-100-PROCEED')) return limit - 1;
    // Mutant: one request more than the limit proceeds.
    if (this.mutants.has('LIMITS-429-AFTER-100')) return limit + 1;
    // Mutant: no limit at all.
    if (this.mutants.has('LIMITS-429-AFTER-100:no-limit')) return Infinity;
    return limit;
  }

  /** Mutant: the requests admitted within the last window length count, instead of those since the turn. */
  private admitSliding(key: string, groupId: string, allowed: number, now: number): Settle {
    const recent = (this.admitted.get(key) ?? []).filter((t) => t > now - this.options.windowMs);
    this.admitted.set(key, recent);
    if (recent.length >= allowed) {
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + this.options.windowMs - now) / 1000));
      throw rateLimited(groupId, this.options.limit, this.options.windowMs / 1000, retryAfterSeconds);
    }
    recent.push(now);
    return settled;
  }

  private refusal(groupId: string, window: number, now: number) {
    const { limit, windowMs } = this.options;
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    return rateLimited(groupId, limit, windowMs / 1000, retryAfterSeconds);
  }

  private countIn(key: string, window: number): number {
    const counter = this.counters.get(key);
    if (counter?.window === window) return counter.count;
    // Mutant: at the turn the counter drops by the limit instead of to zero, so the requests refused in the window
    // before still count in this one.
    if (counter?.window === window - 1 && this.mutants.has('LIMITS-RESET-AT-TURN:partial'))
      return Math.max(0, counter.count - this.options.limit);
    return 0;
  }

  private setCount(key: string, window: number, count: number): void {
    if (!this.counters.has(key) && this.counters.size >= MAX_COUNTERS) this.forgetBefore(window);
    this.counters.set(key, { window, count });
  }

  private forgetBefore(window: number): void {
    for (const [key, counter] of this.counters) if (counter.window < window) this.counters.delete(key);
  }
}

/** Spec 8: the project whose counter a request counts against, from its path segments after the API base. */
export function rateLimitedProject(segments: string[]): string | undefined {
  const [first, second] = segments;
  return first === 'groups' && second !== undefined && second !== 'byName' ? second : undefined;
}
