// Rate limit (spec 8): one counter per project, shared by every caller, in fixed windows aligned to the clock.
import { rateLimited } from './errors.ts';

export interface RateLimitOptions { limit: number; windowMs: number }

const MAX_COUNTERS = 10_000;

export class ProjectRateLimiter {
  private readonly counters = new Map<string, { window: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {
    if (!(options.windowMs > 0) || !(options.limit >= 0)) throw new Error(`rateLimit needs windowMs > 0 and limit >= 0, got ${JSON.stringify(options)}`);
  }

  /** Counts one request to the project; beyond the limit of the current window, a 429. */
  hit(groupId: string, now = Date.now()): void {
    const { limit, windowMs } = this.options;
    const window = Math.floor(now / windowMs);
    const counter = this.counters.get(groupId);
    const count = counter?.window === window ? counter.count + 1 : 1;
    if (!counter && this.counters.size >= MAX_COUNTERS) this.forgetBefore(window);
    this.counters.set(groupId, { window, count });
    if (count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
      throw rateLimited(groupId, limit, windowMs / 1000, retryAfterSeconds);
    }
  }

  private forgetBefore(window: number): void {
    for (const [groupId, counter] of this.counters) if (counter.window < window) this.counters.delete(groupId);
  }
}

/** Spec 8: the project whose counter a request counts against, from its path segments after the API base. */
export function rateLimitedProject(segments: string[]): string | undefined {
  const [first, second] = segments;
  return first === 'groups' && second !== undefined && second !== 'byName' ? second : undefined;
}
